/**
 * Price history in IndexedDB (through `idb`): chunks (chunk-codec.ts) keyed [game, item, start], an
 * index on start time for retention, and a usage counter. Runs in the history worker (and in the
 * benchmark page); nothing here touches the DOM. The schema, growth counter, reads, consolidation and
 * migration steps live in the store-*.ts modules beside it.
 */
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { isQuotaError, openVersioned, transactionError } from '../../lib/storage/versioned-db';
import { chunkName, DAY, HOUR, isLegacy, streamOf, type Chunk } from './chunk-codec';
import { blockEnd, CONSOLIDATE_AFTER, DAILY_AFTER, DAILY_STEP } from './tiers';
import { GameRecorder, isValuesInput, type PollInput, type ValuesInput } from './recorder';
import { sample, type SampledHistory } from './sampling';
import { HistoryWriteError } from './store-write-error';
import { consolidateIn, type GameRec, type Tier } from './store-consolidate';
import { rateOf, type Limits, type Usage } from './store-growth';
import { writeSlice, type DirtyChunks } from './store-write';
import { migrateIn } from './store-migrate';
import { chunksIn, dayChunks } from './store-read';
import {
  CONSOLIDATE_BATCH,
  DB_NAME,
  HISTORY_UPGRADES,
  ignore,
  MIGRATE_BATCH,
  type ConsolidateProgress,
  type HistoryDB,
  type MigrateProgress,
  type OpenOptions,
  type RecordResult,
} from './store-schema';

export { HistoryWriteError } from './store-write-error';
export { daysThatFit, type Limits, type Usage } from './store-growth';
export {
  DB_NAME,
  HISTORY_UPGRADES,
  type ConsolidateProgress,
  type MigrateProgress,
  type OpenOptions,
  type RecordResult,
} from './store-schema';

/** A cap is enforced down to this share of it, so a full store isn't trimmed at every poll. */
const CAP_LOW_WATER = 0.9;
/** A write refused for lack of space drops the oldest history down to this share of it, then tries once more. */
const QUOTA_TRIM = 0.8;

export class HistoryStore {
  /** When this store was last cleared (ms); polls loaded before it are not recorded. */
  private clearedAt = -Infinity;
  private readonly games = new Map<number, GameRec>();
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

  private async recorder(game: number): Promise<GameRec> {
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
   * analytics medians): the changes since the last one (or baselines), in slices of WRITE_SLICE chunks
   * or more (`extendSlice`). Between two, `beforeSlice` may hold the write back (the worker waits while the user scrolls or types:
   * a put costs the browser's IndexedDB 0.1-0.6 ms however small, so a day's first poll takes a core for
   * most of a minute, docs/benchmarks.md).
   *
   * A slice that fails is undone, and the game's recorder, which had already taken the poll in, is
   * dropped, so the next poll goes on from the disk (not from values the disk never got), and the usage
   * counter is counted again from the chunks; the slices before it are kept. A write
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
        // The slices written before the refusal are kept: the rest of the poll is written.
        result = await this.write(p, false, true);
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

  /** The recorder goes on from the day's chunks (GameRecorder.resume) before its first poll: once per session. */
  private async resume(g: GameRec, at: number): Promise<void> {
    const chunks = await dayChunks(() => this.tx((db) => db.transaction('chunks', 'readonly')), g.rec.game, at);
    g.rec.resume(chunks, Math.floor(at / DAY));
  }

  /**
   * `rest`: the poll may already be partly on disk (a slice failed, or the connection went between two):
   * what the disk lacks of it is written, not taken as seen.
   */
  private async write(p: PollInput | ValuesInput, again = false, rest = false): Promise<RecordResult> {
    const g = await this.recorder(p.game);
    // A failed read leaves the recorder as new (it writes baselines); a connection closed meanwhile, dropped.
    // The rest of a poll goes on from the chunks that poll began too.
    await (g.resumed ??= this.resume(g, rest ? p.at + 1 : p.at).catch(ignore));
    if (this.games.get(p.game) !== g) return this.write(p, again, rest);
    const rec = g.rec;
    const values = isValuesInput(p);
    // A poll seen twice is ignored here; a values stream checks each item's last time (GameRecorder).
    if (!values && !rest && p.at <= rec.lastAt)
      return { points: 0, changedItems: 0, bytesWritten: 0, bytesAdded: 0, diffMs: 0, writeMs: 0 };
    const t0 = performance.now();
    const { dirty, points } = values ? rec.applyValues(p) : rec.apply(p);
    const t1 = performance.now();
    let written = 0;
    let added = 0;
    for (let k = 0; k < dirty.length;) {
      if (k > 0) await this.options.beforeSlice?.();
      const r = await this.writeSlice(p.game, p.at, g, dirty, k);
      // The browser closed the connection meanwhile (tx opened a new one): what the recorder held went
      // with it (the data may be gone too); the poll is taken again, against what the disk has, once.
      if (!r) {
        if (again) throw new Error('the browser closed the price history database twice while one refresh was saved');
        return this.write(p, true, k > 0);
      }
      written += r.written;
      added += r.added;
      k = r.end;
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

  /** One slice of a poll from `from`, in its own transaction (store-write.ts); null when the recorder went with the connection. */
  private async writeSlice(game: number, at: number, g: GameRec, dirty: DirtyChunks, from: number) {
    const tx = await this.tx((db) => db.transaction(['chunks', 'meta'], 'readwrite'));
    const goOn = () => this.options.extendSlice?.() ?? false;
    return this.games.get(game) === g ? writeSlice(tx, game, at, g, dirty, from, goOn) : null;
  }

  /**
   * After a failed write: the game's recorder is dropped (the next poll reads the series list and the day's
   * chunks back), and the usage counter is counted again from the chunks on disk.
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
      return await migrateIn(tx, batch);
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

  private async consolidateTier(tier: Tier, now: number, batch: number, after: number): Promise<ConsolidateProgress> {
    const follow = await this.followed();
    const oldest = (await this.usage()).oldest;
    const cutoff = now - after;
    const tx = await this.tx((db) => db.transaction(['chunks', 'meta'], 'readwrite'));
    tx.done.catch(ignore);
    try {
      return await consolidateIn(
        tx,
        { tier, follow, oldest, cutoff, games: this.games, recorderIn: (g, meta) => this.recorderIn(g, meta) },
        batch,
      );
    } catch (e) {
      await tx.done.catch(ignore);
      throw transactionError(tx, e);
    }
  }

  /** The game's recorder inside a transaction (its series list read through `meta` when not loaded yet). */
  private async recorderIn(
    game: number,
    meta: { get(key: string): Promise<{ list?: string[] } | undefined> },
  ): Promise<GameRec> {
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

  /** Drops what the recorders hold (another tab cleared the history): the next poll starts from the disk. */
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

/** "The database connection is closing": the browser closes it, and its `close` event is still to come. */
function isClosing(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'InvalidStateError';
}
