/** The list's sort: which column and which way (its own module so the columns reader and the view can share it). */
import type { SortDir } from '../model/sort';

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
