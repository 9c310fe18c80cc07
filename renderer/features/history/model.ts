/**
 * Price history, the pure part: what a poll records, how change points are kept in chunk records, and how
 * a read turns chunks back into values over time. No IndexedDB here (store.ts), so it is unit-tested.
 *
 * Series: one per market and side of an item, keyed "a:<slug>" (that market's lowest ask) and "b:<slug>"
 * (its highest buy order). A value is integer thousandths; NaN means "no value" (the market had no price).
 *
 * Chunk records, one per (game, item, start time): the item's change points (time, series, value) in time
 * order, at most one hour and MAX_POINTS long. A chunk flagged `b` (baseline) holds the item's every series
 * at its first poll of a day or session, so a read never needs anything older than the last baseline
 * before its range. Only the current (open) chunk of an item is rewritten at a poll, so a poll writes
 * about its changes, not the catalog, and a 30-day read of one item is one key range of a few hundred
 * small records.
 */

export const HOUR = 3_600_000;
export const DAY = 86_400_000;
/** A chunk is closed after this long (its point times are seconds after its start, in 16 bits)... */
export const CHUNK_SPAN = 6 * HOUR;
/** ...or this many points (bounds the rewrite of an open chunk). */
export const MAX_POINTS = 512;
/** "No value" in an Int32 value array. */
const NO_VALUE = -2147483648;
/** "Not known" in the recorder's state (NaN is "known: no value"). */
export const UNKNOWN = -Infinity;

export interface ChunkRecord {
  g: number;
  /** Item name (market_hash_name). */
  n: string;
  /** Start time (ms since epoch): the time of the first point. */
  st: number;
  /** 1 when the chunk starts with the item's full state (baseline). */
  b: 0 | 1;
  /** Point times, seconds after `st`. */
  t: Uint16Array;
  /** Series of each point: an index into the game's series list (kept once, in the store's meta). */
  s: Uint16Array;
  /** Values: Int32 with NO_VALUE for "no value" when they all fit, else Float64 with NaN. */
  v: Int32Array | Float64Array;
  /** Estimated stored size (usage accounting). */
  bytes: number;
}

/** One poll as the recorder gets it (copies of the snapshot's typed arrays). */
export interface PollInput {
  game: number;
  at: number;
  names: string[];
  askMarkets: string[];
  bidMarkets: string[];
  /** Row-major ask cells (item * askMarkets.length + k), NONE/BIG sentinels as in grid/model/columns. */
  ask: Int32Array;
  bid: Int32Array;
  /** Exact values of BIG cells: [0 = ask | 1 = bid, cell, value]. */
  big: Array<[0 | 1, number, number]>;
}

const NONE = -2147483648;
const BIG = -2147483647;

