/**
 * The valuations CSV: one line per holding with items left, every measure's unit and total with its
 * market, the P/L per measure, lock, liquidity; exact decimals (money is the thousandths' exact decimal
 * text), missing values empty, never 0. Text goes through the formula guard (shared/csv/csv.ts). Shown in
 * another currency: the prices (each, total, cash) stay exact thousandths of the service currency (headers
 * name it); the cost basis and the P/L are in the display currency (the cost at its purchase date's rate,
 * the value at today's: model/cost-currency.ts), rounded as shown, with the rate and its date at the end.
 */
import { csvFile, csvText } from '../../../../shared/csv/csv';
import { toDecimalString, type MoneyConversion } from '../../../../shared/money/money';
import { convertedField, provenanceFields, provenanceHead } from '../../../market/currency/export-columns';
import { MEASURES, type HoldingValue } from './measures';
import { measureInfo, type ValuedRow } from './columns';

const money = (v: number | null): string => (v === null ? '' : toDecimalString(v));
/** Percent with 4 decimals (a ratio has no exact decimal form). */
const ratio = (v: number | null): string => (v === null || !Number.isFinite(v) ? '' : v.toFixed(4));

export interface ValuationsCsvOptions {
  net: boolean;
  nameOf(slug: string): string;
  currency?: MoneyConversion | null;
}

function valuationsCsvHeader(opts: ValuationsCsvOptions): string[] {
  const info = measureInfo(opts.net);
  const c = opts.currency ?? null;
  const svc = c ? ` (${c.from})` : '';
  const shown = c ? ` (${c.code})` : '';
  const n = opts.net ? ' (net of fees)' : '';
  const cols = ['Item', 'Quantity', `Cost basis${shown}`];
  for (const id of MEASURES) {
    const label = info[id].label;
    cols.push(
      `${label} each${id === 'suggested' ? '' : n}${svc}`,
      `${label} total${id === 'suggested' ? '' : n}${svc}`,
      `${label} market`,
      `${label} P/L${shown}`,
      `${label} P/L %`,
    );
  }
  cols.push(
    'Unstable reasons',
    'Locked days left',
    'Locked price used',
    'Avg daily Steam volume',
    'Days to sell',
    `Cash within 7 days${svc}`,
  );
  if (c) cols.push(...provenanceHead(c));
  return cols;
}

function line(r: ValuedRow, v: HoldingValue | null, opts: ValuationsCsvOptions): string[] {
  const c = opts.currency ?? null;
  // The cost basis and P/L in the display currency when converting (see above).
  const shown = (x: number | null): string => (c ? convertedField(c, x) : money(x));
  const out = [csvText(r.holding.name), String(r.remaining), shown(r.costBasis)];
  for (const id of MEASURES) {
    const m = v?.measures[id];
    const pl = v?.pl[id];
    out.push(
      money(m?.unit ?? null),
      money(m?.total ?? null),
      m?.market ? csvText(opts.nameOf(m.market)) : '',
      shown(pl?.money ?? null),
      ratio(pl?.percent ?? null),
    );
  }
  const l = v?.liquidity;
  out.push(
    csvText((v?.reasons ?? []).join(' ')),
    v?.lockedDays != null ? String(v.lockedDays) : '',
    v?.lockedDays != null ? (v.lockedPrice ? 'yes' : 'no') : '',
    l?.avgDailyVolume != null ? String(l.avgDailyVolume) : '',
    l?.daysToSell != null && Number.isFinite(l.daysToSell) ? l.daysToSell.toFixed(2) : '',
    money(l?.cashInWindow ?? null),
  );
  if (c) out.push(...provenanceFields(c));
  return out;
}

/** The whole file (with the BOM Excel needs to read UTF-8). Rows with nothing left are left out. */
export function valuationsCsv(rows: readonly ValuedRow[], opts: ValuationsCsvOptions): string {
  return csvFile(
    valuationsCsvHeader(opts),
    rows.filter((r) => r.remaining > 0).map((r) => line(r, r.value, opts)),
  );
}
