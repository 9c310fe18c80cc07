import { describe, expect, it } from 'vitest';
import {
  bestArbitrage,
  bpsToPercentText,
  buyFeeCode,
  feeCodeText,
  isSteamFee,
  sellFeeCode,
  computeDerived,
  derivedKey,
  feeOf,
  netAsk,
  netBid,
  parsePercentToBps,
  shownAsk,
  shownBid,
  spreadPercent,
} from './price-arithmetic';
import { ask, order, snapshotOf } from './test-helpers';

describe('fees in thousandths', () => {
  it('fee = price x bps / 10000, rounded half away from zero', () => {
    expect(feeOf(10_000, 250)).toBe(250); // $10.000 at 2.5 % = $0.250
    expect(feeOf(1_001, 500)).toBe(50); // 50.05 -> 50
    expect(feeOf(1_010, 500)).toBe(51); // 50.5 -> 51
    expect(feeOf(-1_010, 500)).toBe(-51);
    expect(feeOf(12_345, 0)).toBe(0);
    expect(feeOf(3, 10_000)).toBe(3);
  });
  it('a buyer pays ask + buyer fee; a seller receives bid - seller fee', () => {
    expect(netAsk(10_000, 300)).toBe(10_300);
    expect(netBid(10_000, 1500)).toBe(8_500);
    expect(netBid(1, 1500)).toBe(1); // 0.15 -> 0
  });
  it('stays exact for large prices', () => {
    expect(feeOf(2_000_000_000_000, 1)).toBe(200_000_000);
    expect(Number.isInteger(netAsk(9_007_199_254, 333))).toBe(true);
  });
  it('parses percent text to basis points and back', () => {
    expect(parsePercentToBps('2.5')).toBe(250);
    expect(parsePercentToBps('2,5 %')).toBe(250);
    expect(parsePercentToBps('0')).toBe(0);
    expect(parsePercentToBps('15')).toBe(1500);
    expect(parsePercentToBps('100')).toBe(10_000);
    expect(parsePercentToBps('0.05')).toBe(5);
    expect(parsePercentToBps('101')).toBeNull();
    expect(parsePercentToBps('-1')).toBeNull();
    expect(parsePercentToBps('1.234')).toBeNull();
    expect(parsePercentToBps('abc')).toBeNull();
    expect(bpsToPercentText(250)).toBe('2.5');
    expect(bpsToPercentText(5)).toBe('0.05');
    expect(bpsToPercentText(1500)).toBe('15');
  });
  it('spread percent is of the ask, and undefined for a non-positive ask', () => {
    expect(spreadPercent(11_000, 10_000)).toBeCloseTo(10);
    expect(spreadPercent(9_000, 10_000)).toBeCloseTo(-10);
    expect(spreadPercent(5, 0)).toBeNull();
  });
});

const A = ['steam', 'buff163', 'csfloat'];
const B = ['steam', 'buff163'];
const snap = snapshotOf(
  [
    {
      market_hash_name: 'ak',
      prices: [ask('steam', 15_000, 40), ask('buff163', 10_000, 12, 9_000), ask('csfloat', 10_500, 3)],
    },
    { market_hash_name: 'none', prices: [] },
    {
      market_hash_name: 'locked-only',
      prices: [{ market_name: 'steam', price: null, offers: 2, price_locked: 5_000 }],
    },
  ],
  [
    { market_hash_name: 'ak', orders: [order('steam', 12_000, 300), order('buff163', 9_800, 55)] },
    { market_hash_name: 'none', orders: [] },
  ],
  A,
  B,
);

