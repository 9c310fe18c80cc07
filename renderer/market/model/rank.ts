/**
 * Fuzzy ranking of names, for the command palette and the portfolio import's name matching (pure; no React,
 * no DOM). uFuzzy (@leeoniya/ufuzzy) in its single-error mode: every word of the query in the name, in
 * order, words of 4+ letters with at most one typo ("asiimv" finds "Asiimov"), over the name plus the
 * trader abbreviations of its attributes ("ak redl ft"). Order: names starting with the query, then exact
 * words, then typos. A keystroke is answered within a frame on 30,000+ names by narrowing what uFuzzy is
 * asked about: README.md, "Fuzzy ranking (rank.ts)".
 */
import uFuzzy from '@leeoniya/ufuzzy';
import { ABBREVIATIONS, analyzeName, normalizeText } from './search';

export interface Prepared {
  /** The names as given. */
  readonly names: readonly string[];
  /** What is matched: normalized name + attribute abbreviations. */
  readonly hay: string[];
  /** Normalized names (for the prefix and exact tiers). */
  readonly norm: readonly string[];
  /** Every index, shortest normalized name first, ties by index: the order of unranked matches. */
  readonly byLength: Int32Array;
  /** Every index in code-unit order of the normalized names: names starting with a text are a range. */
  readonly byText: Int32Array;
  /** uFuzzy's matches of single words of recent queries (ascending indexes), most recent last. */
  readonly wordMatches: Map<string, number[]>;
}

/** What the grid worker already computed per name: normalizeText(name), analyzeName() of it, the text order. */
export interface NameText {
  search: readonly string[];
  flags: Uint32Array;
  /** Indexes in the order of `search` (code units), as model/shape.ts rankNames sorts them. */
  byName: Int32Array;
}

const ABBR_LIST = Object.entries(ABBREVIATIONS);

/**
 * The matching text of each name; computed once per list of names (cached by identity). With `text`
 * (the grid snapshot's search text and flags, same length) nothing is normalized again.
 */
