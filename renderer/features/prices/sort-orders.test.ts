/** The grid's sorted orders: the same order sortItems gives, computed once per column and direction for the same figures. */
import { describe, expect, it, vi } from 'vitest';
import { buildColumns, sortItems, type GridColumn } from './grid-columns';
import { sortAheadSteps, sortedOrder } from './sort-orders';
import { computeDerived } from '../../market/model/price-arithmetic';
import { ask, order, snapshotOf } from '../../market/model/test-helpers';

const snap = snapshotOf(
  [
    { market_hash_name: 'Both', prices: [ask('steam', 12_345, 7, null), ask('buff163', 90_000, 3, null)] },
    { market_hash_name: 'Steam only', prices: [ask('steam', 500, 2, null)] },
    { market_hash_name: 'Buff only', prices: [ask('buff163', 7_000, 1, null)] },
  ],
  [{ market_hash_name: 'Both', orders: [order('steam', 13_000, 1)] }],
  ['steam', 'buff163'],
  ['steam'],
);
const d = computeDerived({ snap, askCols: [0, 1], bidCols: [0], fees: {}, net: false });
const columns = buildColumns(snap, ['steam', 'buff163'], (s) => s, false);
const col = (id: string) => columns.find((c) => c.id === id) as GridColumn;
const watched = Uint8Array.of(0, 1, 0);

describe('sortedOrder', () => {
  it('orders as sortItems does, for every column and both directions', () => {
    for (const c of columns)
      for (const dir of ['asc', 'desc'] as const)
        expect([...sortedOrder(c, dir, snap, d, watched)], `${c.id} ${dir}`).toEqual([
          ...sortItems(c, dir, snap, d, watched),
        ]);
  });
  it('sorts a column one way once for the same figures, and again for new ones', () => {
    const first = sortedOrder(col('bestAsk'), 'asc', snap, d, watched);
    expect(sortedOrder(col('bestAsk'), 'asc', snap, d, watched)).toBe(first);
    expect(sortedOrder(col('bestAsk'), 'desc', snap, d, watched)).not.toBe(first);
    const d2 = computeDerived({ snap, askCols: [0], bidCols: [0], fees: {}, net: false });
    expect(sortedOrder(col('bestAsk'), 'asc', snap, d2, watched)).not.toBe(first);
    expect([...sortedOrder(col('bestAsk'), 'asc', snap, d2, watched)]).toEqual([
      ...sortItems(col('bestAsk'), 'asc', snap, d2, watched),
    ]);
  });
  it('gives the other direction of a kept order without sorting again, for every column', async () => {
    const sort = await import('../../market/model/sort');
    const d3 = computeDerived({ snap, askCols: [0, 1], bidCols: [0], fees: {}, net: true });
    for (const c of columns) sortedOrder(c, 'asc', snap, d3, watched);
    const spy = vi.spyOn(sort, 'sortByValues');
    try {
      const expected = columns.map((c) => [...sortItems(c, 'desc', snap, d3, watched)]);
      const sorts = spy.mock.calls.length;
      expect(columns.map((c) => [...sortedOrder(c, 'desc', snap, d3, watched)])).toEqual(expected);
      expect(spy.mock.calls.length).toBe(sorts);
    } finally {
      spy.mockRestore();
    }
  });
  it('sorts the summary columns ahead, both ways, so their clicks sort nothing', async () => {
    const sort = await import('../../market/model/sort');
    const d4 = computeDerived({ snap, askCols: [0, 1], bidCols: [0], fees: {}, net: false });
    const summary = ['bestAsk', 'bestBid', 'spread', 'spreadPct', 'listed'];
    const steps = sortAheadSteps(columns, snap, d4).slice(0, 2 * summary.length);
    for (const step of steps) step();
    const spy = vi.spyOn(sort, 'sortByValues');
    try {
      for (const id of summary)
        for (const dir of ['asc', 'desc'] as const)
          expect([...sortedOrder(col(id), dir, snap, d4, watched)], `${id} ${dir}`).toEqual([
            ...sortItems(col(id), dir, snap, d4, watched),
          ]);
      // sortItems above sorted each column; sortedOrder only looked its orders up.
      expect(spy.mock.calls.length).toBe(2 * summary.length);
    } finally {
      spy.mockRestore();
    }
  });
  it('sorts the first market columns ahead both ways, after the summary columns', async () => {
    const sort = await import('../../market/model/sort');
    const d5 = computeDerived({ snap, askCols: [0, 1], bidCols: [0], fees: {}, net: false });
    const steps = sortAheadSteps(columns, snap, d5);
    expect(steps).toHaveLength(2 * 5 + 2 * 2);
    for (const step of steps) step();
    const markets = columns.filter((c) => c.kind === 'market');
    const spy = vi.spyOn(sort, 'sortByValues');
    const back = vi.spyOn(sort, 'otherDirection');
    try {
      for (const c of markets)
        for (const dir of ['asc', 'desc'] as const)
          expect([...sortedOrder(c, dir, snap, d5, watched)], `${c.id} ${dir}`).toEqual([
            ...sortItems(c, dir, snap, d5, watched),
          ]);
      // Only sortItems above sorted; sortedOrder looked both ways up.
      expect(spy.mock.calls.length).toBe(2 * markets.length);
      expect(back).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      back.mockRestore();
    }
  });
  it('sorts the watch column again when the watchlist changes', () => {
    const first = sortedOrder(col('watch'), 'desc', snap, d, watched);
    const other = Uint8Array.of(1, 0, 0);
    expect(sortedOrder(col('watch'), 'desc', snap, d, other)).not.toBe(first);
    expect(snap.names[sortedOrder(col('watch'), 'desc', snap, d, other)[0] as number]).toBe('Both');
  });
});
