import { describe, expect, it } from 'vitest';
import { computeDerived } from '../model/price-arithmetic';
import { ask, order, snapshotOf } from '../model/test-helpers';
import { dealWorking, joinRecs } from './join';
import { shapeRecs } from './rec-reader';

const rec = (name: string, suggested: number | null) => ({
  market_hash_name: name,
  suggested_price: suggested,
  unstable_reasons: [],
  total_sales: 1,
  price_difference: 0,
  price_change_percentage: 0,
  liquidity_score: 5000,
});

function setup(fees: Record<string, { buyBps: number; sellBps: number }>, net: boolean) {
  const snap = snapshotOf(
    [
      { market_hash_name: 'A', prices: [ask('m1', 10_000), ask('m2', 10_100)] },
      { market_hash_name: 'B', prices: [ask('m1', 5_000)] },
    ],
    [{ market_hash_name: 'A', orders: [order('b1', 12_000), order('b2', 11_900)] }],
    ['m1', 'm2'],
    ['b1', 'b2'],
  );
  const recs = shapeRecs(
    [rec('A', 11_000), rec('B', null), rec('Z', 1_000)],
    { game: 730, type: 'general', markets: null },
    { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 },
  )!;
  const cols = { snap, askCols: [0, 1], bidCols: [0, 1], fees };
  const shown = computeDerived({ ...cols, net });
  const withFees = computeDerived({ ...cols, net: true });
  return { snap, recs, shown, withFees, join: joinRecs({ recs, snap, shown, net: withFees }) };
}

describe('joinRecs: suggested prices against live asks and bids', () => {
  // m1 has a 2.5 % buyer fee: 10,000 + 250 = 10,250 > m2's 10,100 + 0, so buying is best on m2.
  // b1 has a 10 % seller fee: 12,000 - 1,200 = 10,800 < b2's 11,900 - 0, so selling is best on b2.
  const fees = { m1: { buyBps: 250, sellBps: 0 }, b1: { buyBps: 0, sellBps: 1000 } };

  it('deal figures always count the acting market fee; shown prices follow the net setting', () => {
    const { join, snap } = setup(fees, false);
    // Shown (not net): the raw best ask 10,000 on m1 and bid 12,000 on b1.
    expect(join.ask[0]).toBe(10_000);
    expect(snap.askMarkets[join.askCol[0]!]).toBe('m1');
    expect(join.askGap[0]).toBe(-1_000);
    expect(join.askGapPct[0]).toBeCloseTo((-1_000 / 11_000) * 100, 10);
    expect(join.bid[0]).toBe(12_000);
    expect(join.bidGap[0]).toBe(1_000);
    // Deals: cost 10,100 on m2, gain 900; proceeds 11,900 on b2, gain 900.
    expect(join.buyCost[0]).toBe(10_100);
    expect(snap.askMarkets[join.buyCol[0]!]).toBe('m2');
    expect(join.buyGain[0]).toBe(900);
    expect(join.buyGainPct[0]).toBeCloseTo((900 / 11_000) * 100, 10);
    expect(join.sellProceeds[0]).toBe(11_900);
    expect(snap.bidMarkets[join.sellCol[0]!]).toBe('b2');
    expect(join.sellGain[0]).toBe(900);
  });

  it('net on: the shown prices are the fee-counted ones', () => {
    const { join } = setup(fees, true);
    expect(join.ask[0]).toBe(10_100);
    expect(join.bid[0]).toBe(11_900);
  });

  it('explains a deal term by term', () => {
    const { join, snap, recs, withFees } = setup(
      { m1: { buyBps: 250, sellBps: 0 }, m2: { buyBps: 500, sellBps: 0 } },
      false,
    );
    // m1: 10,000 + 250 = 10,250; m2: 10,100 + 505 = 10,605. Best: m1.
    const w = dealWorking('buy', 0, recs, join, snap, withFees)!;
    expect(w).toEqual({
      side: 'buy',
      market: 'm1',
      price: 10_000,
      feeCode: 250,
      fee: 250,
      after: 10_250,
      suggested: 11_000,
      gain: 750,
      gainPct: (750 / 11_000) * 100,
    });
  });

  it("matches items by name whatever the two lists' order; a name twice in the grid is its first row", () => {
    const key = { game: 730, type: 'general' as const, markets: null };
    const meta = { transport: 'graphql' as const, bytes: 0, bytesDoneAt: 0, parseMs: 0 };
    const grid = (names: string[]) =>
      snapshotOf(
        names.map((n, i) => ({ market_hash_name: n, prices: [ask('m1', 1_000 * (i + 1))] })),
        [],
        ['m1'],
        [],
      );
    const joined = (snap: ReturnType<typeof grid>, names: string[]) => {
      const d = computeDerived({ snap, askCols: [0], bidCols: [], fees: {}, net: false });
      return joinRecs({
        recs: shapeRecs(
          names.map((n) => rec(n, 5_000)),
          key,
          meta,
        )!,
        snap,
        shown: d,
        net: d,
      });
    };
    const same = joined(grid(['A', 'B', 'C']), ['A', 'B', 'C']);
    expect([...same.gridRow]).toEqual([0, 1, 2]);
    expect([...same.ask]).toEqual([1_000, 2_000, 3_000]);
    expect([...joined(grid(['A', 'B', 'C']), ['C', 'A', 'X', 'B']).gridRow]).toEqual([2, 0, -1, 1]);
    const twice = joined(grid(['A', 'B', 'A']), ['A', 'B', 'A']);
    expect([...twice.gridRow]).toEqual([0, 1, 0]);
    expect(twice.ask[2]).toBe(1_000);
  });

  it('missing stays missing: no suggestion, no bids, no such item in the grid', () => {
    const { join, recs, snap, withFees } = setup(fees, false);
    // B: ask 5,000 but no suggested price -> gaps NaN, never 0.
    expect(join.ask[1]).toBe(5_000);
    expect(join.askGap[1]).toBeNaN();
    expect(join.buyGain[1]).toBeNaN();
    expect(join.bid[1]).toBeNaN();
    expect(dealWorking('sell', 1, recs, join, snap, withFees)).toBeNull();
    // Z: not in the grid at all.
    expect(join.gridRow[2]).toBe(-1);
    expect(join.ask[2]).toBeNaN();
    expect(join.askCol[2]).toBe(-1);
  });
});
