/**
 * The routes' CSV: the table's rows in its order, every column, money as exact decimals of the thousandths
 * (no symbol, no rounding), missing as an empty field (never 0), text guarded against formulas (shared/csv).
 * Provenance rides on every row (the rule, the poll's time, the game) rather than as extra lines, which
 * would break readers (as the charts' CSV does: ui/charts/export/csv.ts). Shown in another currency, the
 * buy, sell and net profit follow converted (rounded as shown), with the rate, its date and source.
 */
import { csvRecord, csvText } from '../../../shared/csv/csv';
import { toDecimalString, type MoneyConversion } from '../../../shared/money/money';
import { convertedField, convertedLabel, provenanceFields, provenanceHead } from '../../market/currency/export-columns';
import type { Route } from '../../market/scanner/scan';
import { ROUTE_COLUMNS } from './route-columns';

const MONEY_KEYS: ReadonlySet<string> = new Set(['buyPrice', 'buyFeeAmount', 'sellPrice', 'sellFeeAmount', 'profit']);

export const ROUTE_CSV_HEAD = [
  ...ROUTE_COLUMNS.map((c) => (c.key === 'roi' ? 'ROI (fraction)' : c.label)),
  'Fee unknown',
  'Rule',
  'Poll at (UTC)',
  'Game',
];

export interface RouteCsvProvenance {
  rule: string;
  pollAt: number;
  game: string;
  currency?: MoneyConversion | null;
}

/** The converted columns: the route's prices and its result. */
const CONVERTED: ReadonlyArray<{ label: string; value(r: Route): number }> = [
  { label: 'Buy', value: (r) => r.buyPrice },
  { label: 'Sell', value: (r) => r.sellPrice },
  { label: 'Net profit', value: (r) => r.profit },
];

function field(key: string, v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'string') return csvText(v);
  if (!Number.isFinite(v)) return '';
  return MONEY_KEYS.has(key) ? toDecimalString(Math.round(v)) : String(v);
}

function routeCsvRecord(r: Route, p: RouteCsvProvenance): string {
  const poll = Number.isFinite(p.pollAt) ? new Date(p.pollAt).toISOString() : '';
  const c = p.currency;
  const converted = c ? [...CONVERTED.map((x) => convertedField(c, x.value(r))), ...provenanceFields(c)] : [];
  return csvRecord([
    ...ROUTE_COLUMNS.map((col) => field(col.key, col.value(r))),
    r.feeUnknown ? 'yes' : 'no',
    csvText(p.rule),
    poll,
    csvText(p.game),
    ...converted,
  ]);
}

/** The header, then the rows `blockRows` at a time (exportCsvToHost writes each block as it comes). */
export function* routeCsvBlocks(routes: readonly Route[], p: RouteCsvProvenance, blockRows: number): Generator<string> {
  const c = p.currency;
  yield csvRecord(
    [...ROUTE_CSV_HEAD, ...(c ? [...CONVERTED.map((x) => convertedLabel(c, x.label)), ...provenanceHead(c)] : [])].map(
      csvText,
    ),
  );
  for (let i = 0; i < routes.length; i += blockRows) {
    let out = '';
    for (const r of routes.slice(i, i + blockRows)) out += routeCsvRecord(r, p);
    yield out;
  }
}
