/**
 * One consolidation step of the price history (tiers.ts) inside a transaction: a day of the per-market
 * series of a batch of items brought to the hourly or the daily tier, where the last step stopped.
 */
import type { IDBPObjectStore, IDBPTransaction } from 'idb';
import { decodeChunk, DAY, isLegacy, type Chunk, type ChunkPoints, type EncodedChunk } from './chunk-codec';
import type { GameRecorder } from './recorder';
import type { Growth } from './store-growth';
import { ignore, type ConsolidateProgress, type HistoryDB } from './store-schema';
import { BLOCK_DAYS, blockStart, consolidate, DAILY_STEP, HOURLY_STEP, joinDays } from './tiers';

export type Tier = 'hourly' | 'daily';
type Tx = IDBPTransaction<HistoryDB, ['chunks', 'meta'], 'readwrite'>;
type ChunkWrite = IDBPObjectStore<HistoryDB, ['chunks', 'meta'], 'chunks', 'readwrite'>;
/** Per game in the store: its recorder, how many series keys are on disk, its reading back of the day's chunks. */
export interface GameRec {
  rec: GameRecorder;
  saved: number;
  resumed?: Promise<void>;
}

export interface ConsolidateContext {
  tier: Tier;
  /** The items each game's sources follow: left at poll resolution. */
  follow: Map<number, Set<string>>;
  /** The oldest chunk's start (null: no history). */
  oldest: number | null;
  /** Days ending after this are not due yet. */
  cutoff: number;
  /** The store's recorders, by game. */
  games: Map<number, GameRec>;
  /** A game's recorder, its series list read through `meta` when not loaded yet. */
  recorderIn(game: number, meta: MetaGet): Promise<GameRec>;
}

type MetaGet = { get(key: string): Promise<{ list?: string[] } | undefined> };

/** What consolidating one item's day changed: the chunks it replaced, the new chunk, the block it joined. */
interface ItemResult {
  group: Chunk[];
  next: EncodedChunk;
  block: Chunk | null;
}

const stepOf = (c: Chunk): number => ('r' in c && c.r) || 0;

/** The tier's state key in meta, and the step its chunks take. */
function tierOf(tier: Tier): { stateKey: string; step: number } {
  return tier === 'hourly'
    ? { stateKey: 'consolidate', step: HOURLY_STEP }
    : { stateKey: 'consolidate:daily', step: DAILY_STEP };
}

/**
 * Consolidates one item's day (`group`, its chunks of the day): null when it is at this tier's step already
 * or the result would be no smaller.
 */
async function consolidateItem(
  ctx: ConsolidateContext,
  chunks: ChunkWrite,
  meta: MetaGet,
  group: Chunk[],
  from: number,
  grown: Set<number>,
): Promise<ItemResult | null> {
  const { step } = tierOf(ctx.tier);
  // Already at this tier's step (or coarser): left as it is. The hourly tier takes a day at poll
  // resolution; the daily tier a day hourly, or one the hourly tier left at poll resolution.
  const atStep =
    ctx.tier === 'hourly' ? group.length === 1 && stepOf(group[0] as Chunk) > 0 : group.every((c) => stepOf(c) >= step);
  if (group.length === 0 || atStep) return null;
  const head = group[0] as Chunk;
  const { g, n } = head;
  const rec = await ctx.recorderIn(g, meta);
  const before = rec.rec.series.length;
  const parts: ChunkPoints[] = group.map((c) => decodeChunk(c));
  const next = consolidate(
    { g, n, st: head.st, b: group.some((c) => c.b === 1) ? 1 : 0 },
    parts,
    rec.rec.series,
    (k) => rec.rec.keyIndex(k),
    step,
  );
  if (rec.rec.series.length > before) grown.add(g);
  // A daily day joins the item's block chunk of the days before it in the same block, if any.
  let block: Chunk | null = null;
  if (ctx.tier === 'daily' && blockStart(from) < from) {
    const prev = await chunks.openCursor(
      IDBKeyRange.bound([g, n, blockStart(from)], [g, n, from], false, true),
      'prev',
    );
    const p = prev?.value;
    if (p && !isLegacy(p) && (p.r ?? 0) >= DAILY_STEP) block = p;
  }
  const merged = block ? joinDays(block as EncodedChunk, next) : next;
  const was = group.reduce((a, c) => a + c.bytes, 0) + (block ? block.bytes : 0);
  // An item with a market or two changing little: its day at every poll is no larger; kept as it is.
  if (merged.bytes >= was) return null;
  return { group, next: merged, block };
}

