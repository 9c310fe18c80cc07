/**
 * The page side of bench-history.ts: the app's own history store (renderer/market/history/store.ts)
 * on a synthetic CS2-sized catalog, in Chromium's IndexedDB. Bundled by the bench with esbuild.
 */
import {
  CHUNK_SPAN,
  DAY,
  decodeChunk,
  HOUR,
  type Chunk,
  type OpenChunk,
} from '../../renderer/market/history/chunk-codec';
import {
  BLOCK_DAYS,
  CONSOLIDATE_AFTER,
  consolidate,
  DAILY_AFTER,
  DAILY_STEP,
  joinDays,
} from '../../renderer/market/history/tiers';
import { GameRecorder, type PollInput } from '../../renderer/market/history/recorder';
import { daysThatFit, HistoryStore } from '../../renderer/market/history/store';
import { inputQuiet } from '../../renderer/market/history/input-quiet';
import { steamMedians, type RowWithSales } from '../../renderer/market/history/steam';
import { mulberry32 } from '../../shared/random/mulberry32';

const NONE = -2147483648;

interface Catalog {
  names: string[];
  askMarkets: string[];
  bidMarkets: string[];
  ask: Int32Array;
  bid: Int32Array;
}

function catalog(n: number, m: number, b: number, seed = 1): Catalog {
  const r = mulberry32(seed);
  const ask = new Int32Array(n * m);
  const bid = new Int32Array(n * b);
  for (let i = 0; i < ask.length; i++) ask[i] = r() < 0.15 ? NONE : 1000 + Math.floor(r() * 500_000);
  for (let i = 0; i < bid.length; i++) bid[i] = r() < 0.3 ? NONE : 900 + Math.floor(r() * 450_000);
  return {
    names: Array.from({ length: n }, (_, i) => `Synthetic item ${i} | Skin (Field-Tested)`),
    askMarkets: Array.from({ length: m }, (_, k) => `market${k}`),
    bidMarkets: Array.from({ length: b }, (_, k) => `market${k}`),
    ask,
    bid,
  };
}

/** Changes `fraction` of all price cells (asks and bids together). */
function move(c: Catalog, fraction: number, r: () => number): void {
  const total = c.ask.length + c.bid.length;
  const count = Math.round(total * fraction);
  for (let j = 0; j < count; j++) {
    const cell = Math.floor(r() * total);
    const arr = cell < c.ask.length ? c.ask : c.bid;
    const i = cell < c.ask.length ? cell : cell - c.ask.length;
    const v = arr[i] as number;
    arr[i] = v === NONE ? 1000 + Math.floor(r() * 500_000) : Math.max(1, v + Math.round((r() - 0.5) * v * 0.04) || 1);
  }
}

function poll(c: Catalog, at: number): PollInput {
  return {
    game: 730,
    at,
    names: c.names,
    askMarkets: c.askMarkets,
    bidMarkets: c.bidMarkets,
    ask: c.ask.slice(),
    bid: c.bid.slice(),
    big: [],
  };
}

