/**
 * The list as shown: filters (text as in the grid, reasons, liquidity, suggested-price range, the deals
 * preset) over a sorted order, and the sort keys of every column. Pure functions over the columns.
 */
import { compileQuery, tokenize } from '../model/search';
import { textNarrows } from '../model/filter';
import { candidateMask, candidates } from '../model/search-index';
import { sortByName, sortByValues, type SortDir } from '../model/sort';
import type { RecSort, RecSortKey } from './rec-sort';
import type { DealSide, RecJoin } from './join';
import { ALL_KNOWN_REASONS, UNKNOWN_REASON_BIT, UNREADABLE_REASONS_BIT, type RecColumns } from './rec-columns';
import { recSearch, recSearchIndex } from './rec-search';

/** Every reason bit a filter can hide: the spec's eight, unknown codes, an unreadable list. */
export const ALL_REASON_BITS = ALL_KNOWN_REASONS | UNKNOWN_REASON_BIT | UNREADABLE_REASONS_BIT;

interface DealPreset {
  side: DealSide;
  /** The least gain, in basis points of the suggested price (500 = the ask at least 5 % below it). */
  marginBps: number;
}

export interface RecFilter {
  text: string;
  /** Items with any of these reason bits are hidden; ALL_REASON_BITS = stable only. */
  hideReasons: number;
  /** 0..10000; null = any. */
  minLiquidity: number | null;
  /** Suggested price bounds, thousandths, inclusive; null = open. */
  minPrice: number | null;
  maxPrice: number | null;
  deal: DealPreset | null;
}

export const EMPTY_REC_FILTER: RecFilter = {
  text: '',
  hideReasons: 0,
  minLiquidity: null,
  minPrice: null,
  maxPrice: null,
  deal: null,
};

/** The deals preset's starting point: stable only, some liquidity, a 5 % margin. */
export function dealsFilter(side: DealSide, prev: RecFilter): RecFilter {
  return {
    ...prev,
    deal: { side, marginBps: prev.deal?.marginBps ?? 500 },
    hideReasons: ALL_REASON_BITS,
    minLiquidity: prev.minLiquidity ?? 2000,
  };
}

/**
 * Whether `next` can only keep items `prev` kept (the same conditions, the text narrowed as the grid's
 * narrows() says): then filtering the last view gives the same rows as filtering the whole order.
 */
export function recNarrows(prev: RecFilter, next: RecFilter): boolean {
  const sameDeal =
    prev.deal === next.deal ||
    (prev.deal !== null &&
      next.deal !== null &&
      prev.deal.side === next.deal.side &&
      prev.deal.marginBps === next.deal.marginBps);
  return (
    sameDeal &&
    prev.hideReasons === next.hideReasons &&
    prev.minLiquidity === next.minLiquidity &&
    prev.minPrice === next.minPrice &&
    prev.maxPrice === next.maxPrice &&
    textNarrows(prev.text, next.text)
  );
}

export function isRecFiltering(f: RecFilter): boolean {
  return (
    f.text.trim() !== '' ||
    f.hideReasons !== 0 ||
    f.minLiquidity !== null ||
    f.minPrice !== null ||
    f.maxPrice !== null ||
    f.deal !== null
  );
}

/**
 * Whether item i passes the deal preset (its gain after the fee at least the margin). Compared in exact
 * integers (gain * 10000 >= bps * suggested), not through the float percentage: a gain of exactly the
 * margin (e.g. 7.2 %, whose ratio computes as 7.199999…) passes. NaN without a price or a suggestion: no deal.
 */
function passesDeal(deal: DealPreset, i: number, c: RecColumns, join: RecJoin | null): boolean {
  if (!join) return false;
  const gain = (deal.side === 'buy' ? join.buyGain[i] : join.sellGain[i]) as number;
  const suggested = c.suggested[i] as number;
  return suggested > 0 && gain * 10000 >= deal.marginBps * suggested;
}

/**
 * The items of `order` that pass `f`, in that order (`order` itself when `f` filters nothing: the result
 * is read, never written to). A deal preset without live prices yet passes none.
 * With the list's search index (once the worker sent it) the text is only matched on the items the index
 * cannot rule out, as the grid's filter does; the result is the same either way.
 */
