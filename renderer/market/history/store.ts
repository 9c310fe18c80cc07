/**
 * Price history in IndexedDB (through `idb`): chunks (chunk-codec.ts) keyed [game, item, start], an
 * index on start time for retention, and a usage counter. Runs in the history worker (and in the
 * benchmark page); nothing here touches the DOM.
 */
import type { DBSchema, IDBPDatabase, IDBPObjectStore, IDBPTransaction } from 'idb';
import {
  errorText,
  isQuotaError,
  openVersioned,
  transactionError,
  type UpgradeStep,
} from '../../lib/storage/versioned-db';
import {
  chunkName,
  CHUNK_SPAN,
  DAY,
  decodeChunk,
  HOUR,
  isLegacy,
  reencode,
  streamOf,
  type ChunkPoints,
  type Chunk,
  type EncodedChunk,
} from './chunk-codec';
import {
  BLOCK_DAYS,
  blockEnd,
  blockStart,
  CONSOLIDATE_AFTER,
  joinDays,
  HOURLY_STEP,
  consolidate,
  DAILY_AFTER,
  DAILY_STEP,
} from './tiers';
import { GameRecorder, isValuesInput, type PollInput, type ValuesInput } from './recorder';
import { sample, type SampledHistory } from './sampling';

export const DB_NAME = 'market-desk-history';

interface HistoryDB extends DBSchema {
  chunks: { key: [number, string, number]; value: Chunk; indexes: { st: number } };
  /**
   * 'usage' ({bytes, chunks}), 'series:<game>' ({list}: the game's series keys, chunks index them), and
   * 'migrate' ({after}: format-1 chunks are being re-encoded; the key of the last one done), 'consolidate'
   * ({day, item}: where consolidation goes on), 'follow:<game>:<source>' ({list}: followed items), 'growth'.
   */
  meta: {
    key: string;
    value: {
      key: string;
      bytes?: number;
      chunks?: number;
      list?: string[];
      after?: [number, string, number] | null;
      day?: number;
      item?: [number, string] | null;
      growth?: Growth;
    };
  };
}

export interface RecordResult {
  points: number;
  changedItems: number;
  /** Bytes written by the transaction (whole rewritten chunks) and net growth of the store. */
  bytesWritten: number;
  bytesAdded: number;
  diffMs: number;
  writeMs: number;
}

export interface Usage {
  bytes: number;
  chunks: number;
  oldest: number | null;
  /**
   * Growth a day at the current rate (bytes): today's writes over the time they took, or the last day's
   * when today has not run an hour yet; null before that.
   */
  perDay?: number | null;
  /** A day once consolidated to the hourly tier (tiers.ts), as last measured; null before one is. */
  hourlyPerDay?: number | null;
  /** A day once consolidated to the daily tier (after DAILY_AFTER), as last measured; null before one is. */
  dailyPerDay?: number | null;
}

/** meta 'growth': what today's and the last day's writes added (and what consolidation left of a day). */
interface Growth {
  day: number;
  bytes: number;
  from: number;
  to: number;
  prevDay: number | null;
  prevBytes: number;
  /**
   * The hourly tier: its last day and that day's chunks' bytes (growing while the day is done). Stored as
   * 'coarse…', the names stores were written with: kept, so a store measured before reads as it is.
   */
  coarseDay?: number | null;
  coarseBytes?: number;
  /** The bytes of the hourly tier's last day fully consolidated. */
  coarseDone?: number | null;
  /** The same for the daily tier (tiers.ts, DAILY_AFTER). */
  dailyDay?: number | null;
  dailyBytes?: number;
  dailyDone?: number | null;
}

/**
 * How many days fit in `capBytes`: the last `fullDays` at `perDay`, then the hourly tier at `hourlyPerDay`
 * until `dailyAfterDays`, the days before at `dailyPerDay`. A tier not measured yet counts at the rate of the
 * one before it (the hourly at the full rate, the daily at the hourly), so the forecast never guesses a saving.
 */
export function daysThatFit(
  capBytes: number,
  perDay: number,
  hourlyPerDay: number | null,
  fullDays = 2,
  dailyPerDay: number | null = null,
  dailyAfterDays = DAILY_AFTER / DAY,
): number {
  if (!(perDay > 0)) return Infinity;
  const hourly = hourlyPerDay !== null && hourlyPerDay > 0 ? hourlyPerDay : perDay;
  const daily = dailyPerDay !== null && dailyPerDay > 0 ? dailyPerDay : hourly;
  if (capBytes <= fullDays * perDay) return capBytes / perDay;
  const hourlyDays = Math.max(0, dailyAfterDays - fullDays);
  const left = capBytes - fullDays * perDay;
  if (left <= hourlyDays * hourly) return fullDays + left / hourly;
  return fullDays + hourlyDays + (left - hourlyDays * hourly) / daily;
}

