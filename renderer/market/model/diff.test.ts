import { describe, expect, it } from 'vitest';
import { computeDerived } from './price-arithmetic';
import { CHANGED, DOWN, UP, diffSnapshots } from './diff';
import { ask, snapshotOf } from './test-helpers';

describe('diffSnapshots', () => {
  it('marks cells up, down or changed, matching rows by name and markets by slug', () => {
    const prev = snapshotOf(
      [
        { market_hash_name: 'a', prices: [ask('steam', 100), ask('buff163', 50)] },
        { market_hash_name: 'b', prices: [ask('steam', 10)] },
      ],
      [],
      ['steam', 'buff163'],
      [],
    );
    const next = snapshotOf(
      [
        { market_hash_name: 'b', prices: [ask('steam', 10)] },
        { market_hash_name: 'a', prices: [ask('buff163', 40), ask('steam', 120)] },
        { market_hash_name: 'new', prices: [ask('buff163', 1)] },
      ],
      [],
      ['buff163', 'steam'],
      [],
    );
    const pd = computeDerived({ snap: prev, askCols: [0, 1], bidCols: [], fees: {}, net: false });
    const nd = computeDerived({ snap: next, askCols: [0, 1], bidCols: [], fees: {}, net: false });
    const c = diffSnapshots(prev, pd, next, nd);
    // row 1 = 'a': buff163 (col 0) 50 -> 40 down, steam (col 1) 100 -> 120 up
    expect(c.cells[1 * 2 + 0]).toBe(DOWN);
    expect(c.cells[1 * 2 + 1]).toBe(UP);
    expect(c.cells[0 * 2 + 1]).toBe(0);
    expect(c.cells[2 * 2 + 0]).toBe(0); // new row: nothing to compare with
    expect(c.count).toBe(2);
    expect(c.rows[1]! & 3).toBe(DOWN); // best ask 50 -> 40
  });
  it('an ask that appears or disappears is CHANGED', () => {
    const prev = snapshotOf([{ market_hash_name: 'a', prices: [ask('steam', 1)] }], [], ['steam'], []);
    const next = snapshotOf([{ market_hash_name: 'a', prices: [] }], [], ['steam'], []);
    const c = diffSnapshots(
      prev,
      computeDerived({ snap: prev, askCols: [0], bidCols: [], fees: {}, net: false }),
      next,
      computeDerived({ snap: next, askCols: [0], bidCols: [], fees: {}, net: false }),
    );
    expect(c.cells[0]).toBe(CHANGED);
  });
});