export function sameValue(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/** Estimated stored size: keys, fields and the arrays. */
export function chunkBytes(c: { n: string; t: { length: number }; v?: { BYTES_PER_ELEMENT: number } }): number {
  return 96 + c.n.length * 2 + c.t.length * (4 + (c.v?.BYTES_PER_ELEMENT ?? 4));
}

/** Value of point p (NaN: no value). */
export function valueAt(v: Int32Array | Float64Array, p: number): number {
  const x = v[p] as number;
  return v instanceof Int32Array && x === NO_VALUE ? NaN : x;
}

function encodeValues(vals: readonly number[]): Int32Array | Float64Array {
  let fits = true;
  for (const x of vals) {
    if (!Number.isNaN(x) && !(Number.isInteger(x) && x > NO_VALUE && x <= 2147483647)) {
      fits = false;
      break;
    }
  }
  if (!fits) return Float64Array.from(vals);
  const out = new Int32Array(vals.length);
  for (let i = 0; i < vals.length; i++) out[i] = Number.isNaN(vals[i] as number) ? NO_VALUE : (vals[i] as number);
  return out;
}

/** An item's chunk being filled (in memory, written whole at each poll that adds to it). */
export class OpenChunk {
  readonly t: number[] = [];
  readonly s: number[] = [];
  readonly v: number[] = [];
  /** Size of the version last written (0 = never written). */
  stored = 0;
  constructor(
    readonly g: number,
    readonly n: string,
    readonly st: number,
    readonly b: 0 | 1,
  ) {}
  add(at: number, series: number, v: number): void {
    this.t.push(Math.round((at - this.st) / 1000));
    this.s.push(series);
    this.v.push(v);
  }
  get size(): number {
    return this.t.length;
  }
  toRecord(): ChunkRecord {
    const rec: ChunkRecord = {
      g: this.g,
      n: this.n,
      st: this.st,
      b: this.b,
      t: Uint16Array.from(this.t),
      s: Uint16Array.from(this.s),
      v: encodeValues(this.v),
      bytes: 0,
    };
    rec.bytes = chunkBytes(rec);
    return rec;
  }
}

/** Per game: the last value of every item's series, the open chunks, which items have today's baseline. */
export class GameRecorder {
  /** The game's series keys; chunks refer to them by index. Grows only (persisted by the store). */
  readonly series: string[] = [];
  private readonly seriesIdx = new Map<string, number>();
  private readonly state = new Map<string, Float64Array>();
  private readonly baseDay = new Map<string, number>();
  readonly open = new Map<string, OpenChunk>();
  lastAt = 0;
  constructor(
    readonly game: number,
    series: readonly string[] = [],
  ) {
    for (const k of series) this.seriesOf(k);
  }

  private seriesOf(key: string): number {
    let i = this.seriesIdx.get(key);
    if (i === undefined) {
      i = this.series.length;
      this.series.push(key);
      this.seriesIdx.set(key, i);
    }
    return i;
  }

  /**
   * Compares a poll with the last known values and adds the changes (or an item's baseline) to open
   * chunks. Returns the chunks to write now; a baseline chunk is closed at once (it is written once).
   */
  apply(p: PollInput): { dirty: OpenChunk[]; points: number; changedItems: number } {
    const at = p.at;
    const day = Math.floor(at / DAY);
    const m = p.askMarkets.length;
    const bm = p.bidMarkets.length;
    const askS = p.askMarkets.map((s) => this.seriesOf(`a:${s}`));
    const bidS = p.bidMarkets.map((s) => this.seriesOf(`b:${s}`));
    const nSeries = this.series.length;
    const bigAsk = new Map<number, number>();
    const bigBid = new Map<number, number>();
    for (const [f, cell, v] of p.big) (f === 0 ? bigAsk : bigBid).set(cell, v);
    const dirty: OpenChunk[] = [];
    let points = 0;
    const n = Math.min(p.names.length, m ? Math.floor(p.ask.length / m) : p.names.length);
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const name = p.names[i] as string;
      if (seen.has(name)) continue; // a duplicate name: the first row counts
      seen.add(name);
      let st = this.state.get(name);
      if (!st || st.length < nSeries) {
        const grown = new Float64Array(nSeries).fill(UNKNOWN);
        if (st) grown.set(st);
        st = grown;
        this.state.set(name, st);
      }
      const base = this.baseDay.get(name) !== day;
      let chunk: OpenChunk | null = null;
      const put = (si: number, v: number) => {
        if (!chunk) {
          const cur = this.open.get(name);
          if (!base && cur && at - cur.st < CHUNK_SPAN && Math.floor(cur.st / DAY) === day && cur.size < MAX_POINTS) chunk = cur;
          else {
            chunk = new OpenChunk(this.game, name, at, base ? 1 : 0);
            this.open.set(name, chunk);
          }
          dirty.push(chunk);
        }
        chunk.add(at, si, v);
        points++;
      };
      for (let k = 0; k < m; k++) {
        const cell = i * m + k;
        const raw = p.ask[cell] as number;
        const v = raw === NONE ? NaN : raw === BIG ? (bigAsk.get(cell) ?? NaN) : raw;
        const si = askS[k] as number;
        if (base || !sameValue(st[si] as number, v)) put(si, v);
        st[si] = v;
      }
      for (let k = 0; k < bm; k++) {
        const cell = i * bm + k;
        const raw = p.bid[cell] as number;
        const v = raw === NONE ? NaN : raw === BIG ? (bigBid.get(cell) ?? NaN) : raw;
        const si = bidS[k] as number;
        if (base || !sameValue(st[si] as number, v)) put(si, v);
        st[si] = v;
      }
      if (base) this.baseDay.set(name, day);
    }
    // Baselines are written once and closed; the item's changes go to a new chunk.
    for (const c of dirty) if (c.b) this.open.delete(c.n);
    this.lastAt = at;
    return { dirty, points, changedItems: dirty.length };
  }

  /** Forget everything (history cleared): the next poll writes baselines. */
  reset(): void {
    this.state.clear();
    this.baseDay.clear();
    this.open.clear();
  }
}

