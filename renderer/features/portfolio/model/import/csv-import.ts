/**
 * A spreadsheet of holdings (CSV) into an import preview. The header line names the columns in the trader's
 * words: case, spaces, punctuation and common synonyms are accepted ("Item", "market_hash_name", "Qty",
 * "Buy price", "Purchase date", "Where", "Trade lock", "Comment", …); only the name column is required. Every
 * other line becomes a row: its draft, or an error naming each bad field and why; nothing is dropped unseen.
 * Money and slashed days only the rest of the file explains ("1,234", "1.500" with `;`, "03/04/2026") are read
 * as the file's unambiguous values show, else the row names the ambiguity (fields.ts).
 */
import type { GameId } from '../../../../../shared/catalog/games';
import { MAX_HOLDINGS, MAX_NOTE, type HoldingDraft, type ImportPreview, type ImportRow } from '../types';
import { readCsv, type CsvRecord, type Separator } from '../../../../../shared/csv/read';
import {
  commaRoleOf,
  readDay,
  readLockEnd,
  readMoney,
  readPlace,
  readQuantity,
  shorten,
  slashOrderOf,
  squash,
  type CommaRole,
  type DotRole,
  type SlashOrder,
} from './fields';
import { checkDraft } from './draft';
import { isCurrencyCode } from '../../../../market/currency/currencies';

/** The largest CSV read (characters; about as many bytes): a spreadsheet of 50,000 holdings is ~5 MB. */
export const MAX_CSV_CHARS = 8_000_000;
const MAX_CSV_LABEL = '8 MB';

/** The first C0 or C1 control character (Unicode category Cc) of a text, as its code; null when none. */
function controlCharacter(text: string): number | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 0x1f || (c >= 0x7f && c <= 0x9f)) return c;
  }
  return null;
}

export type CsvField =
  'name' | 'quantity' | 'unitCost' | 'acquired' | 'place' | 'fee' | 'lockedUntil' | 'note' | 'costCurrency';

/** Header words per field, squashed (lower-case letters and digits only). */
const SYNONYMS: Record<CsvField, readonly string[]> = {
  name: ['name', 'item', 'itemname', 'markethashname', 'hashname', 'marketname', 'skin', 'itemtitle'],
  quantity: ['quantity', 'qty', 'amount', 'count', 'units', 'pcs', 'number', 'quant'],
  unitCost: [
    'cost',
    'price',
    'unitcost',
    'paid',
    'buyprice',
    'unitprice',
    'purchaseprice',
    'costeach',
    'priceeach',
    'boughtfor',
    'buy',
    'costperitem',
    'priceperitem',
  ],
  acquired: [
    'date',
    'acquired',
    'bought',
    'purchasedate',
    'dateacquired',
    'acquiredon',
    'boughton',
    'purchased',
    'buydate',
    'dateofpurchase',
  ],
  place: ['market', 'marketplace', 'where', 'source', 'platform', 'site', 'boughtat', 'store', 'from'],
  fee: ['fee', 'fees', 'buyfee', 'commission'],
  lockedUntil: [
    'lockeduntil',
    'tradelock',
    'tradableafter',
    'tradelockuntil',
    'tradelockeduntil',
    'lock',
    'lockedtill',
    'tradablefrom',
    'tradeholduntil',
    'tradehold',
    'unlock',
    'unlocks',
  ],
  note: ['note', 'notes', 'comment', 'comments', 'memo', 'remark', 'remarks'],
  costCurrency: ['costcurrency', 'currency', 'curr', 'ccy', 'pricecurrency', 'paidin'],
};

/** How the preview names a field in errors. */
const FIELD_LABELS: Record<CsvField, string> = {
  name: 'name',
  quantity: 'quantity',
  unitCost: 'cost',
  acquired: 'date',
  place: 'market',
  fee: 'fee',
  lockedUntil: 'locked until',
  note: 'note',
  costCurrency: 'cost currency',
};

const FIELD_BY_WORD = new Map<string, CsvField>();
for (const [field, words] of Object.entries(SYNONYMS) as Array<[CsvField, readonly string[]]>) {
  for (const w of words) FIELD_BY_WORD.set(w, field);
}

