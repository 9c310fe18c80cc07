/**
 * Business days for the age of a rate. The ECB publishes its reference rates "on every working day, except
 * on TARGET closing days" (euro_reference_exchange_rates page). TARGET closes on Saturdays, Sundays, New
 * Year's Day, Good Friday, Easter Monday, 1 May, Christmas Day and 26 December (ECB press release of
 * 14 December 2000, "Long-term calendar for TARGET closing days"; the TARGET2 calendar page). None of these
 * count, so a Thursday rate is not stale after an Easter week-end. Dates are calendar dates (YYYY-MM-DD, UTC).
 */

import { isTargetClosed, isTargetHoliday } from '../../../shared/rates/target-calendar';

const DAY_MS = 86_400_000;

function utc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** TARGET closing days other than week-ends. */
export const isTargetClosingDay = isTargetHoliday;

function isBusinessDay(date: string): boolean {
  return !isTargetClosed(date);
}

/** Business days after `from` up to and including `to` (0 when `to` is not later). */
export function businessDaysBetween(from: string, to: string): number {
  const start = utc(from);
  const end = utc(to);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return 0;
  let n = 0;
  // Bounded: a rate older than ten years is stale whatever the exact count.
  for (let t = start + DAY_MS; t <= end && n < 2600; t += DAY_MS) if (isBusinessDay(iso(t))) n += 1;
  return n;
}

/** A rate older than this many business days is marked stale. */
export const STALE_AFTER_BUSINESS_DAYS = 3;

export function todayUtc(now: number = Date.now()): string {
  return iso(now);
}
