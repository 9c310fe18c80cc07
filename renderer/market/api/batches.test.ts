import { describe, expect, it } from 'vitest';
import { chunks, mergeAnswers, needsBatches, planBatches } from './batches';

describe('price batches', () => {
  it('cuts a list into pieces of the limit', () => {
    expect(chunks(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(chunks(['a', 'b'], null)).toEqual([['a', 'b']]);
    expect(needsBatches(['a', 'b', 'c'], ['x'], { ask: 2, bid: null })).toBe(true);
    expect(needsBatches(['a', 'b'], ['x'], { ask: 2, bid: 5 })).toBe(false);
    expect(needsBatches(['a', 'b', 'c'], ['x'], undefined)).toBe(false);
  });
  it('plans requests carrying both lists, none longer than its limit, every name once', () => {
    const ask = Array.from({ length: 28 }, (_, i) => `a${i}`);
    const bid = Array.from({ length: 7 }, (_, i) => `b${i}`);
    const plan = planBatches(ask, bid, { ask: 10, bid: 10 });
    expect(plan).toHaveLength(3);
    expect(plan.every((p) => p.ask.length <= 10 && p.bid.length <= 10 && p.ask.length > 0 && p.bid.length > 0)).toBe(
      true,
    );
    expect(plan.flatMap((p) => p.ask)).toEqual(ask);
    expect(plan.flatMap((p) => p.bid)).toEqual(bid);
    const longBids = planBatches(['a'], bid, { ask: 2, bid: 2 });
    expect(longBids).toHaveLength(4);
    expect(longBids.flatMap((p) => p.ask)).toEqual(['a']);
    expect(longBids.flatMap((p) => p.bid)).toEqual(bid);
  });
  it('merges answers item by item, keeping rows a name has twice and bad rows for shaping to count', () => {
    const one = [
      { market_hash_name: 'A', prices: [{ market_name: 'a0', price: 1 }] },
      { market_hash_name: 'B', prices: [{ market_name: 'a0', price: 2 }] },
      { market_hash_name: 'B', prices: [{ market_name: 'a0', price: 3 }] },
      7,
    ];
    const two = [
      { market_hash_name: 'B', prices: [{ market_name: 'a1', price: 4 }] },
      { market_hash_name: 'C', prices: null },
      { market_hash_name: 'A', prices: [{ market_name: 'a1', price: 5 }] },
    ];
    expect(mergeAnswers([one, two], 'prices')).toEqual([
      {
        market_hash_name: 'A',
        prices: [
          { market_name: 'a0', price: 1 },
          { market_name: 'a1', price: 5 },
        ],
      },
      {
        market_hash_name: 'B',
        prices: [
          { market_name: 'a0', price: 2 },
          { market_name: 'a1', price: 4 },
        ],
      },
      { market_hash_name: 'B', prices: [{ market_name: 'a0', price: 3 }] },
      7,
      { market_hash_name: 'C', prices: null },
    ]);
    // The inputs are not changed.
    expect(one[0]).toEqual({ market_hash_name: 'A', prices: [{ market_name: 'a0', price: 1 }] });
    expect(mergeAnswers([one, { error: 'x' }], 'prices')).toEqual({ error: 'x' });
  });
});
