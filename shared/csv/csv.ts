/**
 * The one CSV writer of every export: RFC 4180 quoting, comma separated, CRLF; ./read.ts is its reader.
 * Text a spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV Injection",
 * https://owasp.org/www-community/attacks/CSV_Injection), in a way the reader undoes exactly; numbers are never
 * guarded. Files start with a UTF-8 BOM: Excel reads a CSV as UTF-8 only with it
 * (https://donatstudios.com/CSV-An-Encoding-Nightmare). The guard's rules in full: README.md here.
 */

/** Byte order mark: Excel reads a CSV as UTF-8 only when the file starts with it. */
export const CSV_BOM = '\uFEFF';

export const CSV_EOL = '\r\n';

/** Characters that make a spreadsheet read a cell as a formula (OWASP's list, LF included). */
const TRIGGER = /^[=+\-@\t\r\n]/;
/** What the guard writes: an apostrophe before a trigger or before another apostrophe. */
const GUARDED = /^'[=+\-@\t\r\n']/;

export function csvQuote(t: string): string {
  if (/[",\r\n]/.test(t) || /^\s|\s$/.test(t)) return `"${t.replace(/"/g, '""')}"`;
  return t;
}

/** Text as the guard writes it (before quoting). csvUnguard(csvGuard(s)) === s for every s. */
function csvGuard(s: string): string {
  return TRIGGER.test(s) || GUARDED.test(s) ? `'${s}` : s;
}

/** A field as read (after unquoting) back to the text the guard was given. */
export function csvUnguard(s: string): string {
  return GUARDED.test(s) ? s.slice(1) : s;
}

/** A text field: guarded against formulas, then quoted. */
export function csvText(s: string): string {
  return csvQuote(csvGuard(s));
}

/** One record of fields already written (csvText for text; numbers as they are), with its line end. */
export function csvRecord(fields: readonly string[]): string {
  return fields.join(',') + CSV_EOL;
}

/** A whole file: the BOM, the header (text fields) and the records. */
export function csvFile(head: readonly string[], records: Iterable<readonly string[]>): string {
  let out = CSV_BOM + csvRecord(head.map(csvText));
  for (const r of records) out += csvRecord(r);
  return out;
}
