/**
 * Price history, the pure part: what a poll records, how change points are kept in chunk records, and how
 * a read turns chunks back into values over time. No IndexedDB here (store.ts), so it is unit-tested.
 *
 * Series: one per market and side of an item, keyed "a:<slug>" (that market's lowest ask) and "b:<slug>"
 * (its highest buy order), and other per-item figures recorded when they are loaded, keyed
 * "<stream>:<field>" (the Steam analytics medians: "s:latest_median_price_sold", see steam.ts). A value is
 * integer thousandths; NaN means "no value" (the market had no price).
 *
 * Chunk records, one per (game, item, start time): the item's change points (time, series, value) in time
 * order, at most one hour and MAX_POINTS long. A chunk flagged `b` (baseline) holds the item's every series
 * at its first poll of a day or session, so a read never needs anything older than the last baseline
 * before its range. Only the current (open) chunk of an item is rewritten at a poll, so a poll writes
 * about its changes, not the catalog, and a 30-day read of one item is one key range of a few hundred
 * small records.
 *
 * Streams: the asks and bids of an item are one stream of chunks (the grid's polls, `n` = the item name);
 * each other prefix is a stream of its own (`n` = chunkName(item, stream)), with its own open chunk and
 * daily baseline, because it is recorded at other times (a Steam analytics load) and a baseline of one
 * stream must not stand for the other's state. A read samples each stream's chunks and merges them.
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
  /** Item name (market_hash_name) for the asks and bids; chunkName(name, stream) for another stream. */
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
  /** Row-major ask cells (item * askMarkets.length + k), NONE/BIG sentinels as in market/model/snapshot. */
  ask: Int32Array;
  bid: Int32Array;
  /** Exact values of BIG cells: [0 = ask | 1 = bid, cell, value]. */
  big: Array<[0 | 1, number, number]>;
}

/**
 * Values of other per-item series for the same chunk/baseline/retention machinery (the Steam analytics
 * medians, steam.ts): series "<stream>:<field>", kept in the item's chunks of that stream. An item is
 * recorded only at a time after its last record in the stream (a one-item load and a whole-catalog load
 * can arrive in either order); the grid's polls are not involved.
 */
export interface ValuesInput {
  game: number;
  /** When the values were loaded (ms since epoch). */
  at: number;
  /** Not "a" or "b" (the asks' and bids' stream), no ":". */
  stream: string;
  fields: string[];
  /** Item names: a list, or packNames' one string (it crosses threads as one copy). */
  names: string[] | string;
  /** Row-major (item * fields.length + f), thousandths; NaN: no value. */
  values: Float64Array;
}

export function isValuesInput(p: PollInput | ValuesInput): p is ValuesInput {
  return 'stream' in p;
}

const NAMES_SEP = '\u0000';
/** Names as one string when none holds the separator (else the list as it is). */
export function packNames(names: string[]): string[] | string {
  for (const n of names) if (n.includes(NAMES_SEP)) return names;
  return names.join(NAMES_SEP);
}
export function unpackNames(names: string[] | string): string[] {
  return typeof names !== 'string' ? names : names === '' ? [] : names.split(NAMES_SEP);
}

/** The chunk stream of a series key: '' for asks and bids, else its prefix ("s" for "s:…"). */
export function streamOf(key: string): string {
  const i = key.indexOf(':');
  const p = i < 0 ? '' : key.slice(0, i);
  return p === 'a' || p === 'b' ? '' : p;
}

