/**
 * Reading CSV text into records (RFC 4180 quoting, as shared/csv/csv.ts writes it): the separator is sniffed
 * from the header line (`,` `;` or tab: spreadsheets in comma-decimal locales save with `;`), a BOM is
 * dropped, CRLF/LF/CR all end a record, and a quoted field may hold separators, quotes ("") and line breaks.
 */
import { CSV_BOM } from '../../../../../shared/csv/csv';

export type Separator = ',' | ';' | '\t';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
  /** The record's source text. */
  text: string;
}

/** The separator the header line uses most, outside quotes; ',' when it has none. */
export function sniffSeparator(text: string): Separator {
  const counts: Record<Separator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c] += 1;
  }
  // Tab and semicolon first on a tie: a header with neither is rare, a name with a comma is not.
  const order: Separator[] = ['\t', ';', ','];
  let best: Separator = ',';
  let most = 0;
  for (const s of order) {
    if (counts[s] > most) {
      best = s;
      most = counts[s];
    }
  }
  return best;
}

/** Every record of the text; blank lines are skipped (their line numbers still count). */
export function readCsv(input: string, separator?: Separator): { separator: Separator; records: CsvRecord[] } {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const sep = separator ?? sniffSeparator(text);
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let start = 0;
  let touched = false;
  const endRecord = (end: number): void => {
    fields.push(field);
    const blank = !touched && fields.length === 1 && fields[0]!.trim() === '';
    if (!blank) records.push({ line: startLine, fields, text: text.slice(start, end) });
    fields = [];
    field = '';
    touched = false;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line += 1;
        field += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && field.trim() === '') {
      // A quote opens a field only at its start (spaces before it are dropped, as spreadsheets do).
      quoted = true;
      touched = true;
      field = '';
    } else if (c === sep) {
      fields.push(field);
      field = '';
      touched = true;
    } else if (c === '\r' || c === '\n') {
      endRecord(i);
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      line += 1;
      startLine = line;
      start = i + 1;
    } else {
      field += c;
    }
    i += 1;
  }
  if (field !== '' || fields.length > 0 || touched) endRecord(text.length);
  return { separator: sep, records };
}