export function applyRecFilter(order: Int32Array, c: RecColumns, f: RecFilter, join: RecJoin | null): Int32Array {
  // Nothing to filter (the page's first view): the order itself, shared like it (never written to).
  if (!isRecFiltering(f)) return order;
  const match = compileQuery(f.text);
  const { search, flags } = match ? recSearch(c) : c;
  const index = match ? recSearchIndex(c) : null;
  const cand = index ? candidates(index, tokenize(f.text), flags) : null;
  // Items the index leaves possible, when that is fewer than the order to walk.
  const { marked, flag: candFlag } = candidateMask(cand, c.n, order.length);
  const out = new Int32Array(order.length);
  let k = 0;
  const { minLiquidity: minL, minPrice: lo, maxPrice: hi, hideReasons: hide, deal } = f;
  for (let j = 0; j < order.length; j++) {
    const i = order[j] as number;
    if (marked && !marked[i] && !((flags[i] as number) & candFlag)) continue;
    if (hide && (c.reasons[i] as number) & hide) continue;
    if (minL !== null && !((c.liquidity[i] as number) >= minL)) continue;
    if (lo !== null || hi !== null) {
      const p = c.suggested[i] as number;
      if (!(p === p)) continue;
      if (lo !== null && p < lo) continue;
      if (hi !== null && p > hi) continue;
    }
    if (deal && !passesDeal(deal, i, c, join)) continue;
    if (match && !match(search[i] as string, flags[i] as number)) continue;
    out[k++] = i;
  }
  return out.slice(0, k);
}

/** Number of reason bits set, for sorting by "how unstable". */
function reasonCounts(c: RecColumns): Float64Array {
  const out = new Float64Array(c.n);
  for (let i = 0; i < c.n; i++) {
    let b = c.reasons[i] as number;
    let k = 0;
    while (b) {
      k += b & 1;
      b >>>= 1;
    }
    out[i] = k;
  }
  return out;
}

/** Values a join column needs before prices arrive: all missing (they sort last). */
function missing(n: number): Float64Array {
  return new Float64Array(n).fill(NaN);
}

/** The page's first order: most sold first. */
export const DEFAULT_REC_SORT: RecSort = { key: 'sales', dir: 'desc' };

/** Sort keys whose values are the list's own (not the live prices' join). */
const OWN_KEYS: ReadonlySet<RecSortKey> = new Set([
  'name',
  'suggested',
  'sales',
  'diff',
  'changePct',
  'liquidity',
  'reasons',
]);

/**
 * The list in `sort`'s order: the order the worker sorted it in (DEFAULT_REC_SORT, with warm code, while
 * the page waits) when it is that one, else sorted here. The result is shared: never write to it.
 */
export function sortedRecs(c: RecColumns, join: RecJoin | null, sort: RecSort): Int32Array {
  const pre = c.presorted;
  if (pre && pre.key === sort.key && pre.dir === sort.dir && OWN_KEYS.has(sort.key)) return pre.order;
  return sortRecs(c, join, sort);
}

export function sortRecs(c: RecColumns, join: RecJoin | null, sort: RecSort): Int32Array {
  const { dir } = sort;
  switch (sort.key) {
    case 'name':
      return sortByName(c.byName, dir);
    case 'reasons':
      return sortByValues(reasonCounts(c), dir, c.nameRank, c.byName);
    case 'changePct':
      return sortByValues(c.changePct, dir, c.nameRank, c.byName, 1000);
    case 'suggested':
    case 'sales':
    case 'diff':
    case 'liquidity':
      return sortByValues(c[sort.key], dir, c.nameRank, c.byName);
    case 'askGapPct':
    case 'bidGapPct':
      return sortByValues(join ? join[sort.key] : missing(c.n), dir, c.nameRank, c.byName, 1000);
    case 'ask':
    case 'bid':
    case 'buyGain':
    case 'sellGain':
      return sortByValues(join ? join[sort.key] : missing(c.n), dir, c.nameRank, c.byName);
  }
}

/** The direction a column starts in: names A to Z, numbers biggest first. */
export function defaultRecDir(key: RecSortKey): SortDir {
  return key === 'name' || key === 'ask' || key === 'askGapPct' ? 'asc' : 'desc';
}
