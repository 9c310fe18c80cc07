/**
 * Hand-made ECB days for tests: Thursday 2026-11-19 and Friday 11-20 published, the week-end has none,
 * Monday 11-23 is missing (as if the file skipped it), Tuesday 11-24 and Thursday 11-26 published
 * (Wednesday 11-25 missing too). UAH is not in the feed: a manual rate covers it.
 */
import type { RateDay, RatesSnapshot } from '../../../../shared/rates/types';
import type { ManualRate } from '../rate-table';

export const DAYS: RateDay[] = [
  { date: '2026-11-19', perEuro: { USD: 1.05, CNY: 7.56, JPY: 163.8 } },
  { date: '2026-11-20', perEuro: { USD: 1.06, CNY: 7.7, JPY: 164.3 } },
  { date: '2026-11-24', perEuro: { USD: 1.08, CNY: 7.83, JPY: 166.0 } },
  { date: '2026-11-26', perEuro: { USD: 1.1, CNY: 7.92, JPY: 170.5 } },
];

export const UAH_BY_HAND: ManualRate = { code: 'UAH', base: 'USD', rate: 41.5, date: '2026-11-25' };

export function snapshotOf(days: readonly RateDay[] = DAYS): RatesSnapshot {
  return {
    settings: { enabled: true, url: 'http://127.0.0.1:9/ecb/', urlFromEnvironment: false },
    days,
    lastFetch: { at: Date.parse('2026-11-26T15:30:00Z'), ok: true },
    nextRefreshAt: null,
  };
}