export interface Limits {
  retentionDays: number;
  capBytes: number;
  /** Per-market series of items not followed are consolidated after this long (tiers.ts; CONSOLIDATE_AFTER when absent). */
  fullResolutionMs?: number;
  /** ...and, after this long, daily (tiers.ts; DAILY_AFTER when absent; never sooner than fullResolutionMs). */
  dailyAfterMs?: number;
}

/** A cap is enforced down to this share of it, so a full store isn't trimmed at every poll. */
const CAP_LOW_WATER = 0.9;
/** A write refused for lack of space drops the oldest history down to this share of it, then tries once more. */
const QUOTA_TRIM = 0.8;

/**
 * The database's upgrade steps, step i taking version i to i + 1 (versioned-db.ts): a later version adds a
 * step here and never edits one that shipped.
 */
export const HISTORY_UPGRADES: readonly UpgradeStep<HistoryDB>[] = [
  (d) => {
    const chunks = d.createObjectStore('chunks', { keyPath: ['g', 'n', 'st'] });
    chunks.createIndex('st', 'st');
    d.createObjectStore('meta', { keyPath: 'key' });
  },
  // Version 2: chunks encoded compactly (chunk-codec.ts, format 2). The chunks of version 1 are re-encoded
  // after the open, a batch at a time (HistoryStore.migrateStep), not here: an upgrade transaction holds the
  // database until it ends, and the page would wait on it. Version 1 builds are refused (a newer database)
  // instead of misreading format-2 chunks.
  (_d, tx) => {
    void tx.objectStore('meta').put({ key: 'migrate', after: null });
  },
];

/** Items looked at per consolidation step (one short transaction each). */
export const CONSOLIDATE_BATCH = 100;

export interface ConsolidateProgress {
  /** Items whose day was consolidated by this step. */
  items: number;
  /** Nothing more to consolidate now. */
  done: boolean;
  bytesSaved: number;
}

/** Format-1 chunks re-encoded per migration step (one short transaction each). */
export const MIGRATE_BATCH = 400;

export interface MigrateProgress {
  /** Chunks re-encoded by this step. */
  converted: number;
  /** No format-1 chunks are left. */
  done: boolean;
}

/** A poll (or values load) that could not be written; `quota`: for lack of space, even after dropping old history. */
export class HistoryWriteError extends Error {
  override readonly name = 'HistoryWriteError';
  /** `trim`: the poll was saved, but dropping the history past “Keep” or “Size limit” failed. */
  constructor(
    readonly quota: boolean,
    cause: unknown,
    what: 'save' | 'trim' = 'save',
  ) {
    super(
      what === 'trim'
        ? `Could not drop the oldest price history to keep it within “Keep” and “Size limit”: ${errorText(cause)}. The prices were saved; the next refresh tries again.`
        : quota
          ? 'Could not save price history: the disk, or the browser storage Market Desk may use, is full. The oldest history was dropped and the save tried again, without success. Free some disk space, or lower “Size limit” or “Keep” below, or clear the history.'
          : `Could not save price history: ${errorText(cause)}. The next refresh starts afresh from a full record of the prices.`,
    );
  }
}

export interface OpenOptions {
  /** Upgrade steps (tests add a later version's). */
  upgrades?: readonly UpgradeStep<HistoryDB>[];
  /** An upgrade waits for another tab to close the database (null: not any more). */
  onBlocked?(message: string | null): void;
}

export class HistoryStore {
  /** When this store was last cleared (ms); polls loaded before it are not recorded. */
  private clearedAt = -Infinity;
  private readonly games = new Map<number, { rec: GameRecorder; saved: number }>();
  /** Null after another tab's upgrade or the browser closed it: the next call opens it again. */
  private conn: IDBPDatabase<HistoryDB> | null = null;
  private constructor(
    readonly name: string,
    private readonly options: OpenOptions,
  ) {}

  static async open(name = DB_NAME, options: OpenOptions = {}): Promise<HistoryStore> {
    const store = new HistoryStore(name, options);
    await store.ready();
    return store;
  }

  private static connect(name: string, options: OpenOptions, onClosed: () => void): Promise<IDBPDatabase<HistoryDB>> {
    return openVersioned<HistoryDB>(name, options.upgrades ?? HISTORY_UPGRADES, {
      what: 'Price history',
      ...(options.onBlocked ? { onBlocked: options.onBlocked } : {}),
      onClosed,
    });
  }

  private dropped(): void {
    this.conn = null;
    // What the recorders hold was written through the closed connection; start again from the disk.
    this.games.clear();
  }

  /** The open connection (the benchmark writes through it). */
  get db(): IDBPDatabase<HistoryDB> {
    if (!this.conn) throw new Error('Price history is closed.');
    return this.conn;
  }

