/**
 * Price history's reads: chunks (chunk-codec.ts) turned back into values over time, a value per series
 * at the end of each of a number of slots, and the best ask and bid per slot. Reads every tier (tiers.ts)
 * and says which resolution each part of the range has. Pure, so it is unit-tested.
 */
import { decodeChunk, type ChunkPoints, type Chunk } from './chunk-codec';
import { BEST_ASK, BEST_BID, isDerived } from './tiers';

/** A part of a read's range and the resolution of what it holds (0: every poll). */
export interface ResolutionPart {
  from: number;
  to: number;
  /** Step in ms: 0 for poll resolution, else the consolidated step (an hour). */
  resolutionMs: number;
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
  /**
   * The resolution of the range's parts, in time order (the asks' and bids' stream): poll resolution, or
   * consolidated (tiers.ts). Empty without history.
   */
  resolution: ResolutionPart[];
  /** The coarsest resolution in the sampled span (ms; 0: every poll). */
  resolutionMs: number;
}

interface Decoded {
  pts: ChunkPoints;
  /** The chunk's resolution (0: poll). */
  r: number;
}

/** The chunks decoded, grouped by stream, with the kept series and the range they cover. */
interface ReadChunks {
  /** The game's series index -> the output's (-1: not seen, -2: not kept). */
  map: Int32Array;
  series: string[];
  first: number | null;
  last: number | null;
  points: number;
  streams: Map<string, Decoded[]>;
  parts: ResolutionPart[];
}

function readChunks(
  chunks: readonly Chunk[],
  allSeries: readonly string[],
  keep: (key: string) => boolean,
): ReadChunks {
  const read: ReadChunks = {
    map: new Int32Array(allSeries.length).fill(-1),
    series: [],
    first: null,
    last: null,
    points: 0,
    streams: new Map(),
    parts: [],
  };
  const { map, series, streams } = read;
  for (const c of chunks) {
    const pts = decodeChunk(c);
    const r = ('r' in c && c.r) || 0;
    for (let p = 0; p < pts.s.length; p++) {
      const g = pts.s[p] as number;
      if (g < allSeries.length && map[g] === -1) {
        const key = allSeries[g] as string;
        if (!isDerived(key) && keep(key)) {
          map[g] = series.length;
          series.push(key);
        } else map[g] = -2;
      }
    }
    const n = pts.t.length;
    if (n > 0) {
      const t0 = pts.t[0] as number;
      const t1 = pts.t[n - 1] as number;
      if (read.first === null || t0 < read.first) read.first = t0;
      if (read.last === null || t1 > read.last) read.last = t1;
      if (!c.n.includes('\u0000')) read.parts.push({ from: Math.min(c.st, t0), to: t1, resolutionMs: r });
    }
    read.points += n;
    const list = streams.get(c.n);
    if (list) list.push({ pts, r });
    else streams.set(c.n, [{ pts, r }]);
  }
  return read;
}

/** The slots being filled: their end times, each kept series' value, and the recorded bests per slot. */
interface Slots {
  count: number;
  times: Float64Array;
  values: Float64Array[];
  /** Per slot: the recorded bests, when the slot's end lies in a consolidated chunk. */
  storedAsk: Float64Array;
  storedBid: Float64Array;
  consolidated: Uint8Array;
}

/** One stream's points written into the slots: each of its series' value at each slot's end. */
function sampleStream(list: readonly Decoded[], map: Int32Array, bestIdx: readonly number[], slots: Slots, to: number) {
  const { count, times, values } = slots;
  // This stream's series (streams have disjoint series): only they are written from its points.
  const mine: number[] = [];
  const isMine = new Uint8Array(values.length);
  let hasBest = false;
  for (const { pts } of list) {
    for (let p = 0; p < pts.s.length; p++) {
      const g = pts.s[p] as number;
      const s = map[g] ?? -1;
      if (s >= 0 && !isMine[s]) {
        isMine[s] = 1;
        mine.push(s);
      }
      if (g === bestIdx[0] || g === bestIdx[1]) hasBest = true;
    }
  }
  if (mine.length === 0) return;
  const cur = new Float64Array(values.length).fill(NaN);
  let ba = NaN;
  let bb = NaN;
  let consolidatedNow = 0;
  let slot = 0;
  const flushUntil = (t: number) => {
    while (slot < count && (times[slot] as number) < t) {
      for (const s of mine) (values[s] as Float64Array)[slot] = cur[s] as number;
      if (hasBest && consolidatedNow) {
        slots.consolidated[slot] = 1;
        slots.storedAsk[slot] = ba;
        slots.storedBid[slot] = bb;
      }
      slot++;
    }
  };
  for (const { pts, r } of list) {
    for (let p = 0; p < pts.t.length; p++) {
      const t = pts.t[p] as number;
      if (t > to) break;
      flushUntil(t);
      consolidatedNow = r;
      const g = pts.s[p] as number;
      const s = map[g] ?? -1;
      if (s >= 0) cur[s] = pts.v[p] as number;
      else if (g === bestIdx[0]) ba = pts.v[p] as number;
      else if (g === bestIdx[1]) bb = pts.v[p] as number;
    }
  }
  flushUntil(Infinity);
}

