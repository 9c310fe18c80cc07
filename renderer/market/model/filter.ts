/**
 * The view: the sorted order of all items, filtered. Filtering walks the already sorted order once, so a
 * keystroke never re-sorts. With the snapshot's search index (search-index.ts) the text predicate only
 * runs on the items the index can't rule out; the walk over the order is then a typed-array check.
 */
import type { Snapshot } from './snapshot';
import type { Derived } from './derived-columns';
import { FLAG, compileTokens, hasCategory, tokenize, type Category, type Wear } from './search';
import { candidateMask, candidates } from './search-index';

export type TriState = 'any' | 'only' | 'exclude';

export interface FilterState {
  text: string;
  /** Best ask bounds in thousandths (inclusive), null = open. */
  minPrice: number | null;
  maxPrice: number | null;
  /** Minimum total offers over the chosen markets. */
  minOffers: number | null;
  category: Category | 'any';
  wear: Wear | 'any';
  stattrak: TriState;
  souvenir: TriState;
  /** Only starred items. */
  watchlist: boolean;
  /** Leave out rows whose confidence is low (the grid's trust column; applied by the grid's view, not applyFilter). */
  hideLowConfidence: boolean;
}

export const EMPTY_FILTER: FilterState = {
  text: '',
  minPrice: null,
  maxPrice: null,
  minOffers: null,
  category: 'any',
  wear: 'any',
  stattrak: 'any',
  souvenir: 'any',
  watchlist: false,
  hideLowConfidence: false,
};

/** True when anything but the watchlist switch narrows the view. */
export function isFiltering(f: FilterState): boolean {
  return (
    f.text.trim() !== '' ||
    f.minPrice !== null ||
    f.maxPrice !== null ||
    f.minOffers !== null ||
    f.category !== 'any' ||
    f.wear !== 'any' ||
    f.stattrak !== 'any' ||
    f.souvenir !== 'any' ||
    f.hideLowConfidence
  );
}

function tri(state: TriState, has: boolean): boolean {
  return state === 'any' || (state === 'only' ? has : !has);
}

/**
 * The items of `order` that pass the filter, in that order. `watched` marks starred items
 * (by item index); only read when f.watchlist.
 */
export function applyFilter(
  order: Int32Array,
  snap: Pick<Snapshot, 'search' | 'flags' | 'searchIndex'>,
  d: Pick<Derived, 'bestAsk' | 'totalOffers'>,
  f: FilterState,
  watched?: Uint8Array,
): Int32Array {
  const tokens = tokenize(f.text);
  const match = compileTokens(tokens);
  const wearBit = f.wear === 'any' ? 0 : FLAG[f.wear];
  const { flags } = snap;
  // Read only with text to match: the search text may be taken apart on its first read (worker/client.ts).
  const search = match ? snap.search : [];
  // Items the index leaves possible (marked), when that is fewer than the order to walk.
  const cand = match && snap.searchIndex ? candidates(snap.searchIndex, tokens, flags) : null;
  const { marked, flag: candFlag } = candidateMask(cand, flags.length, order.length);
  const out = new Int32Array(order.length);
  let w = 0;
  const checkPrice = f.minPrice !== null || f.maxPrice !== null;
  const lo = f.minPrice ?? -Infinity;
  const hi = f.maxPrice ?? Infinity;
  for (let j = 0; j < order.length; j++) {
    const i = order[j] as number;
    if (marked && !marked[i] && !((flags[i] as number) & candFlag)) continue;
    if (f.watchlist && !(watched && watched[i])) continue;
    const fl = flags[i] as number;
    if (wearBit && !(fl & wearBit)) continue;
    if (f.category !== 'any' && !hasCategory(fl, f.category)) continue;
    if (!tri(f.stattrak, (fl & FLAG.stattrak) !== 0)) continue;
    if (!tri(f.souvenir, (fl & FLAG.souvenir) !== 0)) continue;
    if (checkPrice) {
      const a = d.bestAsk[i] as number;
      if (!(a >= lo && a <= hi)) continue; // NaN (no ask) fails a price bound
    }
    if (f.minOffers !== null && !((d.totalOffers[i] as number) >= f.minOffers)) continue;
    if (match && !match(search[i] as string, fl)) continue;
    out[w++] = i;
  }
  return w === out.length ? out : out.slice(0, w);
}

/**
 * Whether `next` can only match a subset of what `prev` matched, so filtering the previous result is
 * enough (typing one more letter). True when every other field is equal and each word of the previous
 * text is narrowed by a word of the new text:
 *  - a positive substring word (4+ letters) by a positive substring word containing it;
 *  - a positive word-start word (short) by a positive word-start word starting with it;
 *  - any word (an exclusion, an abbreviation) by the same word.
 * Abbreviations and category words ("st", "knife") can match items without the letters: only by themselves.
 */
export function narrows(prev: FilterState, next: FilterState): boolean {
  if (
    prev.minPrice !== next.minPrice ||
    prev.maxPrice !== next.maxPrice ||
    prev.minOffers !== next.minOffers ||
    prev.category !== next.category ||
    prev.wear !== next.wear ||
    prev.stattrak !== next.stattrak ||
    prev.souvenir !== next.souvenir ||
    prev.watchlist !== next.watchlist ||
    prev.hideLowConfidence !== next.hideLowConfidence
  ) {
    return false;
  }
  return textNarrows(prev.text, next.text);
}

/** Whether every item `next` (search text) matches also matches `prev`: the text rules of narrows(). */
export function textNarrows(prevText: string, nextText: string): boolean {
  const before = tokenize(prevText);
  const after = tokenize(nextText);
  const plainAfter = after.filter((t) => !t.negate && t.flag === 0);
  for (const t of before) {
    // The same word again (an exclusion or abbreviation too) is the same condition.
    if (
      after.some((a) => a.text === t.text && a.negate === t.negate && a.flag === t.flag && a.wordStart === t.wordStart)
    )
      continue;
    if (t.negate || t.flag !== 0) return false;
    const ok = t.wordStart
      ? plainAfter.some((a) => a.wordStart && a.text.startsWith(t.text))
      : plainAfter.some((a) => !a.wordStart && a.text.includes(t.text));
    if (!ok) return false;
  }
  return true;
}
