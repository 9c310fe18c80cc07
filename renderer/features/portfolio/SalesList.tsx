/**
 * The game's sales, newest first, with what FIFO made of each: the cost of the items sold (from the oldest
 * lots), the proceeds after the fee and the realised profit; a sale of more than was held is flagged, and
 * its profit stays "—". The total says how many sales had no known profit.
 */
import { memo } from 'react';
import { formatMoney, MISSING, type MoneyFormat } from '../../../shared/money/money';
import type { Ledger } from './model/ledger';
import { realisedOf, salesNewestFirst } from './model/sales-view';
import type { Sale } from './model/types';
import { SaleRow } from './SaleRow';

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
  const shown = salesNewestFirst(sales);
  const { realised, missing } = realisedOf(sales, ledger);
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
            {shown.map((s) => (
              <SaleRow
                key={s.id}
                s={s}
                r={ledger.sales.get(s.id)}
                money={money}
                marketName={marketName}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
});
