import { describe, expect, it } from 'vitest';
import { computeDerived } from '../market/model/price-arithmetic';
import { ask, order, snapshotOf } from '../market/model/test-helpers';
import { marketRows } from './market-rows';

// Item 'x': asks on Steam (12.000) and CSFloat (9.000, 3 offers); buy orders on CSFloat and Buff (bid only).
const snap = snapshotOf(
  [{ market_hash_name: 'x', prices: [ask('steamcommunity', 12_000), ask('csfloat', 9_000, 3)] }],
  [{ market_hash_name: 'x', orders: [order('csfloat', 8_000, 2), order('buff163', 8_500, 4)] }],
  ['steamcommunity', 'csfloat'],
  ['csfloat', 'buff163'],
);
const d = computeDerived({ snap, askCols: [0, 1], bidCols: [0, 1], fees: {}, net: false });

describe('the detail panel market rows', () => {
  it('one row per shown market, bid-only markets too, sorted by ask then bid, the bests marked', () => {
    const rows = marketRows(snap, d, 0, [0, 1], [0, 1], 0);
    expect(rows.map((r) => [r.slug, r.ask, r.offers, r.bid, r.orders, r.isBestAsk, r.isBestBid])).toEqual([
      ['csfloat', 9_000, 3, 8_000, 2, true, false],
      ['steamcommunity', 12_000, 1, null, null, false, false],
      ['buff163', null, null, 8_500, 4, false, true],
    ]);
    expect(rows.map((r) => r.listed)).toEqual([true, true, false]);
  });

  it('a hidden column shows nothing for its market (missing, not 0)', () => {
    const rows = marketRows(snap, d, 0, [1], [1], 0);
    expect(rows.map((r) => [r.slug, r.ask, r.bid, r.askAgeText, r.bidAgeText === null])).toEqual([
      ['csfloat', 9_000, null, expect.any(String), true],
      ['buff163', null, 8_500, null, false],
    ]);
  });
});
