/**
 * Price history in IndexedDB (through `idb`): chunk records (model.ts) keyed [game, item, start], an
 * index on start time for retention, and a usage counter. Runs in the history worker (and in the
 * benchmark page); nothing here touches the DOM.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { chunkName, DAY, GameRecorder, isValuesInput, sample, streamOf, type ChunkRecord, type PollInput, type SampledHistory, type ValuesInput } from './model';

export const DB_NAME = 'market-desk-history';

interface HistoryDB extends DBSchema {
  chunks: { key: [number, string, number]; value: ChunkRecord; indexes: { st: number } };
  /** 'usage' ({bytes, chunks}) and 'series:<game>' ({list}: the game's series keys, chunks index them). */
  meta: { key: string; value: { key: string; bytes?: number; chunks?: number; list?: string[] } };
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
}

export interface Limits {
  retentionDays: number;
  capBytes: number;
}

/** A cap is enforced down to this share of it, so a full store isn't trimmed at every poll. */
const CAP_LOW_WATER = 0.9;

export class HistoryStore {
  private readonly games = new Map<number, { rec: GameRecorder; saved: number }>();
  private constructor(readonly db: IDBPDatabase<HistoryDB>) {}

  static async open(name = DB_NAME): Promise<HistoryStore> {
    const db = await openDB<HistoryDB>(name, 1, {
      upgrade(d) {
        const chunks = d.createObjectStore('chunks', { keyPath: ['g', 'n', 'st'] });
        chunks.createIndex('st', 'st');
        d.createObjectStore('meta', { keyPath: 'key' });
      },
    });
    return new HistoryStore(db);
  }

  close(): void {
    this.db.close();
  }

  private async recorder(game: number): Promise<{ rec: GameRecorder; saved: number }> {
    let r = this.games.get(game);
    if (!r) {
      const list = (await this.db.get('meta', `series:${game}`))?.list ?? [];
      r = this.games.get(game) ?? { rec: new GameRecorder(game, list), saved: list.length };
      this.games.set(game, r);
    }
    return r;
  }

  /**
   * Records one poll (asks and bids) or one load of another stream's values (ValuesInput: the Steam
   * analytics medians): the changes since the last one (or baselines) in one transaction.
   */
  async record(p: PollInput | ValuesInput, limits?: Limits): Promise<RecordResult> {
    const g = await this.recorder(p.game);
    const rec = g.rec;
    const values = isValuesInput(p);
    // A poll seen twice is ignored here; a values stream checks each item's last time (GameRecorder).
    if (!values && p.at <= rec.lastAt) return { points: 0, changedItems: 0, bytesWritten: 0, bytesAdded: 0, diffMs: 0, writeMs: 0 };
    const t0 = performance.now();
    const { dirty, points } = values ? rec.applyValues(p) : rec.apply(p);
    const t1 = performance.now();
    let written = 0;
    let added = 0;
    let newChunks = 0;
    if (dirty.length > 0) {
      const tx = this.db.transaction(['chunks', 'meta'], 'readwrite');
      const chunks = tx.objectStore('chunks');
      for (const c of dirty) {
        const r = c.toRecord();
        written += r.bytes;
        added += r.bytes - c.stored;
        if (c.stored === 0) newChunks++;
        c.stored = r.bytes;
        void chunks.put(r);
      }
      const meta = tx.objectStore('meta');
      if (rec.series.length > g.saved) {
        void meta.put({ key: `series:${p.game}`, list: rec.series.slice() });
        g.saved = rec.series.length;
      }
      const u = await meta.get('usage');
      await meta.put({ key: 'usage', bytes: (u?.bytes ?? 0) + added, chunks: (u?.chunks ?? 0) + newChunks });
      await tx.done;
    }
    const t2 = performance.now();
    if (limits) await this.enforce(limits, p.at);
    return { points, changedItems: dirty.length, bytesWritten: written, bytesAdded: added, diffMs: t1 - t0, writeMs: t2 - t1 };
  }

