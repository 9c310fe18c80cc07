/**
 * The ready-made rules on hand-made snapshots, fees worked by hand from the shipped schedule
 * (shared/catalog/fee-schedule.ts: CSFloat sells at 2 %, Skinport 8 %, Waxpeer 5.9 %, none charges the buyer;
 * Steam by its own function with CS2's 10 % game fee).
 */
import { describe, expect, it } from 'vitest';
import { effectiveFees } from '../markets/fees';
import { ask, order, snapshotOf } from '../model/test-helpers';
import type { Snapshot } from '../model/snapshot';
import { TRUST_FLAG, type TrustData } from '../trust/types';
import { READY_RULES, ruleProblems, type ScanRule } from './rules';
import { RouteTracker, scanSnapshot, unknownFeeMarkets, type ScanInput } from './scan';

const ASKS = ['steamcommunity', 'csfloat', 'skinport', 'waxpeer', 'dmarket'];
const BIDS = ['steamcommunity', 'csfloat', 'skinport', 'waxpeer', 'dmarket'];
const fees = effectiveFees({}, 730);
const unknownFees = unknownFeeMarkets([...ASKS, ...BIDS], {}, 730);

function input(snap: Snapshot, rule: ScanRule, extra: Partial<ScanInput> = {}): ScanInput {
  return { snap, rule, fees, unknownFees, ...extra };
}

/** No trust computed: trusted-only cannot apply; the tests of the rules' arithmetic switch it off. */
function untrusting(r: ScanRule, over: Partial<ScanRule> = {}): ScanRule {
  return { ...r, ...over, limits: { ...r.limits, trustedOnly: false } };
}

describe('cross-market to buy order', () => {
  const snap = snapshotOf(
    [
      { market_hash_name: 'A', prices: [ask('csfloat', 10_000, 3), ask('skinport', 10_500, 2)] },
      // Only its own market's buy order is above its ask: not a cross-market route.
      { market_hash_name: 'B', prices: [ask('csfloat', 5_000, 1)] },
      // Profit of 4 thousandths after the fee: under the minimum of one cent.
      { market_hash_name: 'C', prices: [ask('csfloat', 10_000, 1)] },
    ],
    [
      { market_hash_name: 'A', orders: [order('waxpeer', 12_000, 5), order('skinport', 11_000, 9)] },
      { market_hash_name: 'B', orders: [order('csfloat', 9_000, 4)] },
      { market_hash_name: 'C', orders: [order('waxpeer', 10_632, 1)] },
    ],
    ASKS,
    BIDS,
  );

  it('buys the lowest ask and sells into the best buy order elsewhere, net of both fees', () => {
    const { routes } = scanSnapshot(input(snap, untrusting(READY_RULES.crossToBuyOrder)));
    expect(routes.map((r) => r.name)).toEqual(['A']);
    const r = routes[0]!;
    // Waxpeer: 12.000 - 5.9 % (708) = 11.292; Skinport: 11.000 - 8 % (880) = 10.120. CSFloat's 10.000 costs 10.000.
    expect(r).toMatchObject({
      buyMarket: 'csfloat',
      buyPrice: 10_000,
      buyNet: 10_000,
      sellMarket: 'waxpeer',
      sellPrice: 12_000,
      sellNet: 11_292,
      profit: 1_292,
    });
    expect(r.roi).toBeCloseTo(0.1292, 10);
    expect(r).toMatchObject({
      buyDepth: 3,
      sellDepth: 5,
      sellDays: 0,
      feeUnknown: false,
      locked: false,
      trusted: null,
    });
  });

  it('keeps C with a lower minimum: 10.632 - 5.9 % (627) = 10.005, 5 thousandths', () => {
    const rule = untrusting(READY_RULES.crossToBuyOrder);
    const { routes } = scanSnapshot(input(snap, { ...rule, limits: { ...rule.limits, minProfit: 5 } }));
    expect(routes.find((r) => r.name === 'C')?.profit).toBe(5);
  });

  it('leaves out a route through a market whose fee is unknown, unless asked for', () => {
    const s = snapshotOf(
      [{ market_hash_name: 'D', prices: [ask('csfloat', 10_000, 1)] }],
      [{ market_hash_name: 'D', orders: [order('dmarket', 20_000, 1), order('skinport', 11_000, 1)] }],
      ASKS,
      BIDS,
    );
    const rule = untrusting(READY_RULES.crossToBuyOrder);
    const plain = scanSnapshot(input(s, rule)).routes;
    expect(plain).toHaveLength(1);
    expect(plain[0]).toMatchObject({ sellMarket: 'skinport', profit: 120, feeUnknown: false });
    const all = scanSnapshot(input(s, { ...rule, includeFeeUnknown: true })).routes;
    expect(all[0]).toMatchObject({ sellMarket: 'dmarket', profit: 10_000, feeUnknown: true });
  });

  it('takes trusted quotes only when trust is known: a flagged buy order is passed over', () => {
    const s: Snapshot = { ...snap, trust: trust(snap, [], [[0, 'waxpeer', TRUST_FLAG.outlierHigh]]) };
    const { routes, notApplied } = scanSnapshot(input(s, READY_RULES.crossToBuyOrder));
    expect(notApplied).toEqual([]);
    expect(routes[0]).toMatchObject({ name: 'A', sellMarket: 'skinport', profit: 120, trusted: true });
    // Without trust data the limit says it could not apply.
    expect(scanSnapshot(input(snap, READY_RULES.crossToBuyOrder)).notApplied).toEqual([
      'trusted quotes only (no trust computed yet)',
    ]);
  });

  it('applies the minimum depth and the liquidity limits where loaded', () => {
    const rule = untrusting(READY_RULES.crossToBuyOrder);
    const deep = { ...rule, limits: { ...rule.limits, minSellDepth: 6 } };
    expect(scanSnapshot(input(snap, deep)).routes[0]).toMatchObject({ sellMarket: 'skinport', sellDepth: 9 });
    const liquid = { ...rule, limits: { ...rule.limits, minLiquidityScore: 5000 } };
    expect(scanSnapshot(input(snap, liquid, { liquidityScore: Float64Array.from([4_999, NaN, NaN]) })).routes).toEqual(
      [],
    );
    expect(
      scanSnapshot(input(snap, liquid, { liquidityScore: Float64Array.from([5_000, NaN, NaN]) })).routes,
    ).toHaveLength(1);
    expect(scanSnapshot(input(snap, liquid)).notApplied).toEqual([
      'minimum liquidity score (liquidity_score not loaded)',
    ]);
  });
});

