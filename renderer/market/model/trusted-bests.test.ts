/** Best ask and bid over trusted quotes (the trust's flags), the same over all quotes, and the mark price. */
import { describe, expect, it } from 'vitest';
import { computeDerived, derivedKey } from './price-arithmetic';
import { isDerived } from './derived-columns';
import { ask, order, snapshotOf } from './test-helpers';
import { TRUST_FLAG, type TrustData } from '../trust/types';
import type { Snapshot } from './snapshot';

const A = ['a', 'b', 'c', 'd'];
const B = ['a', 'd'];

/** One item 'x': asks 100, 110, 120 and 90 (on d, 100 offers); bids 95 on a, 105 on d. */
function snapX(): Snapshot {
  return snapshotOf(
    [{ market_hash_name: 'x', prices: [ask('a', 100), ask('b', 110), ask('c', 120), ask('d', 90, 100)] }],
    [{ market_hash_name: 'x', orders: [order('a', 95), order('d', 105)] }],
    A,
    B,
  );
}

function trustWith(askFlags: number[], bidFlags: number[]): TrustData {
  return {
    game: 730,
    at: 0,
    polls: 3,
    askChangedAt: new Float64Array(4).fill(NaN),
    askFirstSeenAt: new Float64Array(4).fill(NaN),
    askLastQuotedAt: new Float64Array(4).fill(NaN),
    bidChangedAt: new Float64Array(2).fill(NaN),
    askFlags: Uint8Array.from(askFlags),
    bidFlags: Uint8Array.from(bidFlags),
    stalls: [],
  };
}

const cols = { askCols: [0, 1, 2, 3], bidCols: [0, 1], fees: {}, net: false };

