/**
 * The valuations CSV: one line per holding with items left, every measure's unit and total with its
 * market, the P/L per measure, lock, liquidity; exact decimals (money is the thousandths' exact decimal
 * text), missing values empty, never 0. Text goes through the formula guard (shared/csv/csv.ts).
 */
import { csvFile, csvText } from '../../../../shared/csv/csv';
import { toDecimalString } from '../../../../shared/money/money';
import { MEASURES, type HoldingValue } from './measures';
import { measureInfo, type ValuedRow } from './columns';

const money = (v: number | null): string => (v === null ? '' : toDecimalString(v));
/** Percent with 4 decimals (a ratio has no exact decimal form). */
const ratio = (v: number | null): string => (v === null || !Number.isFinite(v) ? '' : v.toFixed(4));

export interface ValuationsCsvOptions {
  net: boolean;
  nameOf(slug: string): string;
}

export function valuationsCsvHeader(opts: ValuationsCsvOptions): string[] {
  const info = measureInfo(opts.net);
  const n = opts.net ? ' (net of fees)' : '';
  const cols = ['Item', 'Quantity', 'Cost basis'];
  for (const id of MEASURES) {
    const label = info[id].label;
    cols.push(`${label} each${id === 'suggested' ? '' : n}`, `${label} total${id === 'suggested' ? '' : n}`, `${label} market`, `${label} P/L`, `${label} P/L %`);
  }
  cols.push('Unstable reasons', 'Locked days left', 'Locked price used', 'Avg daily Steam volume', 'Days to sell', 'Cash within 7 days');
  return cols;
}

function line(r: ValuedRow, v: HoldingValue | null, opts: ValuationsCsvOptions): string[] {
  const out = [csvText(r.holding.name), String(r.remaining), money(r.costBasis)];
  for (const id of MEASURES) {
    const m = v?.measures[id];
    const pl = v?.pl[id];
    out.push(money(m?.unit ?? null), money(m?.total ?? null), m?.market ? csvText(opts.nameOf(m.market)) : '', money(pl?.money ?? null), ratio(pl?.percent ?? null));
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
  return out;
}

/** The whole file (with the BOM Excel needs to read UTF-8). Rows with nothing left are left out. */
export function valuationsCsv(rows: readonly ValuedRow[], opts: ValuationsCsvOptions): string {
  return csvFile(
    valuationsCsvHeader(opts),
    rows.filter((r) => r.remaining > 0).map((r) => line(r, r.value, opts)),
  );
}