  private async ready(): Promise<IDBPDatabase<HistoryDB>> {
    if (this.conn) return this.conn;
    const db = await HistoryStore.connect(this.name, this.options, () => {
      // Only this connection's close: an older one's event may come after a new one was opened.
      if (this.conn === db) this.dropped();
    });
    this.conn ??= db;
    if (this.conn !== db) db.close();
    return this.conn;
  }

  /**
   * A transaction `open` makes on the connection, or on a new one when the browser is closing it (its
   * `close` event comes only once its transactions have ended; meanwhile `transaction()` throws
   * InvalidStateError). Its `done` is marked handled: a failed request rejects it before callers await it.
   */
  private async tx<T extends { done: Promise<void> }>(open: (db: IDBPDatabase<HistoryDB>) => T): Promise<T> {
    const db = await this.ready();
    let tx: T;
    try {
      tx = open(db);
    } catch (e) {
      if (!isClosing(e) || this.conn !== db) throw e;
      this.dropped();
      tx = open(await this.ready());
    }
    tx.done.catch(ignore);
    return tx;
  }

  private async readMeta(key: string): Promise<HistoryDB['meta']['value'] | undefined> {
    const read = await this.tx((db) => db.transaction('meta', 'readonly'));
    const v = await read.store.get(key);
    await read.done;
    return v;
  }

  /** One meta entry written; only the transaction's end is awaited (see write). */
  private async putMeta(value: HistoryDB['meta']['value']): Promise<void> {
    const write = await this.tx((db) => db.transaction('meta', 'readwrite'));
    write.store.put(value).catch(ignore);
    await write.done;
  }

  close(): void {
    this.conn?.close();
    this.conn = null;
  }

  private async recorder(game: number): Promise<{ rec: GameRecorder; saved: number }> {
    let r = this.games.get(game);
    if (!r) {
      const list = (await this.readMeta(`series:${game}`))?.list ?? [];
      r = this.games.get(game) ?? { rec: new GameRecorder(game, list), saved: list.length };
      this.games.set(game, r);
    }
    return r;
  }

  /**
   * Records one poll (asks and bids) or one load of another stream's values (ValuesInput: the Steam
   * analytics medians): the changes since the last one (or baselines) in one transaction.
   *
   * A write that fails leaves nothing half-done: the transaction is undone, and the game's recorder, which
   * had already taken the poll in, is dropped, so the next poll writes a fresh baseline (not changes
   * against values the disk never got), and the usage counter is counted again from the chunks. A write
   * refused for lack of space (QuotaExceededError) drops the oldest history and is tried once more;
   * failing again, it rejects with HistoryWriteError (quota), which Settings shows.
   */
  async record(p: PollInput | ValuesInput, limits?: Limits): Promise<RecordResult> {
    // Prices loaded before a Clear but handed over after it (the writer's first write waits for its lock)
    // are history from before the clear: they are not recorded.
    if (p.at < this.clearedAt)
      return { points: 0, changedItems: 0, bytesWritten: 0, bytesAdded: 0, diffMs: 0, writeMs: 0 };
    let result: RecordResult;
    try {
      result = await this.write(p);
    } catch (e) {
      await this.recover(p.game);
      if (!isQuotaError(e)) throw new HistoryWriteError(false, e);
      await this.trimForSpace();
      try {
        result = await this.write(p);
      } catch (again) {
        await this.recover(p.game);
        throw new HistoryWriteError(isQuotaError(again), again);
      }
    }
    if (limits) {
      try {
        await this.enforce(limits, p.at);
      } catch (e) {
        throw new HistoryWriteError(false, e, 'trim');
      }
    }
    return result;
  }

  private async write(p: PollInput | ValuesInput, again = false): Promise<RecordResult> {
    const g = await this.recorder(p.game);
    const rec = g.rec;
    const values = isValuesInput(p);
    // A poll seen twice is ignored here; a values stream checks each item's last time (GameRecorder).
    if (!values && p.at <= rec.lastAt)
      return { points: 0, changedItems: 0, bytesWritten: 0, bytesAdded: 0, diffMs: 0, writeMs: 0 };
    const t0 = performance.now();
    const { dirty, points } = values ? rec.applyValues(p) : rec.apply(p);
    const t1 = performance.now();
    let written = 0;
    let added = 0;
    let newChunks = 0;
    if (dirty.length > 0) {
      const tx = await this.tx((db) => db.transaction(['chunks', 'meta'], 'readwrite'));
      // The browser closed the connection meanwhile (tx opened a new one): what the recorder held went
      // with it (the data may be gone too); the poll is taken again from the disk, as a baseline.
      if (!again && this.games.get(p.game) !== g) return this.write(p, true);
      try {
        // Read before any write: a write refused for lack of space at commit leaves the requests after
        // it without an answer (Chromium), and only `done` says so.
        const meta = tx.objectStore('meta');
        const [u, gr] = await Promise.all([meta.get('usage'), meta.get('growth')]);
        const chunks = tx.objectStore('chunks');
        const sizes: Array<[(typeof dirty)[number], number]> = [];
        for (const c of dirty) {
          const r = c.toChunk();
          written += r.bytes;
          added += r.bytes - c.stored;
          if (c.stored === 0) newChunks++;
          sizes.push([c, r.bytes]);
          // A failed put fails the transaction (tx.done says why): its own rejection is not the news.
          chunks.put(r).catch(ignore);
        }
        const seriesCount = rec.series.length;
        if (seriesCount > g.saved) meta.put({ key: `series:${p.game}`, list: rec.series.slice() }).catch(ignore);
        meta.put({ key: 'usage', bytes: (u?.bytes ?? 0) + added, chunks: (u?.chunks ?? 0) + newChunks }).catch(ignore);
        meta.put({ key: 'growth', growth: grown(gr?.growth, p.at, added) }).catch(ignore);
        await tx.done;
        // Only what reached the disk counts as stored.
        for (const [c, bytes] of sizes) c.stored = bytes;
        g.saved = Math.max(g.saved, seriesCount);
      } catch (e) {
        await tx.done.catch(ignore);
        throw transactionError(tx, e);
      }
    }
    const t2 = performance.now();
    return {
      points,
      changedItems: dirty.length,
      bytesWritten: written,
      bytesAdded: added,
      diffMs: t1 - t0,
      writeMs: t2 - t1,
    };
  }

