/**
 * Business days for the age of a rate. The ECB publishes its reference rates "on every working day, except
 * on TARGET closing days" (euro_reference_exchange_rates page). TARGET closes on Saturdays, Sundays, New
 * Year's Day, Good Friday, Easter Monday, 1 May, Christmas Day and 26 December (ECB press release of
 * 14 December 2000, "Long-term calendar for TARGET closing days"; the TARGET2 calendar page). None of these
 * count, so a Thursday rate is not stale after an Easter week-end. Dates are calendar dates (YYYY-MM-DD, UTC).
 */

const DAY_MS = 86_400_000;

function utc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Easter Sunday of a year (Gregorian calendar; the anonymous "Meeus/Jones/Butcher" algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** TARGET closing days other than week-ends. */
export function isTargetClosingDay(date: string): boolean {
  const md = date.slice(5);
  if (md === '01-01' || md === '05-01' || md === '12-25' || md === '12-26') return true;
  const easter = utc(easterSunday(Number(date.slice(0, 4))));
  const t = utc(date);
  return t === easter - 2 * DAY_MS || t === easter + DAY_MS;
}

export function isBusinessDay(date: string): boolean {
  const wd = new Date(utc(date)).getUTCDay();
  return wd !== 0 && wd !== 6 && !isTargetClosingDay(date);
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

export function isStale(rateDate: string, today: string): boolean {
  return businessDaysBetween(rateDate, today) > STALE_AFTER_BUSINESS_DAYS;
}
