import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyExact, formatPercent, parseMoney, toDecimalString } from './money';

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
