/**
 * A pasted list of items into an import preview, one holding per line, as traders write them in chats and
 * notes: "2x AK-47 | Redline (Field-Tested)", "AK-47 | Redline (Field-Tested) x2", "2 AK-47 | …", a bare name
 * (one), "3x Fracture Case @ 0.45" (with a unit cost). Blank lines are skipped; a line that cannot be read is
 * a row with its error. A whole line the catalog knows (`isKnown`) is taken as a name even when it starts
 * with a number ("5 Year Veteran Coin").
 */
import type { GameId } from '../../../../../shared/catalog/games';
import { MAX_HOLDINGS, type HoldingDraft, type ImportPreview, type ImportRow } from '../types';
import { checkDraft } from './draft';
import { readMoney, readQuantity, shorten } from './fields';

const MAX_PASTE_CHARS = 2_000_000;

export interface PasteOptions {
  game: GameId;
  /** Whether the catalog knows a name exactly (optional). */
  isKnown?: (name: string) => boolean;
}

// "2x name", "2xname", "2 x name"; "2 XM1014 | …" is 2 of an XM1014 (the x must stand alone after a space).
const PREFIX_COUNT = /^(\d[\d,]*)(?:[x×*]\s*|\s+[x×*]\s+)(\S.*)$/i;
// "name x2", "name)x2", "name (x2)"; never "name (2019)": a year in a name is not a count.
const SUFFIX_COUNT = /^(.*\S)(?:(?:\s+|(?<=\)))[x×*]\s*(\d[\d,]*)|\s*\(\s*[x×]\s*(\d[\d,]*)\s*\))$/i;
const BARE_COUNT = /^(\d[\d,]*)\s+(\S.*)$/;
const COST = /^(.*\S)\s+@\s*(\S.*)$/;

export function importPasteList(text: string, options: PasteOptions): ImportPreview {
  if (text.length > MAX_PASTE_CHARS)
    return {
      source: 'paste',
      rows: [],
      fatal: 'The pasted text is larger than 2 MB: import it as a CSV file instead.',
    };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const rows: ImportRow[] = [];
  lines.forEach((source, index) => {
    const line = source.replace(/^\s*[-•]\s+/, '').trim();
    if (line === '') return;
    rows.push(readLine(line, index + 1, source, options));
  });
  if (rows.length === 0)
    return {
      source: 'paste',
      rows,
      fatal: 'Nothing to import: paste one item per line, e.g. "2x AK-47 | Redline (Field-Tested)".',
    };
  if (rows.length > MAX_HOLDINGS)
    return {
      source: 'paste',
      rows: [],
      fatal: `${rows.length.toLocaleString('en-US')} lines: at most ${MAX_HOLDINGS.toLocaleString('en-US')} can be imported at once.`,
    };
  return { source: 'paste', rows, fatal: null };
}

function readLine(input: string, line: number, source: string, options: PasteOptions): ImportRow {
  const text = shorten(source);
  const fail = (error: string): ImportRow => ({ line, text, draft: null, error, warning: null });
  let rest = input;
  let unitCost: number | null = null;
  const cost = COST.exec(rest);
  if (cost) {
    const money = readMoney(cost[2]!, 'unknown');
    if (!money.ok) return fail(`Cost after "@": ${money.error}`);
    unitCost = money.value;
    rest = cost[1]!;
  }
  let quantityText: string | null = null;
  let name = rest;
  if (!options.isKnown?.(rest)) {
    const prefix = PREFIX_COUNT.exec(rest);
    const suffix = SUFFIX_COUNT.exec(rest);
    const bare = BARE_COUNT.exec(rest);
    if (prefix) {
      quantityText = prefix[1]!;
      name = prefix[2]!;
    } else if (suffix) {
      quantityText = suffix[2] ?? suffix[3]!;
      name = suffix[1]!;
    } else if (bare) {
      quantityText = bare[1]!;
      name = bare[2]!;
    }
  }
  name = name.trim();
  if (name === '') return fail('No item name on this line');
  if (name.length > 500) return fail('The name is longer than 500 characters');
  let quantity = 1;
  if (quantityText !== null) {
    const q = readQuantity(quantityText);
    if (!q.ok) return fail(`Quantity ${q.error}`);
    quantity = q.value;
  }
  const draft: HoldingDraft = {
    game: options.game,
    name,
    quantity,
    unitCost,
    fee: null,
    acquired: null,
    place: null,
    lockedUntil: null,
    note: '',
    origin: 'paste',
  };
  const error = checkDraft(draft);
  return error ? fail(error) : { line, text, draft, error: null, warning: null };
}
