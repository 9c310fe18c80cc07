/**
 * The CSV of a chart: exactly its `data`, a header row of the column labels, one line per drawn point.
 * Built to round-trip into a spreadsheet or a script: money as exact decimals (toDecimalString of the
 * thousandths, no symbol, no rounding), counts as integers, other numbers as JavaScript writes them,
 * missing as an empty field (never 0). Text is quoted and guarded against formulas (shared/csv).
 * No provenance lines: anything but data rows would break readers; the file name carries the date.
 */
import { csvFile, csvText } from '../../../../shared/csv/csv';
import { toDecimalString } from '../../../../shared/money/money';
import type { ChartColumn, ChartData } from '../types';

function csvCell(column: ChartColumn, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvText(value);
  if (!Number.isFinite(value)) return '';
  switch (column.kind) {
    case 'money':
      return toDecimalString(Math.round(value));
    case 'count':
      return String(Math.round(value));
    case 'number':
    case 'percent':
      // String() is the shortest text that reads back as the same double.
      return String(value);
    case 'text':
      return csvText(String(value));
  }
}

/** The whole file as text, BOM first (Excel reads UTF-8 only with it), CRLF line ends. */
export function buildChartCsv(data: ChartData): string {
  return csvFile(
    data.columns.map((c) => c.label),
    data.rows.map((row) => data.columns.map((c) => csvCell(c, row[c.key]))),
  );
}
