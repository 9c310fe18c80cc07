/** The history as a table: the changes of the best ask, best bid and Steam medians, newest first. */
import { formatMoney, MISSING, type MoneyFormat } from '../../../shared/money/money';
import type { DatedConverter } from '../../market/currency/dated';
import { rowTime, type ChangesTable } from './history-view';

interface HistoryTableProps {
  name: string;
  table: ChangesTable;
  span: number;
  conv: DatedConverter | null;
  fmt: MoneyFormat;
}

export function HistoryTable({ name, table, span, conv, fmt }: HistoryTableProps) {
  return (
    <div className="hist__table" id="dp-hist-table">
      <table className="dp__table" data-testid="history-table">
        <caption className="visually-hidden">
          {name}: changes of the best ask, best bid{table.cols.length > 2 ? ' and Steam medians' : ''}, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            {table.cols.map((c) => (
              <th key={c.key} scope="col" className="dp__num" data-key={c.key}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.t} data-t={r.t ?? undefined}>
              <th scope="row">{rowTime(r.t ?? 0, span)}</th>
              {table.cols.map((c) => {
                const v = r[c.key] ?? null;
                return (
                  <td
                    key={c.key}
                    className="dp__num"
                    data-key={c.key}
                    data-value={v ?? ''}
                    title={conv && v !== null ? conv.conversionAt(r.t ?? 0).note : undefined}
                  >
                    {v === null ? <span className="dp__missing">{MISSING}</span> : formatMoney(v, fmt)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {table.total > table.rows.length ? (
        <p className="dp__muted">
          The newest {table.rows.length} of {table.total.toLocaleString('en-US')} changes.
        </p>
      ) : null}
    </div>
  );
}
