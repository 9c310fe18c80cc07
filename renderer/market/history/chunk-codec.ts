/**
 * Price history's chunk records: their layout, names and sizes, and the open chunk an item's changes are
 * gathered in before it is written. Pure (no IndexedDB: store.ts), shared by the recorder (recorder.ts),
 * the reads (sampling.ts) and the store.
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

export function dayOf(t: number): number {
  return Math.floor(t / DAY);
}
