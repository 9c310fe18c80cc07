/**
 * The side channel of a list's search parts: the worker posts a list first and its search text, flags and
 * index in a second message (the first paint needs none of them). They are kept here beside the columns,
 * by list, until a filter needs them; whoever waits for them (the page's warm-up) is called when they come.
 */
import { normalizeText } from '../model/search';
import type { SearchIndex } from '../model/search-index';
import type { RecColumns } from './rec-columns';
import { searchFlags } from './rec-reader';

/** What the worker sends after a list: its search text (read when first needed), flags and index. */
export interface RecSearchParts {
  search: () => string[];
  flags: Uint32Array;
  index: SearchIndex;
}

/** Lists' search parts, until recSearch() takes them into the columns (the index stays here). */
const searchParts = new WeakMap<RecColumns, RecSearchParts>();

/** Who waits for a list's search parts (whenRecSearch). */
const searchWaiters = new WeakMap<RecColumns, Set<() => void>>();

export function attachRecSearch(c: RecColumns, parts: RecSearchParts): void {
  if (parts.flags.length !== c.n) return;
  searchParts.set(c, parts);
  const waiting = searchWaiters.get(c);
  searchWaiters.delete(c);
  for (const fn of waiting ?? []) fn();
}

/**
 * Calls `fn` once the list's search text is at hand without computing it here: the worker's parts came
 * (or were taken in already), else after `maxWaitMs` (a list kept offline has none coming). Returns a cancel.
 */
export function whenRecSearch(c: RecColumns, fn: () => void, maxWaitMs: number): () => void {
  if (searchParts.has(c) || (c.search.length === c.n && c.flags.length === c.n)) {
    fn();
    return () => {};
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    searchWaiters.get(c)?.delete(once);
    fn();
  };
  const timer = setTimeout(once, maxWaitMs);
  const set = searchWaiters.get(c) ?? new Set<() => void>();
  set.add(once);
  searchWaiters.set(c, set);
  return () => {
    done = true;
    clearTimeout(timer);
    set.delete(once);
  };
}

/**
 * A list's search text and flags: as the worker sent them, or (a filter typed before they came, a list
 * kept offline without them) computed here from the names, once.
 */
export function recSearch(c: RecColumns): { search: string[]; flags: Uint32Array } {
  if (c.search.length !== c.n || c.flags.length !== c.n) {
    const parts = searchParts.get(c);
    const search = parts?.search();
    if (parts && search?.length === c.n) {
      c.search = search;
      c.flags = parts.flags;
    } else {
      c.search = c.names.map(normalizeText);
      c.flags = searchFlags(c.search);
    }
  }
  return c;
}

/** The list's search index (market/model/search-index.ts), once the worker sent it; filters scan all names before. */
export function recSearchIndex(c: RecColumns): SearchIndex | null {
  return searchParts.get(c)?.index ?? null;
}
