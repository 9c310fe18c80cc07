import { describe, expect, it } from 'vitest';
import { businessDaysBetween, isTargetClosingDay } from './business-days';
import { minorDigits, currencySymbol } from './currencies';
import { pairRate, rateNote } from './rate-table';
import { DAYS } from './testing/days';

describe('pairRate: one day, perEuro[to] / perEuro[from]', () => {
  it('latest day for the current rate; EUR is 1', () => {
    expect(pairRate(DAYS, [], 'USD', 'CNY', null)).toMatchObject({
      rate: 7.92 / 1.1,
      date: '2026-11-26',
      source: 'ECB',
      beforeKept: false,
    });
    expect(pairRate(DAYS, [], 'USD', 'EUR', null)?.rate).toBeCloseTo(1 / 1.1, 12);
    expect(pairRate(DAYS, [], 'EUR', 'JPY', null)?.rate).toBe(170.5);
    expect(pairRate(DAYS, [], 'USD', 'USD', null)).toMatchObject({ rate: 1, source: 'same' });
  });
  it('a dated point takes the closest earlier published day (week-end, a missing day)', () => {
    expect(pairRate(DAYS, [], 'USD', 'CNY', '2026-11-22')).toMatchObject({ date: '2026-11-20', rate: 7.7 / 1.06 });
    expect(pairRate(DAYS, [], 'USD', 'CNY', '2026-11-23')).toMatchObject({ date: '2026-11-20' });
    expect(pairRate(DAYS, [], 'USD', 'CNY', '2026-11-25')).toMatchObject({ date: '2026-11-24', rate: 7.83 / 1.08 });
  });
  it('a point older than the oldest kept day uses the oldest and says so', () => {
    expect(pairRate(DAYS, [], 'USD', 'CNY', '2026-10-01')).toMatchObject({ date: '2026-11-19', beforeKept: true });
  });
  it('a currency the feed does not cover needs a manual rate; with one, it converts through its base', () => {
    expect(pairRate(DAYS, [], 'USD', 'UAH', null)).toBeNull();
    const manual = [{ code: 'UAH', base: 'USD', rate: 41.5, date: '2026-11-25' }];
    expect(pairRate(DAYS, manual, 'USD', 'UAH', null)).toMatchObject({ date: '2026-11-25', source: 'manual' });
    expect(pairRate(DAYS, manual, 'USD', 'UAH', null)?.rate).toBeCloseTo(41.5, 10);
    // UAH per CNY on 11-26: 41.5 UAH per USD x (1.1 USD / 7.92 CNY); the older date of the two is the figure's date.
    expect(pairRate(DAYS, manual, 'CNY', 'UAH', null)?.rate).toBeCloseTo((41.5 * 1.1) / 7.92, 10);
    expect(pairRate(DAYS, manual, 'CNY', 'UAH', null)?.date).toBe('2026-11-25');
  });
  it('a manual rate overrides the feed from its own date on', () => {
    const manual = [{ code: 'CNY', base: 'USD', rate: 7, date: '2026-11-24' }];
    expect(pairRate(DAYS, manual, 'USD', 'CNY', null)?.rate).toBeCloseTo(7, 10);
    expect(pairRate(DAYS, manual, 'USD', 'CNY', '2026-11-20')).toMatchObject({ source: 'ECB', date: '2026-11-20' });
  });
  it('the note says the rate, its source and its date', () => {
    const r = pairRate(DAYS, [], 'USD', 'EUR', null)!;
    expect(rateNote(r, 'USD', 'EUR')).toBe('EUR at 0.9091 per USD, ECB 2026-11-26');
  });
});

describe('business days and TARGET closing days', () => {
  it('TARGET closes on New Year, Good Friday, Easter Monday, 1 May, 25 and 26 December', () => {
    for (const d of ['2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25', '2026-12-26'])
      expect(isTargetClosingDay(d)).toBe(true);
    expect(isTargetClosingDay('2026-04-02')).toBe(false);
  });
  it('counts the business days after a date up to today; week-ends and TARGET holidays are not counted', () => {
    expect(businessDaysBetween('2026-11-20', '2026-11-23')).toBe(1);
    expect(businessDaysBetween('2026-11-20', '2026-11-26')).toBe(4);
    // Wed 23 Dec -> Tue 29 Dec: 24, 28, 29 count; 25 (holiday) and the week-end do not.
    expect(businessDaysBetween('2026-12-23', '2026-12-29')).toBe(3);
  });
});

describe('minor units from Intl', () => {
  it('JPY and KRW 0, KWD 3, USD 2; symbols', () => {
    expect([minorDigits('JPY'), minorDigits('KRW'), minorDigits('KWD'), minorDigits('USD')]).toEqual([0, 0, 3, 2]);
    expect(currencySymbol('CNY')).toBe('CN¥');
  });
});
