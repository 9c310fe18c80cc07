/**
 * The portfolio's headline: each measure's total, unrealised P/L (money and percent), realised P/L, the
 * cash that could be realised within 7 days, and how many holdings had no price (missing is never 0).
 * Each tile's title says what its figure means. Also the "Net of fees" switch (the Prices page's
 * preference: switching it here switches it there).
 */
import { memo } from 'react';
import { formatMoney, MISSING, type MoneyFormat } from '../../../../shared/money/money';
import { signedMoney, signedPercent } from '../../../lib/number-format';
import { measureInfo } from './columns';
import { CASH_WINDOW_DAYS, MEASURES, type ValuationTotals } from './measures';
import './valuation.css';

export interface ValuationSummaryProps {
  totals: ValuationTotals | null;
  /** Realised profit from the sales (the ledger's), null when unknown (a sale of a lot without a cost). */
  realised: number | null;
  money: MoneyFormat;
  net: boolean;
  /** Why there are no totals yet ("Loading prices…", an error): shown instead of the tiles' figures. */
  pending?: string | null;
}

const holdings = (n: number): string => `${n.toLocaleString('en-US')} holding${n === 1 ? '' : 's'}`;

export const ValuationSummary = memo(function ValuationSummary({
  totals,
  realised,
  money,
  net,
  pending,
}: ValuationSummaryProps) {
  const info = measureInfo(net);
  const sell = totals?.measures.sellNow;
  return (
    <section className="pf-value-summary" aria-label="Portfolio value">
      {pending ? (
        <p className="pf-value-summary__pending" role="status">
          {pending}
        </p>
      ) : null}
      <dl className="pf-value-summary__tiles">
        {MEASURES.map((id) => {
          const t = totals?.measures[id];
          const missing = t && t.missing > 0 ? `${holdings(t.missing)} without a price` : null;
          // No holding priced: the total is unknown, not 0.
          const value = t && t.missing < (totals?.holdings ?? 0) ? formatMoney(t.value, money) : MISSING;
          return (
            <div
              key={id}
              className="pf-tile"
              title={`${info[id].title} Summed over the holdings with a price.`}
              data-measure={id}
            >
              <dt>{info[id].label}</dt>
              <dd className="pf-tile__value">{value}</dd>
              {missing ? <dd className="pf-tile__note">{missing}</dd> : null}
            </div>
          );
        })}
        <div
          className="pf-tile"
          title="Unrealised profit or loss at the sell-now value: value minus the cost basis, over the holdings with both a price and a cost."
          data-measure="unrealised"
        >
          <dt>Unrealised P/L (sell now)</dt>
          <dd className="pf-tile__value">
            {sell && sell.plMissing < (totals?.holdings ?? 0)
              ? `${signedMoney(sell.pl, money)} (${signedPercent(sell.plPercent)})`
              : MISSING}
          </dd>
          {sell && sell.plMissing > 0 ? (
            <dd className="pf-tile__note">{holdings(sell.plMissing)} without a price or cost</dd>
          ) : null}
        </div>
        <div
          className="pf-tile"
          title="Realised profit or loss of the recorded sales: what they fetched, less their fees, minus the cost of the items sold (first in, first out)."
          data-measure="realised"
        >
          <dt>Realised P/L</dt>
          <dd className="pf-tile__value">{signedMoney(realised, money)}</dd>
        </div>
        <div
          className="pf-tile"
          title={`Cash you could realise within ${CASH_WINDOW_DAYS} days: selling into buy orders at the sell-now price only as many items as Steam's daily volume takes in that time, after any trade lock ends.`}
          data-measure="cash"
        >
          <dt>{`Cash within ${CASH_WINDOW_DAYS} days`}</dt>
          <dd className="pf-tile__value">
            {totals && totals.cashMissing < totals.holdings ? formatMoney(totals.cashInWindow, money) : MISSING}
          </dd>
          {totals && totals.cashMissing > 0 ? (
            <dd className="pf-tile__note">{holdings(totals.cashMissing)} without a price or Steam volume</dd>
          ) : null}
        </div>
      </dl>
    </section>
  );
});

/** The "Net of fees" switch, as on the Prices page's toolbar. */
export function NetOfFeesSwitch({ net, onChange }: { net: boolean; onChange(net: boolean): void }) {
  return (
    <label
      className="pf-net"
      title="Values less the markets' fees (seller fees on sales, buyer fees on replacing); a market whose fee is unknown then has no value, never a fee of 0. The same switch as on the Prices page."
    >
      <input type="checkbox" role="switch" checked={net} onChange={(e) => onChange(e.target.checked)} /> Net of fees
    </label>
  );
}
