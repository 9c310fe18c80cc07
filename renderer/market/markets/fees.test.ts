import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE } from '../../../shared/catalog/fee-schedule';
import { computeDerived, shownAsk, shownBid } from '../model/price-arithmetic';
import { ask, order, snapshotOf } from '../model/test-helpers';
import { defaultFee, effectiveFees, feeOrigin } from './fees';

describe('the default fee schedule', () => {
  it('every entry is dated and either names its public source or says none was found', () => {
    for (const [slug, s] of Object.entries(DEFAULT_FEE_SCHEDULE)) {
      expect(s.asOf, slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (s.buyer || s.seller) expect(s.source, slug).toMatch(/^https:\/\//);
    }
  });
  it('Steam follows its own function with the game fee; a market without a published fee has none', () => {
    expect(defaultFee('steamcommunity', 730)).toEqual({ buyBps: 0, sellBps: 0, steamPublisherBps: 1000 });
    expect(defaultFee('buff163', 730)).toBeNull();
  });
  it('applied to net asks and bids in the grid, with the user\'s figures over it', () => {
    const snap = snapshotOf(
      [{ market_hash_name: 'x', prices: [ask('steamcommunity', 1_150), ask('csfloat', 10_000), ask('buff163', 10_000)] }],
      [{ market_hash_name: 'x', orders: [order('steamcommunity', 1_150), order('csfloat', 10_000)] }],
      ['steamcommunity', 'csfloat', 'buff163'],
      ['steamcommunity', 'csfloat'],
    );
    const fees = effectiveFees({}, 730);
    const d = computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0, 1], fees, net: true });
    const csfloatSell = DEFAULT_FEE_SCHEDULE.csfloat?.seller;
    expect(csfloatSell).toEqual({ kind: 'percent', bps: 200 });
    expect(shownBid(snap, d, 0, 0)).toBe(1_000); // Steam: $1.15 -> $1.00
    expect(shownBid(snap, d, 0, 1)).toBe(9_800); // CSFloat: 2 % seller fee
    expect(shownAsk(snap, d, 0, 2)).toBe(10_000); // BUFF: unknown, counted as 0 and shown as unknown
    const mine = effectiveFees({ buff163: { buyBps: 250, sellBps: 250 }, steamcommunity: { buyBps: 0, sellBps: 1500 } }, 730);
    const d2 = computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0, 1], fees: mine, net: true });
    expect(shownAsk(snap, d2, 0, 2)).toBe(10_250);
    expect(shownBid(snap, d2, 0, 0)).toBe(977); // 1150 - 15 % (172.5 -> 173)
    expect(feeOrigin('buff163', 'buyer', {})).toBe('unknown');
    expect(feeOrigin('csfloat', 'seller', {})).toBe('default');
    expect(feeOrigin('csfloat', 'seller', { csfloat: { buyBps: 0, sellBps: 0 } })).toBe('custom');
  });
});
