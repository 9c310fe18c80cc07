/**
 * The list as the user arranges it: the filters and the sort, and the rows in sight order with the
 * filters applied. Filtered in the keystroke's own render: with the list's search index a keystroke costs
 * about a millisecond, less than a deferred second render would.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { runWhenIdle } from '../../lib/idle';
import type { DealSide, RecJoin } from '../../market/recommendations/join';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import { recSearch, whenRecSearch } from '../../market/recommendations/rec-search';
import type { RecSort } from '../../market/recommendations/rec-sort';
import {
  applyRecFilter,
  DEFAULT_REC_SORT,
  EMPTY_REC_FILTER,
  recNarrows,
  sortedRecs,
  sortRecs,
  type RecFilter,
} from '../../market/recommendations/view';

export function useRecViewModel(recs: RecColumns | null, join: RecJoin | null, listShown: boolean) {
  const [filter, setFilter] = useState<RecFilter>(EMPTY_REC_FILTER);
  const [sort, setSort] = useState<RecSort>(DEFAULT_REC_SORT);
  const sorted = useMemo(() => (recs ? sortedRecs(recs, join, sort) : null), [recs, join, sort]);
  // One more letter only narrows the result: then the last view is filtered instead of the whole list.
  const lastView = useRef<{ sorted: Int32Array; join: RecJoin | null; filter: RecFilter; view: Int32Array } | null>(
    null,
  );
  const view = useMemo(() => {
    if (!recs || !sorted) return new Int32Array(0);
    const last = lastView.current;
    const base =
      last && last.sorted === sorted && last.join === join && recNarrows(last.filter, filter) ? last.view : sorted;
    const v = applyRecFilter(base, recs, filter, join);
    lastView.current = { sorted, join, filter, view: v };
    return v;
  }, [recs, sorted, filter, join]);
  useWarmRecFilterAndSort(listShown ? recs : null, sorted);
  // The deals preset sorts by its side's gain.
  const onDealSort = useCallback(
    (side: DealSide) => setSort({ key: side === 'buy' ? 'buyGain' : 'sellGain', dir: 'desc' }),
    [],
  );
  return { filter, setFilter, sort, setSort, view, onDealSort };
}

/**
 * Once the list is on screen and the worker's search text came (it follows the first paint), in idle
 * time: take that text in and warm the filter and sort code (JIT) on it, so the first keystroke or header
 * click costs what the later ones do. Results discarded. (Computing the text here instead would be a
 * long task of its own.)
 */
function useWarmRecFilterAndSort(shown: RecColumns | null, sorted: Int32Array | null): void {
  useEffect(() => {
    if (!shown || !sorted) return;
    const list = shown;
    const order = sorted;
    let stopIdle = () => {};
    const stopWait = whenRecSearch(
      list,
      () =>
        (stopIdle = runWhenIdle([
          () => recSearch(list),
          ...['a', 'ak r', 'st ft -x', 'zz'].map(
            (text) => () => applyRecFilter(order, list, { ...EMPTY_REC_FILTER, text }, null),
          ),
          () => sortRecs(list, null, { key: 'suggested', dir: 'desc' }),
        ])),
      3000,
    );
    return () => {
      stopWait();
      stopIdle();
    };
  }, [shown, sorted]);
}
