import { describe, expect, it } from 'vitest';
import { capFor, forecastOf, mb } from './history-forecast';

const usage = { bytes: 5e6, chunks: 10, oldest: null, perDay: 20e6, hourlyPerDay: 2e6, dailyPerDay: 0.5e6 };
const limits = { capMb: 100, days: 365, fullHours: 48, dailyAfterDays: 7 };

describe('the price history forecast', () => {
  it('is unknown until the growth a day is measured', () => {
    expect(forecastOf(null, limits)).toBeNull();
    expect(forecastOf({ ...usage, perDay: null }, limits)).toBeNull();
    expect(forecastOf({ ...usage, perDay: 0 }, limits)).toBeNull();
  });

  it('counts the days that fit through the full, hourly and daily tiers, and the choices when short', () => {
    const f = forecastOf(usage, limits);
    // 2 days at 20 MB, 5 hourly days at 2 MB, the remaining 50 MB at 0.5 MB a day.
    expect(f?.fit).toBe(107);
    expect(f?.fitText).toBe('107');
    expect(f?.short).toBe(true);
    expect(f?.shorter).toBe(107);
    // 40 + 10 + 358 x 0.5 = 229 MB, rounded up to 10 MB.
    expect(f?.need).toBe(230);
    expect(f?.dailySooner).toBe(2);
    expect(f?.fitSooner).toBe(122);
    expect(f?.fewerHours).toBe(24);
    expect(f?.laterGrowth).toBe(
      ', and by about 2.0 MB a day once older than 48 hours (hourly per market), 500 kB once older than 7 days (daily per market)',
    );
  });

  it('is not short when the limit holds the days kept; few days fit show a decimal', () => {
    expect(forecastOf(usage, { ...limits, days: 90 })?.short).toBe(false);
    const small = forecastOf(usage, { ...limits, capMb: 30 });
    expect(small?.fitText).toBe('1.5');
    expect(small?.shorter).toBe(1);
  });

  it('says what is not measured yet instead of counting it', () => {
    const f = forecastOf({ ...usage, hourlyPerDay: null, dailyPerDay: null }, limits);
    expect(f?.laterGrowth).toBe(
      ', less once older than 48 hours (hourly per market: not measured yet, so not counted)',
    );
    const dailyOnly = forecastOf({ ...usage, dailyPerDay: null }, { ...limits, dailyAfterDays: 2 });
    expect(dailyOnly?.laterGrowth).toContain('counted at the hourly rate until a daily day is measured');
  });

  it('capFor is the inverse of the days that fit; sizes read in kB below a megabyte', () => {
    expect(capFor(107, 20e6, 2e6, 2, 0.5e6, 7)).toBe(100);
    expect(mb(999_000)).toBe('999 kB');
    expect(mb(12_345_678)).toBe('12 MB');
  });
});
