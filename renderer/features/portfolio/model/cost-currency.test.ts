import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../../shared/money/money';
import { conversionOn, currentRate, type CurrencyInputs } from '../../../market/currency/conversion';
import type { CurrencyView } from '../../../market/currency/context';
import { DAYS, UAH_BY_HAND } from '../../../market/currency/testing/days';
import { costsForLedger, salesForLedger } from './cost-currency';
import { buildLedger, holdingRows } from './ledger';
import type { Holding, Sale } from './types';

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

function sale(over: Partial<Sale> = {}): Sale {
  return {
    id: 's1',
    game: 730,
    name: 'AK',
    quantity: 1,
    unitPrice: 12_345,
    fee: null,
    sold: '2026-11-20',
    place: null,
    note: '',
    created: 0,
    updated: 0,
    ...over,
  };
}

/** Proceeds and realised profit of one sale, as the portfolio's ledger gives them, shown in `display`. */
function sold(s: Sale, display: string): { proceeds: string; realised: string } {
  const view = viewOf(display);
  const l = buildLedger(costsForLedger([holding('a')], view), salesForLedger([s], view));
  const r = l.sales.get(s.id)!;
  const opts = { decimals: 2 as const, symbol: '$', conversion: view.current?.conversion ?? null };
  return { proceeds: formatMoney(r.proceeds, opts), realised: formatMoney(r.realised, opts) };
}

describe('a sale converts at the rate of its own date, not today’s', () => {
  it('$12.345 sold on 2026-11-20, shown in CNY: 12.345 x 7.7 / 1.06 = 89.6759 -> CN¥89.68; realised 17.0335 -> CN¥17.03', () => {
    expect(sold(sale(), 'CNY')).toEqual({ proceeds: 'CN¥89.68', realised: 'CN¥17.03' });
  });
  it('the fee converts with the sale: ($12.345 − $1.234) x 7.7 / 1.06 = 80.7118 -> CN¥80.71', () => {
    expect(sold(sale({ fee: 1_234 }), 'CNY').proceeds).toBe('CN¥80.71');
  });
  it('shown in the service currency nothing converts: $12.35 and $2.35', () => {
    expect(sold(sale(), 'USD')).toEqual({ proceeds: '$12.35', realised: '$2.35' });
  });
});