describe('cross-market to listing', () => {
  it('lists one tick under the lowest ask of the best market, with the time to sell from Steam', () => {
    const snap = snapshotOf(
      [
        {
          market_hash_name: 'A',
          prices: [
            ask('csfloat', 10_000, 2),
            ask('skinport', 13_000, 4),
            ask('waxpeer', 12_500, 1),
            ask('steamcommunity', 13_000, 50),
          ],
        },
      ],
      [{ market_hash_name: 'A', orders: [order('steamcommunity', 9_000, 100), order('skinport', 8_000, 25)] }],
      ASKS,
      BIDS,
    );
    const { routes } = scanSnapshot(
      input(snap, untrusting(READY_RULES.crossToListing), { steamSales30d: Float64Array.from([60]) }),
    );
    // Skinport at 12.990: 8 % is 1039.2 -> 1.039, nets 11.951. Waxpeer at 12.490: 5.9 % is 736.91 -> 737, nets 11.753.
    // Steam at 12.990 (1299 cents): Steam's walk gives 1130 cents received (56 + 113 fees) = 11.300.
    expect(routes[0]).toMatchObject({
      buyMarket: 'csfloat',
      sellMarket: 'skinport',
      sellPrice: 12_990,
      sellNet: 11_951,
      profit: 1_951,
      sellMode: 'ask-minus-tick',
    });
    // 60 Steam sales in 30 days: one every 0.5 day; Skinport has 25 buy orders to Steam's 100: 2 days.
    expect(routes[0]!.sellDays).toBeCloseTo(2, 10);
  });
});

describe('Steam and the cash markets, at the wallet ratio', () => {
  it('cash market -> Steam: buy on a cash market, list on Steam, the wallet proceeds at 0.8', () => {
    const snap = snapshotOf(
      [{ market_hash_name: 'A', prices: [ask('csfloat', 10_000, 1), ask('steamcommunity', 15_000, 20)] }],
      [{ market_hash_name: 'A', orders: [order('steamcommunity', 11_000, 40)] }],
      ASKS,
      BIDS,
    );
    const rule = untrusting(READY_RULES.cashToSteam, { walletRatio: 0.8 });
    const { routes } = scanSnapshot(input(snap, rule, { steamSales30d: Float64Array.from([90]) }));
    // 14.990 is 1499 cents: 1499 / 1.15 -> 1303; 1303 + 65 + 130 = 1498 < 1499, so 1304 + 65 + 130 = 1499: 13.040 received.
    // In cash 13.040 x 0.8 = 10.432; minus 10.000 paid.
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({
      buyMarket: 'csfloat',
      sellMarket: 'steamcommunity',
      sellPrice: 14_990,
      sellNet: 13_040,
      profit: 432,
    });
    expect(routes[0]!.roi).toBeCloseTo(0.0432, 10);
    expect(routes[0]!.sellDays).toBeCloseTo(30 / 90, 10);
    // At a ratio of 0.75 the wallet's 13.040 is worth 9.780: no route.
    expect(scanSnapshot(input(snap, { ...rule, walletRatio: 0.75 })).routes).toEqual([]);
  });

  it('Steam -> cash market: buy on Steam with wallet funds worth 0.8, sell into a cash market buy order', () => {
    const snap = snapshotOf(
      [{ market_hash_name: 'A', prices: [ask('steamcommunity', 10_000, 30), ask('csfloat', 9_500, 1)] }],
      [
        {
          market_hash_name: 'A',
          orders: [order('csfloat', 9_000, 3), order('skinport', 8_900, 7), order('steamcommunity', 12_000, 50)],
        },
      ],
      ASKS,
      BIDS,
    );
    const { routes } = scanSnapshot(input(snap, untrusting(READY_RULES.steamToCash, { walletRatio: 0.8 })));
    // Costs 10.000 of wallet = 8.000 cash. CSFloat: 9.000 - 2 % (180) = 8.820; Skinport: 8.900 - 8 % (712) = 8.188.
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({
      buyMarket: 'steamcommunity',
      buyNet: 10_000,
      sellMarket: 'csfloat',
      sellNet: 8_820,
      profit: 820,
    });
    expect(routes[0]!.roi).toBeCloseTo(820 / 8_000, 10);
  });
});

