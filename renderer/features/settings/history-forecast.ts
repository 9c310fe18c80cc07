/**
 * What the price history's size limit holds at the measured growth: days that fit, the megabytes a limit needs
 * to keep the days chosen, and the choices offered when the limit cuts the history short.
 */
import { DAILY_AFTER_CHOICES, FULL_HOURS_CHOICES } from '../../market/history/prefs';
import { daysThatFit, type Usage } from '../../market/history/store';

export function mb(bytes: number): string {
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(0)} kB` : `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
}

/** Megabytes a limit needs to keep `days` (rounded up to 10 MB): the inverse of daysThatFit. */
export function capFor(
  days: number,
  perDay: number,
  hourly: number | null,
  fullDays: number,
  daily: number | null,
  dailyAfterDays: number,
): number {
  const hourlyRate = hourly !== null && hourly > 0 ? hourly : perDay;
  const dailyRate = daily !== null && daily > 0 ? daily : hourlyRate;
  const hourlyDays = Math.max(0, dailyAfterDays - fullDays);
  const full = Math.min(days, fullDays) * perDay;
  const mid = Math.min(Math.max(0, days - fullDays), hourlyDays) * hourlyRate;
  const rest = Math.max(0, days - fullDays - hourlyDays) * dailyRate;
  return Math.ceil((full + mid + rest) / 1e7) * 10;
}

export interface HistoryLimits {
  capMb: number;
  days: number;
  fullHours: number;
  dailyAfterDays: number;
}

export interface Forecast {
  perDay: number;
  /** How the growth slows as the history ages, after "it grows by about … a day". */
  laterGrowth: string;
  fit: number;
  fitText: string;
  /** The limit holds fewer days than are kept. */
  short: boolean;
  /** Megabytes that would keep every day kept. */
  need: number;
  /** The days that fit, as a retention to choose (at least 1). */
  shorter: number;
  /** The shortest hourly span offered that would hold more, and how many days it would hold. */
  dailySooner: number | undefined;
  fitSooner: number;
  /** The fewest hours at full resolution offered below the current ones. */
  fewerHours: number | undefined;
}

/** The forecast, or null while the growth a day is not measured yet (after an hour of refreshes). */
export function forecastOf(usage: Usage | null, limits: HistoryLimits): Forecast | null {
  const { capMb, days, fullHours, dailyAfterDays } = limits;
  const perDay = usage?.perDay ?? null;
  if (!usage || perDay === null || !(perDay > 0)) return null;
  const hourly = usage.hourlyPerDay ?? null;
  const daily = usage.dailyPerDay ?? null;
  const fullDays = fullHours / 24;
  const fit = daysThatFit(capMb * 1e6, perDay, hourly, fullDays, daily, dailyAfterDays);
  // The shortest hourly span offered, and what it would hold (only offered when it holds more).
  const dailySooner = DAILY_AFTER_CHOICES.find((d) => d >= fullDays && d < dailyAfterDays);
  const fitSooner =
    dailySooner === undefined ? fit : daysThatFit(capMb * 1e6, perDay, hourly, fullDays, daily, dailySooner);
  const fewer = FULL_HOURS_CHOICES.filter((h) => h < fullHours);
  return {
    perDay,
    laterGrowth: laterGrowth(hourly, daily, fullHours, dailyAfterDays),
    fit,
    fitText: fit >= 10 ? Math.floor(fit).toLocaleString('en-US') : fit.toFixed(1),
    short: fit < days,
    need: capFor(days, perDay, hourly, fullDays, daily, dailyAfterDays),
    shorter: Math.max(1, Math.floor(fit)),
    dailySooner,
    fitSooner,
    fewerHours: fewer[fewer.length - 1],
  };
}

function laterGrowth(hourly: number | null, daily: number | null, fullHours: number, dailyAfterDays: number): string {
  if (dailyAfterDays > fullHours / 24) {
    const hourlyPart =
      hourly !== null
        ? `, and by about ${mb(hourly)} a day once older than ${fullHours} hours (hourly per market)`
        : `, less once older than ${fullHours} hours (hourly per market: not measured yet, so not counted)`;
    const dailyPart = daily !== null ? `, ${mb(daily)} once older than ${dailyAfterDays} days (daily per market)` : '';
    return hourlyPart + dailyPart;
  }
  if (daily !== null) return `, and by about ${mb(daily)} a day once older than ${fullHours} hours (daily per market)`;
  if (hourly !== null) {
    return `, and by about ${mb(hourly)} a day once older than ${fullHours} hours (daily per market: counted at the hourly rate until a daily day is measured)`;
  }
  return `, less once older than ${fullHours} hours (daily per market: not measured yet, so not counted)`;
}