describe('computeDerived with trust', () => {
  it('leaves an outlier out of the best ask and bid and the spread (trusted, the default); "all" brings it back', () => {
    const snap = snapX();
    const trust = trustWith([0, 0, 0, TRUST_FLAG.outlierLow], [0, TRUST_FLAG.outlierHigh]);
    const d = computeDerived({ snap, ...cols, trust });
    expect([d.bestAsk[0], d.bestAskCol[0], d.bestBid[0], d.bestBidCol[0], d.spread[0]]).toEqual([100, 0, 95, 0, -5]);
    expect([d.allBestAsk[0], d.allBestAskCol[0], d.allBestBid[0], d.allBestBidCol[0]]).toEqual([90, 3, 105, 1]);
    const all = computeDerived({ snap, ...cols, trust, quotes: 'all' });
    expect([all.bestAsk[0], all.bestAskCol[0], all.bestBid[0], all.spread[0]]).toEqual([90, 3, 105, 15]);
  });

  it("takes the snapshot's own trust when none is given", () => {
    const snap = { ...snapX(), trust: trustWith([0, 0, 0, TRUST_FLAG.outlierLow], [0, 0]) };
    expect(computeDerived({ snap, ...cols }).bestAsk[0]).toBe(100);
  });

  it('leaves a stalled market out unless includeStalled', () => {
    const snap = snapX();
    const trust = trustWith([0, 0, 0, TRUST_FLAG.stalledMarket], [0, TRUST_FLAG.stalledMarket]);
    expect(computeDerived({ snap, ...cols, trust }).bestAskCol[0]).toBe(0);
    const incl = computeDerived({ snap, ...cols, trust, includeStalled: true });
    expect([incl.bestAskCol[0], incl.bestBidCol[0]]).toEqual([3, 1]);
  });

  it('without trust (or a trust that does not fit the snapshot) the bests are over all quotes, and all* equal them', () => {
    const snap = snapX();
    for (const d of [
      computeDerived({ snap, ...cols }),
      computeDerived({ snap, ...cols, trust: { ...trustWith([0, 0, 0, 2], [0, 0]), askFlags: new Uint8Array(3) } }),
    ]) {
      expect([d.bestAsk[0], d.bestBid[0]]).toEqual([90, 105]);
      expect([d.allBestAsk[0], d.allBestBid[0]]).toEqual([90, 105]);
    }
  });

  it('mark: the depth-weighted median of the trusted asks, bounded below by the best trusted bid', () => {
    const snap = snapX();
    // Trusted asks 100, 110, 120 with one offer each: median 110; best trusted bid 95 does not bind.
    expect(
      computeDerived({ snap, ...cols, trust: trustWith([0, 0, 0, TRUST_FLAG.outlierLow], [0, TRUST_FLAG.outlierHigh]) })
        .mark[0],
    ).toBe(110);
    // All quotes: d's 100 offers weigh 10 (square root) against 1 each: the median is d's 90, bounded by d's bid 105.
    expect(computeDerived({ snap, ...cols }).mark[0]).toBe(105);
  });

  it('mark: no trusted ask marks at the best trusted bid; nothing at all is NaN', () => {
    const snap = snapX();
    const bidOnly = computeDerived({ snap, ...cols, trust: trustWith([1, 1, 1, 1], [0, 1]) });
    expect(bidOnly.mark[0]).toBe(95);
    const none = computeDerived({ snap, ...cols, trust: trustWith([1, 1, 1, 1], [1, 1]) });
    expect(none.mark[0]).toBeNaN();
    expect(none.bestAsk[0]).toBeNaN();
    expect(none.allBestAsk[0]).toBe(90);
  });

  it('one market only, and missing bids', () => {
    const snap = snapshotOf([{ market_hash_name: 'x', prices: [ask('a', 100)] }], [], ['a'], []);
    const d = computeDerived({ snap, askCols: [0], bidCols: [], fees: {}, net: false });
    expect([d.bestAsk[0], d.mark[0], d.allBestAsk[0]]).toEqual([100, 100, 100]);
    expect(d.bestBid[0]).toBeNaN();
    expect(isDerived(d, 1, 1, 0)).toBe(true);
  });

  it('isDerived checks the new arrays', () => {
    const d = computeDerived({ snap: snapX(), ...cols });
    expect(isDerived(d, 1, 4, 2)).toBe(true);
    expect(isDerived({ ...d, mark: new Float32Array(1) }, 1, 4, 2)).toBe(false);
    expect(isDerived({ ...d, allBestAskCol: Int16Array.of(4) }, 1, 4, 2)).toBe(false);
  });

  it('derivedKey tells the quote choices apart (defaults: the key as before)', () => {
    const snap = snapX();
    const plain = derivedKey(snap, [0], [0], {}, false);
    expect(derivedKey(snap, [0], [0], {}, false, { quotes: 'trusted', includeStalled: false })).toBe(plain);
    expect(derivedKey(snap, [0], [0], {}, false, { quotes: 'all', includeStalled: false })).not.toBe(plain);
    expect(derivedKey(snap, [0], [0], {}, false, { quotes: 'trusted', includeStalled: true })).not.toBe(plain);
  });
});

describe('bestArbitrage with trust', () => {
  it('pairs trusted quotes only by default; "all" may pair a flagged one', async () => {
    const { bestArbitrage } = await import('./price-arithmetic');
    // d's buy order (105) is flagged: trusted, the best pair is buy on d (90), sell into a (95).
    const snap = { ...snapX(), trust: trustWith([0, 0, 0, 0], [0, TRUST_FLAG.outlierHigh]) };
    const d = computeDerived({ snap, ...cols });
    expect(bestArbitrage(snap, d, 0, cols.askCols, cols.bidCols)).toMatchObject({ buyCol: 3, sellCol: 0, profit: 5 });
    // All quotes: buy on a (100), sell into d's 105 comes first.
    expect(bestArbitrage(snap, d, 0, cols.askCols, cols.bidCols, { quotes: 'all' })).toMatchObject({
      buyCol: 0,
      sellCol: 1,
      profit: 5,
    });
  });
});
