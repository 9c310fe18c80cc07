/**
 * When to look for new rates: the ECB's reference rates are "usually updated around 16:00 CET on every working
 * day, except on TARGET closing days" (the ECB's page, mirrored at
 * https://nbs.sk/en/statistics/exchange-rates/ecb-foreign-exchange-reference-rates/). The closing days and their
 * sources: README.md here. Times are Frankfurt's (Europe/Berlin): the host looks at LOOK_AT, half an hour after
 * the usual publication, on each working day. Pure functions of "now" (the injected clock's).
 */
import { backoffDelayMs } from '../retry-policy';
import type { RatesFetchState } from '../../shared/rates/types';
import { isTargetClosed } from '../../shared/rates/target-calendar';

export { isTargetClosed };

/** Half an hour after the usual 16:00 publication. */
const LOOK_AT = { hour: 16, minute: 30 } as const;
/** When the source answers but the day is not there yet (published late): look again after this. */
export const LATE_RETRY_MS = 30 * 60_000;
/** How long after the usual time a late day is still waited for; then the next working day's time. */
const LATE_GIVE_UP_MS = 8 * 3_600_000;
/** Backoff after failures: 5 minutes doubling, at most 6 hours. */
export const FAILURE_BASE_MS = 5 * 60_000;
const FAILURE_CAP_MS = 6 * 3_600_000;

const DAY_MS = 86_400_000;

/** A day as YYYY-MM-DD; days are UTC-midnight numbers internally. */
function dayText(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

export function nextWorkingDay(date: string): string {
  let t = dayNumber(date) + DAY_MS;
  while (isTargetClosed(dayText(t))) t += DAY_MS;
  return dayText(t);
}

function previousWorkingDay(date: string): string {
  let t = dayNumber(date) - DAY_MS;
  while (isTargetClosed(dayText(t))) t -= DAY_MS;
  return dayText(t);
}

const frankfurt = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Frankfurt's wall clock at an instant, as if it were UTC (for offsets and dates). */
function frankfurtWall(t: number): number {
  const p = Object.fromEntries(frankfurt.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/** Frankfurt's date at an instant. */
function frankfurtDate(t: number): string {
  return dayText(frankfurtWall(t));
}

/** The instant of LOOK_AT in Frankfurt on a date. */
export function lookTime(date: string): number {
  const wall = dayNumber(date) + (LOOK_AT.hour * 60 + LOOK_AT.minute) * 60_000;
  // The offset at that wall time (CET +1 h, CEST +2 h); 16:30 is never inside a DST change (at 02:00-03:00).
  const offset = frankfurtWall(wall) - wall;
  return wall - offset;
}

/** The newest day whose rates should be out at `now` (its LOOK_AT has passed). */
export function latestExpectedDay(now: number): string {
  let date = frankfurtDate(now);
  if (isTargetClosed(date) || lookTime(date) > now) date = previousWorkingDay(date);
  return date;
}

export interface PlanInput {
  readonly now: number;
  /** The newest day kept, or null. */
  readonly newestKept: string | null;
  readonly lastFetch: RatesFetchState | null;
  /** Failed attempts in a row (0 after a success). */
  readonly failures: number;
  readonly random?: () => number;
}

export interface Plan {
  /** When to look (ms since epoch; <= now means now). */
  readonly at: number;
  /** The 90-day file when nothing is kept or a working day is missing since the newest kept; else the day's file. */
  readonly file: 'daily' | 'hist90d';
}

export function planNextLook(input: PlanInput): Plan {
  const { now, newestKept, lastFetch, failures } = input;
  const expected = latestExpectedDay(now);
  const gap = newestKept === null || newestKept < previousWorkingDay(expected);
  const file = gap ? 'hist90d' : 'daily';
  const nextTime = lookTime(nextWorkingDay(expected));
  if (newestKept !== null && newestKept >= expected) return { at: nextTime, file: 'daily' };
  // Behind. Not tried since the day's publication: look now.
  if (!lastFetch || lastFetch.at < lookTime(expected)) return { at: now, file };
  if (failures > 0) {
    return {
      at: lastFetch.at + backoffDelayMs(failures, input.random ?? Math.random, FAILURE_BASE_MS, FAILURE_CAP_MS),
      file,
    };
  }
  // The source answered, without the day: published late, or not at all (a day the ECB skipped).
  const again = lastFetch.at + LATE_RETRY_MS;
  return again - lookTime(expected) > LATE_GIVE_UP_MS ? { at: nextTime, file } : { at: again, file };
}