  /** Drops the oldest chunks: those older than the retention, then more until under the size cap. */
  async enforce(limits: Limits, now = Date.now()): Promise<number> {
    const cutoff = now - limits.retentionDays * DAY;
    const u = await this.usage();
    if (!(u.oldest !== null && u.oldest < cutoff) && u.bytes <= limits.capBytes) return 0;
    const target = u.bytes > limits.capBytes ? limits.capBytes * CAP_LOW_WATER : Infinity;
    const tx = this.db.transaction(['chunks', 'meta'], 'readwrite');
    let bytes = u.bytes;
    let count = u.chunks;
    // (A game's series list stays: it is tiny and chunks written later still use it.)
    let dropped = 0;
    let cursor = await tx.objectStore('chunks').index('st').openCursor();
    while (cursor && (cursor.value.st < cutoff || bytes > target)) {
      bytes -= cursor.value.bytes;
      count--;
      dropped++;
      void cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.objectStore('meta').put({ key: 'usage', bytes: Math.max(0, bytes), chunks: Math.max(0, count) });
    await tx.done;
    return dropped;
  }

  async usage(): Promise<Usage> {
    const tx = this.db.transaction(['chunks', 'meta'], 'readonly');
    const u = await tx.objectStore('meta').get('usage');
    const first = await tx.objectStore('chunks').index('st').openCursor();
    await tx.done;
    return { bytes: u?.bytes ?? 0, chunks: u?.chunks ?? 0, oldest: first ? first.value.st : null };
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction(['chunks', 'meta'], 'readwrite');
    await tx.objectStore('chunks').clear();
    await tx.objectStore('meta').delete('usage');
    await tx.done;
    for (const r of this.games.values()) r.rec.reset();
  }

  /**
   * An item's chunks of one stream covering [from, to]: back to the last baseline before `from`, then the
   * range. `name` is the chunk name (the item's name for its asks and bids, else chunkName()).
   */
  async chunksOf(game: number, name: string, from: number, to: number): Promise<ChunkRecord[]> {
    const tx = this.db.transaction('chunks', 'readonly');
    const store = tx.store;
    const before: ChunkRecord[] = [];
    let cursor = await store.openCursor(IDBKeyRange.bound([game, name, -Infinity], [game, name, from], false, true), 'prev');
    while (cursor && before.length < 200) {
      before.push(cursor.value);
      if (cursor.value.b) break;
      cursor = await cursor.continue();
    }
    const inRange = await store.getAll(IDBKeyRange.bound([game, name, from], [game, name, to]));
    await tx.done;
    return before.reverse().concat(inRange);
  }

  /** An item's kept series (all without `keep`) over [from, to]: each of their streams read and sampled. */
  async readItem(game: number, name: string, from: number, to: number, slots: number, keep?: (key: string) => boolean): Promise<SampledHistory> {
    const series = (await this.recorder(game)).rec.series;
    const streams = new Set<string>();
    for (const k of series) if (!keep || keep(k)) streams.add(streamOf(k));
    if (streams.size === 0) streams.add('');
    let chunks: ChunkRecord[] = [];
    for (const s of streams) chunks = chunks.concat(await this.chunksOf(game, chunkName(name, s), from, to));
    return sample(chunks, series, from, to, slots, keep);
  }

  /** Best ask per slot for several items (sparklines); null for an item with no history in the range. */
  async readSparks(game: number, names: readonly string[], from: number, to: number, slots: number, askMarkets: readonly string[]): Promise<Array<Float64Array | null>> {
    const keep = new Set(askMarkets.map((s) => `a:${s}`));
    const out: Array<Float64Array | null> = [];
    for (const name of names) {
      const h = await this.readItem(game, name, from, to, slots, (k) => keep.has(k));
      out.push(h.first === null || h.bestAsk.every((v) => Number.isNaN(v)) ? null : h.bestAsk);
    }
    return out;
  }
}
