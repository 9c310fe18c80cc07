import { describe, expect, it } from 'vitest';
import { steamFeeCode, UNKNOWN_FEE_CODE } from '../model/price-arithmetic';
import type { PortfolioSeriesRequest } from './portfolio-series';
import { combinePortfolio, unitValues } from './testing/portfolio-reference';
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
    const buffers = [none.times, none.sellNow, none.listLowest, none.sellNowMissing, none.listLowestMissing].map(
      (a) => a.buffer,
    );
    expect(new Set(buffers).size).toBe(buffers.length);
    expect(() => structuredClone(none, { transfer: buffers })).not.toThrow();
  });
});

// portfolio-read.test.ts checks readPortfolio against this reference: so the reference itself is checked here,
// on cases small enough to work out by hand (each worked in the comments).
describe('the reference valuation, by hand', () => {
  const steam = { slug: 'steamcommunity', sellCode: steamFeeCode(1000), known: true };
  const csfloat = { slug: 'csfloat', sellCode: 200, known: true };
  const skinport = { slug: 'skinport', sellCode: 800, known: true };
  const buff = { slug: 'buff163', sellCode: 0, known: false };
  const unvalued = (x: Float64Array) => Array.from(x, (v) => (Number.isNaN(v) ? null : v));

  it('sell now: the highest bid after its own fee, not the highest bid', () => {
    // Slot 1: Steam $10.00 = 1000 cents. Steam's function: the seller receives r with r + max(1, floor(5 % r))
    //   + max(1, floor(10 % r)) <= 1000; r = 870: 870 + 43 + 87 = 1000, r = 871: 871 + 43 + 87 = 1001 > 1000.
    //   So 8.700. CSFloat $9.00 less 2 % (180) = 8.820: CSFloat's lower bid is worth more.
    // Slot 2: Steam $1.15: r = 100: 100 + 5 + 10 = 115, so 1.000; CSFloat $1.00 less 2 % (20) = 980. Steam's.
    // Slot 3: Steam $0.03: r = 1: 1 + max(1, 0) + max(1, 0) = 3, so 0.010; CSFloat has no bid. Steam's.
    // Slot 4: no bid on a known market (buff163's 50.000 has an unknown fee: never counted at 0). None.
    const h = hist([1, 2, 3, 4], 1, {
      'b:steamcommunity': [10_000, 1_150, 30, NaN],
      'b:csfloat': [9_000, 1_000, NaN, NaN],
      'b:buff163': [NaN, NaN, NaN, 50_000],
    });
    expect(unvalued(unitValues(h, [], [steam, csfloat, buff]).sell)).toEqual([8_820, 1_000, 10, null]);
  });

  it("list at lowest: the lowest ask on a market with a known fee, less that market's fee", () => {
    // Slot 1: Skinport 9.000 is lower than CSFloat 9.100: 9.000 - 8 % (720) = 8.280 (not CSFloat's 9.100 - 182 = 8.918).
    // Slot 2: Skinport 1.234 - 8 % = 1.234 - 98.72, the fee rounded half away from zero to 99: 1.135.
    // Slot 3: Skinport has none: CSFloat 9.100 - 2 % (182) = 8.918; buff163's 1.000 is lower but its fee is unknown.
    // Slot 4: only buff163 (unknown fee): none.
    // Slot 5: CSFloat 9.000 is the lowest ask: 9.000 - 180 = 8.820; Skinport's 9.100 - 728 = 8.372 is a lower
    //   net but not the lowest listing, which is what a seller must undercut.
    const h = hist([1, 2, 3, 4, 5], 1, {
      'a:skinport': [9_000, 1_234, NaN, NaN, 9_100],
      'a:csfloat': [9_100, 9_100, 9_100, NaN, 9_000],
      'a:buff163': [NaN, NaN, 1_000, 1_000, NaN],
    });
    expect(unvalued(unitValues(h, [skinport, csfloat, buff], []).list)).toEqual([8_280, 1_135, 8_918, null, 8_820]);
  });

  it('a market whose fee nobody knows (Steam for Rust) is left out when the request says so', () => {
    // Steam's $10.00 bid would be 9.530 at Steam's 5 % alone; unknown, it is not a value. CSFloat: 5.000 - 100 = 4.900.
    const rustSteam = { slug: 'steamcommunity', sellCode: UNKNOWN_FEE_CODE, known: false };
    const h = hist([1], 1, { 'b:steamcommunity': [10_000], 'b:csfloat': [5_000] });
    expect(unvalued(unitValues(h, [], [rustSteam, csfloat]).sell)).toEqual([4_900]);
  });

  it('sums items times their quantities on common slots', () => {
    // One slot (from 0 to 10, ending at 10). Item X (x3): CSFloat bid 2.000 - 2 % = 1.960 each, 5.880 in all;
    // its ask 2.500 on Skinport - 8 % = 2.300 each, 6.900. Item Y (x1): only an ask, CSFloat 1.000 - 20 = 980.
    // Sell now: 5.880, one item (Y) without a value; list at lowest: 6.900 + 980 = 7.880, none missing.
    const req: PortfolioSeriesRequest = {
      game: 730,
      items: [
        { name: 'X', quantity: 3 },
        { name: 'Y', quantity: 1 },
      ],
      from: 0,
      to: 10,
      slots: 1,
      asks: [skinport, csfloat],
      bids: [csfloat],
    };
    const x = hist([10], 0, { 'a:skinport': [2_500], 'b:csfloat': [2_000] });
    const y = hist([10], 0, { 'a:csfloat': [1_000] });
    const r = combinePortfolio(req, [x, y]);
    expect(Array.from(r.times)).toEqual([10]);
    expect(Array.from(r.sellNow)).toEqual([5_880]);
    expect(Array.from(r.sellNowMissing)).toEqual([1]);
    expect(Array.from(r.listLowest)).toEqual([7_880]);
    expect(Array.from(r.listLowestMissing)).toEqual([0]);
  });
});
