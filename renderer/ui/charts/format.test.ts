import { describe, expect, it } from 'vitest';
import { chartFormat, countText, moneyTickText } from './format';

describe('chart formatters', () => {
  it('axis money is short and follows the symbol', () => {
    expect(moneyTickText(0, '$')).toBe('$0');
    expect(moneyTickText(50, '$')).toBe('$0.05');
    expect(moneyTickText(1, '€')).toBe('€0.001');
    expect(moneyTickText(12_500, '$')).toBe('$12.5');
    expect(moneyTickText(999_990, '$')).toBe('$999.99');
    expect(moneyTickText(1_250_000, '$')).toBe('$1.25k');
    expect(moneyTickText(12_000_000, '')).toBe('12k');
    expect(moneyTickText(3_400_000_000, '$')).toBe('$3.4M');
    expect(moneyTickText(-1_500, '$')).toBe('-$1.5');
    expect(moneyTickText(Number.NaN, '$')).toBe('—');
  });

  it('tooltip values use the app format; missing is a dash, never 0', () => {
    const f = chartFormat({ decimals: 2, symbol: '$' });
    expect(f.money(1_234_567)).toBe('$1,234.57');
    expect(f.money(null)).toBe('—');
    expect(f.count(1234.4)).toBe('1,234');
    expect(f.count(null)).toBe('—');
    expect(countText(Number.NaN)).toBe('—');
    expect(f.percent(12.5)).toBe('12.5%');
    expect(f.percent(null)).toBe('—');
    expect(chartFormat({ decimals: 3, symbol: '£' }).money(1_234_567)).toBe('£1,234.567');
  });
});
