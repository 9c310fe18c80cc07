/**
 * The list as shown: filters (text as in the grid, reasons, liquidity, suggested-price range, the deals
 * preset) over a sorted order, and the sort keys of every column. Pure functions over the columns.
 */
import { compileQuery } from '../../grid/model/search';
import { sortByName, sortByValues, type SortDir } from '../../grid/model/sort';
import type { DealSide, RecJoin } from './join';
import { ALL_KNOWN_REASONS, UNKNOWN_REASON_BIT, UNREADABLE_REASONS_BIT, type RecColumns } from './rec-columns';

/** Every reason bit a filter can hide: the spec's eight, unknown codes, an unreadable list. */
export const ALL_REASON_BITS = ALL_KNOWN_REASONS | UNKNOWN_REASON_BIT | UNREADABLE_REASONS_BIT;

export interface DealPreset {
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

export const EMPTY_REC_FILTER: RecFilter = { text: '', hideReasons: 0, minLiquidity: null, minPrice: null, maxPrice: null, deal: null };

/** The deals preset's starting point: stable only, some liquidity, a 5 % margin. */
export function dealsFilter(side: DealSide, prev: RecFilter): RecFilter {
  return { ...prev, deal: { side, marginBps: prev.deal?.marginBps ?? 500 }, hideReasons: ALL_REASON_BITS, minLiquidity: prev.minLiquidity ?? 2000 };
}

export function isRecFiltering(f: RecFilter): boolean {
  return f.text.trim() !== '' || f.hideReasons !== 0 || f.minLiquidity !== null || f.minPrice !== null || f.maxPrice !== null || f.deal !== null;
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

/** The items of `order` that pass `f`, in that order. A deal preset without live prices yet passes none. */
export function applyRecFilter(order: Int32Array, c: RecColumns, f: RecFilter, join: RecJoin | null): Int32Array {
  const match = compileQuery(f.text);
  const out = new Int32Array(order.length);
  let k = 0;
  const { minLiquidity: minL, minPrice: lo, maxPrice: hi, hideReasons: hide, deal } = f;
  for (let j = 0; j < order.length; j++) {
    const i = order[j] as number;
    if (hide && (c.reasons[i] as number) & hide) continue;
    if (minL !== null && !((c.liquidity[i] as number) >= minL)) continue;
    if (lo !== null || hi !== null) {
      const p = c.suggested[i] as number;
      if (!(p === p)) continue;
      if (lo !== null && p < lo) continue;
      if (hi !== null && p > hi) continue;
    }
    if (deal && !passesDeal(deal, i, c, join)) continue;
    if (match && !match(c.search[i] as string, c.flags[i] as number)) continue;
    out[k++] = i;
  }
  return out.slice(0, k);
}

export const REC_SORT_KEYS = [
  'name',
  'suggested',
  'sales',
  'diff',
  'changePct',
  'liquidity',
  'reasons',
  'ask',
  'askGapPct',
  'bid',
  'bidGapPct',
  'buyGain',
  'sellGain',
] as const;
export type RecSortKey = (typeof REC_SORT_KEYS)[number];

export interface RecSort {
  key: RecSortKey;
  dir: SortDir;
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
