/**
 * The grid's sorted orders, kept per column and direction for the figures they were sorted from, so a
 * column sorted once is a lookup the next time (clicking back to a column, toggling its direction twice);
 * a new snapshot, new settings or a changed watchlist are new figures, and their orders are sorted afresh.
 * A column's other direction comes from its kept order (sort.ts otherDirection). The summary columns and
 * the first market columns are sorted ahead, one step per idle period after the snapshot is shown
 * (useGridView), so their first click finds its order ready.
 */
import type { Derived } from '../../market/model/derived-columns';
import type { Snapshot } from '../../market/model/snapshot';
import { flipDir, otherDirection, type SortDir } from '../../market/model/sort';
import { defaultDir, sortItems, sortValues, type ColumnKind, type GridColumn } from './grid-columns';

/** At most this many orders per set of figures (each is 4 bytes an item: 150 kB on the CS2 catalog). */
const MAX_ORDERS = 24;

const orders = new WeakMap<object, Map<string, Int32Array>>();

/** What the column's order is computed from: the object whose change makes a new order. */
function sourceOf(
  col: GridColumn | undefined,
  snap: Snapshot,
  d: Derived,
  watched: Uint8Array,
  ranks: Uint8Array | null,
) {
  switch (col?.kind) {
    case 'watch':
      return watched;
    case 'confidence':
      return ranks ?? snap;
    case undefined:
    case 'name':
    case 'spark':
      return snap;
    default:
      return d;
  }
}

/** sortItems' order, computed once per column, direction and figures (callers never write to it). */
export function sortedOrder(
  col: GridColumn | undefined,
  dir: SortDir,
  snap: Snapshot,
  d: Derived,
  watched: Uint8Array,
  ranks: Uint8Array | null = null,
): Int32Array {
  const source = sourceOf(col, snap, d, watched, ranks);
  let kept = orders.get(source);
  if (!kept) orders.set(source, (kept = new Map()));
  // The watchlist and ranks arrays are made anew for each snapshot (useGridView); the count guards the rest.
  const keyOf = (way: SortDir) => `${col?.kind ?? 'name'}:${col?.k ?? ''}:${way}:${snap.n}`;
  const key = keyOf(dir);
  const hit = kept.get(key);
  if (hit) return hit;
  // The other way kept: turned around in linear time instead of sorted again.
  const back = kept.get(keyOf(flipDir(dir)));
  const by = back ? sortValues(col, snap, d, watched, ranks) : null;
  const order = back && by ? otherDirection(back, by.values, by.scale) : sortItems(col, dir, snap, d, watched, ranks);
  if (kept.size >= MAX_ORDERS) kept.delete(kept.keys().next().value as string);
  kept.set(key, order);
  return order;
}

/** The columns sorted ahead: the summary figures, a click's first sort on most visits. */
const AHEAD: ReadonlySet<ColumnKind> = new Set(['bestAsk', 'bestBid', 'spread', 'spreadPct', 'listed']);

/**
 * And the leftmost market columns, in sight when the page opens. Their values are worked out per item
 * (fees, trust), so a market column's first click took 24-40 ms in bench:grid, and its second (the other
 * direction) 25-29 ms, against about 16 ms for a kept order.
 */
const MARKETS_AHEAD = 4;

/** Steps that keep those columns' orders, a click's direction then the other: one short sort each. */
export function sortAheadSteps(columns: readonly GridColumn[], snap: Snapshot, d: Derived): Array<() => void> {
  const watched = new Uint8Array(0); // none of these columns reads the watchlist
  const summary = columns.filter((c) => AHEAD.has(c.kind));
  const markets = columns.filter((c) => c.kind === 'market').slice(0, MARKETS_AHEAD);
  return [...summary, ...markets].flatMap((c) => {
    const first = defaultDir(c);
    return [first, flipDir(first)].map((dir) => () => void sortedOrder(c, dir, snap, d, watched));
  });
}