const preparedCache = new WeakMap<readonly string[], Prepared>();
export function prepare(names: readonly string[], text?: NameText): Prepared {
  const hit = preparedCache.get(names);
  if (hit) return hit;
  const given =
    text &&
    text.search.length === names.length &&
    text.flags.length === names.length &&
    text.byName.length === names.length
      ? text
      : null;
  const norm = given ? given.search : new Array<string>(names.length);
  const hay = new Array<string>(names.length);
  let maxLen = 0;
  for (let i = 0; i < names.length; i++) {
    let n: string;
    let flags: number;
    if (given) {
      n = given.search[i] ?? '';
      flags = given.flags[i] ?? 0;
    } else {
      n = normalizeText(names[i] ?? '');
      (norm as string[])[i] = n;
      flags = analyzeName(n);
    }
    let extra = '';
    if (flags) for (const [abbr, bit] of ABBR_LIST) if (flags & bit) extra += ` ${abbr}`;
    hay[i] = extra ? `${n} \u00b7${extra}` : n;
    if (n.length > maxLen) maxLen = n.length;
  }
  // Counting sort by length (stable: ties keep index order).
  const starts = new Int32Array(maxLen + 2);
  for (let i = 0; i < names.length; i++) {
    const at = (norm[i]?.length ?? 0) + 1;
    starts[at] = (starts[at] as number) + 1;
  }
  for (let l = 0; l <= maxLen; l++) starts[l + 1] = (starts[l + 1] as number) + (starts[l] as number);
  const byLength = new Int32Array(names.length);
  for (let i = 0; i < names.length; i++) {
    const l = norm[i]?.length ?? 0;
    byLength[starts[l] as number] = i;
    starts[l] = (starts[l] as number) + 1;
  }
  let byText = given?.byName;
  if (!byText) {
    const order = Array.from({ length: names.length }, (_, i) => i);
    order.sort((a, b) => {
      const x = norm[a] ?? '';
      const y = norm[b] ?? '';
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    byText = Int32Array.from(order);
  }
  const p: Prepared = { names, hay, norm, byLength, byText, wordMatches: new Map() };
  preparedCache.set(names, p);
  return p;
}

/** Words this short are matched exactly (an error in "ak" would match half the catalogue). */
const EXACT_UP_TO = 3;

/** uFuzzy's settings (exported for the tests' reference ranking). */
export const UF_OPTIONS: uFuzzy.Options = {
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
};
const uf = new uFuzzy(UF_OPTIONS);

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

/** Words kept in Prepared.wordMatches, and their matches in all (oldest dropped first). */
const KEEP_WORDS = 48;
const KEEP_MATCHES = 300_000;

function keep(p: Prepared, word: string, matches: number[]): number[] {
  const cache = p.wordMatches as Map<string, number[]>;
  cache.delete(word);
  cache.set(word, matches);
  let total = 0;
  for (const m of cache.values()) total += m.length;
  for (const [w, m] of cache) {
    if (cache.size <= 1 || (cache.size <= KEEP_WORDS && total <= KEEP_MATCHES)) break;
    cache.delete(w);
    total -= m.length;
  }
  return matches;
}

/** uFuzzy's split of a word into letter and digit runs: each run is its own pattern. */
const RUNS = /[^\d]+|\d+/g;

/**
 * A shorter word whose matches hold every match of `word` (so uFuzzy need only look at those), or
 * null. The pattern of a word is its runs of letters and of digits, each exact up to EXACT_UP_TO
 * characters, else with one error anywhere but its first character. So, for `base` = `word` less its
 * last character, when all runs but the last are the same:
 *  - both last runs exact: `base`'s run is a substring of `word`'s;
 *  - both with an error (4+): an error in `word`'s run is one in `base`'s, or past its end;
 *  - otherwise (3 letters becoming 4) no: "asi" exact does not hold "abii" that "asii" finds.
 * And the word's first character is always literal: the word of that one character holds it.
 * Words with an apostrophe (uFuzzy reads contractions specially) get none.
 */
export function termBase(word: string): string | null {
  if (word.length < 2 || word.includes("'")) return null;
  const base = word.slice(0, -1);
  const a = base.match(RUNS) ?? [];
  const b = word.match(RUNS) ?? [];
  const ra = a[a.length - 1] ?? '';
  const rb = b[a.length - 1] ?? '';
  const sameRuns =
    (a.length === b.length || (a.length === b.length - 1 && ra === rb)) && a.slice(0, -1).every((r, i) => r === b[i]);
  if (sameRuns) {
    if (a.length === b.length - 1) return base; // a new run of the other kind: the runs before are identical
    const exact = (r: string) => r.length <= EXACT_UP_TO;
    if ((exact(ra) && exact(rb)) || (!exact(ra) && !exact(rb))) return base;
  }
  return word.length > 1 ? (word[0] ?? null) : null;
}

/** The kept matches of the nearest base of `word` (termBase, repeatedly), or null. */
function keptBase(p: Prepared, word: string): number[] | null {
  for (let b = termBase(word); b !== null; b = termBase(b)) {
    const base = p.wordMatches.get(b);
    if (base) return base;
  }
  return null;
}

/** The range of `byText` whose names start with `q`. */
function prefixRange(p: Prepared, q: string): [number, number] {
  const at = (r: number) => p.norm[p.byText[r] as number] ?? '';
  let lo = 0;
  let hi = p.byText.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(mid) < q) lo = mid + 1;
    else hi = mid;
  }
  const start = lo;
  hi = p.byText.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at(mid).startsWith(q)) lo = mid + 1;
    else hi = mid;
  }
  return [start, lo];
}

/** The indexes in every list (each ascending), ascending. */
function intersect(lists: number[][], n: number): number[] {
  if (lists.length === 1) return lists[0] as number[];
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  const count = new Uint8Array(n);
  for (let l = 1; l < sorted.length; l++) for (const i of sorted[l] as number[]) if (count[i] === l - 1) count[i] = l;
  const need = sorted.length - 1;
  return (sorted[0] as number[]).filter((i) => count[i] === need);
}

/**
 * uFuzzy's in-order matches of a multi-word needle among `set` (ascending). A name holding the words
 * exactly, in order, matches (each word's pattern lists the word itself first, and any text may come
 * between words): only the others go through uFuzzy's regex, which costs ~1 µs a name.
 */