/** The chunk records' `n` of an item's stream (the asks' and bids' is the name itself). */
export function chunkName(name: string, stream: string): string {
  return stream ? `${name}\u0000${stream}` : name;
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
  /** Per item name: the last value of each of its series (every stream's, by series index). */
  private readonly state = new Map<string, Float64Array>();
  /** Per chunk name (item and stream): the day of its last baseline. */
  private readonly baseDay = new Map<string, number>();
  /** Per chunk name of a values stream: the time of its last record. */
  private readonly itemAt = new Map<string, number>();
  /** Per chunk name: the chunk being filled. */
  readonly open = new Map<string, OpenChunk>();
  /** Time of the last poll (asks and bids). */
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

  private stateOf(name: string, nSeries: number): Float64Array {
    let st = this.state.get(name);
    if (!st || st.length < nSeries) {
      const grown = new Float64Array(nSeries).fill(UNKNOWN);
      if (st) grown.set(st);
      st = grown;
      this.state.set(name, st);
    }
    return st;
  }

  /** The chunk a record of `key` at `at` adds to: its open one, or a new one (a baseline when `base`). */
  private chunkFor(key: string, at: number, day: number, base: boolean, dirty: OpenChunk[]): OpenChunk {
    const cur = this.open.get(key);
    let chunk: OpenChunk;
    if (!base && cur && at - cur.st < CHUNK_SPAN && Math.floor(cur.st / DAY) === day && cur.size < MAX_POINTS) chunk = cur;
    else {
      chunk = new OpenChunk(this.game, key, at, base ? 1 : 0);
      this.open.set(key, chunk);
    }
    dirty.push(chunk);
    return chunk;
  }

  /** Baselines are written once and closed; the item's changes go to a new chunk. */
  private close(dirty: readonly OpenChunk[]): void {
    for (const c of dirty) if (c.b) this.open.delete(c.n);
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
      const st = this.stateOf(name, nSeries);
      const base = this.baseDay.get(name) !== day;
      let chunk: OpenChunk | null = null;
      const put = (si: number, v: number) => {
        chunk ??= this.chunkFor(name, at, day, base, dirty);
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
    this.close(dirty);
    this.lastAt = at;
    return { dirty, points, changedItems: dirty.length };
  }

  /**
   * The same for a values stream (ValuesInput): each item's changes in the stream's chunks, or its
   * baseline of the stream's series at its first record of a day or session. An item whose last record
   * in the stream is at `at` or later is left as it is.
   */
  applyValues(p: ValuesInput): { dirty: OpenChunk[]; points: number; changedItems: number } {
    const at = p.at;
    const day = Math.floor(at / DAY);
    const f = p.fields.length;
    const fieldS = p.fields.map((x) => this.seriesOf(`${p.stream}:${x}`));
    const nSeries = this.series.length;
    const names = unpackNames(p.names);
    const dirty: OpenChunk[] = [];
    let points = 0;
    const n = f ? Math.min(names.length, Math.floor(p.values.length / f)) : 0;
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const name = names[i] as string;
      if (seen.has(name)) continue;
      seen.add(name);
      const key = chunkName(name, p.stream);
      const last = this.itemAt.get(key);
      if (last !== undefined && at <= last) continue;
      this.itemAt.set(key, at);
      const st = this.stateOf(name, nSeries);
      const base = this.baseDay.get(key) !== day;
      let chunk: OpenChunk | null = null;
      for (let k = 0; k < f; k++) {
        const x = p.values[i * f + k] as number;
        const v = Number.isFinite(x) ? x : NaN;
        const si = fieldS[k] as number;
        if (base || !sameValue(st[si] as number, v)) {
          chunk ??= this.chunkFor(key, at, day, base, dirty);
          chunk.add(at, si, v);
          points++;
        }
        st[si] = v;
      }
      if (base) this.baseDay.set(key, day);
    }
    this.close(dirty);
    return { dirty, points, changedItems: dirty.length };
  }

  /** Forget everything (history cleared): the next poll writes baselines. */
  reset(): void {
    this.state.clear();
    this.baseDay.clear();
    this.itemAt.clear();
    this.open.clear();
  }
}

