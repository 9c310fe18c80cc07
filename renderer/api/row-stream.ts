/**
 * Reads a whole-catalog GraphQL answer, `{"data":{"<field>":[ …rows… ]}}`, while it downloads: complete rows are
 * cut out as the text comes and parsed in batches (JSON.parse), so by the last byte almost every row is parsed
 * (the answer is tens of MB: parsing it after the last byte cost 300+ ms). Anything malformed still fails as in
 * one big parse; an answer of another shape is parsed whole at the end. Where it cuts, and why that is safe:
 * README.md here.
 */

/** The answer so far, at its end: the document with the rows array emptied (streamed), or all of it. */
export type StreamEnd =
  { streamed: true; value: unknown; chars: number } | { streamed: false; value: unknown; chars: number };

export class NotJson extends Error {
  constructor() {
    super('The answer is not JSON.');
  }
}

/** Enough characters to hold the prefix up to the rows array, with generous whitespace. */
const PREFIX_WINDOW = 512;
/** Structural characters outside strings. */
const STRUCTURE = /[{}[\]"]/g;
const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** A second rows array read the same way when the answer names it right after the first (the grid's bids). */
export interface NextRows {
  field: string;
  onRows: (rows: unknown[]) => void;
}

export class RowStream {
  private mode: 'prefix' | 'rows' | 'between' | 'tail' | 'whole' = 'prefix';
  /** Rows mode: scanning every character (else cutting at "},{"). */
  private exact = false;
  /** Unread text: in 'rows' mode it starts at a boundary between rows. */
  private buf = '';
  private pos = 0;
  private depth = 0;
  private inString = false;
  /** Just after the last complete row in buf (0: none yet). */
  private lastEnd = 0;
  private firstBatch = true;
  private head = '';
  private tail = '';
  private readonly whole: string[] = [];
  private chars = 0;
  private readonly prefix: RegExp;

  /** The second array's start, `,"<field>":[`, and where its rows go; null once taken or when there is none. */
  private next: { start: RegExp; onRows: (rows: unknown[]) => void } | null;

  constructor(
    field: string,
    private onRows: (rows: unknown[]) => void,
    next?: NextRows,
  ) {
    this.prefix = new RegExp(`^\\s*\\{\\s*"data"\\s*:\\s*\\{\\s*"${fieldName(field)}"\\s*:\\s*\\[`);
    this.next = next
      ? { start: new RegExp(`^\\s*,\\s*"${fieldName(next.field)}"\\s*:\\s*\\[`), onRows: next.onRows }
      : null;
  }

  push(text: string): void {
    this.chars += text.length;
    switch (this.mode) {
      case 'whole':
        this.whole.push(text);
        return;
      case 'tail':
        this.tail += text;
        return;
      case 'prefix':
        this.buf += text;
        this.tryPrefix(false);
        return;
      case 'between':
        this.buf += text;
        this.tryNext(false);
        return;
      case 'rows':
        this.buf += text;
        if (this.exact) this.scan();
        else this.cut();
    }
  }

  end(): StreamEnd {
    if (this.mode === 'prefix') this.tryPrefix(true);
    // Twice at most: the first array's end and the second's can both still be in the text.
    for (let k = 0; k < 2; k++) {
      if (this.mode === 'rows' && !this.exact) this.scanFromHere();
      if (this.mode === 'between') this.tryNext(true);
    }
    if (this.mode === 'whole') return { streamed: false, value: parse(this.whole.join('')), chars: this.chars };
    // The rows array never closed: the answer was cut short.
    if (this.mode === 'rows') throw new NotJson();
    // The rest of the document, with the rows array empty: checks it is JSON and carries its errors.
    return { streamed: true, value: parse(`${this.head}]${this.tail}`), chars: this.chars };
  }

  private tryPrefix(atEnd: boolean): void {
    const m = this.prefix.exec(this.buf);
    if (m) {
      this.head = m[0];
      this.buf = this.buf.slice(m[0].length);
      this.mode = 'rows';
      this.cut();
    } else if (atEnd || this.buf.length >= PREFIX_WINDOW) {
      this.mode = 'whole';
      this.whole.push(this.buf);
      this.buf = '';
    }
  }

  /** After the first array: the second one's start, else the rest of the answer is read at the end. */
  private tryNext(atEnd: boolean): void {
    const next = this.next;
    const m = next?.start.exec(this.buf);
    if (next && m) {
      // Both arrays are left empty in the document parsed at the end.
      this.head += `]${m[0]}`;
      this.buf = this.buf.slice(m[0].length);
      this.next = null;
      this.onRows = next.onRows;
      this.mode = 'rows';
      this.exact = false;
      this.firstBatch = true;
      this.cut();
    } else if (!next || atEnd || this.buf.length >= PREFIX_WINDOW) {
      this.next = null;
      this.tail = this.buf;
      this.buf = '';
      this.mode = 'tail';
    }
  }

  private cut(): void {
    const at = this.buf.lastIndexOf('},{');
    if (at < 0) return;
    let rows: unknown[];
    try {
      rows = this.parseBatch(this.buf.slice(0, at + 1));
    } catch {
      this.scanFromHere();
      return;
    }
    this.buf = this.buf.slice(at + 1);
    this.onRows(rows);
  }

  /** Exact scanning from the start of buf (a boundary between rows) on. */
  private scanFromHere(): void {
    this.exact = true;
    this.pos = 0;
    this.depth = 0;
    this.inString = false;
    this.lastEnd = 0;
    this.scan();
  }

  private scan(): void {
    const buf = this.buf;
    let pos = this.pos;
    let arrayEnd = -1;
    while (pos < buf.length) {
      if (this.inString) {
        const q = buf.indexOf('"', pos);
        if (q < 0) {
          pos = buf.length;
          break;
        }
        let slashes = 0;
        for (let b = q - 1; b >= 0 && buf.charCodeAt(b) === BACKSLASH; b--) slashes++;
        pos = q + 1;
        if (slashes % 2 === 0) {
          this.inString = false;
          if (this.depth === 0) this.lastEnd = pos;
        }
        continue;
      }
      STRUCTURE.lastIndex = pos;
      const m = STRUCTURE.exec(buf);
      if (!m) {
        pos = buf.length;
        break;
      }
      const c = buf.charCodeAt(m.index);
      pos = m.index + 1;
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) this.depth++;
      else if (this.depth > 0) {
        this.depth--;
        if (this.depth === 0) this.lastEnd = pos;
      } else if (c === CLOSE_BRACKET) {
        arrayEnd = m.index;
        break;
      } else throw new NotJson();
    }
    if (arrayEnd >= 0) {
      this.batch(buf.slice(0, arrayEnd));
      this.buf = buf.slice(arrayEnd + 1);
      this.mode = 'between';
      this.tryNext(false);
      return;
    }
    if (this.lastEnd > 0) {
      this.batch(buf.slice(0, this.lastEnd));
      this.buf = buf.slice(this.lastEnd);
      pos -= this.lastEnd;
      this.lastEnd = 0;
    }
    this.pos = pos;
  }

  /** Rows text from one boundary to another: later batches start with the comma after the previous row. */
  private batch(text: string): void {
    const rows = this.parseBatch(text);
    if (rows.length > 0) this.onRows(rows);
  }

  private parseBatch(text: string): unknown[] {
    let i = skipSpace(text, 0);
    // Nothing: "[]", or the array's end right after a row.
    if (i === text.length) return [];
    if (!this.firstBatch) {
      if (text[i] !== ',') throw new NotJson();
      i++;
      // A comma and no row after it ("…},]"): as invalid here as in one big parse.
      if (skipSpace(text, i) === text.length) throw new NotJson();
    }
    const rows = parse(`[${text.slice(i)}]`) as unknown[];
    this.firstBatch = false;
    return rows;
  }
}

/** A field name as it goes in a pattern (GraphQL names are letters, digits and underscores). */
function fieldName(field: string): string {
  return field.replace(/[^A-Za-z0-9_]/g, '');
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new NotJson();
  }
}
