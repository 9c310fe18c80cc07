/**
 * Price history's tiers: which points stay at poll resolution and how the others are consolidated, the
 * way RRDtool's archives and Prometheus' downsampling keep long ranges cheap (a coarser step with the last,
 * lowest and highest value of each step: https://oss.oetiker.ch/rrdtool/doc/rrdcreate.en.html, "RRA";
 * https://thanos.io/tip/components/compact.md/#downsampling). Pure: the store (store.ts) runs it on the
 * chunks of one item and day at a time. What each tier keeps: README.md, "Tiers".
 */
import {
  chunkBytes,
  ChunkEncoder,
  DAY,
  decodeChunk,
  encodePoints,
  HOUR,
  type ChunkPoints,
  type EncodedChunk,
} from './chunk-codec';

/** Per-market series older than this are consolidated (the recent tier stays at poll resolution). */
export const CONSOLIDATE_AFTER = 48 * HOUR;
/** The hourly tier's step. */
export const HOURLY_STEP = HOUR;
/**
 * Hourly days older than this are consolidated again, to daily steps (RRDtool's next archive). Two days:
 * daily as soon as full resolution ends, so that 30 days fit in 500 MB (README.md, Tiers).
 */
export const DAILY_AFTER = 2 * DAY;
export const DAILY_STEP = DAY;
/**
 * Daily days of an item are kept together in one chunk per BLOCK_DAYS-day block (blocks aligned on days
 * since the epoch): a chunk's fixed cost is most of a daily day otherwise (README.md, Tiers).
 */
export const BLOCK_DAYS = 7;
/** The end (ms, exclusive) of the block that holds the day of `t`. */
export function blockEnd(t: number): number {
  return (Math.floor(Math.floor(t / DAY) / BLOCK_DAYS) + 1) * BLOCK_DAYS * DAY;
}
/** The start (ms) of the block that holds the day of `t`. */
export function blockStart(t: number): number {
  return blockEnd(t) - BLOCK_DAYS * DAY;
}

export const BEST_ASK = 'best:a';
export const BEST_BID = 'best:b';
export const lowKey = (key: string): string => `${key}|lo`;
export const highKey = (key: string): string => `${key}|hi`;

/** A series made by consolidation (a best, a low or a high), not a market's own. */
export function isDerived(key: string): boolean {
  return key === BEST_ASK || key === BEST_BID || key.endsWith('|lo') || key.endsWith('|hi');
}

/** A market's own series (asks and bids per market): the ones consolidated. */
export function isMarketSeries(key: string): boolean {
  return (key.startsWith('a:') || key.startsWith('b:')) && !isDerived(key);
}

/**
 * One day's consolidation under way: per market series the value now and the current step's first
 * (carried-in), low and high; the steps written to `enc` as they close.
 */
class StepFold {
  private readonly now = new Map<number, number>();
  private readonly carried = new Map<number, number>();
  private readonly low = new Map<number, number>();
  private readonly high = new Map<number, number>();
  private readonly touched = new Set<number>();
  private bucket = -2;
  private bestAsk = NaN;
  private bestBid = NaN;
  /**
   * The daily tier keeps each market's last value only: its low and high would be two more whole prices a
   * series a day, what 30 days in 500 MB cannot hold (README.md, Tiers); the bests stay at every refresh.
   */
  private readonly extremes: boolean;

  constructor(
    private readonly enc: ChunkEncoder,
    private readonly series: readonly string[],
    private readonly indexOf: (key: string) => number,
    private readonly dayStart: number,
    private readonly step: number,
  ) {
    this.extremes = step < DAILY_STEP;
  }

  kind(s: number): 'ask' | 'bid' | 'keep' {
    const k = this.series[s] ?? '';
    return isMarketSeries(k) ? (k.startsWith('a:') ? 'ask' : 'bid') : 'keep';
  }

  /** Moves to the step of time `t`, closing the current one when `t` is past it. */
  enter(t: number): void {
    // Steps are (end - step, end]: a step's value at its end counts every change up to that instant.
    // A daily step also takes the day's first instant (a baseline polled at midnight), which would else be
    // a step of its own: the same value as the day before's last, written twice.
    const b = Math.max(this.extremes ? -1 : 0, Math.ceil((t - this.dayStart) / this.step) - 1);
    if (b === this.bucket) return;
    this.close();
    this.bucket = b;
  }

  /** Writes the current step's last value of each series it changed, and its low and high where they say more. */
  close(): void {
    const { touched, now, carried, low, high, enc } = this;
    if (this.bucket < -1 || touched.size === 0) return;
    const at = Math.min(this.dayStart + (this.bucket + 1) * this.step, this.dayStart + DAY - 1000);
    for (const s of [...touched].sort((a, b) => a - b)) {
      const last = now.get(s) ?? NaN;
      const before = carried.has(s) ? (carried.get(s) as number) : NaN;
      enc.add(at, s, last);
      const lo = low.get(s) ?? NaN;
      const hi = high.get(s) ?? NaN;
      // Only when the step went beyond the value carried in and the last one (a single change says both).
      const impliedLo = minOf(before, last);
      const impliedHi = maxOf(before, last);
      const key = this.series[s] as string;
      if (this.extremes && !Number.isNaN(lo) && !(lo === impliedLo)) enc.add(at, this.indexOf(lowKey(key)), lo);
      if (this.extremes && !Number.isNaN(hi) && !(hi === impliedHi)) enc.add(at, this.indexOf(highKey(key)), hi);
    }
    touched.clear();
    carried.clear();
    low.clear();
    high.clear();
  }

