import { describe, expect, it } from 'vitest';
import { addManualRate } from './manual-rates';

const TODAY = '2026-11-28';
const UAH = { code: 'UAH', base: 'USD', rate: 41.5, date: '2026-11-20' };

describe('adding a manual rate', () => {
  it('reads the code in capitals and a comma as the decimal point', () => {
    expect(addManualRate([], { code: ' uah ', base: 'USD', rate: '41,5', date: '2026-11-20' }, TODAY)).toEqual({
      ok: true,
      rates: [UAH],
    });
  });

  it('replaces the rate of the same currency and day, keeps the others', () => {
    const other = { ...UAH, date: '2026-11-19' };
    const added = addManualRate([UAH, other], { code: 'UAH', base: 'EUR', rate: '45', date: '2026-11-20' }, TODAY);
    expect(added).toEqual({ ok: true, rates: [other, { code: 'UAH', base: 'EUR', rate: 45, date: '2026-11-20' }] });
  });

  it('keeps the newest 200 (the preference keeps no more)', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ ...UAH, date: `2025-01-${String(i).padStart(3, '0')}` }));
    const added = addManualRate(many, { code: 'KZT', base: 'EUR', rate: '520', date: TODAY }, TODAY);
    expect(added.ok && added.rates.length).toBe(200);
    expect(added.ok && added.rates[199]?.code).toBe('KZT');
    expect(added.ok && added.rates[0]).toEqual(many[1]);
  });

  it('says what is wrong with a code, a base, a rate or a date', () => {
    const typed = { code: 'UAH', base: 'USD', rate: '41.5', date: '2026-11-20' };
    expect(addManualRate([], { ...typed, code: 'XX' }, TODAY)).toEqual({
      ok: false,
      error: '“XX” is not an ISO 4217 currency code (three letters, e.g. UAH).',
    });
    expect(addManualRate([], { ...typed, base: 'UAH' }, TODAY)).toEqual({
      ok: false,
      error: 'The rate must be per another currency.',
    });
    for (const rate of ['0', '-2', 'abc', '']) {
      expect(addManualRate([], { ...typed, rate }, TODAY)).toEqual({
        ok: false,
        error: 'The rate must be a positive number.',
      });
    }
    for (const date of ['2026-11-29', '28.11.2026', '']) {
      expect(addManualRate([], { ...typed, date }, TODAY)).toEqual({
        ok: false,
        error: 'The date must be a day up to today (YYYY-MM-DD).',
      });
    }
  });
});
