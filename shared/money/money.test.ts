import { describe, expect, it } from 'vitest';
import {
  convertedDecimalString,
  formatMoney,
  formatMoneyExact,
  formatPercent,
  parseMoney,
  toDecimalString,
} from './money';

const two = { decimals: 2, symbol: '$' } as const;
const three = { decimals: 3, symbol: '$' } as const;

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [1234567, '$1,234.57'],
    [1005, '$1.01'],
    [1004, '$1.00'],
    [-8700, '-$8.70'],
    [10, '$0.01'],
    [5, '$0.01'],
    // Nonzero but under half a cent: three decimals, never $0.00 or -$0.00.
    [1, '$0.001'],
    [4, '$0.004'],
    [-4, '-$0.004'],
    [-1, '-$0.001'],
  ])('%d thousandths at 2 decimals -> %s', (v, text) => expect(formatMoney(v, two)).toBe(text));

  it('3 decimals are exact; missing is a dash, never 0', () => {
    expect(formatMoney(1, three)).toBe('$0.001');
    expect(formatMoney(1234567, three)).toBe('$1,234.567');
    expect(formatMoney(null, two)).toBe('—');
    expect(formatMoney(Number.NaN, two)).toBe('—');
    expect(formatMoneyExact(12345, '€')).toBe('€12.345');
  });

  it('exact decimal strings for export, and parsing back', () => {
    expect(toDecimalString(1)).toBe('0.001');
    expect(toDecimalString(-4)).toBe('-0.004');
    expect(parseMoney('$1,234.567')).toBe(1234567);
    expect(parseMoney('0.001')).toBe(1);
    expect(parseMoney('abc')).toBeNull();
  });
});

describe('formatPercent', () => {
  it.each([
    [0, '0.0%'],
    [12.34, '12.3%'],
    [-8.7, '-8.7%'],
    [0.04, '0.04%'],
    [-0.04, '-0.04%'],
    [0.0004, '<0.001%'],
    [-0.0004, '-<0.001%'],
  ])('%d -> %s', (v, text) => expect(formatPercent(v)).toBe(text));
  it('missing is a dash', () => expect(formatPercent(null)).toBe('—'));
});

describe('formatMoney with a conversion (display currency other than the service currency)', () => {
  const cny = {
    code: 'CNY',
    symbol: 'CN¥',
    from: 'USD',
    rate: 7.5,
    date: '2026-11-26',
    source: 'ECB',
    digits: 2,
    note: 'CNY at 7.5000 per USD, ECB 2026-11-26',
    stale: false,
  };
  const jpy = {
    code: 'JPY',
    symbol: '¥',
    from: 'USD',
    rate: 155.555,
    date: '2026-11-26',
    source: 'ECB',
    digits: 0,
    note: 'JPY at 155.5550 per USD, ECB 2026-11-26',
    stale: false,
  };
  const kwd = {
    code: 'KWD',
    symbol: 'KWD',
    from: 'USD',
    rate: 0.30755,
    date: '2026-11-26',
    source: 'ECB',
    digits: 3,
    note: 'KWD at 0.3076 per USD, ECB 2026-11-26',
    stale: false,
  };
  it('converts the service value at the rate, in the target currency’s own minor units, half away from zero', () => {
    // $12.345 x 7.5 = 92.5875 -> CN¥92.59
    expect(formatMoney(12345, { ...two, conversion: cny })).toBe('CN¥92.59');
    // $1.000 x 7.5 = 7.5 -> 7.50; -$0.301 x 7.5 = -2.2575 -> -2.26 (away from zero)
    expect(formatMoney(-301, { ...two, conversion: cny })).toBe('-CN¥2.26');
    // JPY has no minor unit: $10.000 x 155.555 = 1555.55 -> ¥1,556
    expect(formatMoney(10000, { ...two, conversion: jpy })).toBe('¥1,556');
    // KWD has three: $10.000 x 0.30755 = 3.0755 -> KWD 3.076 (a code as symbol gets a space)
    expect(formatMoney(10000, { ...three, conversion: kwd })).toBe('KWD 3.076');
    expect(formatMoney(null, { ...two, conversion: cny })).toBe('—');
  });
  it('a nonzero amount never shows as zero after conversion', () => {
    expect(formatMoney(1, { ...two, conversion: jpy })).toBe('¥0.2');
  });
  it('exact text says the service value and the rate with its date', () => {
    expect(formatMoneyExact(12345, { ...two, symbol: '$', conversion: cny })).toBe(
      'CN¥92.59 ($12.345; CNY at 7.5000 per USD, ECB 2026-11-26)',
    );
    expect(convertedDecimalString(12345, cny)).toBe('92.59');
    expect(convertedDecimalString(10000, jpy)).toBe('1556');
  });
});