function inOrder(p: Prepared, needle: string, terms: readonly string[], set: number[]): number[] {
  if (set.length === 0) return [];
  if (terms.some((t) => t.includes("'"))) return uf.filter(p.hay, needle, set) ?? [];
  const exact: number[] = [];
  const other: number[] = [];
  for (const i of set) {
    const h = p.hay[i] ?? '';
    let at = 0;
    for (const t of terms) {
      const k = h.indexOf(t, at);
      if (k < 0) {
        at = -1;
        break;
      }
      at = k + t.length;
    }
    (at < 0 ? other : exact).push(i);
  }
  if (other.length === 0) return exact;
  const fuzzy = uf.filter(p.hay, needle, other) ?? [];
  if (fuzzy.length === 0) return exact;
  // Merge the two ascending lists.
  const out: number[] = [];
  let a = 0;
  let b = 0;
  while (a < exact.length || b < fuzzy.length) {
    if (b >= fuzzy.length || (a < exact.length && (exact[a] as number) < (fuzzy[b] as number)))
      out.push(exact[a++] as number);
    else out.push(fuzzy[b++] as number);
  }
  return out;
}

/** The best `limit` names for the query. An empty query matches nothing. */
export function rankNames(p: Prepared, query: string, limit = 50): Ranked {
  const terms = queryTerms(query);
  if (terms.length === 0) return { indexes: [], total: 0 };
  const needle = terms.join(' ');
  const q = normalizeText(query).trim();
  // A set holding every match (uFuzzy is AND: each match matches every word alone): the words' kept
  // matches, or ones derived from a kept base word when that base is no bigger than what is known
  // already, intersected; then narrowed by the other words' patterns.
  const known: number[][] = [];
  const pending: Array<{ word: string; base: number[] | null }> = [];
  for (const t of terms) {
    const kept = p.wordMatches.get(t);
    if (kept) known.push(kept);
    else pending.push({ word: t, base: keptBase(p, t) });
  }
  let smallest = known.reduce((a, m) => Math.min(a, m.length), Infinity);
  const rest: string[] = [];
  pending.sort((a, b) => (a.base?.length ?? Infinity) - (b.base?.length ?? Infinity));
  for (const { word, base } of pending) {
    if (base && base.length <= smallest) {
      const m = keep(p, word, uf.filter(p.hay, word, base) ?? []);
      known.push(m);
      smallest = Math.min(smallest, m.length);
    } else rest.push(word);
  }
  if (known.length === 0) {
    const longest = rest.reduce((a, b) => (b.length > a.length ? b : a));
    known.push(keep(p, longest, uf.filter(p.hay, longest) ?? []));
    rest.splice(rest.indexOf(longest), 1);
  }
  let pre = intersect(known, p.names.length);
  for (const t of rest) if (pre.length > 0) pre = uf.filter(p.hay, t, pre) ?? [];
  let idxs = terms.length === 1 ? pre : inOrder(p, needle, terms, pre);
  let info: uFuzzy.Info | null = null;
  let order: uFuzzy.InfoIdxOrder | null = null;
  // uFuzzy ranks up to 1,000 matches (given as pre-filtered, they are not searched again).
  if (idxs.length > 0 && idxs.length <= 1000) [, info, order] = uf.search(p.hay, needle, 0, 1000, idxs);
  if (idxs.length < limit && terms.length > 1 && terms.length <= 3 && pre.length > 0) {
    const all = uf.search(p.hay, needle, terms.length, 1000, pre);
    if ((all[0]?.length ?? 0) > idxs.length) [idxs, info, order] = [all[0] ?? [], all[1], all[2]];
  }
  if (idxs.length === 0) return { indexes: [], total: 0 };
  const tiers: number[][] = [[], [], []];
  if (info && order) {
    // uFuzzy's order when it ranked.
    for (const o of order) {
      const i = info.idx[o] as number;
      tiers[tier(p, i, q, terms)]?.push(i);
    }
  } else {
    // Unranked: by name length, then index. The names starting with the query are a range of the text
    // order; the walk by length stops once the best `limit` are known.
    const marked = new Uint8Array(p.names.length);
    for (const i of idxs) marked[i] = 1;
    let starting = 0;
    const [lo, hi] = prefixRange(p, q);
    for (let r = lo; r < hi; r++) {
      const i = p.byText[r] as number;
      if (marked[i]) {
        marked[i] = 2;
        starting++;
      }
    }
    const [t0, t1, t2] = tiers as [number[], number[], number[]];
    const want0 = Math.min(limit, starting);
    const want1 = limit - want0;
    for (let k = 0; k < p.byLength.length && (t0.length < want0 || t1.length < want1); k++) {
      const i = p.byLength[k] as number;
      const m = marked[i];
      if (m === 2) t0.push(i);
      else if (m === 1 && t1.length < want1) {
        const h = p.hay[i] ?? '';
        if (terms.every((t) => h.includes(t))) t1.push(i);
        else if (t2.length < want1) t2.push(i);
      }
    }
  }
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
