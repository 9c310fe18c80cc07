import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE } from '../../../shared/catalog/fee-schedule';
import {
  computeDerived,
  feeCodeText,
  isSteamFee,
  netBid,
  sellFeeCode,
  shownAsk,
  shownBid,
  UNKNOWN_FEE_CODE,
} from '../model/price-arithmetic';
import { ask, order, snapshotOf, steamAndCsfloatSnapshot } from '../model/test-helpers';
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
  it("applied to net asks and bids in the grid, with the user's figures over it", () => {
    const snap = snapshotOf(
      [
        {
          market_hash_name: 'x',
          prices: [ask('steamcommunity', 1_150), ask('csfloat', 10_000), ask('buff163', 10_000)],
        },
      ],
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
    const mine = effectiveFees(
      { buff163: { buyBps: 250, sellBps: 250 }, steamcommunity: { buyBps: 0, sellBps: 1500 } },
      730,
    );
    const d2 = computeDerived({ snap, askCols: [0, 1, 2], bidCols: [0, 1], fees: mine, net: true });
    expect(shownAsk(snap, d2, 0, 2)).toBe(10_250);
    expect(shownBid(snap, d2, 0, 0)).toBe(977); // 1150 - 15 % (172.5 -> 173)
    expect(feeOrigin('buff163', 'buyer', {}, 730)).toBe('unknown');
    expect(feeOrigin('csfloat', 'seller', {}, 730)).toBe('default');
    expect(feeOrigin('csfloat', 'seller', { csfloat: { buyBps: 0, sellBps: 0 } }, 730)).toBe('custom');
  });
});

describe('Steam for a game whose publisher fee is not published (Rust, 252490)', () => {
  const RUST = 252490;
  const snap = steamAndCsfloatSnapshot(RUST);

  it('the game fee is unknown, not 0, and its origin says so', () => {
    expect(defaultFee('steamcommunity', RUST)).toEqual({ buyBps: 0, sellBps: 0, steamPublisherBps: null });
    expect(feeOrigin('steamcommunity', 'seller', {}, RUST)).toBe('unknown');
    expect(feeOrigin('steamcommunity', 'seller', {}, 730)).toBe('default');
    // Steam's listed price already includes its fees: the buyer side stays known.
    expect(feeOrigin('steamcommunity', 'buyer', {}, RUST)).toBe('default');
  });

  it('net of fees, a $10.00 Steam listing or order has no known net ("—") and is passed over for the best', () => {
    const d = computeDerived({ snap, askCols: [0, 1], bidCols: [0, 1], fees: effectiveFees({}, RUST), net: true });
    expect(shownBid(snap, d, 0, 0)).toBeNull(); // was 9.530: Steam's 5 % only
    expect(shownAsk(snap, d, 0, 0)).toBe(10_000); // what a buyer pays is the listed price
    expect(d.bestBid[0]).toBe(8_820); // CSFloat: 9.000 less 2 %
    expect(d.bestBidCol[0]).toBe(1);
    const gross = computeDerived({ snap, askCols: [0, 1], bidCols: [0, 1], fees: effectiveFees({}, RUST), net: false });
    expect(shownBid(snap, gross, 0, 0)).toBe(10_000);
  });

  it("a deal's working names the fee as unknown rather than as Steam's 5 % alone", () => {
    const code = sellFeeCode(effectiveFees({}, RUST).steamcommunity);
    expect(code).toBe(UNKNOWN_FEE_CODE);
    expect(isSteamFee(code)).toBe(false);
    expect(Number.isNaN(netBid(10_000, code))).toBe(true);
    expect(feeCodeText(code)).toBe('Steam fee (5 % + a game fee that is not published: unknown)');
  });

  it("the user's own figure makes it known again, with the user as its origin", () => {
    const mine = { steamcommunity: { buyBps: 0, sellBps: 1500 } };
    expect(feeOrigin('steamcommunity', 'seller', mine, RUST)).toBe('custom');
    const d = computeDerived({ snap, askCols: [0, 1], bidCols: [0, 1], fees: effectiveFees(mine, RUST), net: true });
    expect(shownBid(snap, d, 0, 0)).toBe(8_500);
  });
});
