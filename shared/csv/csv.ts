/**
 * RFC 4180 field quoting and the spreadsheet-formula guard, shared by every CSV the app writes (the
 * grid's export and the charts' data). Comma separated, CRLF; a field with a quote, comma, CR/LF or
 * edge spaces is quoted with doubled quotes.
 *
 * Text a spreadsheet would run as a formula (starting with = + - @ or a tab/CR) gets a leading
 * apostrophe, the usual guard against CSV injection. Only text goes through the guard: numbers the
 * app writes itself (e.g. "-1.500") must stay numbers.
 */

/** Byte order mark: Excel reads a CSV as UTF-8 only when the file starts with it. */
export const CSV_BOM = '\uFEFF';

export const CSV_EOL = '\r\n';

export function csvQuote(t: string): string {
  if (/[",\r\n]/.test(t) || /^\s|\s$/.test(t)) return `"${t.replace(/"/g, '""')}"`;
  return t;
}

/** A text field: guarded against formulas, then quoted. */
export function csvText(s: string): string {
  let t = s;
  if (/^[=+\-@\t\r]/.test(t)) t = `'${t}`;
  return csvQuote(t);
}