/**
 * The best ask and bid of each slot: the recorded ones where the slot is consolidated and `useBest`,
 * else the lowest "a:" and highest "b:" series value.
 */
function fillBests(
  series: readonly string[],
  slots: Slots,
  useBest: boolean,
  bestAsk: Float64Array,
  bestBid: Float64Array,
) {
  const asks: Float64Array[] = [];
  const bids: Float64Array[] = [];
  series.forEach((k, s) => {
    if (k.startsWith('a:')) asks.push(slots.values[s] as Float64Array);
    else if (k.startsWith('b:')) bids.push(slots.values[s] as Float64Array);
  });
  for (let j = 0; j < slots.count; j++) {
    if (useBest && slots.consolidated[j]) {
      bestAsk[j] = slots.storedAsk[j] as number;
      bestBid[j] = slots.storedBid[j] as number;
      continue;
    }
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
}

/**
 * Samples chunks (each stream's in time order, starting at or before its baseline; streams told apart by
 * the chunks' `n`) into `slots` slot-end values over [max(from, first point), to]. Only series whose key
 * passes `keep` are returned and used for the bests. Where the item's history is consolidated, the bests
 * are its recorded best ask and bid (every market, at poll resolution) when `keep` passes BEST_ASK and
 * BEST_BID; else the kept markets' consolidated values (exact at each step's end).
 */
export function sample(
  chunks: readonly Chunk[],
  allSeries: readonly string[],
  from: number,
  to: number,
  slots: number,
  keep: (key: string) => boolean = () => true,
): SampledHistory {
  const { map, series, first, last, points, streams, parts } = readChunks(chunks, allSeries, keep);
  const start = first === null ? from : Math.max(from, Math.min(first, to));
  const count = first === null ? 0 : Math.max(1, slots);
  const step = (to - start) / count;
  const times = new Float64Array(count);
  for (let j = 0; j < count; j++) times[j] = j === count - 1 ? to : start + step * (j + 1);
  const values = series.map(() => new Float64Array(count).fill(NaN));
  const bestAsk = new Float64Array(count).fill(NaN);
  const bestBid = new Float64Array(count).fill(NaN);
  const resolution = mergeParts(parts, start, to);
  const resolutionMs = resolution.reduce((m, p) => Math.max(m, p.resolutionMs), 0);
  if (count > 0) {
    const filled: Slots = {
      count,
      times,
      values,
      storedAsk: new Float64Array(count).fill(NaN),
      storedBid: new Float64Array(count).fill(NaN),
      consolidated: new Uint8Array(count),
    };
    const bestIdx = [allSeries.indexOf(BEST_ASK), allSeries.indexOf(BEST_BID)];
    for (const list of streams.values()) sampleStream(list, map, bestIdx, filled, to);
    fillBests(series, filled, keep(BEST_ASK) && keep(BEST_BID), bestAsk, bestBid);
  }
  return { series, start, times, values, bestAsk, bestBid, first, last, points, resolution, resolutionMs };
}

/** The chunks' spans clipped to [from, to], neighbours of one resolution joined, gaps given to the earlier part. */
function mergeParts(parts: ResolutionPart[], from: number, to: number): ResolutionPart[] {
  parts.sort((a, b) => a.from - b.from);
  const out: ResolutionPart[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as ResolutionPart;
    // A chunk holds until the next one starts.
    const end = Math.min(to, i + 1 < parts.length ? (parts[i + 1] as ResolutionPart).from : to);
    const a = Math.max(from, p.from);
    if (end < a) continue;
    const prev = out[out.length - 1];
    if (prev && prev.resolutionMs === p.resolutionMs) prev.to = end;
    else out.push({ from: a, to: end, resolutionMs: p.resolutionMs });
  }
  return out;
}
