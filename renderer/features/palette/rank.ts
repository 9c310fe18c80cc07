/**
 * Ranking for the command palette (pure; no React, no DOM).
 *
 * Matching is uFuzzy (@leeoniya/ufuzzy) in its single-error mode: every word of the query must occur in
 * the name, in order, each word of 4+ letters with at most one typo (a letter added, missing, swapped
 * or wrong: "asiimv" finds "Asiimov", "redlien" finds "Redline"), shorter words exactly ("ak"). A word
 * may be a part of a word ("redl"). When the words in order find fewer than `limit` names, the other
 * orders of up to 3 words are tried too ("redline ak"). The haystack is the name lower-cased with
 * accents removed plus the trader abbreviations of its attributes (ft, mw, st, …, as the grid's
 * filter knows them), so "ak redl ft" finds "AK-47 | Redline (Field-Tested)".
 *
 * Order: names that start with the whole query first, then names holding every word exactly, then the
 * typo matches; within each, uFuzzy's order (word boundaries, fewer gaps, earlier, shorter).
 */
import uFuzzy from '@leeoniya/ufuzzy';
import { ABBREVIATIONS, analyzeName, normalizeText } from '../grid/model/search';

export interface Prepared {
  /** The names as given. */
  readonly names: readonly string[];
  /** What is matched: normalized name + attribute abbreviations. */
  readonly hay: string[];
  /** Normalized names (for the prefix and exact tiers). */
  readonly norm: string[];
}

const ABBR_LIST = Object.entries(ABBREVIATIONS);

/** The matching text of each name; computed once per list of names (cached by identity). */
const preparedCache = new WeakMap<readonly string[], Prepared>();
export function prepare(names: readonly string[]): Prepared {
  const hit = preparedCache.get(names);
  if (hit) return hit;
  const norm = new Array<string>(names.length);
  const hay = new Array<string>(names.length);
  for (let i = 0; i < names.length; i++) {
    const n = normalizeText(names[i] ?? '');
    norm[i] = n;
    const flags = analyzeName(n);
    let extra = '';
    if (flags) for (const [abbr, bit] of ABBR_LIST) if (flags & bit) extra += ` ${abbr}`;
    hay[i] = extra ? `${n} \u00b7${extra}` : n;
  }
  const p: Prepared = { names, hay, norm };
  preparedCache.set(names, p);
  return p;
}

/** Words this short are matched exactly (an error in "ak" would match half the catalogue). */
const EXACT_UP_TO = 3;

const uf = new uFuzzy({
  intraMode: 1,
  intraIns: 1,
  intraSub: 1,
  intraTrn: 1,
  intraDel: 1,
  // One error anywhere but the first letter.
  intraSlice: [1, Infinity],
  intraRules: (term) =>
    term.length <= EXACT_UP_TO
      ? { intraIns: 0, intraSub: 0, intraTrn: 0, intraDel: 0 }
      : { intraSlice: [1, Infinity], intraIns: 1, intraSub: 1, intraTrn: 1, intraDel: 1 },
  // Letters beyond a-z that occur in names (after accents are removed) count as letters.
  alpha: 'a-z\\u00df-\\u00ff',
});

/** The query's words, normalized like the names. */
export function queryTerms(query: string): string[] {
  return normalizeText(query)
    .split(/[^a-z0-9\u00df-\u00ff']+/)
    .filter(Boolean);
}

export interface Ranked {
  /** Indexes into the names, best first, at most `limit`. */
  indexes: number[];
  /** How many names matched in all (before the limit). */
  total: number;
}

/** 0: starts with the query; 1: every word exactly; 2: with typos. */
function tier(p: Prepared, i: number, q: string, terms: readonly string[]): number {
  const n = p.norm[i] ?? '';
  if (n.startsWith(q)) return 0;
  const h = p.hay[i] ?? '';
  for (const t of terms) if (!h.includes(t)) return 2;
  return 1;
}

/** The best `limit` names for the query. An empty query matches nothing. */
export function rankNames(p: Prepared, query: string, limit = 50): Ranked {
  const terms = queryTerms(query);
  if (terms.length === 0) return { indexes: [], total: 0 };
  const needle = terms.join(' ');
  const q = normalizeText(query).trim();
  let [idxs, info, order] = uf.search(p.hay, needle, 0, 1000);
  if ((idxs?.length ?? 0) < limit && terms.length > 1 && terms.length <= 3) {
    const all = uf.search(p.hay, needle, terms.length, 1000);
    if ((all[0]?.length ?? 0) > (idxs?.length ?? 0)) [idxs, info, order] = all;
  }
  if (!idxs || idxs.length === 0) return { indexes: [], total: 0 };
  // uFuzzy's order when it ranked (up to 1000 matches), else the haystack's order by name length.
  let ordered: number[];
  if (info && order) ordered = order.map((o) => info.idx[o] as number);
  else ordered = [...idxs].sort((a, b) => (p.norm[a]?.length ?? 0) - (p.norm[b]?.length ?? 0) || a - b);
  const tiers: number[][] = [[], [], []];
  for (const i of ordered) tiers[tier(p, i, q, terms)]?.push(i);
  const indexes: number[] = [];
  for (const t of tiers) {
    for (const i of t) {
      if (indexes.length >= limit) break;
      indexes.push(i);
    }
  }
  return { indexes, total: idxs.length };
}

/** A command (action, page, game) for ranking: its label and extra words it answers to. */
export interface CommandText {
  label: string;
  keywords?: string;
}

/**
 * Commands matching the query, best first (all of them, in their order, for an empty query). Same
 * matcher as names, so "anlytics" finds "Go to Analytics".
 */
export function rankCommands<T extends CommandText>(commands: readonly T[], query: string): T[] {
  if (queryTerms(query).length === 0) return [...commands];
  const texts = commands.map((c) => (c.keywords ? `${c.label} ${c.keywords}` : c.label));
  const p = prepare(texts);
  return rankNames(p, query, commands.length).indexes.map((i) => commands[i] as T);
}