/** The store as the history worker opens it (history.worker.ts), with the user away from the page. */
function openStore(name: string): Promise<HistoryStore> {
  const quiet = inputQuiet();
  return HistoryStore.open(name, { beforeSlice: quiet.wait, extendSlice: quiet.still });
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

export interface WriteFigures {
  items: number;
  cells: number;
  baseline: { ms: number; diffMs: number; bytes: number; records: number };
  poll: {
    ms: number;
    diffMs: number;
    writeMs: number;
    bytesAdded: number;
    bytesWritten: number;
    points: number;
    changedItems: number;
  };
  /** The same once the baseline's chunk has closed (CHUNK_SPAN after it). */
  later: WriteFigures['poll'];
  usageAfter: number;
}

/** One full-catalog poll: the session's first (baseline) and then polls with 1 % of prices changed. */
async function writeCost(items: number): Promise<WriteFigures> {
  indexedDB.deleteDatabase('bench-write');
  const store = await openStore('bench-write');
  const c = catalog(items, 36, 7);
  const r = mulberry32(7);
  const t0 = Date.UTC(2025, 0, 1, 8);
  let s = performance.now();
  const base = await store.record(poll(c, t0));
  const baseMs = performance.now() - s;
  /** Six polls a minute apart from `from`, 1 % changed at each: the medians. */
  const polls = async (from: number): Promise<WriteFigures['poll']> => {
    const runs: Array<WriteFigures['poll']> = [];
    for (let i = 1; i <= 6; i++) {
      move(c, 0.01, r);
      const p = poll(c, from + i * 60_000);
      s = performance.now();
      const res = await store.record(p);
      runs.push({
        ms: performance.now() - s,
        diffMs: res.diffMs,
        writeMs: res.writeMs,
        bytesAdded: res.bytesAdded,
        bytesWritten: res.bytesWritten,
        points: res.points,
        changedItems: res.changedItems,
      });
    }
    const pick = (f: (x: WriteFigures['poll']) => number) => median(runs.map(f));
    return {
      ms: pick((x) => x.ms),
      diffMs: pick((x) => x.diffMs),
      writeMs: pick((x) => x.writeMs),
      bytesAdded: pick((x) => x.bytesAdded),
      bytesWritten: pick((x) => x.bytesWritten),
      points: pick((x) => x.points),
      changedItems: pick((x) => x.changedItems),
    };
  };
  // Right after the baseline every open chunk starts with it (the dearest polls of a day); once the
  // baseline's chunk has closed (CHUNK_SPAN), the open chunks hold changes only: 3 of a day's 4 chunks.
  const first = await polls(t0);
  const laterAt = t0 + CHUNK_SPAN + 60_000;
  move(c, 0.01, r);
  await store.record(poll(c, laterAt));
  const later = await polls(laterAt);
  const u = await store.usage();
  store.close();
  return {
    items,
    cells: c.ask.length + c.bid.length,
    baseline: { ms: baseMs, diffMs: base.diffMs, bytes: base.bytesAdded, records: base.changedItems },
    poll: first,
    later,
    usageAfter: u.bytes,
  };
}

export interface ReadFigures {
  polls: number;
  records: number;
  points: number;
  storeBytes: number;
  readMs: { median: number; max: number };
  rawMs: { median: number; max: number };
}

/**
 * One item polled every minute for 30 days, changing at every poll (one or two of its 43 series): the
 * chunks the recorder makes are written, then the item's 30-day history is read (sampled to 240 slots).
 */
async function readCost(): Promise<ReadFigures> {
  indexedDB.deleteDatabase('bench-read');
  const store = await openStore('bench-read');
  const c = catalog(1, 36, 7, 3);
  const r = mulberry32(11);
  const rec = new GameRecorder(730);
  const t0 = Date.UTC(2025, 0, 1);
  const polls = 30 * 1440;
  const final = new Map<string, Chunk>();
  let points = 0;
  for (let i = 0; i < polls; i++) {
    const k = Math.floor(r() * 43);
    if (k < 36) c.ask[k] = 1000 + Math.floor(r() * 100_000);
    else c.bid[k - 36] = 900 + Math.floor(r() * 90_000);
    const res = rec.apply(poll(c, t0 + i * 60_000));
    points += res.points;
    for (const ch of res.dirty) final.set(`${ch.n}|${ch.st}`, ch.toChunk());
  }
  const records = [...final.values()];
  for (let i = 0; i < records.length; i += 2000) {
    const tx = store.db.transaction('chunks', 'readwrite');
    for (const x of records.slice(i, i + 2000)) void tx.store.put(x);
    await tx.done;
  }
  const storeBytes = records.reduce((s, x) => s + x.bytes, 0);
  const name = c.names[0] as string;
  const to = t0 + polls * 60_000;
  const reads: number[] = [];
  const raws: number[] = [];
  for (let j = 0; j < 15; j++) {
    let s = performance.now();
    await store.readItem(730, name, to - 30 * DAY, to, 240);
    reads.push(performance.now() - s);
    s = performance.now();
    await store.chunksOf(730, name, to - 30 * DAY, to);
    raws.push(performance.now() - s);
  }
  store.close();
  return {
    polls,
    records: records.length,
    points,
    storeBytes,
    readMs: { median: median(reads), max: Math.max(...reads.slice(1)) },
    rawMs: { median: median(raws), max: Math.max(...raws.slice(1)) },
  };
}

export interface WeekFigures {
  items: number;
  polls: number;
  bytes: number;
  records: number;
  perDayBaseline: number;
  /** Bytes of the chunks started on each full day after the first (the growth a day at this rate). */
  perDay: number;
  /** Price changes recorded on those days (not counting the daily baselines' points). */
  changesPerDay: number;
  /** A day of every item once consolidated (tiers.ts: hourly per market, bests at every poll). */
  consolidatedPerDay: number;
  /** Time to consolidate that day (all items), ms. */
  consolidateMs: number;
  /**
   * That hourly day consolidated again to daily steps (after DAILY_AFTER: each market's last, bests still
   * at every poll), kept as the store does in a block chunk of BLOCK_DAYS days: the mean of a block's
   * first day (a record of its own) and the days appended to it.
   */
  dailyPerDay: number;
  /** Its parts: a daily day in a record of its own, and one appended to its block. */
  dailyAlone: number;
  dailyAppended: number;
  /** Days that fit in 500 MB under the default settings, as Settings forecasts them (store.ts, daysThatFit). */
  daysFit: number;
  /** The same with every market at every poll for 24 hours instead of 48 (a Settings choice). */
  daysFit24h: number;
  ms: number;
}

/**
 * A week of 1-minute polls with 1 % of prices changing at each, through the recorder (the same chunk
 * records, sized the way the store counts them; the write path itself is measured by writeCost).
 */
function week(items: number): WeekFigures {
  const s = performance.now();
  const c = catalog(items, 36, 7, 5);
  const r = mulberry32(13);
  const rec = new GameRecorder(730);
  const t0 = Date.UTC(2025, 0, 1);
  const chunks = new Map<string, OpenChunk>();
  const polls = 7 * 1440;
  let changes = 0;
  for (let i = 0; i < polls; i++) {
    if (i > 0) move(c, 0.01, r);
    const res = rec.apply(poll(c, t0 + i * 60_000));
    // The first poll of a day is every item's baseline: its points are not changes.
    if (i >= 1440 && i % 1440 !== 0) changes += res.points;
    for (const ch of res.dirty) chunks.set(`${ch.n}|${ch.st}`, ch);
  }
  let bytes = 0;
  let baseline = 0;
  let later = 0;
  // Day 2's records per item, to consolidate as the store does 48 hours later (and day 1's, the block's
  // daily day before it).
  const day2 = new Map<string, Chunk[]>();
  const day1 = new Map<string, Chunk[]>();
  for (const ch of chunks.values()) {
    const rec = ch.toChunk();
    const b = rec.bytes;
    bytes += b;
    if (ch.st >= t0 + DAY) later += b;
    if (ch.b && ch.st === t0 + DAY) baseline += b;
    const into = ch.st >= t0 + DAY && ch.st < t0 + 2 * DAY ? day2 : ch.st < t0 + DAY ? day1 : null;
    if (into) {
      const list = into.get(ch.n);
      if (list) list.push(rec);
      else into.set(ch.n, [rec]);
    }
  }
  const c0 = performance.now();
  let consolidated = 0;
  let dailyBytes = 0;
  let appended = 0;
  for (const list of day2.values()) {
    list.sort((a, b) => a.st - b.st);
    const head = list[0] as Chunk;
    // As the store does: a day that would not get smaller stays as it is.
    const whole = list.reduce((a, x) => a + x.bytes, 0);
    const hourly = consolidate(head, list.map(decodeChunk), rec.series, (k) => rec.keyIndex(k));
    const keep = hourly.bytes < whole ? hourly : null;
    consolidated += keep ? keep.bytes : whole;
    // As the store does after DAILY_AFTER: the hourly day (or the day left at poll resolution) again, daily.
    const daily = consolidate(
      head,
      keep ? [decodeChunk(keep)] : list.map(decodeChunk),
      rec.series,
      (k) => rec.keyIndex(k),
      DAILY_STEP,
    );
    dailyBytes += Math.min(daily.bytes, keep ? keep.bytes : whole);
    // The same day appended to the item's block chunk of day 1 (t0 and t0 + DAY share a block).
    const before = (day1.get(head.n) ?? []).sort((a, b) => a.st - b.st);
    if (before.length > 0 && daily.bytes < whole) {
      const d1 = consolidate(
        before[0] as Chunk,
        before.map(decodeChunk),
        rec.series,
        (k) => rec.keyIndex(k),
        DAILY_STEP,
      );
      appended += joinDays(d1, daily).bytes - d1.bytes;
    } else appended += Math.min(daily.bytes, whole);
  }
  const dailyPerDay = (dailyBytes + (BLOCK_DAYS - 1) * appended) / BLOCK_DAYS;
  const consolidateMs = performance.now() - c0;
  const sc = 30_000 / items;
  const full = CONSOLIDATE_AFTER / DAY;
  const dailyAfter = Math.max(full, DAILY_AFTER / DAY);
  const daysFit = daysThatFit(500e6, (later / 6) * sc, consolidated * sc, full, dailyPerDay * sc, dailyAfter);
  const daysFit24h = daysThatFit(500e6, (later / 6) * sc, consolidated * sc, 1, dailyPerDay * sc, dailyAfter);
  return {
    items,
    polls,
    bytes,
    records: chunks.size,
    perDayBaseline: baseline,
    perDay: later / 6,
    changesPerDay: changes / 6,
    consolidatedPerDay: consolidated,
    consolidateMs,
    dailyPerDay,
    dailyAlone: dailyBytes,
    dailyAppended: appended,
    daysFit,
    daysFit24h,
    ms: performance.now() - s,
  };
}

export interface SteamFigures {
  items: number;
  /** steamMedians() over the catalog's rows (in the analytics worker in the app). */
  extractMs: number;
  /** structuredClone of the made ValuesInput: what each postMessage hop (worker -> UI -> history worker) costs. */
  cloneMs: number;
  baseline: { ms: number; bytes: number; records: number; points: number };
  changed: { ms: number; bytes: number; bytesWritten: number; records: number; points: number };
  unchanged: { ms: number; points: number };
}

/**
 * A whole Steam catalog's medians recorded (the analytics market view's load): the session's first load
 * (a baseline of each item's two medians, in their own chunks), a later load with 10 % of the items'
 * latest median changed, and a load with nothing changed.
 */
async function steamCost(items: number): Promise<SteamFigures> {
  indexedDB.deleteDatabase('bench-steam');
  const store = await openStore('bench-steam');
  const r = mulberry32(17);
  const rows: RowWithSales[] = Array.from({ length: items }, (_, i) => ({
    market_hash_name: `Synthetic item ${i} | Skin (Field-Tested)`,
    sales: {
      latest_median_price_sold: 1000 + Math.floor(r() * 500_000),
      median_price_90d: r() < 0.02 ? null : 1000 + Math.floor(r() * 500_000),
    },
  }));
  const t0 = Date.UTC(2025, 0, 1, 8);
  let s = performance.now();
  const first = steamMedians(730, t0, rows);
  const extractMs = performance.now() - s;
  s = performance.now();
  structuredClone(first);
  const cloneMs = performance.now() - s;
  s = performance.now();
  const base = await store.record(first);
  const baseMs = performance.now() - s;
  for (const row of rows)
    if (row.sales && r() < 0.1)
      row.sales = { ...row.sales, latest_median_price_sold: (row.sales.latest_median_price_sold ?? 1000) + 10 };
  s = performance.now();
  const next = await store.record(steamMedians(730, t0 + HOUR, rows));
  const nextMs = performance.now() - s;
  s = performance.now();
  const same = await store.record(steamMedians(730, t0 + 2 * HOUR, rows));
  const sameMs = performance.now() - s;
  store.close();
  return {
    items,
    extractMs,
    cloneMs,
    baseline: { ms: baseMs, bytes: base.bytesAdded, records: base.changedItems, points: base.points },
    changed: {
      ms: nextMs,
      bytes: next.bytesAdded,
      bytesWritten: next.bytesWritten,
      records: next.changedItems,
      points: next.points,
    },
    unchanged: { ms: sameMs, points: same.points },
  };
}

declare global {
  interface Window {
    __historyBench: {
      writeCost: typeof writeCost;
      readCost: typeof readCost;
      week: typeof week;
      steamCost: typeof steamCost;
      HOUR: number;
    };
  }
}
window.__historyBench = { writeCost, readCost, week, steamCost, HOUR };
