/** The chart's numbers as an accessible table over the plot, in the app's formats; money exact in the title. */
import { useMemo } from 'react';
import { formatMoneyExact, MISSING } from '../../../shared/money/money';
import { useMoneyFormat } from '../../lib/preferences';
import { chartFormat, useChartFormat, type ChartFormat } from './format';
import type { ChartColumn, ChartData } from './types';

/** Rows the on-screen table shows at most; the CSV always has every row. */
const TABLE_ROW_LIMIT = 1000;

const NUMERIC = new Set<ChartColumn['kind']>(['count', 'money', 'number', 'percent']);

function cellText(column: ChartColumn, value: string | number | null | undefined, f: ChartFormat): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value === 'string') return value;
  switch (column.kind) {
    case 'money':
      return f.money(value);
    case 'count':
      return f.count(value);
    case 'percent':
      return f.percent(value);
    case 'number':
      return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : MISSING;
    case 'text':
      return String(value);
  }
}

/** The chart's numbers as an accessible table (over the plot, scrolling); money exact in the title. */
export function ChartTable({ title, data }: { title: string; data: ChartData }) {
  const f = useChartFormat();
  const money = useMoneyFormat();
  const plain = useMemo(() => ({ ...money, conversion: null }), [money]);
  const fPlain = useMemo(() => chartFormat(plain), [plain]);
  const rows = data.rows.slice(0, TABLE_ROW_LIMIT);
  const [first, ...rest] = data.columns;
  const rowHeader = first?.kind === 'text';
  return (
    <div className="chart-frame__table" tabIndex={0} role="region" aria-label={`${title}: data`}>
      <table className="chart-table">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            {data.columns.map((c) => (
              <th key={c.key} scope="col" className={NUMERIC.has(c.kind) ? 'is-num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {rowHeader && first && <th scope="row">{cellText(first, row[first.key], f)}</th>}
              {(rowHeader ? rest : data.columns).map((c) => {
                const v = row[c.key];
                const exact =
                  c.kind === 'money' && typeof v === 'number'
                    ? formatMoneyExact(v, c.unconverted ? plain : money)
                    : undefined;
                return (
                  <td key={c.key} className={NUMERIC.has(c.kind) ? 'is-num' : undefined} title={exact}>
                    {cellText(c, v, c.unconverted ? fPlain : f)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {data.rows.length > rows.length && (
        <p className="chart-table__more">
          Showing {rows.length.toLocaleString('en-US')} of {data.rows.length.toLocaleString('en-US')} rows; the CSV has
          all of them.
        </p>
      )}
      {data.rows.length === 0 && <p className="chart-table__more">No rows.</p>}
    </div>
  );
}
