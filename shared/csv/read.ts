/**
 * The one CSV reader: text into records (RFC 4180 quoting, as ./csv.ts writes it): the separator is sniffed
 * from the header line (`,` `;` or tab: spreadsheets in comma-decimal locales save with `;`), a BOM is
 * dropped, CRLF/LF/CR all end a record, and a quoted field may hold separators, quotes ("") and line breaks.
 */
import { CSV_BOM, csvUnguard } from './csv';

export type Separator = ',' | ';' | '\t';

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  fields: string[];
  /** The record's source text. */
  text: string;
  /** Set when the record could not be read (a quote never closed); `fields` are then what was read. */
  error?: string;
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

/**
 * Every record of the text; blank lines are skipped (their line numbers still count). Each field has the
 * writer's formula guard undone (csvUnguard), so an export reads back as it was written.
 *
 * A quote that is never closed, or that closes lines later in the middle of a field (a stray quote that
 * found another one), would swallow every line after it into one field: that record becomes an error
 * (`error`) ending at the quote's line, and reading goes on from the next line.
 */
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
  // Where the open quote is (index and line).
  let quoteAt = 0;
  let quoteLine = 1;
  const endRecord = (end: number): void => {
    fields.push(field);
    const blank = !touched && fields.length === 1 && fields[0]!.trim() === '';
    if (!blank) records.push({ line: startLine, fields: fields.map(csvUnguard), text: text.slice(start, end) });
    fields = [];
    field = '';
    touched = false;
  };
  /** The record with the bad quote as an error up to the end of the quote's line; returns where to go on. */
  const abandon = (): number => {
    let end = quoteAt;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end += 1;
    const shown = text.slice(start, end);
    records.push({
      line: startLine,
      fields: [...fields, shown.slice(quoteAt - start + 1)].map(csvUnguard),
      text: shown,
      error: `the quote opened on line ${quoteLine} is never closed (a name with a quote in it: write the quote twice and put the name in quotes)`,
    });
    fields = [];
    field = '';
    touched = false;
    quoted = false;
    line = quoteLine + 1;
    startLine = line;
    const next = text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : end + 1;
    start = Math.min(next, text.length);
    return start;
  };
  let i = 0;
  for (;;) {
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
          const after = text[i + 1];
          // A quote that closed on a later line and is followed by more text was not a closing quote.
          if (
            line > quoteLine &&
            after !== undefined &&
            after !== sep &&
            after !== '\r' &&
            after !== '\n' &&
            after !== ' ' &&
            after !== '\t'
          ) {
            i = abandon();
            continue;
          }
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
        quoteAt = i;
        quoteLine = line;
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
    if (!quoted) break;
    i = abandon();
  }
  if (field !== '' || fields.length > 0 || touched) endRecord(text.length);
  return { separator: sep, records };
}