describe('computeDerived', () => {
  it('finds best ask (cheapest market), best bid (highest order, with its order count), spread, listing count', () => {
    const d = computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0, 1], fees: {}, net: false });
    expect(d.bestAsk[0]).toBe(10_000);
    expect(d.bestAskCol[0]).toBe(1);
    expect(d.bestBid[0]).toBe(12_000);
    expect(d.bestBidCol[0]).toBe(0);
    expect(d.bidOrders[0]).toBe(300);
    expect(d.spread[0]).toBe(2_000);
    expect(d.spreadPct[0]).toBeCloseTo(20);
    expect(d.listedCount[0]).toBe(3);
    expect(d.totalOffers[0]).toBe(55);
  });
  it('has no best ask, bid or spread where there is no data (never 0)', () => {
    const d = computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0, 1], fees: {}, net: false });
    expect(d.bestAsk[1]).toBeNaN();
    expect(d.bestAskCol[1]).toBe(-1);
    expect(d.bestBid[1]).toBeNaN();
    expect(d.spread[1]).toBeNaN();
    expect(d.listedCount[1]).toBe(0);
    // listed with only a locked price: counts as listing, but has no tradable ask
    expect(d.listedCount[2]).toBe(1);
    expect(d.bestAsk[2]).toBeNaN();
    expect(d.totalOffers[2]).toBe(2);
  });
  it('only considers the chosen markets', () => {
    const d = computeDerived({ snap, askCols: [0, 2], bidCols: [1], fees: {}, net: false });
    expect(d.bestAsk[0]).toBe(10_500);
    expect(d.bestAskCol[0]).toBe(2);
    expect(d.bestBid[0]).toBe(9_800);
    expect(d.spread[0]).toBe(-700);
  });
  it('net of fees: asks as a buyer pays, bids as a seller receives, spread between them', () => {
    const fees = {
      buff163: { buyBps: 250, sellBps: 250 },
      csfloat: { buyBps: 0, sellBps: 200 },
      steam: { buyBps: 0, sellBps: 1500 },
    };
    const d = computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0, 1], fees, net: true });
    expect(d.bestAsk[0]).toBe(10_250); // buff 10.000 + 2.5 %
    expect(d.bestAskCol[0]).toBe(1);
    expect(d.bestBid[0]).toBe(10_200); // steam 12.000 - 15 % = 10.200 > buff 9.800 - 2.5 % = 9.555
    expect(d.bestBidCol[0]).toBe(0);
    expect(d.spread[0]).toBe(-50);
    expect(shownAsk(snap, d, 0, 1)).toBe(10_250);
    expect(shownBid(snap, d, 0, 1)).toBe(9_555);
    const gross = computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0, 1], fees, net: false });
    expect(shownAsk(snap, gross, 0, 1)).toBe(10_000);
  });
  it('net of fees with no fee on any market is gross: the same figures under the same key (either is reused)', () => {
    const noFees = { buff163: { buyBps: 0, sellBps: 0 } };
    expect(computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0, 1], fees: noFees, net: true })).toEqual(
      computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0, 1], fees: {}, net: false }),
    );
    expect(derivedKey(snap, [0, 1, 2], [0, 1], noFees, true)).toBe(derivedKey(snap, [0, 1, 2], [0, 1], {}, false));
  });
  it('a fee on a market outside the chosen columns still makes net another Derived (its own cells are shown net)', () => {
    const fees = { steam: { buyBps: 0, sellBps: 1500 } };
    const net = computeDerived({ snap, askCols: [1, 2], bidCols: [1], fees, net: true });
    const gross = computeDerived({ snap, askCols: [1, 2], bidCols: [1], fees, net: false });
    expect(shownBid(snap, net, 0, 0)).toBe(10_200);
    expect(shownBid(snap, gross, 0, 0)).toBe(12_000);
    expect(derivedKey(snap, [1, 2], [1], fees, true)).not.toBe(derivedKey(snap, [1, 2], [1], fees, false));
    expect(derivedKey(snap, [1, 2], [1], fees, true)).not.toBe(
      derivedKey(snap, [1, 2], [1], { steam: { buyBps: 0, sellBps: 1000 } }, true),
    );
  });
});

describe('bestArbitrage', () => {
  it('buys on one market and sells into a buy order on another', () => {
    const d = computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0, 1], fees: {}, net: false });
    const p = bestArbitrage(snap, d, 0, [0, 1, 2], [0, 1]);
    expect(p).toMatchObject({ buyCol: 1, sellCol: 0, buy: 10_000, sell: 12_000, profit: 2_000 });
    expect(p?.percent).toBeCloseTo(20);
  });
  it('never pairs a market with itself and is null without data', () => {
    const d = computeDerived({ snap, askCols: [0], bidCols: [0], fees: {}, net: false });
    expect(bestArbitrage(snap, d, 0, [0], [0])).toBeNull();
    expect(bestArbitrage(snap, d, 1, [0, 1, 2], [0, 1])).toBeNull();
  });
});

describe("Steam's fee wherever net of fees is computed", () => {
  const steam = { buyBps: 0, sellBps: 0, steamPublisherBps: 1000 };
  it("a Steam buy order nets what the seller receives by Steam's function, not a percentage", () => {
    // $1.15 paid by the buyer leaves the seller $1.00; $0.03 leaves $0.01 (Steam's worked examples).
    expect(netBid(1_150, sellFeeCode(steam))).toBe(1_000);
    expect(netBid(30, sellFeeCode(steam))).toBe(10);
    // A flat 13.04 % (1.15 -> 1.00) would give 0.03 -> 0.026: the minimum of one cent per fee is what differs.
    expect(netBid(30, 1304)).toBe(26);
    // Steam's listed price already includes its fees: the buyer pays it as listed.
    expect(netAsk(1_150, buyFeeCode(steam))).toBe(1_150);
    expect(isSteamFee(sellFeeCode(steam))).toBe(true);
    expect(feeCodeText(sellFeeCode(steam))).toContain('Steam fee');
  });
  it('grid cells, best bid, spread and the best pair use it', () => {
    const snap = snapshotOf(
      [{ market_hash_name: 'x', prices: [ask('steamcommunity', 1_150), ask('csfloat', 900)] }],
      [{ market_hash_name: 'x', orders: [order('steamcommunity', 1_150), order('csgotm', 950)] }],
      ['steamcommunity', 'csfloat'],
      ['steamcommunity', 'csgotm'],
    );
    const fees = { steamcommunity: steam, csfloat: { buyBps: 0, sellBps: 200 } };
    const d = computeDerived({ snap, askCols: [0, 1], bidCols: [0, 1], fees, net: true });
    expect(shownBid(snap, d, 0, 0)).toBe(1_000);
    expect(shownAsk(snap, d, 0, 0)).toBe(1_150);
    expect(d.bestBid[0]).toBe(1_000);
    expect(d.bestBidCol[0]).toBe(0);
    expect(d.spread[0]).toBe(100);
    const pair = bestArbitrage(snap, d, 0, [0, 1], [0, 1]);
    expect(pair).toMatchObject({ buyCol: 1, sellCol: 0, buy: 900, sell: 1_000, profit: 100 });
    // The key tells Steam's function from a percentage, so a cached result is never reused wrongly.
    expect(derivedKey(snap, [0, 1], [0, 1], fees, true)).not.toBe(
      derivedKey(snap, [0, 1], [0, 1], { ...fees, steamcommunity: { buyBps: 0, sellBps: 1000 } }, true),
    );
  });
});