export interface SampledHistory {
  /** Series keys, in the order of `values`. */
  series: string[];
  /** Slot end times (ms). */
  times: Float64Array;
  /** Per series, the value at each slot's end (NaN: no value or not known). */
  values: Float64Array[];
  /** Best (lowest) ask and best (highest) bid over the series, per slot. */
  bestAsk: Float64Array;
  bestBid: Float64Array;
  /** Time of the first known point (ms), null when there is no history. */
  first: number | null;
  last: number | null;
  /** Change points read (all series). */
  points: number;
}

/**
 * Samples chunks (in time order, starting at or before a baseline) into `slots` slot-end values over
 * [max(from, first point), to]. Only series whose key passes `keep` are returned and used for the bests.
 */
export function sample(chunks: readonly ChunkRecord[], allSeries: readonly string[], from: number, to: number, slots: number, keep: (key: string) => boolean = () => true): SampledHistory {
  // The game's series index -> the output's (-1: not kept).
  const map = new Int32Array(allSeries.length).fill(-1);
  const series: string[] = [];
  let first: number | null = null;
  let last: number | null = null;
  let points = 0;
  for (const c of chunks) {
    for (let p = 0; p < c.s.length; p++) {
      const g = c.s[p] as number;
      if (map[g] === -1 && g < allSeries.length && keep(allSeries[g] as string)) {
        map[g] = series.length;
        series.push(allSeries[g] as string);
      }
    }
    const n = c.t.length;
    if (n > 0) {
      const t0 = c.st + (c.t[0] as number) * 1000;
      const t1 = c.st + (c.t[n - 1] as number) * 1000;
      if (first === null || t0 < first) first = t0;
      if (last === null || t1 > last) last = t1;
    }
    points += n;
  }
  const start = first === null ? from : Math.max(from, Math.min(first, to));
  const count = first === null ? 0 : Math.max(1, slots);
  const step = (to - start) / count;
  const times = new Float64Array(count);
  for (let j = 0; j < count; j++) times[j] = j === count - 1 ? to : start + step * (j + 1);
  const values = series.map(() => new Float64Array(count).fill(NaN));
  const bestAsk = new Float64Array(count).fill(NaN);
  const bestBid = new Float64Array(count).fill(NaN);
  if (count === 0) return { series, times, values, bestAsk, bestBid, first, last, points };
  const cur = new Float64Array(series.length).fill(NaN);
  const isAsk = series.map((k) => k.startsWith('a:'));
  let slot = 0;
  const flushUntil = (t: number) => {
    while (slot < count && (times[slot] as number) < t) {
      let ba = NaN;
      let bb = NaN;
      for (let s = 0; s < series.length; s++) {
        const v = cur[s] as number;
        (values[s] as Float64Array)[slot] = v;
        if (Number.isNaN(v)) continue;
        if (isAsk[s]) {
          if (Number.isNaN(ba) || v < ba) ba = v;
        } else if (Number.isNaN(bb) || v > bb) bb = v;
      }
      bestAsk[slot] = ba;
      bestBid[slot] = bb;
      slot++;
    }
  };
  for (const c of chunks) {
    for (let p = 0; p < c.t.length; p++) {
      const t = c.st + (c.t[p] as number) * 1000;
      if (t > to) break;
      flushUntil(t);
      const s = map[c.s[p] as number] ?? -1;
      if (s >= 0) cur[s] = valueAt(c.v, p);
    }
  }
  flushUntil(Infinity);
  return { series, times, values, bestAsk, bestBid, first, last, points };
}

export function dayOf(t: number): number {
  return Math.floor(t / DAY);
}
