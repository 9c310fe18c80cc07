/** The list's sort: which column and which way (its own module so the columns reader and the view can share it). */
import type { SortDir } from '../model/sort';

export type RecSortKey =
  | 'name'
  | 'suggested'
  | 'sales'
  | 'diff'
  | 'changePct'
  | 'liquidity'
  | 'reasons'
  | 'ask'
  | 'askGapPct'
  | 'bid'
  | 'bidGapPct'
  | 'buyGain'
  | 'sellGain';

export interface RecSort {
  key: RecSortKey;
  dir: SortDir;
}
