/**
 * The grid's model for the page: the snapshot shown (deferred, this game's only), its per-row figures for
 * the markets and fees chosen, the watchlist and the alerts as row masks, the columns, the sorted order and the
 * filtered view. Each step is memoized on its own inputs, so a keystroke only refilters (and, when it
 * narrows the last text, refilters only the last view), a sort only resorts.
 */
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { runWhenIdle } from '../../lib/idle';
import { buildColumns, type GridColumn } from './grid-columns';
import { sortAheadSteps, sortedOrder } from './sort-orders';
import { alertMarks, type AlertOnItem } from './model/alert-marks';
import { computeDerived, derivedKey, type FeeTable } from '../../market/model/price-arithmetic';
import type { Derived } from '../../market/model/derived-columns';
import { EMPTY_FILTER, applyFilter, narrows, type FilterState } from '../../market/model/filter';
import type { Snapshot } from '../../market/model/snapshot';
import type { MarketPlan, SortState } from '../../market/prefs';
import type { Confidence, ConfidenceInput, QuoteChoice } from '../../market/trust/types';
import { stallsBySlug } from '../../ui/trust/trust-text';
import { LEVEL_RANK, confidenceRanks, type RecSignals, type TrustView } from '../../ui/trust/row-confidence';
import { useTrustView } from '../../ui/trust/use-trust-view';

export interface GridViewArgs {
  game: number;
  /** The loaded snapshot (any game: one of another game, a placeholder while switching, is not shown). */
  loaded: Snapshot | null;
  plan: MarketPlan;
  fees: FeeTable;
  net: boolean;
  sort: SortState;
  watchNames: readonly string[];
  /** All the alerts (any game; useAlertList: a new list only when one is added, edited or deleted). */
  alerts: readonly AlertOnItem[];
  filter: FilterState;
  /** The bests from trusted quotes only or all; stalled markets' quotes counted or not (market/trust-prefs.ts). */
  quotes: QuoteChoice;
  includeStalled: boolean;
  /** Trust: how a row's confidence is judged (null: not available), the service's signals where loaded, the "old" threshold and dimming. */
  judge: ((input: ConfidenceInput) => Confidence) | null;
  recs: RecSignals | null;
  oldAfterMs: number;
  dimOld: boolean;
}

export interface GridView {
  snap: Snapshot | null;
  derived: Derived | null;
  askCols: number[];
  bidCols: number[];
  /** 1 for the rows on the watchlist. */
  watched: Uint8Array;
  /** The rows' alerts (model/alert-marks.ts). */
  alerted: Uint8Array;
  columns: GridColumn[];
  /** Row indexes in sight order, filters applied. */
  view: Int32Array;
  /** What the cells show of trust. */
  trust: TrustView;
}

const defined = (v: number | undefined): v is number => v !== undefined;

/** `planned`, then the names of `answered` that no entry of the user's list has. */
function withAnswerOnly(
  planned: readonly string[],
  answered: readonly string[] | undefined,
  list: readonly { slug: string }[],
): readonly string[] {
  if (!answered) return planned;
  const known = new Set(list.map((m) => m.slug));
  for (const p of planned) known.add(p);
  const extra = answered.filter((s) => !known.has(s));
  return extra.length ? [...planned, ...extra] : planned;
}

export function useGridView({
  game,
  loaded,
  plan,
  fees,
  net,
  sort,
  watchNames,
  alerts,
  filter,
  quotes,
  includeStalled,
  judge,
  recs,
  oldAfterMs,
  dimOld,
}: GridViewArgs): GridView {
  // Deferred: a new snapshot is rendered in a time-sliced background render, so no long task blocks input.
  const snap: Snapshot | null = useDeferredValue(loaded && loaded.game === game ? loaded : null);
  const { askShown, askCols, bidCols } = useShownMarkets(snap, plan);
  const derived = useMemo(() => {
    if (!snap) return null;
    // The worker computed these for the settings of the request; reuse them when nothing changed since.
    const pre = snap.derived;
    const choice = { quotes, includeStalled };
    if (pre && pre.key === derivedKey(snap, askCols, bidCols, fees, net, choice)) return pre.data;
    return computeDerived({ snap, askCols, bidCols, fees, net, ...choice });
  }, [snap, askCols, bidCols, fees, net, quotes, includeStalled]);
  const watched = useMemo(() => {
    const u = new Uint8Array(snap?.n ?? 0);
    if (snap) {
      for (const name of watchNames) {
        const i = snap.indexOfName(name);
        if (i >= 0) u[i] = 1;
      }
    }
    return u;
  }, [snap, watchNames]);
  const alerted = useMemo(() => alertMarks(snap, alerts), [snap, alerts]);
  const stalls = useMemo(() => stallsBySlug(snap?.trust, 'ask'), [snap]);
  const columns = useMemo(
    () => buildColumns(snap, askShown, plan.nameOf, net, stalls),
    [snap, askShown, plan.nameOf, net, stalls],
  );
  const trust = useTrustView(snap, derived, judge, recs, oldAfterMs, dimOld);
  const sortCol = columns.find((c) => c.id === sort.col) ?? columns[1];
  const sortWatched = sortCol?.kind === 'watch' ? watched : null;
  // Every row's confidence, judged only when the column is sorted or low rows are hidden.
  const needRanks = sortCol?.kind === 'confidence' || filter.hideLowConfidence;
  const ranks = useMemo(
    () => (needRanks && snap && derived && judge ? confidenceRanks(snap, derived, recs, oldAfterMs, judge) : null),
    [needRanks, snap, derived, judge, recs, oldAfterMs],
  );
  const sortRanks = sortCol?.kind === 'confidence' ? ranks : null;
  const sorted = useMemo(
    () => (snap && derived ? sortedOrder(sortCol, sort.dir, snap, derived, sortWatched ?? watched, sortRanks) : null),
    // sortCol identity changes with columns; its id decides the order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [snap, derived, sortCol?.id, sort.dir, sortWatched, sortRanks],
  );
  const view = useFilteredView(sorted, snap, derived, filter, watched, ranks);

  useWarmFilterAndSort(snap, derived, sorted, columns);
  return { snap, derived, askCols, bidCols, watched, alerted, columns, view, trust };
}

