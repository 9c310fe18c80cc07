import { describe, expect, it } from 'vitest';
import { StalledMarkets } from './stalled-markets';
import type { MarketStall } from './trust/types';

const stall: MarketStall = {
  market: 'csmoney',
  side: 'ask',
  reason: 'frozen',
  since: 1000,
  polls: 4,
  changedShare: 0,
  othersShare: 0.4,
  itemCount: 10,
  itemCountBefore: 10,
};

describe('StalledMarkets', () => {
  it('keeps each game apart and tells listeners only when the stalls change', () => {
    const s = new StalledMarkets();
    let calls = 0;
    s.subscribe(() => calls++);
    s.set(730, [stall]);
    s.set(730, [{ ...stall, polls: 5 }]); // same market, side, reason and since: no change for the user
    expect(calls).toBe(1);
    expect(s.get(730).map((x) => x.market)).toEqual(['csmoney']);
    expect(s.get(570)).toEqual([]);
    s.set(730, []);
    expect(calls).toBe(2);
    expect(s.get(730)).toEqual([]);
  });
});
