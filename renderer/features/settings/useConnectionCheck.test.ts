import { describe, expect, it } from 'vitest';
import { priciestSample } from './useConnectionCheck';

const row = (name: string, suggested_price: number | null) => ({
  market_hash_name: name,
  suggested_price,
  liquidity_score: null,
});

describe('the Test connection sample', () => {
  it('the six most expensive items by suggested price, the unpriced left out', () => {
    const items = [row('a', 5), row('b', null), row('c', 9), row('d', 1), row('e', 7), row('f', 3), row('g', 8)];
    items.push(row('h', 2));
    expect(priciestSample(items).map((r) => r.market_hash_name)).toEqual(['c', 'g', 'e', 'a', 'f', 'h']);
  });

  it('none priced: an empty sample', () => {
    expect(priciestSample([row('a', null)])).toEqual([]);
  });
});
