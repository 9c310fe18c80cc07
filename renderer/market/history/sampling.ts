/**
 * Price history's reads: chunks (chunk-codec.ts) turned back into values over time, a value per series
 * at the end of each of a number of slots, and the best ask and bid per slot. Pure, so it is unit-tested.
 */
import { valueAt, type ChunkRecord } from './chunk-codec';

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