/** The field a header cell names, or null. */
export function fieldOfHeader(header: string): CsvField | null {
  const key = squash(header);
  return FIELD_BY_WORD.get(key) ?? FIELD_BY_WORD.get(key.replace(/(usd|eur|s)$/, '')) ?? null;
}

export interface CsvImportOptions {
  game: GameId;
  /** Force a separator instead of sniffing it. */
  separator?: Separator;
}

export function importCsv(text: string, options: CsvImportOptions): ImportPreview {
  const fatal = (message: string): ImportPreview => ({ source: 'csv', rows: [], fatal: message });
  if (text.length > MAX_CSV_CHARS)
    return fatal(`The file is larger than ${MAX_CSV_LABEL}: split it into smaller files.`);
  const { records, separator } = readCsv(text, options.separator);
  const [header, ...body] = records;
  if (!header) return fatal('The file is empty.');
  if (header.error) return fatal(`The header line cannot be read: ${header.error}.`);
  if (body.length > MAX_HOLDINGS)
    return fatal(
      `The file has ${body.length.toLocaleString('en-US')} rows; at most ${MAX_HOLDINGS.toLocaleString('en-US')} can be imported at once.`,
    );

  const { columnOf, used, ignored } = columnsOfHeader(header.fields);
  if (!columnOf.has('name')) return fatal(noNameColumn(header.fields));
  const cell = (fields: string[], field: CsvField): string | null => {
    const at = columnOf.get(field);
    return at === undefined ? null : (fields[at] ?? '').trim();
  };
  const file: CsvFile = {
    game: options.game,
    cell,
    used,
    headerWidth: header.fields.length,
    comma: commaRoleOfFile(body.flatMap((r) => (r.error ? [] : [cell(r.fields, 'unitCost'), cell(r.fields, 'fee')]))),
    dot: separator === ',' ? 'decimal' : 'unknown',
    order: slashOrderOfFile(body.flatMap((r) => [cell(r.fields, 'acquired'), cell(r.fields, 'lockedUntil')])),
  };
  const rows = body.map((record) => csvRow(record, file));
  return {
    source: 'csv',
    rows,
    columns: { used, ignored },
    fatal: rows.length === 0 ? 'The file has a header line but no holdings under it.' : null,
  };
}

/** Which column holds each field (the first header naming it), the header words used, and the headers ignored. */
function columnsOfHeader(fields: readonly string[]) {
  const columnOf = new Map<CsvField, number>();
  const used: Record<string, string> = {};
  const ignored: string[] = [];
  fields.forEach((cell, index) => {
    const field = fieldOfHeader(cell);
    if (field && !columnOf.has(field)) {
      columnOf.set(field, index);
      used[field] = cell.trim();
    } else if (cell.trim() !== '') {
      ignored.push(cell.trim());
    }
  });
  return { columnOf, used, ignored };
}

function noNameColumn(fields: readonly string[]): string {
  const found = fields.map((f) => f.trim()).filter(Boolean);
  return `No item name column: the first line must name the columns, one of them "name", "item" or "market_hash_name"${
    found.length
      ? ` (found: ${found
          .slice(0, 8)
          .map((f) => `"${shorten(f, 30)}"`)
          .join(', ')})`
      : ''
  }.`;
}

/** What every row of one file is read with: its columns, and how its money and days are written. */
interface CsvFile {
  game: GameId;
  cell(fields: string[], field: CsvField): string | null;
  used: Record<string, string>;
  headerWidth: number;
  comma: CommaRole;
  dot: DotRole;
  order: SlashOrder;
}