  /**
   * After a failed write: the game's recorder is dropped (the next poll reads the series list back and
   * writes baselines), and the usage counter is counted again from the chunks on disk.
   */
  private async recover(game: number): Promise<void> {
    this.games.delete(game);
    try {
      await this.recount();
    } catch {
      // The counter stays as the last good write left it; the next failure or a clear counts again.
    }
  }

  /** Counts the chunks' bytes into the usage counter. */
  async recount(): Promise<Usage> {
    let bytes = 0;
    let chunks = 0;
    const read = await this.tx((db) => db.transaction('chunks', 'readonly'));
    let cursor = await read.store.openCursor();
    while (cursor) {
      bytes += cursor.value.bytes;
      chunks++;
      cursor = await cursor.continue();
    }
    await read.done;
    await this.putMeta({ key: 'usage', bytes, chunks });
    return this.usage();
  }

  /** A write refused for lack of space: the oldest chunks go until the store is QUOTA_TRIM of its size. */
  private async trimForSpace(): Promise<number> {
    const u = await this.usage();
    if (u.chunks === 0) return 0;
    return this.trim(-Infinity, u.bytes * QUOTA_TRIM, 1);
  }

  /** Drops the oldest chunks: those older than the retention, then more until under the size cap. */
  async enforce(limits: Limits, now = Date.now()): Promise<number> {
    const cutoff = now - limits.retentionDays * DAY;
    const u = await this.usage();
    // Block chunks the retention keeps until their last day is out of it (see trim) make `oldest` older
    // than the cutoff for a while: looked at again an hour later (or when the first of them ends), not at
    // every poll.
    const due = u.oldest !== null && u.oldest < cutoff && cutoff >= this.retentionNext;
    if (!due && u.bytes <= limits.capBytes) return 0;
    const target = u.bytes > limits.capBytes ? limits.capBytes * CAP_LOW_WATER : Infinity;
    return this.trim(cutoff, target);
  }

  /** The cutoff from which the retention is looked at again (block chunks kept past the last one). */
  private retentionNext = -Infinity;

  /** Drops the oldest chunks while older than `cutoff` or while the store is over `target` bytes (at least `min`). */
  private async trim(cutoff: number, target: number, min = 0): Promise<number> {
    const tx = await this.tx((db) => db.transaction(['chunks', 'meta'], 'readwrite'));
    tx.done.catch(ignore);
    try {
      return await this.trimIn(tx, cutoff, target, min);
    } catch (e) {
      await tx.done.catch(ignore);
      throw transactionError(tx, e);
    }
  }

