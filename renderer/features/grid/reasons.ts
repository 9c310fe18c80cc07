/** UnstableReason codes (spec 2.8) as the detail panel shows them. */
import type { UnstableReason } from '../../../shared/api/schema';
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

/** A reason's text; a code the spec does not list yet is shown as it came, not hidden or refused. */
export function reasonText(code: string): string {
  return isUnstableReason(code) ? REASON_TEXT[code] : `unknown reason: ${code}`;
}
