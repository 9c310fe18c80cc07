/**
 * Dated conversion for figures that have a time (the history chart and export, the portfolio's value over
 * time): each point converts at the rate of its own UTC day, the closest earlier published day; a point
 * older than the oldest kept day takes the oldest and says so. Converted values are display-currency
 * thousandths, unrounded, formatted with `format`, so each figure is rounded once, half away from zero.
 */
import type { MoneyConversion, MoneyFormat } from '../../../shared/money/money';
import type { CurrencyView } from './context';

export interface DatedConverter {
  /** The display-currency amount (thousandths, unrounded) of a service amount at `t` (ms since epoch). */
  convert(v: number, t: number): number;
  conversionAt(t: number): MoneyConversion;
  /** The format for converted values. */
  format: MoneyFormat;
  /** The oldest rate used for points older than every rate kept, once one such point was converted. */
  oldestUsed(): MoneyConversion | null;
}

function dayOf(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** null when nothing converts (the display currency is the service's, or it has no rate). */
export function datedConverter(view: CurrencyView, base: MoneyFormat): DatedConverter | null {
  if (!view.converting || !view.current) return null;
  const byDay = new Map<string, MoneyConversion>();
  const current = view.current.conversion;
  let oldest: MoneyConversion | null = null;
  const conversionAt = (t: number): MoneyConversion => {
    const day = Number.isFinite(t) ? dayOf(t) : null;
    if (day === null) return current;
    let c = byDay.get(day);
    if (!c) {
      c = view.at(day) ?? current;
      byDay.set(day, c);
    }
    if (c.beforeKept) oldest = c;
    return c;
  };
  return {
    convert: (v, t) => v * conversionAt(t).rate,
    conversionAt,
    format: {
      ...base,
      conversion: { ...current, rate: 1, note: `${current.code} at the rate of each point’s day`, stale: false },
    },
    oldestUsed: () => oldest,
  };
}