/** The growth counter after a step of `tier` on `day` that wrote `tierBytes` (`done`: the day is finished). */
function tierGrowth(gr: Growth, tier: Tier, day: number, tierBytes: number, done: boolean): Growth {
  if (tier === 'hourly') {
    const bytes = (gr.coarseDay === day ? (gr.coarseBytes ?? 0) : 0) + tierBytes;
    return { ...gr, coarseDay: day, coarseBytes: bytes, ...(done ? { coarseDone: bytes } : {}) };
  }
  const bytes = (gr.dailyDay === day ? (gr.dailyBytes ?? 0) : 0) + tierBytes;
  // A block's first day pays its chunks' fixed cost, the others not: a running mean over a block.
  const mean = gr.dailyDone ? (gr.dailyDone * (BLOCK_DAYS - 1) + bytes) / BLOCK_DAYS : bytes;
  return { ...gr, dailyDay: day, dailyBytes: bytes, ...(done ? { dailyDone: mean } : {}) };
}

/**
 * Consolidates up to `batch` items' oldest due day in `tx` and writes where it stopped, the usage counter
 * and the tier's growth; resolves once the transaction is done.
 */
export async function consolidateIn(tx: Tx, ctx: ConsolidateContext, batch: number): Promise<ConsolidateProgress> {
  const { stateKey } = tierOf(ctx.tier);
  const meta = tx.objectStore('meta');
  const [state, u, grRec] = await Promise.all([meta.get(stateKey), meta.get('usage'), meta.get('growth')]);
  const day = Math.max(state?.day ?? -Infinity, ctx.oldest === null ? -Infinity : Math.floor(ctx.oldest / DAY));
  if (!Number.isFinite(day) || (day + 1) * DAY > ctx.cutoff) {
    await tx.done;
    return { items: 0, done: true, bytesSaved: 0 };
  }
  const from = day * DAY;
  const until = (day + 1) * DAY;
  const chunks = tx.objectStore('chunks');
  const after = state?.day === day ? state.item : null;
  let cursor = await chunks.openCursor(after ? IDBKeyRange.lowerBound([after[0], after[1], Infinity], true) : null);
  let looked = 0;
  let items = 0;
  let saved = 0;
  let removed = 0;
  let tierBytes = 0;
  let last: [number, string] | null = null;
  const grown = new Set<number>();
  // Written once every read is done (see HistoryStore.write).
  const writes: Array<() => void> = [];
  while (cursor && looked < batch) {
    const [g, n, st] = cursor.primaryKey;
    if (st < from) {
      cursor = await cursor.continue([g, n, from]);
      continue;
    }
    looked++;
    last = [g, n];
    const group: Chunk[] = [];
    if (!n.includes('\u0000') && !ctx.follow.get(g)?.has(n)) {
      while (cursor && cursor.primaryKey[0] === g && cursor.primaryKey[1] === n && cursor.primaryKey[2] < until) {
        group.push(cursor.value);
        cursor = await cursor.continue();
      }
    }
    const r = await consolidateItem(ctx, chunks, meta, group, from, grown);
    if (r) {
      const blockBytes = r.block ? r.block.bytes : 0;
      for (const c of r.group) {
        writes.push(() => void chunks.delete([c.g, c.n, c.st]).catch(ignore));
        saved += c.bytes;
      }
      writes.push(() => void chunks.put(r.next).catch(ignore));
      saved -= r.next.bytes - blockBytes;
      tierBytes += r.next.bytes - blockBytes;
      removed += r.group.length - (r.block ? 0 : 1);
      items++;
    }
    if (cursor && cursor.primaryKey[0] === g && cursor.primaryKey[1] === n)
      cursor = await cursor.continue([g, n, Infinity]);
  }
  for (const w of writes) w();
  for (const g of grown) {
    const r = ctx.games.get(g);
    if (r) {
      meta.put({ key: `series:${g}`, list: r.rec.series.slice() }).catch(ignore);
      r.saved = r.rec.series.length;
    }
  }
  const done = cursor === null;
  meta.put({ key: stateKey, day: done ? day + 1 : day, item: done ? null : last }).catch(ignore);
  if (saved !== 0 || removed !== 0) {
    meta
      .put({
        key: 'usage',
        bytes: Math.max(0, (u?.bytes ?? 0) - saved),
        chunks: Math.max(0, (u?.chunks ?? 0) - removed),
      })
      .catch(ignore);
  }
  const gr = grRec?.growth;
  if (gr && (tierBytes > 0 || done))
    meta.put({ key: 'growth', growth: tierGrowth(gr, ctx.tier, day, tierBytes, done) }).catch(ignore);
  await tx.done;
  return { items, done: done && (day + 2) * DAY > ctx.cutoff, bytesSaved: saved };
}