export interface SampledHistory {
  /** Series keys, in the order of `values`. */
  series: string[];
  /** Start of the sampled span (ms): the range's start, or the first point when that is later. */
  start: number;
  /** Slot end times (ms). */
  times: Float64Array;
  /** Per series, the value at each slot's end (NaN: no value or not known). */
  values: Float64Array[];
  /** Best (lowest) ask and best (highest) bid over the "a:" and "b:" series, per slot. */
  bestAsk: Float64Array;
  bestBid: Float64Array;
  /** Time of the first known point (ms), null when there is no history. */
  first: number | null;
  last: number | null;
  /** Change points read (all series). */
  points: number;
}

/**
 * Samples chunks (each stream's in time order, starting at or before its baseline; streams told apart by
 * the chunks' `n`) into `slots` slot-end values over [max(from, first point), to]. Only series whose key
 * passes `keep` are returned and used for the bests.
 */
export function sample(chunks: readonly ChunkRecord[], allSeries: readonly string[], from: number, to: number, slots: number, keep: (key: string) => boolean = () => true): SampledHistory {
  // The game's series index -> the output's (-1: not kept).
  const map = new Int32Array(allSeries.length).fill(-1);
  const series: string[] = [];
  let first: number | null = null;
  let last: number | null = null;
  let points = 0;
  const streams = new Map<string, ChunkRecord[]>();
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
    const list = streams.get(c.n);
    if (list) list.push(c);
    else streams.set(c.n, [c]);
  }
  const start = first === null ? from : Math.max(from, Math.min(first, to));
  const count = first === null ? 0 : Math.max(1, slots);
  const step = (to - start) / count;
  const times = new Float64Array(count);
  for (let j = 0; j < count; j++) times[j] = j === count - 1 ? to : start + step * (j + 1);
  const values = series.map(() => new Float64Array(count).fill(NaN));
  const bestAsk = new Float64Array(count).fill(NaN);
  const bestBid = new Float64Array(count).fill(NaN);
  if (count === 0) return { series, start, times, values, bestAsk, bestBid, first, last, points };
  const cur = new Float64Array(series.length);
  for (const list of streams.values()) {
    // This stream's series (streams have disjoint series): only they are written from its points.
    const mine: number[] = [];
    const isMine = new Uint8Array(series.length);
    for (const c of list) {
      for (let p = 0; p < c.s.length; p++) {
        const s = map[c.s[p] as number] ?? -1;
        if (s >= 0 && !isMine[s]) {
          isMine[s] = 1;
          mine.push(s);
        }
      }
    }
    if (mine.length === 0) continue;
    cur.fill(NaN);
    let slot = 0;
    const flushUntil = (t: number) => {
      while (slot < count && (times[slot] as number) < t) {
        for (const s of mine) (values[s] as Float64Array)[slot] = cur[s] as number;
        slot++;
      }
    };
    for (const c of list) {
      for (let p = 0; p < c.t.length; p++) {
        const t = c.st + (c.t[p] as number) * 1000;
        if (t > to) break;
        flushUntil(t);
        const s = map[c.s[p] as number] ?? -1;
        if (s >= 0) cur[s] = valueAt(c.v, p);
      }
    }
    flushUntil(Infinity);
  }
  const asks: Float64Array[] = [];
  const bids: Float64Array[] = [];
  series.forEach((k, s) => {
    if (k.startsWith('a:')) asks.push(values[s] as Float64Array);
    else if (k.startsWith('b:')) bids.push(values[s] as Float64Array);
  });
  for (let j = 0; j < count; j++) {
    let ba = NaN;
    let bb = NaN;
    for (const v of asks) {
      const x = v[j] as number;
      if (!Number.isNaN(x) && (Number.isNaN(ba) || x < ba)) ba = x;
    }
    for (const v of bids) {
      const x = v[j] as number;
      if (!Number.isNaN(x) && (Number.isNaN(bb) || x > bb)) bb = x;
    }
    bestAsk[j] = ba;
    bestBid[j] = bb;
  }
  return { series, start, times, values, bestAsk, bestBid, first, last, points };
}

export function dayOf(t: number): number {
  return Math.floor(t / DAY);
}
