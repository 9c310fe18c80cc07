/** The sales list's model: the sales newest first, and the realised profit over those with a known cost. */
import type { Ledger } from './ledger';
import type { Sale } from './types';

/** Newest sale day first; on one day, the one recorded last first. */
export function salesNewestFirst(sales: readonly Sale[]): Sale[] {
  return [...sales].sort((a, b) => (a.sold === b.sold ? b.created - a.created : a.sold < b.sold ? 1 : -1));
}

/** The realised profit summed over these sales, and how many had no known profit (left out of the sum). */
export function realisedOf(sales: readonly Sale[], ledger: Ledger): { realised: number; missing: number } {
  let realised = 0;
  let missing = 0;
  for (const s of sales) {
    const r = ledger.sales.get(s.id)?.realised ?? null;
    if (r === null) missing++;
    else realised += r;
  }
  return { realised, missing };
}
