/**
 * A holding's cost is kept as entered: amount (thousandths of its currency), currency (null = the
 * service's) and purchase date. For P&L in the display currency it converts at the rate of the purchase
 * date (the closest earlier published day), while the value converts at today's rate:
 *   P&L (display) = value x rate(service -> display, today) - cost x rate(cost currency -> display, purchase date)
 * No rate for the cost's currency: the cost is unknown. A cost without a purchase date converts at the newest
 * rate. Sales likewise convert at their sale date's rate. How the ledger is given the cost: `costFactor`.
 */
import type { CurrencyView } from '../../../market/currency/context';
import { pairRate } from '../../../market/currency/rate-table';
import type { Holding, Sale } from './types';

/**
 * Factor from a cost in `currency` on `date` to ledger (service) thousandths; null without a rate. The ledger
 * and the valuation work in service-currency thousandths and the display converts their result at today's
 * rate; so the ledger is given the cost as "the service amount that, at today's rate, is the cost in the
 * display currency at the purchase date": cost x rate(cost -> display, date) / rate(service -> display, today).
 * Shown in the service currency that is simply the cost at the purchase date's rate. Unrounded: the figure
 * shown is rounded once (half away from zero).
 */
function costFactor(view: CurrencyView, currency: string, date: string | null): number | null {
  const target = view.converting && view.current ? view.display : view.service;
  if (currency === target && target === view.service) return 1;
  const r = pairRate(view.days, view.manual, currency, target, date);
  if (!r) return null;
  const now = view.converting && view.current ? view.current.pair.rate : 1;
  return r.rate / now;
}

/** The holdings with their costs as the ledger takes them (see above); the records themselves are untouched. */
export function costsForLedger(holdings: readonly Holding[], view: CurrencyView): Holding[] {
  return holdings.map((h) => {
    const currency = h.costCurrency ?? view.service;
    if ((h.unitCost === null && h.fee === null) || (currency === view.service && !(view.converting && view.current)))
      return h;
    const f = costFactor(view, currency, h.acquired);
    if (f === null) return { ...h, unitCost: null, fee: null };
    return { ...h, unitCost: h.unitCost === null ? null : h.unitCost * f, fee: h.fee === null ? null : h.fee * f };
  });
}

/**
 * The sales as the ledger takes them: a sale's price and fee are in the service currency, and shown in another
 * currency they convert at the rate of the sale's date (what the trader got that day), not today's. As for
 * costs, the ledger is given the service amount that, at today's rate, is the proceeds at the sale date's rate.
 * No rate for that day: the newest (the oldest kept for a sale before it, as pairRate does).
 */
export function salesForLedger(sales: readonly Sale[], view: CurrencyView): Sale[] {
  if (!(view.converting && view.current)) return [...sales];
  return sales.map((s) => {
    const f = costFactor(view, view.service, s.sold);
    if (f === null || f === 1) return s;
    return { ...s, unitPrice: s.unitPrice * f, fee: s.fee === null ? null : s.fee * f };
  });
}
