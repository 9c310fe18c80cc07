import { describe, expect, it } from 'vitest';
import { computeDerived } from '../model/price-arithmetic';
import { markInputs } from './mark';
import { emptyGameTrust, trustOfPoll } from './trust';
import { grid } from './test-grid';

const M = ['a', 'b', 'c', 'd', 'e'];

describe('markInputs', () => {
  it('lists the trusted asks with their weights and agrees with the derived mark; an outlier is left out', () => {
    const snap = grid({ x: { a: 1_000, b: 1_100, c: 1_200, d: 1_050, e: 9_000 } }, M, { x: { a: 900 } }, ['a'], {
      a: 4,
      b: 1,
      c: 1,
      d: 1,
      e: 100,
    });
    const withTrust = { ...snap, trust: trustOfPoll(emptyGameTrust(730), snap, 1) };
    const cols = { askCols: [0, 1, 2, 3, 4], bidCols: [0] };
    const d = computeDerived({ snap: withTrust, ...cols, fees: {}, net: false });
    const mi = markInputs(withTrust, d, 0, cols.askCols, cols.bidCols);
    expect(mi.asks).toEqual([
      { market: 'a', price: 1_000, weight: 2 },
      { market: 'b', price: 1_100, weight: 1 },
      { market: 'c', price: 1_200, weight: 1 },
      { market: 'd', price: 1_050, weight: 1 },
    ]);
    // Sorted 1 000 (2), 1 050 (1), 1 100 (1), 1 200 (1): half of 5 is reached at 1 050.
    expect(mi.mark).toBe(1_050);
    expect(d.mark[0]).toBe(1_050);
    expect(mi.boundedByBid).toBeNull();
    const all = markInputs(
      withTrust,
      computeDerived({ snap: withTrust, ...cols, fees: {}, net: false, quotes: 'all' }),
      0,
      cols.askCols,
      cols.bidCols,
      { quotes: 'all' },
    );
    expect(all.asks.map((a) => a.market)).toContain('e');
    expect(all.mark).toBe(9_000);
  });

  it('bounded by the best bid, said so; no quote at all: null', () => {
    const snap = grid({ x: { a: 1_000, b: 1_100, c: 1_200 } }, ['a', 'b', 'c'], { x: { a: 1_150 } }, ['a']);
    const d = computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0], fees: {}, net: false });
    const mi = markInputs(snap, d, 0, [0, 1, 2], [0]);
    expect(mi.mark).toBe(1_150);
    expect(mi.boundedByBid).toEqual({ market: 'a', price: 1_150 });
    expect(d.mark[0]).toBe(1_150);
    const empty = grid({ x: {} }, ['a']);
    expect(
      markInputs(empty, computeDerived({ snap: empty, askCols: [0], bidCols: [], fees: {}, net: false }), 0, [0], [])
        .mark,
    ).toBeNull();
  });
});
