/**
 * The rate of a currency pair on a day, from the ECB days the host keeps and the user's manual rates.
 * One day gives every pair: units of `to` per unit of `from` = perEuro[to] / perEuro[from] (EUR = 1).
 * A dated point takes the closest earlier published day (week-ends, TARGET holidays and days the file
 * skipped have none); a point older than the oldest kept day takes the oldest and says so (`beforeKept`).
 * A manual rate ("1 base = rate code", dated by the user) covers a currency the feed does not, or overrides
 * the feed from its own date on.
 */
import type { CurrencyCode, RateDay } from '../../../shared/rates/types';

export interface ManualRate {
  code: CurrencyCode;
  /** The currency the rate is per: EUR or one the feed covers. */
  base: CurrencyCode;
  /** 1 base = rate units of code. */
  rate: number;
  /** The day the user says the rate is of (YYYY-MM-DD). */
  date: string;
}

type RateSource = 'ECB' | 'manual' | 'same';

export interface PairRate {
  /** Units of `to` per unit of `from`. */
  rate: number;
  /** The date of the rate (the older of the two sides when they differ); '' for a currency to itself. */
  date: string;
  source: RateSource;
  /** The point is older than every rate kept: the oldest was used. */
  beforeKept: boolean;
}

interface Side {
  perEuro: number;
  date: string;
  source: RateSource;
  beforeKept: boolean;
}

/** The last day on or before `date` (null date = the newest), or the oldest day when all are later. */
function dayOnOrBefore<T extends { date: string }>(
  days: readonly T[],
  date: string | null,
): { day: T; beforeKept: boolean } | null {
  if (days.length === 0) return null;
  if (date === null) return { day: days[days.length - 1]!, beforeKept: false };
  let found: T | null = null;
  for (const d of days) {
    if (d.date <= date) found = d;
    else break;
  }
  return found ? { day: found, beforeKept: false } : { day: days[0]!, beforeKept: true };
}

function sortedByDate<T extends { date: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function ecbSide(days: readonly RateDay[], code: CurrencyCode, date: string | null): Side | null {
  const covering =
    code === 'EUR' ? days : days.filter((d) => Number.isFinite(d.perEuro[code]) && (d.perEuro[code] as number) > 0);
  const hit = dayOnOrBefore(covering, date);
  if (!hit) return code === 'EUR' ? { perEuro: 1, date: '', source: 'ECB', beforeKept: false } : null;
  return {
    perEuro: code === 'EUR' ? 1 : (hit.day.perEuro[code] as number),
    date: hit.day.date,
    source: 'ECB',
    beforeKept: hit.beforeKept,
  };
}

function side(
  days: readonly RateDay[],
  manual: readonly ManualRate[],
  code: CurrencyCode,
  date: string | null,
): Side | null {
  const mine = sortedByDate(manual.filter((m) => m.code === code && m.rate > 0 && Number.isFinite(m.rate)));
  const ecb = ecbSide(days, code, date);
  const onOrBefore = mine.length ? dayOnOrBefore(mine, date) : null;
  // The manual rate wins from its own date on; before it, the feed; with neither, the oldest manual rate.
  const use = onOrBefore && (!onOrBefore.beforeKept || !ecb) ? onOrBefore : null;
  if (!use) return ecb;
  const m = use.day;
  // The base at the same day as the other side, so "1 USD = 41.5 UAH" gives exactly 41.5 for USD -> UAH.
  const base = m.base === code ? null : ecbSide(days, m.base, date);
  if (!base) return null;
  return {
    perEuro: m.rate * base.perEuro,
    date: m.date < base.date || !base.date ? m.date : base.date,
    source: 'manual',
    beforeKept: use.beforeKept || base.beforeKept,
  };
}

/** Units of `to` per unit of `from` on `date` (null = the newest known), or null when a side has no rate. */
export function pairRate(
  days: readonly RateDay[],
  manual: readonly ManualRate[],
  from: CurrencyCode,
  to: CurrencyCode,
  date: string | null,
): PairRate | null {
  if (from === to) return { rate: 1, date: '', source: 'same', beforeKept: false };
  const a = side(days, manual, from, date);
  const b = side(days, manual, to, date);
  if (!a || !b) return null;
  const dates = [a.date, b.date].filter((d) => d !== '');
  const older = dates.length ? dates.reduce((x, y) => (x < y ? x : y)) : '';
  const source: RateSource = a.source === 'manual' || b.source === 'manual' ? 'manual' : 'ECB';
  return { rate: b.perEuro / a.perEuro, date: older, source, beforeKept: a.beforeKept || b.beforeKept };
}

/** "EUR at 0.9234 per USD, ECB 2026-11-26" (four decimals; two from 1,000 up). */
export function rateNote(r: PairRate, from: CurrencyCode, to: CurrencyCode): string {
  const rate = r.rate >= 1000 ? r.rate.toFixed(2) : r.rate.toFixed(4);
  const source = r.source === 'manual' ? 'your rate of' : 'ECB';
  return `${to} at ${rate} per ${from}, ${source} ${r.date}${r.beforeKept ? ' (the oldest rate kept: the figure is older)' : ''}`;
}
