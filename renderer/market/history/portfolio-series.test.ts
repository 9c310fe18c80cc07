import { describe, expect, it } from 'vitest';
import { steamFeeCode } from '../model/price-arithmetic';
import type { PortfolioSeriesRequest } from './portfolio-series';
import { combinePortfolio } from './testing/portfolio-reference';
import type { SampledHistory } from './sampling';

function hist(times: number[], first: number | null, series: Record<string, number[]>): SampledHistory {
  return {
    series: Object.keys(series),
    start: first ?? 0,
    times: Float64Array.from(times),
    values: Object.values(series).map((v) => Float64Array.from(v)),
    bestAsk: new Float64Array(times.length),
    bestBid: new Float64Array(times.length),
    first,
    last: times.length ? (times[times.length - 1] as number) : null,
    points: times.length,
    resolution: [],
    resolutionMs: 0,
  };
}

describe('the portfolio through time', () => {
  const req: PortfolioSeriesRequest = {
    game: 730,
    items: [
      { name: 'A', quantity: 2 },
      { name: 'B', quantity: 1 },
      { name: 'C', quantity: 5 },
    ],
    from: 0,
    to: 30,
    slots: 3,
    asks: [
      { slug: 'skinport', sellCode: 800, known: true },
      { slug: 'buff163', sellCode: 0, known: false },
    ],
    bids: [
      { slug: 'steamcommunity', sellCode: steamFeeCode(1000), known: true },
      { slug: 'buff163', sellCode: 0, known: false },
    ],
  };
  const a = hist([10, 20, 30], 5, {
    'a:skinport': [9_000, 9_000, 10_000],
    // Lower, but its fee is unknown: left out, never counted at a fee of 0.
    'a:buff163': [8_000, 8_000, 8_000],
    'b:steamcommunity': [NaN, 9_000, 9_000],
    'b:buff163': [9_500, 9_500, 9_500],
  });
  // B's history starts later: its own slots (every 5 ms from 15) are read onto the common ones.
  const b = hist([20, 25, 30], 15, { 'a:skinport': [1_000, 2_000, 3_000] });
  const c = hist([], null, {});
  const r = combinePortfolio(req, [a, b, c]);

  it('sums sell-now and list-at-lowest values per slot, net of the known fees', () => {
    // Common slots from the first point (5) to 30: ends at 13.3, 21.7, 30.
    expect(Array.from(r.times).map((t) => Math.round(t * 10) / 10)).toEqual([13.3, 21.7, 30]);
    // A: 9.000 - 8 % = 8.280 (x2), then 10.000 - 8 % = 9.200; B: 1.000 - 8 % = 920 from 20, 3.000 - 8 % = 2.760 at 30.
    expect(Array.from(r.listLowest)).toEqual([16_560, 16_560 + 920, 18_400 + 2_760]);
    // Steam's 9.00 bid: 7.830 to the seller (x2); nothing before it was recorded.
    expect(Array.from(r.sellNow)).toEqual([NaN, 15_660, 15_660]);
  });
  it('counts the items without a value per slot, and names those without history', () => {
    expect(Array.from(r.listLowestMissing)).toEqual([2, 1, 1]);
    expect(Array.from(r.sellNowMissing)).toEqual([3, 2, 2]);
    expect(r.noHistory).toEqual(['C']);
    expect(r.first).toBe(5);
  });
  it('no history at all: no slots', () => {
    const none = combinePortfolio(req, [c, c, c]);
    expect(none.times.length).toBe(0);
    expect(none.noHistory).toHaveLength(3);
    // The worker transfers each array's buffer: a buffer twice in a transfer list makes postMessage throw.
    const buffers = [none.times, none.sellNow, none.listLowest, none.sellNowMissing, none.listLowestMissing].map((a) => a.buffer);
    expect(new Set(buffers).size).toBe(buffers.length);
    expect(() => structuredClone(none, { transfer: buffers })).not.toThrow();
  });
});
