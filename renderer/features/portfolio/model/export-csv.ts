/**
 * The holdings and sales as CSV (RFC 4180 through shared/csv: comma separated, CRLF, text guarded against
 * formulas). Money is exact (toDecimalString: "12.500"), missing is an empty field, never 0. The holdings'
 * headers are the ones the CSV import reads back (Name, Quantity, Unit cost, Acquired, Market, Locked until,
 * Note, Cost currency), with the ledger's figures beside them. Costs are as entered: "Cost currency" names
 * their currency (ISO 4217), empty for the service's own (every cost entered before currencies existed).
 */
import { csvFile, csvText } from '../../../../shared/csv/csv';
import { toDecimalString } from '../../../../shared/money/money';
import type { Ledger } from './ledger';
import type { HoldingRow, Place } from './types';

export interface CsvNames {
  /** Display name of a market slug. */
  marketName(slug: string): string;
}

function money(v: number | null): string {
  return v === null ? '' : toDecimalString(v);
}

export function placeText(place: Place | null, names: CsvNames): string {
  if (!place) return '';
  return place.kind === 'market' ? names.marketName(place.slug) : place.text;
}

/** ISO time in UTC with its zone ("2026-03-08T07:00:00Z"): exact, and what the import reads back. */
function timeText(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

const HOLDINGS_CSV_HEAD = [
  'Name',
  'Quantity',
  'Unit cost',
  'Fee',
  'Acquired',
  'Market',
  'Locked until',
  'Note',
  'Remaining',
  'Cost basis',
  'In catalog',
  'Origin',
  'Id',
  'Cost currency',
] as const;

export function holdingsCsv(rows: readonly HoldingRow[], names: CsvNames): string {
  return csvFile(
    HOLDINGS_CSV_HEAD,
    rows.map(({ holding: h, remaining, costBasis, known }) => [
      csvText(h.name),
      String(h.quantity),
      money(h.unitCost),
      money(h.fee),
      h.acquired ?? '',
      csvText(placeText(h.place, names)),
      timeText(h.lockedUntil),
      csvText(h.note),
      String(remaining),
      money(costBasis),
      known ? 'yes' : 'no',
      h.origin,
      csvText(h.id),
      h.costCurrency ?? '',
    ]),
  );
}

const SALES_CSV_HEAD = [
  'Name',
  'Quantity',
  'Unit price',
  'Fee',
  'Proceeds',
  'Cost basis',
  'Realised',
  'Not held',
  'Sold',
  'Market',
  'Note',
  'Id',
] as const;

/** The sales in the order given, with the ledger's FIFO figures. */
export function salesCsv(ledger: Ledger, saleIds: readonly string[], names: CsvNames): string {
  const rows: string[][] = [];
  for (const id of saleIds) {
    const r = ledger.sales.get(id);
    if (!r) continue;
    const s = r.sale;
    rows.push([
      csvText(s.name),
      String(s.quantity),
      money(s.unitPrice),
      money(s.fee),
      money(r.proceeds),
      money(r.costBasis),
      money(r.realised),
      String(r.shortfall),
      s.sold,
      csvText(placeText(s.place, names)),
      csvText(s.note),
      csvText(s.id),
    ]);
  }
  return csvFile(SALES_CSV_HEAD, rows);
}