  private async trimIn(
    tx: IDBPTransaction<HistoryDB, ['chunks', 'meta'], 'readwrite'>,
    cutoff: number,
    target: number,
    min: number,
  ): Promise<number> {
    const u = await tx.objectStore('meta').get('usage');
    let bytes = u?.bytes ?? 0;
    let count = u?.chunks ?? 0;
    // (A game's series list stays: it is tiny and chunks written later still use it.)
    let dropped = 0;
    let next = Infinity;
    const extended: Chunk[] = [];
    let cursor = await tx.objectStore('chunks').index('st').openCursor();
    while (cursor && (cursor.value.st < cutoff || bytes > target || dropped < min)) {
      const c = cursor.value;
      // A block chunk of daily days (tiers.ts) holds days after its start: the retention alone drops it
      // when its whole block is out (the size limit drops it as it comes).
      const blockKept = !isLegacy(c) && (c.r ?? 0) >= DAILY_STEP && blockEnd(c.st) > cutoff;
      if (blockKept && bytes <= target && dropped >= min) {
        next = Math.min(next, blockEnd(c.st));
        cursor = await cursor.continue();
        continue;
      }
      bytes -= c.bytes;
      count--;
      dropped++;
      if (this.games.get(c.g)?.rec.open.get(c.n)?.st === c.st) extended.push(c);
      cursor.delete().catch(ignore);
      cursor = await cursor.continue();
    }
    this.retentionNext = next === Infinity ? -Infinity : Math.min(next, cutoff + HOUR);
    tx.objectStore('meta')
      .put({ key: 'usage', bytes: Math.max(0, bytes), chunks: Math.max(0, count) })
      .catch(ignore);
    await tx.done;
    // A chunk the recorder was still extending is gone: rewritten whole, it would come back past the
    // limit while the counter added only its growth. The item starts a new chunk, with a baseline, as
    // one with no history left does.
    for (const c of extended) this.games.get(c.g)?.rec.dropChunk(c.n, c.st);
    return dropped;
  }

  async usage(): Promise<Usage> {
    const tx = await this.tx((db) => db.transaction(['chunks', 'meta'], 'readonly'));
    const u = await tx.objectStore('meta').get('usage');
    const gr = (await tx.objectStore('meta').get('growth'))?.growth;
    const first = await tx.objectStore('chunks').index('st').openCursor();
    await tx.done;
    return {
      bytes: u?.bytes ?? 0,
      chunks: u?.chunks ?? 0,
      oldest: first ? first.value.st : null,
      perDay: rateOf(gr),
      hourlyPerDay: gr?.coarseDone ?? null,
      dailyPerDay: gr?.dailyDone ?? null,
    };
  }

  /**
   * Re-encodes up to `batch` format-1 chunks (version 1's) in one transaction, going on from where the
   * last step stopped (kept in meta 'migrate', so a closed app resumes there). Reads take both formats
   * meanwhile; the usage counter follows the smaller chunks.
   */
  async migrateStep(batch = MIGRATE_BATCH): Promise<MigrateProgress> {
    const tx = await this.tx((db) => db.transaction(['chunks', 'meta'], 'readwrite'));
    tx.done.catch(ignore);
    try {
      const meta = tx.objectStore('meta');
      const state = await meta.get('migrate');
      if (!state) {
        await tx.done;
        return { converted: 0, done: true };
      }
      const u = await meta.get('usage');
      const chunks = tx.objectStore('chunks');
      let cursor = await chunks.openCursor(state.after ? IDBKeyRange.lowerBound(state.after, true) : null);
      const updates: EncodedChunk[] = [];
      let converted = 0;
      let seen = 0;
      let saved = 0;
      let after: [number, string, number] | null = state.after ?? null;
      while (cursor && seen < batch) {
        const c = cursor.value;
        if (isLegacy(c)) {
          const next = reencode(c);
          saved += c.bytes - next.bytes;
          updates.push(next);
          converted++;
        }
        after = [c.g, c.n, c.st];
        seen++;
        cursor = await cursor.continue();
      }
      const done = cursor === null;
      // Written once every read is done (see write).
      for (const next of updates) chunks.put(next).catch(ignore);
      if (done) meta.delete('migrate').catch(ignore);
      else meta.put({ key: 'migrate', after }).catch(ignore);
      if (saved !== 0 && u) meta.put({ ...u, bytes: Math.max(0, (u.bytes ?? 0) - saved) }).catch(ignore);
      await tx.done;
      return { converted, done };
    } catch (e) {
      await tx.done.catch(ignore);
      throw transactionError(tx, e);
    }
  }

  /**
   * The items a source (watchlist, alerts, portfolio) follows in a game: all their markets stay at poll
   * resolution (tiers.ts). Kept in meta 'follow:<game>:<source>'.
   */
  async setFollowed(game: number, source: string, names: readonly string[]): Promise<void> {
    await this.putMeta({ key: `follow:${game}:${source}`, list: [...new Set(names)] });
  }

  private async followed(): Promise<Map<number, Set<string>>> {
    const out = new Map<number, Set<string>>();
    const read = await this.tx((db) => db.transaction('meta', 'readonly'));
    const rows = await read.store.getAll(IDBKeyRange.bound('follow:', 'follow:\uffff'));
    await read.done;
    for (const r of rows) {
      const g = Number(r.key.split(':')[1]);
      let set = out.get(g);
      if (!set) out.set(g, (set = new Set()));
      for (const n of r.list ?? []) set.add(n);
    }
    return out;
  }

