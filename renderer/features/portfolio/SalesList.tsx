/**
 * The game's sales, newest first, with what FIFO made of each: the cost of the items sold (from the oldest
 * lots), the proceeds after the fee and the realised profit; a sale of more than was held is flagged, and
 * its profit stays "—". The total says how many sales had no known profit.
 */
import { memo } from 'react';
import { formatMoney, MISSING, type MoneyFormat } from '../../../shared/money/money';
import { placeText } from './model/export-csv';
import type { Ledger } from './model/ledger';
import type { Sale } from './model/types';

interface SalesListProps {
  sales: readonly Sale[];
  ledger: Ledger;
  money: MoneyFormat;
  marketName(slug: string): string;
  onEdit(sale: Sale): void;
  onDelete(sale: Sale): void;
}

export const SalesList = memo(function SalesList({
  sales,
  ledger,
  money,
  marketName,
  onEdit,
  onDelete,
}: SalesListProps) {
  const shown = [...sales].sort((a, b) => (a.sold === b.sold ? b.created - a.created : a.sold < b.sold ? 1 : -1));
  let realised = 0;
  let missing = 0;
  for (const s of sales) {
    const r = ledger.sales.get(s.id)?.realised ?? null;
    if (r === null) missing++;
    else realised += r;
  }
  return (
    <>
      <p className="pf-total" data-testid="pf-realised-summary">
        Realised profit:{' '}
        <strong data-testid="pf-realised-total">
          {sales.length > missing ? formatMoney(realised, money) : MISSING}
        </strong>
        {missing
          ? ` (${missing} ${missing === 1 ? 'sale has' : 'sales have'} no known cost and ${missing === 1 ? 'is' : 'are'} left out)`
          : ''}
      </p>
      <div className="pf-scroll">
        <table className="pf-table" data-testid="pf-sales">
          <thead>
            <tr>
              <th scope="col">Sold</th>
              <th scope="col">Item</th>
              <th scope="col" className="pf-numcol">
                Qty
              </th>
              <th scope="col" className="pf-numcol">
                Price
              </th>
              <th scope="col" className="pf-numcol">
                Fee
              </th>
              <th scope="col" className="pf-numcol" title="Price × quantity − fee">
                Proceeds
              </th>
              <th
                scope="col"
                className="pf-numcol"
                title="What the items sold cost, taken from the oldest lots first (FIFO), fees included"
              >
                Cost (FIFO)
              </th>
              <th scope="col" className="pf-numcol" title="Proceeds − cost">
                Realised
              </th>
              <th scope="col">Where</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s) => {
              const r = ledger.sales.get(s.id);
              const realisedValue = r?.realised ?? null;
              return (
                <tr key={s.id} data-testid="pf-sale-row" data-sale-id={s.id}>
                  <td>{s.sold}</td>
                  <td>
                    {s.name}
                    {r && r.shortfall > 0 ? (
                      <span
                        className="pf-tag pf-tag--warn"
                        title="More was sold than the lots held: add the missing lots to know this sale's profit"
                      >
                        {r.shortfall} not held
                      </span>
                    ) : null}
                  </td>
                  <td className="pf-numcol">{s.quantity}</td>
                  <td className="pf-numcol">{formatMoney((r?.sale ?? s).unitPrice, money)}</td>
                  <td className="pf-numcol">{formatMoney((r?.sale ?? s).fee, money)}</td>
                  <td className="pf-numcol" data-testid="pf-sale-proceeds">
                    {formatMoney(r?.proceeds ?? null, money)}
                  </td>
                  <td className="pf-numcol" data-testid="pf-sale-cost">
                    {formatMoney(r?.costBasis ?? null, money)}
                  </td>
                  <td
                    className={`pf-numcol${realisedValue !== null && realisedValue < 0 ? ' is-loss' : realisedValue ? ' is-gain' : ''}`}
                    data-testid="pf-sale-realised"
                  >
                    {formatMoney(realisedValue, money)}
                  </td>
                  <td>{placeText(s.place, { marketName }) || MISSING}</td>
                  <td>
                    <div className="pf-row-actions">
                      <button
                        type="button"
                        className="btn btn--small btn--ghost"
                        aria-label={`Edit the sale of ${s.name} on ${s.sold}`}
                        onClick={() => onEdit(s)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn--small btn--ghost"
                        aria-label={`Delete the sale of ${s.name} on ${s.sold}`}
                        onClick={() => onDelete(s)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
});