  /** One point at time `t`; true when it is a market's price (the bests may change). */
  add(t: number, s: number, v: number): boolean {
    if (this.kind(s) === 'keep') {
      this.keep(t, s, v);
      return false;
    }
    const { now, carried, low, high } = this;
    if (!carried.has(s)) carried.set(s, now.get(s) ?? NaN);
    now.set(s, v);
    this.touched.add(s);
    if (!Number.isNaN(v)) {
      const c = carried.get(s) as number;
      low.set(s, minOf(minOf(low.get(s) ?? NaN, v), c));
      high.set(s, maxOf(maxOf(high.get(s) ?? NaN, v), c));
    }
    return true;
  }

  /**
   * Already consolidated input (a coarser pass over a consolidated day) or a best: kept as it is, except
   * lows and highs, which fold into their market's step.
   */
  private keep(t: number, s: number, v: number): void {
    const key = this.series[s] ?? '';
    const isLow = key.endsWith('|lo');
    if (!isLow && !key.endsWith('|hi')) {
      this.enc.add(t, s, v);
      return;
    }
    const base = this.indexOf(key.slice(0, -3));
    if (Number.isNaN(v)) return;
    const m = isLow ? this.low : this.high;
    const cur = m.get(base);
    m.set(base, cur === undefined || Number.isNaN(cur) ? v : isLow ? Math.min(cur, v) : Math.max(cur, v));
  }

  /** The best ask and bid over every market's value now, written at `t` where they changed. */
  writeBests(t: number): void {
    let ba = NaN;
    let bb = NaN;
    for (const [s, v] of this.now) {
      if (Number.isNaN(v)) continue;
      if (this.kind(s) === 'ask') ba = minOf(ba, v);
      else bb = maxOf(bb, v);
    }
    if (!same(ba, this.bestAsk)) this.enc.add(t, this.indexOf(BEST_ASK), ba);
    if (!same(bb, this.bestBid)) this.enc.add(t, this.indexOf(BEST_BID), bb);
    this.bestAsk = ba;
    this.bestBid = bb;
  }
}

/**
 * Consolidates an item's points of one day (its chunks of the asks' and bids' stream, decoded, in time
 * order; the first one a baseline) into one chunk of resolution `step`. `series` is the game's series
 * list; `indexOf` gives (adding when new) the index of a derived series.
 */
export function consolidate(
  head: { g: number; n: string; st: number; b: 0 | 1 },
  parts: readonly ChunkPoints[],
  series: readonly string[],
  indexOf: (key: string) => number,
  step = HOURLY_STEP,
): EncodedChunk {
  const enc = new ChunkEncoder(head.st);
  const fold = new StepFold(enc, series, indexOf, Math.floor(head.st / DAY) * DAY, step);
  let hasBest = false;
  for (const p of parts)
    for (let i = 0; i < p.s.length; i++)
      if (series[p.s[i] as number] === BEST_ASK || series[p.s[i] as number] === BEST_BID) hasBest = true;
  for (const p of parts) {
    for (let i = 0; i < p.t.length;) {
      const t = p.t[i] as number;
      fold.enter(t);
      // One time group: apply every point, then the bests.
      let j = i;
      let priced = false;
      for (; j < p.t.length && p.t[j] === t; j++) if (fold.add(t, p.s[j] as number, p.v[j] as number)) priced = true;
      if (priced && !hasBest) fold.writeBests(t);
      i = j;
    }
  }
  fold.close();
  const { d, c } = enc.encode();
  const rec: EncodedChunk = { g: head.g, n: head.n, st: head.st, b: head.b, d, c, r: step, bytes: 0 };
  rec.bytes = chunkBytes(rec);
  return rec;
}

function same(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}
/** The smaller of two values, NaN ("no value") counting as absent. */
function minOf(a: number, b: number): number {
  return Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b);
}
function maxOf(a: number, b: number): number {
  return Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.max(a, b);
}

/** A block chunk (daily steps) with a later daily day appended: one chunk, its key the block's. */
export function joinDays(block: EncodedChunk, day: EncodedChunk): EncodedChunk {
  const a = decodeChunk(block);
  const b = decodeChunk(day);
  const cat = (x: Float64Array | Uint32Array, y: Float64Array | Uint32Array) => [...x, ...y];
  const { d, c } = encodePoints(block.st, cat(a.t, b.t), cat(a.s, b.s), cat(a.v, b.v));
  const rec: EncodedChunk = {
    g: block.g,
    n: block.n,
    st: block.st,
    b: block.b,
    d,
    c,
    r: Math.max(block.r ?? 0, day.r ?? 0),
    bytes: 0,
  };
  rec.bytes = chunkBytes(rec);
  return rec;
}
