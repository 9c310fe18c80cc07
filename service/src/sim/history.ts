/**
 * The simulated past of a game's items, sampled at noon of each of the last 90 days and at each of the
 * last 24 hour starts. Reference prices and Steam sales only change when the day (or hour) rolls over, so
 * they are computed once per day / hour and shared by every operation and market.
 */
import { knot, salted } from './hash';
import { poisson } from './cells';
import { quantize, type GameSim } from './game-sim';
import { medianOf } from './stats';
import { DAY_SAMPLE_OFFSET, EPOCHS_PER_DAY, EPOCHS_PER_HOUR, HISTORY_DAYS, HOURS_24 } from './time';
import { fillParts, PARTS } from './windows';

/** Days of history kept: the 90 full days before today (day D-1 .. D-90). */
export const DAYS = HISTORY_DAYS;

/** The 90-day reference-price series (analytics day aggregates need it). */
export interface DailyHistory {
  readonly day: number;
  /** Reference price at noon of day D-1-j, j = 0..89: ref[i * DAYS + j]; NaN before release. */
  readonly ref: Float32Array;
}

/** What recommendations and the sales windows need: a third of the work of DailyHistory, so cold start is quick. */
export interface RecentHistory {
  readonly day: number;
  /** Steam sales window parts per item (windows.ts): salesParts[i * PARTS + slot]. */
  readonly salesParts: Int32Array;
  /** Median reference price over days D-1..D-30 (or since release). */
  readonly refMedian30: Float64Array;
  /** Max reference price over days D-1..D-6. */
  readonly refMax6: Float64Array;
}

export interface HourlyHistory {
  readonly hour: number;
  /** Reference price at the start of hour H-j, j = 0..23: ref[i * 24 + j]. */
  readonly ref: Float32Array;
}

const SALT_SALES = 0x5a1e;

/** Number of full past days an item has history for (new items: since release). */
export function pastDays(sim: GameSim, i: number): number {
  const age = sim.items.ageDays[i]!;
  return age === 0 ? DAYS : Math.min(age, DAYS);
}

/** Noon sample epoch of absolute day d. */
export function noonOf(d: number): number {
  return d * EPOCHS_PER_DAY + DAY_SAMPLE_OFFSET;
}

export class History {
  private daily: DailyHistory | undefined;
  private recent: RecentHistory | undefined;
  private hourly: HourlyHistory | undefined;
  private readonly salesKeys: Uint32Array;

  constructor(private readonly sim: GameSim) {
    const n = sim.items.n;
    this.salesKeys = new Uint32Array(n);
    for (let i = 0; i < n; i++) this.salesKeys[i] = salted(sim.items.key[i]!, SALT_SALES);
  }

  /** Steam sales of item i on absolute day d: Poisson around its mean, +-25% day to day. */
  steamSalesOn(i: number, d: number): number {
    const h = knot(this.salesKeys[i]!, d);
    const swing = 0.75 + 0.5 * ((h & 0x3ff) / 1024);
    return poisson(this.sim.items.vol[i]! * swing, ((h >>> 10) + 0.5) / 4194304);
  }

  dailyFor(day: number): DailyHistory {
    if (this.daily?.day === day) return this.daily;
    const sim = this.sim;
    const n = sim.items.n;
    const ref = new Float32Array(n * DAYS);
    const epochs = new Float64Array(DAYS);
    const asc = new Float64Array(DAYS);
    for (let i = 0; i < n; i++) {
      const nd = pastDays(sim, i);
      this.series(i, day, nd, epochs, asc);
      for (let j = 0; j < DAYS; j++) ref[i * DAYS + j] = j < nd ? asc[nd - 1 - j]! : NaN;
    }
    this.daily = { day, ref };
    return this.daily;
  }

  recentFor(day: number): RecentHistory {
    if (this.recent?.day === day) return this.recent;
    const sim = this.sim;
    const n = sim.items.n;
    const full = this.daily?.day === day ? this.daily : undefined;
    const salesParts = new Int32Array(n * PARTS);
    const refMedian30 = new Float64Array(n);
    const refMax6 = new Float64Array(n);
    const tmp = new Float64Array(30);
    const days = new Int32Array(DAYS);
    const epochs = new Float64Array(30);
    const asc = new Float64Array(30);
    for (let i = 0; i < n; i++) {
      const nd = pastDays(sim, i);
      const k = Math.min(nd, 30);
      // The last 30 days, newest first in tmp (from the full series when it is already there).
      if (full) for (let j = 0; j < k; j++) tmp[j] = full.ref[i * DAYS + j]!;
      else {
        this.series(i, day, k, epochs, asc);
        for (let j = 0; j < k; j++) tmp[j] = asc[k - 1 - j]!;
      }
      let max6 = 0;
      for (let j = 0; j < Math.min(k, 6); j++) if (tmp[j]! > max6) max6 = tmp[j]!;
      refMax6[i] = max6;
      refMedian30[i] = k > 0 ? medianOf(tmp, k) : NaN;
      for (let j = 0; j < nd; j++) days[j] = this.steamSalesOn(i, day - 1 - j);
      fillParts(salesParts, i * PARTS, this.steamSalesOn(i, day), days, nd);
    }
    this.recent = { day, salesParts, refMedian30, refMax6 };
    return this.recent;
  }

  /** Reference prices at noon of days D-count..D-1, oldest first, into asc (the sequential evaluator's order). */
  private series(i: number, day: number, count: number, epochs: Float64Array, asc: Float64Array): void {
    const sim = this.sim;
    for (let x = 0; x < count; x++) epochs[x] = quantize(sim, i, noonOf(day - count + x));
    sim.path.refSeries(i, epochs, count, asc, 0);
  }

  hourlyFor(hour: number): HourlyHistory {
    if (this.hourly?.hour === hour) return this.hourly;
    const sim = this.sim;
    const n = sim.items.n;
    const ref = new Float32Array(n * HOURS_24);
    const epochs = new Float64Array(HOURS_24);
    const asc = new Float64Array(HOURS_24);
    for (let i = 0; i < n; i++) {
      for (let x = 0; x < HOURS_24; x++) epochs[x] = quantize(sim, i, (hour - HOURS_24 + 1 + x) * EPOCHS_PER_HOUR);
      sim.path.refSeries(i, epochs, HOURS_24, asc, 0);
      for (let j = 0; j < HOURS_24; j++) ref[i * HOURS_24 + j] = asc[HOURS_24 - 1 - j]!;
    }
    this.hourly = { hour, ref };
    return this.hourly;
  }
}