describe('locked discount', () => {
  it('buys a trade-locked listing under the tradable ask and lists it, on the same market too', () => {
    const snap = snapshotOf(
      [
        { market_hash_name: 'A', prices: [ask('csfloat', 10_000, 2, 8_000), ask('skinport', 10_200, 2, 10_200)] },
        // price_locked equal to price: the market does not tell locked items apart, no discount.
        { market_hash_name: 'B', prices: [ask('skinport', 10_200, 2, 10_200), ask('waxpeer', 12_000, 1)] },
      ],
      [],
      ASKS,
      BIDS,
    );
    const { routes } = scanSnapshot(input(snap, untrusting(READY_RULES.lockedDiscount)));
    // CSFloat at 9.990: 2 % is 199.8 -> 200, nets 9.790; Skinport at 10.190: 8 % is 815.2 -> 815, nets 9.375.
    expect(routes).toHaveLength(1);
    expect(routes[0]).toMatchObject({
      name: 'A',
      buyMarket: 'csfloat',
      buyPrice: 8_000,
      locked: true,
      sellMarket: 'csfloat',
      sellPrice: 9_990,
      sellNet: 9_790,
      profit: 1_790,
    });
    // The other rules leave locked listings out by default: cross-market to listing buys A's tradable 10.000.
    const cross = scanSnapshot(input(snap, untrusting(READY_RULES.crossToListing))).routes;
    expect(cross.every((r) => !r.locked)).toBe(true);
  });
});

describe('persistence and rules', () => {
  it('counts the polls a route has been found in a row, and starts again when it comes back', () => {
    const at = (price: number) =>
      snapshotOf(
        [{ market_hash_name: 'A', prices: [ask('csfloat', price, 1)] }],
        [{ market_hash_name: 'A', orders: [order('waxpeer', 12_000, 1)] }],
        ASKS,
        BIDS,
      );
    const rule = untrusting(READY_RULES.crossToBuyOrder);
    const tracker = new RouteTracker();
    const seen: Array<[number, number]> = [];
    for (const [t, price] of [
      [1_000, 10_000],
      [2_000, 10_100],
      [3_000, 20_000],
      [4_000, 10_000],
    ] as const) {
      const { routes } = scanSnapshot(input(at(price), rule));
      tracker.update(routes, t);
      seen.push(routes[0] ? [routes[0].polls, routes[0].since] : [0, NaN]);
    }
    expect(seen).toEqual([
      [1, 1_000],
      [2, 1_000],
      [0, NaN],
      [1, 4_000],
    ]);
  });

  it('ready-made rules are valid; a bad ratio or price range is said', () => {
    for (const r of Object.values(READY_RULES)) expect(ruleProblems(r)).toEqual([]);
    const bad = {
      ...READY_RULES.cashToSteam,
      walletRatio: 1.2,
      limits: { ...READY_RULES.cashToSteam.limits, priceMin: 5, priceMax: 1 },
    };
    expect(ruleProblems(bad)).toEqual([
      'The Steam wallet ratio must be above 0 and at most 1.',
      'The price range is empty (its minimum is above its maximum).',
    ]);
  });
});

function trust(
  snap: Snapshot,
  askFlags: Array<[number, string, number]>,
  bidFlags: Array<[number, string, number]>,
): TrustData {
  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;
  const t: TrustData = {
    game: 730,
    at: 0,
    polls: 3,
    askChangedAt: new Float64Array(snap.n * m).fill(NaN),
    askFirstSeenAt: new Float64Array(snap.n * m).fill(NaN),
    askLastQuotedAt: new Float64Array(snap.n * m).fill(NaN),
    bidChangedAt: new Float64Array(snap.n * b).fill(NaN),
    askFlags: new Uint8Array(snap.n * m),
    bidFlags: new Uint8Array(snap.n * b),
    stalls: [],
  };
  for (const [i, s, f] of askFlags) t.askFlags[i * m + snap.askMarkets.indexOf(s)] = f;
  for (const [i, s, f] of bidFlags) t.bidFlags[i * b + snap.bidMarkets.indexOf(s)] = f;
  return t;
}