  /**
   * Consolidates one day of the per-market series of up to `batch` items (tiers.ts): the oldest day not
   * done yet that ended CONSOLIDATE_AFTER before `now`. The items the user follows and the other streams
   * are left at poll resolution. When no hourly day is due, a day older than DAILY_AFTER goes on to daily
   * steps the same way. Where each tier stopped is kept in meta 'consolidate' and 'consolidate:daily' (a
   * closed app goes on from there); each step is one short transaction.
   */
  async consolidateStep(
    now = Date.now(),
    batch = CONSOLIDATE_BATCH,
    after = CONSOLIDATE_AFTER,
    dailyAfter = DAILY_AFTER,
  ): Promise<ConsolidateProgress> {
    const hourly = await this.consolidateTier('hourly', now, batch, after);
    if (!hourly.done) return hourly;
    // Then the daily tier: hourly days older than DAILY_AFTER (never sooner than the hourly tier's own start).
    const daily = await this.consolidateTier('daily', now, batch, Math.max(after, dailyAfter));
    return { items: hourly.items + daily.items, done: daily.done, bytesSaved: hourly.bytesSaved + daily.bytesSaved };
  }

  private async consolidateTier(
    tier: 'hourly' | 'daily',
    now: number,
    batch: number,
    after: number,
  ): Promise<ConsolidateProgress> {
    const stateKey = tier === 'hourly' ? 'consolidate' : 'consolidate:daily';
    const step = tier === 'hourly' ? HOURLY_STEP : DAILY_STEP;
    const follow = await this.followed();
    const oldest = (await this.usage()).oldest;
    const cutoff = now - after;
    const tx = await this.tx((db) => db.transaction(['chunks', 'meta'], 'readwrite'));
    tx.done.catch(ignore);
    try {
      const meta = tx.objectStore('meta');
      const [state, u, grRec] = await Promise.all([meta.get(stateKey), meta.get('usage'), meta.get('growth')]);
      const day = Math.max(state?.day ?? -Infinity, oldest === null ? -Infinity : Math.floor(oldest / DAY));
      if (!Number.isFinite(day) || (day + 1) * DAY > cutoff) {
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
      // Written once every read is done (see write).
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
        if (!n.includes('\u0000') && !follow.get(g)?.has(n)) {
          while (cursor && cursor.primaryKey[0] === g && cursor.primaryKey[1] === n && cursor.primaryKey[2] < until) {
            group.push(cursor.value);
            cursor = await cursor.continue();
          }
        }
        // Already at this tier's step (or coarser): left as it is. The hourly tier takes a day at poll
        // resolution; the daily tier a day hourly, or one the hourly tier left at poll resolution.
        const stepOf = (c: Chunk) => ('r' in c && c.r) || 0;
        const atStep =
          tier === 'hourly'
            ? group.length === 1 && stepOf(group[0] as Chunk) > 0
            : group.every((c) => stepOf(c) >= step);
        if (group.length > 0 && !atStep) {
          const rec = await this.recorderIn(g, meta);
          const before = rec.rec.series.length;
          const parts: ChunkPoints[] = group.map((c) => decodeChunk(c));
          const head = group[0] as Chunk;
          let next = consolidate(
            { g, n, st: head.st, b: group.some((c) => c.b === 1) ? 1 : 0 },
            parts,
            rec.rec.series,
            (k) => rec.rec.keyIndex(k),
            step,
          );
          if (rec.rec.series.length > before) grown.add(g);
          // A daily day joins the item's block chunk of the days before it in the same block, if any.
          let block: Chunk | null = null;
          if (tier === 'daily' && blockStart(from) < from) {
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
          if (merged.bytes >= was) {
            if (cursor && cursor.primaryKey[0] === g && cursor.primaryKey[1] === n)
              cursor = await cursor.continue([g, n, Infinity]);
            continue;
          }
          next = merged;
          for (const c of group) {
            writes.push(() => void chunks.delete([c.g, c.n, c.st]).catch(ignore));
            saved += c.bytes;
          }
          const put = next;
          writes.push(() => void chunks.put(put).catch(ignore));
          saved -= next.bytes - (block ? block.bytes : 0);
          tierBytes += next.bytes - (block ? block.bytes : 0);
          removed += group.length - (block ? 0 : 1);
          items++;
        }
        if (cursor && cursor.primaryKey[0] === g && cursor.primaryKey[1] === n)
          cursor = await cursor.continue([g, n, Infinity]);
      }
      for (const w of writes) w();
      for (const g of grown) {
        const r = this.games.get(g);
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
      if (tierBytes > 0 || done) {
        const gr = grRec?.growth;
        if (gr) {
          if (tier === 'hourly') {
            const bytes = (gr.coarseDay === day ? (gr.coarseBytes ?? 0) : 0) + tierBytes;
            meta
              .put({
                key: 'growth',
                growth: { ...gr, coarseDay: day, coarseBytes: bytes, ...(done ? { coarseDone: bytes } : {}) },
              })
              .catch(ignore);
          } else {
            const bytes = (gr.dailyDay === day ? (gr.dailyBytes ?? 0) : 0) + tierBytes;
            // A block's first day pays its chunks' fixed cost, the others not: a running mean over a block.
            const mean = gr.dailyDone ? (gr.dailyDone * (BLOCK_DAYS - 1) + bytes) / BLOCK_DAYS : bytes;
            meta
              .put({
                key: 'growth',
                growth: { ...gr, dailyDay: day, dailyBytes: bytes, ...(done ? { dailyDone: mean } : {}) },
              })
              .catch(ignore);
          }
        }
      }
      await tx.done;
      return { items, done: done && (day + 2) * DAY > cutoff, bytesSaved: saved };
    } catch (e) {
      await tx.done.catch(ignore);
      throw transactionError(tx, e);
    }
  }

  /** The game's recorder inside a transaction (its series list read through `meta` when not loaded yet). */
  private async recorderIn(
    game: number,
    meta: { get(key: string): Promise<{ list?: string[] } | undefined> },
  ): Promise<{ rec: GameRecorder; saved: number }> {
    let r = this.games.get(game);
    if (!r) {
      const list = (await meta.get(`series:${game}`))?.list ?? [];
      r = { rec: new GameRecorder(game, list), saved: list.length };
      this.games.set(game, r);
    }
    return r;
  }

  /** The names of a game's items with history (a key cursor going item to item), in key order. */
  async itemNames(game: number): Promise<string[]> {
    const tx = await this.tx((db) => db.transaction('chunks', 'readonly'));
    const out: string[] = [];
    let cursor = await tx.store.openKeyCursor(IDBKeyRange.bound([game, '', -Infinity], [game, [], Infinity]));
    while (cursor) {
      const n = cursor.key[1];
      if (!n.includes('\u0000')) out.push(n);
      cursor = await cursor.continue([game, n, Infinity]);
    }
    await tx.done;
    return out;
  }

  /** A game's series keys as stored (the longest list known). */
  async seriesOf(game: number): Promise<string[]> {
    const known = (await this.recorder(game)).rec.series;
    const stored = (await this.readMeta(`series:${game}`))?.list;
    return stored && stored.length > known.length ? stored : known;
  }

  /** Drops what the recorders hold (another tab cleared the history): the next poll writes baselines. */
  forget(): void {
    this.games.clear();
  }

  /** `at`: when the user cleared it (ms); polls loaded before then are not recorded afterwards. */
  async clear(at?: number): Promise<void> {
    const tx = await this.tx((db) => db.transaction(['chunks', 'meta'], 'readwrite'));
    // Only `done` is awaited: it tells a failure, and a request of a failed commit may never answer.
    tx.objectStore('chunks').clear().catch(ignore);
    for (const key of ['usage', 'growth', 'consolidate', 'consolidate:daily'])
      tx.objectStore('meta').delete(key).catch(ignore);
    try {
      await tx.done;
    } catch (e) {
      throw transactionError(tx, e);
    }
    this.retentionNext = -Infinity;
    if (at !== undefined) this.clearedAt = at;
    for (const r of this.games.values()) r.rec.reset();
  }

  /**
   * An item's chunks of one stream covering [from, to]: back to the last baseline before `from`, then the
   * range. `name` is the chunk name (the item's name for its asks and bids, else chunkName()).
   */
  async chunksOf(game: number, name: string, from: number, to: number): Promise<Chunk[]> {
    const tx = await this.tx((db) => db.transaction('chunks', 'readonly'));
    const out = await chunksIn(tx.store, game, name, from, to);
    await tx.done;
    return out;
  }

  /**
   * Several items' chunks of their asks and bids (chunksOf each) in one transaction, every request in
   * flight together: `each` gets an item's (its index in `names`) as soon as they arrive, so they are used
   * while the others are read.
   */
  async eachItemChunks(
    game: number,
    names: readonly string[],
    from: number,
    to: number,
    each: (i: number, chunks: Chunk[]) => void,
  ): Promise<void> {
    const tx = await this.tx((db) => db.transaction('chunks', 'readonly'));
    await Promise.all(names.map(async (n, i) => each(i, await chunksIn(tx.store, game, n, from, to))));
    await tx.done;
  }

  /**
   * Up to `count` of a game's records in key order (item, then start; an item's other streams right after
   * it) after `after` ([name, start] of the last one read; null: from the first): a long read of every item
   * (an export) in large ordered batches, without a request per item.
   */
  async chunksAfter(game: number, after: [string, number] | null, count: number): Promise<Chunk[]> {
    const tx = await this.tx((db) => db.transaction('chunks', 'readonly'));
    const range = after
      ? IDBKeyRange.bound([game, ...after], [game, [], 0], true, true)
      : IDBKeyRange.bound([game, '', -Infinity], [game, [], 0]);
    const all = await tx.store.getAll(range, count);
    await tx.done;
    return all;
  }

  /** How many records a game has (an export's progress). */
  async chunkCount(game: number): Promise<number> {
    const tx = await this.tx((db) => db.transaction('chunks', 'readonly'));
    const n = await tx.store.count(IDBKeyRange.bound([game, '', -Infinity], [game, [], 0]));
    await tx.done;
    return n;
  }

  /** An item's kept series (all without `keep`) over [from, to]: each of their streams read and sampled. */
  async readItem(
    game: number,
    name: string,
    from: number,
    to: number,
    slots: number,
    keep?: (key: string) => boolean,
  ): Promise<SampledHistory> {
    // The list on disk, when longer: another tab (the one that records) may have added series since.
    const known = (await this.recorder(game)).rec.series;
    const stored = (await this.readMeta(`series:${game}`))?.list;
    const series = stored && stored.length > known.length ? stored : known;
    const streams = new Set<string>();
    for (const k of series) if (!keep || keep(k)) streams.add(streamOf(k));
    if (streams.size === 0) streams.add('');
    let chunks: Chunk[] = [];
    for (const s of streams) chunks = chunks.concat(await this.chunksOf(game, chunkName(name, s), from, to));
    return sample(chunks, series, from, to, slots, keep);
  }

  /** Best ask per slot for several items (sparklines); null for an item with no history in the range. */
  async readSparks(
    game: number,
    names: readonly string[],
    from: number,
    to: number,
    slots: number,
    askMarkets: readonly string[],
  ): Promise<Array<Float64Array | null>> {
    const keep = new Set(askMarkets.map((s) => `a:${s}`));
    const out: Array<Float64Array | null> = [];
    for (const name of names) {
      const h = await this.readItem(game, name, from, to, slots, (k) => keep.has(k));
      out.push(h.first === null || h.bestAsk.every((v) => Number.isNaN(v)) ? null : h.bestAsk);
    }
    return out;
  }
}

function ignore(): void {}

/** "The database connection is closing": the browser closes it, and its `close` event is still to come. */
function isClosing(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'InvalidStateError';
}

type ChunkStore = IDBPObjectStore<HistoryDB, ['chunks'], 'chunks', 'readonly'>;

/** Chunks read before a range at most, back to the baseline before it. */
const MAX_BEFORE = 200;
/**
 * How far before a range one read looks for its baseline (an item's is at its first poll of each day, so
 * a day and a chunk's span back holds one when polls went on): one request with the range instead of a
 * cursor's step per chunk. An older baseline is walked back to.
 */
const BASELINE_LOOKBACK = DAY + CHUNK_SPAN;

/**
 * An item's chunks of one stream covering [from, to]: back to the last baseline before `from` (at most
 * MAX_BEFORE chunks before it), then the range.
 */
async function chunksIn(store: ChunkStore, game: number, name: string, from: number, to: number): Promise<Chunk[]> {
  const back = IDBKeyRange.bound([game, name, -Infinity], [game, name, from - BASELINE_LOOKBACK], false, true);
  // Both asked at once: a request made while others' answers arrive costs far more than one made up front.
  const nearP = store.getAll(IDBKeyRange.bound([game, name, from - BASELINE_LOOKBACK], [game, name, to]));
  const olderP = store.getKey(back);
  // Not always awaited: a failure then (an aborted transaction) is the range's to tell.
  olderP.catch(ignore);
  const near = await nearP;
  let i = 0;
  while (i < near.length && (near[i] as Chunk).st < from) i++;
  let j = i;
  while (j > 0 && i - j < MAX_BEFORE) {
    j--;
    if ((near[j] as Chunk).b) return near.slice(j);
  }
  if (i - j >= MAX_BEFORE) return near.slice(j);
  // No baseline in the look-back: walk back from it, when there is anything older.
  if ((await olderP) === undefined) return near;
  const older: Chunk[] = [];
  let cursor = await store.openCursor(back, 'prev');
  while (cursor && i + older.length < MAX_BEFORE) {
    older.push(cursor.value);
    if (cursor.value.b) break;
    cursor = await cursor.continue();
  }
  return older.reverse().concat(near);
}

/** Today's growth counter after a write of `added` bytes at `at`. */
function grown(g: Growth | undefined, at: number, added: number): Growth {
  const day = Math.floor(at / DAY);
  if (g && g.day === day) return { ...g, bytes: g.bytes + added, to: Math.max(g.to, at) };
  return { ...(g ?? {}), day, bytes: added, from: at, to: at, prevDay: g ? g.day : null, prevBytes: g ? g.bytes : 0 };
}

/** Minimum span of today's writes for its rate to stand for the day. */
const RATE_MIN_SPAN = 3_600_000;

/** Growth a day at the current rate, or null when not known yet. */
function rateOf(g: Growth | undefined): number | null {
  if (!g) return null;
  if (g.to - g.from >= RATE_MIN_SPAN) return (g.bytes / (g.to - g.from)) * DAY;
  if (g.prevDay === g.day - 1 && g.prevBytes > 0) return g.prevBytes;
  return null;
}