/**
 * The plan's markets, then any market the service sent that the user's list does not have (a name the app
 * does not know yet): a column of its own; and their columns in the snapshot.
 */
function useShownMarkets(snap: Snapshot | null, plan: MarketPlan) {
  const askShown = useMemo(
    () => withAnswerOnly(plan.askMarkets, snap?.askMarkets, plan.askList),
    [plan.askMarkets, snap, plan.askList],
  );
  const bidShown = useMemo(
    () => withAnswerOnly(plan.bidMarkets, snap?.bidMarkets, plan.askList),
    [plan.bidMarkets, snap, plan.askList],
  );
  const askCols = useMemo(
    () => (snap ? askShown.map((s) => snap.askIndex.get(s)).filter(defined) : []),
    [snap, askShown],
  );
  const bidCols = useMemo(
    () => (snap ? bidShown.map((s) => snap.bidIndex.get(s)).filter(defined) : []),
    [snap, bidShown],
  );
  return { askShown, askCols, bidCols };
}

/**
 * The sorted rows that pass the filter (`ranks`: low-confidence rows left out when the filter hides them).
 * Typing one more letter only narrows the result: the last view is filtered instead of the whole catalog.
 */
function useFilteredView(
  sorted: Int32Array | null,
  snap: Snapshot | null,
  derived: Derived | null,
  filter: FilterState,
  watched: Uint8Array,
  ranks: Uint8Array | null,
): Int32Array {
  const lastView = useRef<{
    sorted: Int32Array;
    derived: Derived;
    watched: Uint8Array;
    filter: FilterState;
    view: Int32Array;
  } | null>(null);
  return useMemo(() => {
    if (!sorted || !snap || !derived) return new Int32Array(0);
    const last = lastView.current;
    const base =
      last &&
      last.sorted === sorted &&
      last.derived === derived &&
      last.watched === watched &&
      narrows(last.filter, filter)
        ? last.view
        : sorted;
    const v = withoutLow(applyFilter(base, snap, derived, filter, watched), filter.hideLowConfidence ? ranks : null);
    lastView.current = { sorted, derived, watched, filter, view: v };
    return v;
  }, [sorted, snap, derived, filter, watched, ranks]);
}

/** The rows of `view` whose confidence is not low (`ranks` null: all of them). */
export function withoutLow(view: Int32Array, ranks: Uint8Array | null): Int32Array {
  if (!ranks) return view;
  const out = new Int32Array(view.length);
  let w = 0;
  for (let j = 0; j < view.length; j++) {
    const i = view[j] as number;
    if (ranks[i] !== LEVEL_RANK.low) out[w++] = i;
  }
  return w === out.length ? out : out.slice(0, w);
}

/**
 * In idle time after a snapshot arrives: runs the filter code (JIT; results discarded) and sorts the summary
 * columns ahead (kept: sort-orders.ts), so the first keystroke or header click is as quick as the later ones.
 * Stopped when the page goes (its work would only slow the next page's first paint).
 */
function useWarmFilterAndSort(
  snap: Snapshot | null,
  derived: Derived | null,
  sorted: Int32Array | null,
  columns: readonly GridColumn[],
): void {
  const warmed = useRef<Derived | null>(null);
  // Read when the steps are made: a click's new order or new columns must not cancel the figures' steps.
  const now = useRef({ sorted, columns });
  now.current = { sorted, columns };
  useEffect(() => {
    const order = now.current.sorted;
    if (!snap || !derived || !order || warmed.current === derived) return;
    warmed.current = derived;
    const s0 = snap;
    const d0 = derived;
    return runWhenIdle(
      [
        () => {
          for (const text of ['a', 'ak r', 'st ft -x', 'zz'])
            applyFilter(order, s0, d0, { ...EMPTY_FILTER, text }, undefined);
        },
        ...sortAheadSteps(now.current.columns, s0, d0),
      ],
      3000,
    );
  }, [snap, derived]);
}
