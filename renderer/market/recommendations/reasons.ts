/**
 * UnstableReason codes (spec 2.8) in words: a short label for chips and the detail panel, and a plain
 * explanation for hover and the legend. A code the spec does not list yet is shown as it came, not
 * hidden or refused.
 */
import { UNSTABLE_REASONS, type UnstableReason } from '../../../shared/api/schema';
import { isUnstableReason } from '../../../shared/api/types';

const REASON_TEXT: Record<UnstableReason, string> = {
  NOT_POPULAR: 'Traded infrequently',
  NO_ORDERS: 'No buy orders',
  NO_LISTINGS: 'No listings',
  LISTINGS_PRICE: 'Unusual listing prices',
  BIG_LISTINGS_DIFFERENCE: 'Big gap between listings',
  BOOST_RISK: 'Risk of price manipulation',
  NO_THREE_MONTH_SALES: 'No sales in 3 months',
  THREE_MONTH_SALES: 'Sales data only for 3 months',
};

const REASON_EXPLAINED: Record<UnstableReason, string> = {
  NOT_POPULAR: 'The item sells rarely, so a price can sit far from what a buyer would pay today.',
  NO_ORDERS: 'Nobody has a buy order for it: there is no floor, and selling may take long.',
  NO_LISTINGS: 'Nobody lists it for sale: the suggestion has no current asks behind it.',
  LISTINGS_PRICE: 'The listed prices look unusual (far from recent sales), so they may not be real prices.',
  BIG_LISTINGS_DIFFERENCE: 'There is a large gap between the cheapest listings: the lowest may be an outlier.',
  BOOST_RISK: 'The price may be pushed up or down on purpose (thin market, suspicious trades).',
  NO_THREE_MONTH_SALES: 'No sales in the last three months: the suggestion rests on older or no sales.',
  THREE_MONTH_SALES: 'Sales data covers only the last three months: there is little history behind the price.',
};

/** A reason's label; an unknown code as "unknown reason: X". */
export function reasonText(code: string): string {
  return isUnstableReason(code) ? REASON_TEXT[code] : `unknown reason: ${code}`;
}

/** A reason in plain words, for its hover text and the legend. */
export function reasonExplained(code: string): string {
  return isUnstableReason(code)
    ? REASON_EXPLAINED[code]
    : `The service gave the code “${code}”, which this version of Market Desk does not know; treat the price with care.`;
}

/** The legend: every code of the spec, in its order. */
export const REASON_LEGEND: ReadonlyArray<{ code: UnstableReason; label: string; explained: string }> =
  UNSTABLE_REASONS.map((code) => ({
    code,
    label: REASON_TEXT[code],
    explained: REASON_EXPLAINED[code],
  }));
