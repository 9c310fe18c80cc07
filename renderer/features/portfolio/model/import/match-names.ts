/**
 * Checks the names of an import preview against the game's catalog: an exact name is kept; one that
 * differs only in case or spacing ("ak-47 |  redline (field-tested)") takes the catalog's spelling; any
 * other is kept as written (a holding may be of an item the catalog lacks) with a warning naming the
 * closest catalog names, ranked by the palette's fuzzy matcher (market/model/rank.ts).
 */
import { prepare, rankNames } from '../../../../market/model/rank';
import type { ImportPreview, ImportRow } from '../types';

interface NameIndex {
  readonly names: readonly string[];
  readonly exact: ReadonlySet<string>;
  /** loose(name) → the catalog's spelling. */
  readonly loose: ReadonlyMap<string, string>;
}

/** Case and spacing (also around "|" and inside parentheses) do not matter. */
function looseName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .replace(/\s*\|\s*/g, ' | ')
    .replace(/\(\s*/g, '(')
    .replace(/\s*\)/g, ')')
    .trim();
}

const indexCache = new WeakMap<readonly string[], NameIndex>();

/** Built once per catalog list (cached by its identity). */
function nameIndex(names: readonly string[]): NameIndex {
  const hit = indexCache.get(names);
  if (hit) return hit;
  const loose = new Map<string, string>();
  for (const n of names) if (!loose.has(looseName(n))) loose.set(looseName(n), n);
  const index = { names, exact: new Set(names), loose };
  indexCache.set(names, index);
  return index;
}

/** Up to `limit` catalog names closest to `name`, best first. */
function suggestNames(index: NameIndex, name: string, limit = 3): string[] {
  if (index.names.length === 0) return [];
  const prepared = prepare(index.names);
  // Drop the punctuation the ranker would take for words; the wear in parentheses stays as words.
  const query = name
    .replace(/[|()★™]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let ranked = rankNames(prepared, query, limit).indexes;
  // Every word must match: a wrong wear or a typo in a short word finds nothing as a whole. Then try the name
  // without its parentheses (the wear, "StatTrak™"…), then its longest word alone.
  const fallbacks = [
    name
      .replace(/\([^)]*\)/g, ' ')
      .replace(/[|★™]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    query
      .split(' ')
      .filter((w) => w.length >= 4)
      .sort((a, b) => b.length - a.length)[0] ?? '',
  ];
  for (const q of fallbacks) {
    if (ranked.length > 0) break;
    if (q !== '' && q !== query) ranked = rankNames(prepared, q, limit).indexes;
  }
  return ranked.map((i) => index.names[i]).filter((n): n is string => n !== undefined);
}

/** The preview with each draft's name checked; rows with errors are left as they are. */
export function matchNames(preview: ImportPreview, catalogNames: readonly string[]): ImportPreview {
  if (catalogNames.length === 0) return preview;
  const index = nameIndex(catalogNames);
  const suggestions = new Map<string, string[]>();
  const rows = preview.rows.map((row): ImportRow => {
    const draft = row.draft;
    if (!draft || index.exact.has(draft.name)) return row;
    const spelled = index.loose.get(looseName(draft.name));
    if (spelled) return { ...row, draft: { ...draft, name: spelled } };
    let close = suggestions.get(draft.name);
    if (!close) {
      close = suggestNames(index, draft.name);
      suggestions.set(draft.name, close);
    }
    const note =
      close.length > 0
        ? `Not in the catalog; closest: ${close.map((n) => `"${n}"`).join(', ')}`
        : 'Not in the catalog (kept as written)';
    return { ...row, warning: row.warning ? `${note}; ${row.warning}` : note };
  });
  return { ...preview, rows };
}
