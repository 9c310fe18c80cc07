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

/** Whether the character after a closing quote may follow one: the field's end, or spaces before it. */
function endsQuotedField(after: string | undefined, sep: Separator): boolean {
  return after === undefined || after === sep || after === '\r' || after === '\n' || after === ' ' || after === '\t';
}

/** One pass over the text, character by character; the state of the record being read lives here. */
class CsvScanner {
  readonly records: CsvRecord[] = [];
  private fields: string[] = [];
  private field = '';
  private quoted = false;
  private line = 1;
  private startLine = 1;
  private start = 0;
  private touched = false;
  // Where the open quote is (index and line).
  private quoteAt = 0;
  private quoteLine = 1;

  constructor(
    private readonly text: string,
    private readonly sep: Separator,
  ) {}

  read(): CsvRecord[] {
    let i = 0;
    for (;;) {
      while (i < this.text.length) i = this.quoted ? this.quotedChar(i) : this.plainChar(i);
      if (!this.quoted) break;
      i = this.abandon();
    }
    if (this.field !== '' || this.fields.length > 0 || this.touched) this.endRecord(this.text.length);
    return this.records;
  }

  /** One character inside quotes; returns where to go on. */
  private quotedChar(i: number): number {
    const text = this.text;
    const c = text[i]!;
    if (c !== '"') {
      if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) this.line += 1;
      this.field += c;
      return i + 1;
    }
    if (text[i + 1] === '"') {
      this.field += '"';
      return i + 2;
    }
    this.quoted = false;
    // A quote that closed on a later line and is followed by more text was not a closing quote.
    if (this.line > this.quoteLine && !endsQuotedField(text[i + 1], this.sep)) return this.abandon();
    return i + 1;
  }

  /** One character outside quotes; returns where to go on. */
  private plainChar(i: number): number {
    const c = this.text[i]!;
    if (c === '"' && this.field.trim() === '') {
      // A quote opens a field only at its start (spaces before it are dropped, as spreadsheets do).
      this.quoted = true;
      this.touched = true;
      this.field = '';
      this.quoteAt = i;
      this.quoteLine = this.line;
    } else if (c === this.sep) {
      this.fields.push(this.field);
      this.field = '';
      this.touched = true;
    } else if (c === '\r' || c === '\n') {
      this.endRecord(i);
      if (c === '\r' && this.text[i + 1] === '\n') i += 1;
      this.line += 1;
      this.startLine = this.line;
      this.start = i + 1;
    } else {
      this.field += c;
    }
    return i + 1;
  }

  private endRecord(end: number): void {
    const { fields, text } = this;
    fields.push(this.field);
    const blank = !this.touched && fields.length === 1 && fields[0]!.trim() === '';
    if (!blank)
      this.records.push({ line: this.startLine, fields: fields.map(csvUnguard), text: text.slice(this.start, end) });
    this.fields = [];
    this.field = '';
    this.touched = false;
  }

  /** The record with the bad quote as an error up to the end of the quote's line; returns where to go on. */
  private abandon(): number {
    const { text, start, quoteAt, quoteLine } = this;
    let end = quoteAt;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end += 1;
    const shown = text.slice(start, end);
    this.records.push({
      line: this.startLine,
      fields: [...this.fields, shown.slice(quoteAt - start + 1)].map(csvUnguard),
      text: shown,
      error: `the quote opened on line ${quoteLine} is never closed (a name with a quote in it: write the quote twice and put the name in quotes)`,
    });
    this.fields = [];
    this.field = '';
    this.touched = false;
    this.quoted = false;
    this.line = quoteLine + 1;
    this.startLine = this.line;
    const next = text[end] === '\r' && text[end + 1] === '\n' ? end + 2 : end + 1;
    this.start = Math.min(next, text.length);
    return this.start;
  }
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
  return { separator: sep, records: new CsvScanner(text, sep).read() };
}