/** One line of the file as a preview row: its draft, or every bad field and why. */
function csvRow(record: CsvRecord, file: CsvFile): ImportRow {
  // A line the reader could not read (a quote never closed) is an error row naming its line.
  if (record.error)
    return {
      line: record.line,
      text: shorten(record.text),
      draft: null,
      error: capitalize(record.error),
      warning: null,
    };
  const { cell, used, comma, dot, order } = file;
  const errors: string[] = [];
  const problem = (field: CsvField, why: string): void => {
    errors.push(
      `${FIELD_LABELS[field]}${used[field] && squash(used[field]) !== squash(FIELD_LABELS[field]) ? ` ("${used[field]}")` : ''} ${why}`,
    );
  };
  const extra = record.fields.slice(file.headerWidth).filter((f) => f.trim() !== '');
  if (extra.length > 0) {
    errors.push(
      `the line has ${record.fields.length} fields and the header ${file.headerWidth} (a separator inside a name? put the name in double quotes)`,
    );
  }
  const name = cell(record.fields, 'name') ?? '';
  const nameProblem = nameProblemOf(name);
  if (nameProblem) problem('name', nameProblem);

  const read = <T>(
    field: CsvField,
    reader: (t: string) => { ok: true; value: T } | { ok: false; error: string },
  ): T | null => {
    const t = cell(record.fields, field);
    if (t === null || t === '') return null;
    const r = reader(t);
    if (r.ok) return r.value;
    problem(field, r.error);
    return null;
  };
  const quantity = read('quantity', readQuantity) ?? 1;
  const unitCost = read('unitCost', (t) => readMoney(t, comma, dot));
  const fee = read('fee', (t) => readMoney(t, comma, dot));
  // Empty: the service's currency, as for a cost that names none.
  const costCurrency = read('costCurrency', readCostCurrency);
  const acquired = read('acquired', (t) => readDay(t, order));
  const lockedUntil = read('lockedUntil', (t) => readLockEnd(t, order));
  const placeText = cell(record.fields, 'place');
  const place = placeText ? readPlace(placeText) : null;
  let note = cell(record.fields, 'note') ?? '';
  let warning: string | null = null;
  if (note.length > MAX_NOTE) {
    note = note.slice(0, MAX_NOTE);
    warning = `note shortened to ${MAX_NOTE.toLocaleString('en-US')} characters`;
  }
  const text = shorten(record.text);
  if (errors.length > 0) return { line: record.line, text, draft: null, error: capitalize(errors.join('; ')), warning };
  const draft: HoldingDraft = {
    game: file.game,
    name,
    quantity,
    unitCost,
    fee,
    ...(costCurrency ? { costCurrency } : {}),
    acquired,
    place,
    lockedUntil,
    note,
    origin: 'csv',
  };
  const checked = checkDraft(draft);
  if (checked) return { line: record.line, text, draft: null, error: checked, warning };
  return { line: record.line, text, draft, error: null, warning };
}

/** Why a name cannot be imported, or null. */
function nameProblemOf(name: string): string | null {
  if (name === '') return 'is empty';
  if (name.length > 500) return 'is longer than 500 characters';
  // Control characters are never part of an item name: a broken export, or a file read in the wrong encoding.
  const control = controlCharacter(name);
  if (control !== null) return `has a control character (U+${control.toString(16).toUpperCase().padStart(4, '0')})`;
  return null;
}

function readCostCurrency(t: string): { ok: true; value: string } | { ok: false; error: string } {
  return isCurrencyCode(t.toUpperCase())
    ? { ok: true, value: t.toUpperCase() }
    : { ok: false, error: `"${shorten(t, 12)}" is not an ISO 4217 currency code (three letters, e.g. CNY)` };
}

/** The comma's role as the file's own unambiguous amounts show it; unknown when they disagree or none tells. */
function commaRoleOfFile(values: ReadonlyArray<string | null>): CommaRole {
  let decimal = false;
  let grouping = false;
  for (const v of values) {
    if (!v) continue;
    const role = commaRoleOf(v);
    if (role === 'decimal') decimal = true;
    else if (role === 'grouping') grouping = true;
    // A plain "12.34" says the dot is the decimal mark, so a comma groups.
    else if (/^\D*\d+\.\d{1,2}\D*$/.test(v.trim())) grouping = true;
  }
  if (decimal === grouping) return 'unknown';
  return decimal ? 'decimal' : 'grouping';
}

function slashOrderOfFile(values: ReadonlyArray<string | null>): SlashOrder {
  let dmy = false;
  let mdy = false;
  for (const v of values) {
    if (!v) continue;
    const o = slashOrderOf(v);
    if (o === 'dmy') dmy = true;
    else if (o === 'mdy') mdy = true;
  }
  if (dmy === mdy) return 'unknown';
  return dmy ? 'dmy' : 'mdy';
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
