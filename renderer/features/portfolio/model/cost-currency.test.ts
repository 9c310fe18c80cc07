import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../shared/money/money';
import { conversionOn, currentRate, type CurrencyInputs } from '../../../market/currency/conversion';
import type { CurrencyView } from '../../../market/currency/context';
import { DAYS, UAH_BY_HAND } from '../../../market/currency/testing/days';
import { costsForLedger } from './cost-currency';
import { buildLedger, holdingRows } from './ledger';
import type { Holding } from './types';

function viewOf(display: string): CurrencyView {
  const inputs: CurrencyInputs = { days: DAYS, manual: [UAH_BY_HAND], service: 'USD', display };
  const current = currentRate(inputs, '2026-11-27');
  return {
    ...inputs,
    serviceKey: 'builtin',
    converting: display !== 'USD',
    current,
    at: (d) => (current ? conversionOn(inputs, d) : null),
  };
}

function holding(id: string, over: Partial<Holding> = {}): Holding {
  return {
    id,
    game: 730,
    name: 'AK',
    quantity: 1,
    unitCost: 10_000,
    fee: null,
    acquired: '2026-11-20',
    place: null,
    lockedUntil: null,
    note: '',
    origin: 'manual',
    created: 0,
    updated: 0,
    ...over,
  };
}

/** P&L of one lot worth `value` (service thousandths) now, as the valuation computes it: value − cost basis, shown converted. */
function pl(h: Holding, value: number, display: string): string {
  const view = viewOf(display);
  const hs = costsForLedger([h], view);
  const row = holdingRows(buildLedger(hs, []), hs, () => true)[0]!;
  return formatMoney(row.costBasis === null ? null : value - row.costBasis, {
    decimals: 2,
    symbol: '$',
    conversion: view.current?.conversion ?? null,
  });
}

describe('a holding’s cost in its own currency, at the rate of its purchase date', () => {
  it('a USD cost of 2026-11-20, shown in CNY: value now at today’s rate minus the cost at that day’s rate', () => {
    // Value $12.345 x 7.2 = 88.884; cost $10.000 x 7.7 / 1.06 = 72.6415; P&L 16.2425 -> CN¥16.24.
    expect(pl(holding('a'), 12_345, 'CNY')).toBe('CN¥16.24');
  });
  it('a CNY cost shown in CNY is the amount entered: 88.884 − 70.000 = CN¥18.88', () => {
    expect(pl(holding('b', { unitCost: 70_000, costCurrency: 'CNY' }), 12_345, 'CNY')).toBe('CN¥18.88');
  });
  it('a CNY cost shown in USD converts at the purchase date: 70 CNY / (7.7 / 1.06) = $9.636; $12.345 − 9.636 = $2.71', () => {
    expect(pl(holding('c', { unitCost: 70_000, costCurrency: 'CNY' }), 12_345, 'USD')).toBe('$2.71');
  });
  it('a cost in a currency with no rate is unknown ("—"), never 0', () => {
    expect(pl(holding('d', { unitCost: 70_000, costCurrency: 'KZT' }), 12_345, 'USD')).toBe('—');
  });
  it('old holdings (no cost currency) in the service currency need no rate at all', () => {
    expect(pl(holding('e', { costCurrency: null }), 12_345, 'USD')).toBe('$2.35');
  });
});
