/**
 * How the price history grows: the usage it reports, the limits it keeps to, the daily growth counter
 * (meta 'growth') and the forecast of how many days fit in a size limit.
 */
import { DAY } from './chunk-codec';
import { DAILY_AFTER } from './tiers';

export interface Usage {
  bytes: number;
  chunks: number;
  oldest: number | null;
  /**
   * Growth a day at the current rate (bytes): today's writes over the time they took, or the last day's
   * when today has not run an hour yet; null before that.
   */
  perDay?: number | null;
  /** A day once consolidated to the hourly tier (tiers.ts), as last measured; null before one is. */
  hourlyPerDay?: number | null;
  /** A day once consolidated to the daily tier (after DAILY_AFTER), as last measured; null before one is. */
  dailyPerDay?: number | null;
}

/** meta 'growth': what today's and the last day's writes added (and what consolidation left of a day). */
export interface Growth {
  day: number;
  bytes: number;
  from: number;
  to: number;
  prevDay: number | null;
  prevBytes: number;
  /**
   * The hourly tier: its last day and that day's chunks' bytes (growing while the day is done). Stored as
   * 'coarse…', the names stores were written with: kept, so a store measured before reads as it is.
   */
  coarseDay?: number | null;
  coarseBytes?: number;
  /** The bytes of the hourly tier's last day fully consolidated. */
  coarseDone?: number | null;
  /** The same for the daily tier (tiers.ts, DAILY_AFTER). */
  dailyDay?: number | null;
  dailyBytes?: number;
  dailyDone?: number | null;
}

/**
 * How many days fit in `capBytes`: the last `fullDays` at `perDay`, then the hourly tier at `hourlyPerDay`
 * until `dailyAfterDays`, the days before at `dailyPerDay`. A tier not measured yet counts at the rate of the
 * one before it (the hourly at the full rate, the daily at the hourly), so the forecast never guesses a saving.
 */
export function daysThatFit(
  capBytes: number,
  perDay: number,
  hourlyPerDay: number | null,
  fullDays = 2,
  dailyPerDay: number | null = null,
  dailyAfterDays = DAILY_AFTER / DAY,
): number {
  if (!(perDay > 0)) return Infinity;
  const hourly = hourlyPerDay !== null && hourlyPerDay > 0 ? hourlyPerDay : perDay;
  const daily = dailyPerDay !== null && dailyPerDay > 0 ? dailyPerDay : hourly;
  if (capBytes <= fullDays * perDay) return capBytes / perDay;
  const hourlyDays = Math.max(0, dailyAfterDays - fullDays);
  const left = capBytes - fullDays * perDay;
  if (left <= hourlyDays * hourly) return fullDays + left / hourly;
  return fullDays + hourlyDays + (left - hourlyDays * hourly) / daily;
}

export interface Limits {
  retentionDays: number;
  capBytes: number;
  /** Per-market series of items not followed are consolidated after this long (tiers.ts; CONSOLIDATE_AFTER when absent). */
  fullResolutionMs?: number;
  /** ...and, after this long, daily (tiers.ts; DAILY_AFTER when absent; never sooner than fullResolutionMs). */
  dailyAfterMs?: number;
}

/** Today's growth counter after a write of `added` bytes at `at`. */
export function grown(g: Growth | undefined, at: number, added: number): Growth {
  const day = Math.floor(at / DAY);
  if (g && g.day === day) return { ...g, bytes: g.bytes + added, to: Math.max(g.to, at) };
  return { ...(g ?? {}), day, bytes: added, from: at, to: at, prevDay: g ? g.day : null, prevBytes: g ? g.bytes : 0 };
}

/** Minimum span of today's writes for its rate to stand for the day. */
const RATE_MIN_SPAN = 3_600_000;

/** Growth a day at the current rate, or null when not known yet. */
export function rateOf(g: Growth | undefined): number | null {
  if (!g) return null;
  if (g.to - g.from >= RATE_MIN_SPAN) return (g.bytes / (g.to - g.from)) * DAY;
  if (g.prevDay === g.day - 1 && g.prevBytes > 0) return g.prevBytes;
  return null;
}
