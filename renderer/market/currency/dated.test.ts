import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money/money';
import { conversionOn, currentRate, type CurrencyInputs } from './conversion';
import type { CurrencyView } from './context';
import { datedConverter } from './dated';
import { DAYS } from './testing/days';

function viewOf(display: string): CurrencyView {
  const inputs: CurrencyInputs = { days: DAYS, manual: [], service: 'USD', display };
  const current = currentRate(inputs, '2026-11-27');
  return { ...inputs, serviceKey: 'builtin', converting: true, current, at: (d) => conversionOn(inputs, d) };
}

const two = { decimals: 2 as const, symbol: '$' };

describe('each point at the rate of its own day', () => {
  const conv = datedConverter(viewOf('CNY'), two)!;
  it('a point of an earlier day: the closest earlier published day (Monday 11-23 was skipped: Friday 11-20)', () => {
    const t = Date.parse('2026-11-23T12:00:00Z');
    // $10.000 x 7.7 / 1.06 = 72.6415 CNY -> CN¥72.64 (today's rate, 7.92 / 1.1 = 7.2, would give CN¥72.00)
    expect(formatMoney(conv.convert(10_000, t), conv.format)).toBe('CN¥72.64');
    expect(conv.conversionAt(t).date).toBe('2026-11-20');
    // Wednesday 11-25 (skipped too): Tuesday's 7.83 / 1.08 = 7.25 -> $12.345 = 89.50125 -> CN¥89.50
    expect(formatMoney(conv.convert(12_345, Date.parse('2026-11-25T08:00:00Z')), conv.format)).toBe('CN¥89.50');
  });
  it('older than every kept day: the oldest rate, and it says so', () => {
    expect(conv.oldestUsed()).toBeNull();
    const c = conv.conversionAt(Date.parse('2026-10-01T00:00:00Z'));
    expect(c.date).toBe('2026-11-19');
    expect(conv.oldestUsed()?.note).toContain('oldest rate kept');
  });
  it('JPY shows no decimals', () => {
    const jpy = datedConverter(viewOf('JPY'), two)!;
    // $10.000 on 11-20: 164.3 / 1.06 = 155 -> ¥1,550
    expect(formatMoney(jpy.convert(10_000, Date.parse('2026-11-21T00:00:00Z')), jpy.format)).toBe('¥1,550');
  });
  it('nothing converts when the display currency is the service’s', () => {
    expect(datedConverter({ ...viewOf('USD'), converting: false, current: null }, two)).toBeNull();
  });
});
