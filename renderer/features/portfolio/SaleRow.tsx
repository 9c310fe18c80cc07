/** One row of the sales list: the sale, what FIFO made of it, and its Edit and Delete buttons. */
import { formatMoney, MISSING, type MoneyFormat } from '../../../shared/money/money';
import { placeText } from './model/export-csv';
import type { Ledger } from './model/ledger';
import type { Sale } from './model/types';

export function SaleRow({
  s,
  r,
  money,
  marketName,
  onEdit,
  onDelete,
}: {
  s: Sale;
  /** What the ledger made of it (undefined while it has not). */
  r: ReturnType<Ledger['sales']['get']>;
  money: MoneyFormat;
  marketName(slug: string): string;
  onEdit(sale: Sale): void;
  onDelete(sale: Sale): void;
}) {
  const realisedValue = r?.realised ?? null;
  return (
    <tr data-testid="pf-sale-row" data-sale-id={s.id}>
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
}
