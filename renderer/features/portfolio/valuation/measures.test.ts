import { describe, expect, it } from 'vitest';
import { effectiveFees, feeOrigin } from '../../../market/markets/fees';
import type { FeeTable } from '../../../market/model/price-arithmetic';
import { ask, order, snapshotOf } from '../../../market/model/test-helpers';
import type { Holding, HoldingRow } from '../model/types';
import { DAY_MS, prepareValuation, valueAll, valueAllSliced, valueHolding, type ValuationSettings } from './measures';

const NOW = Date.UTC(2026, 10, 25, 12);
const ASK = ['steamcommunity', 'skinport', 'buff163'];
const BID = ['steamcommunity', 'buff163'];

const snap = snapshotOf(
  [
    // skinport prices locked items apart (8.000 against 9.000); buff163's locked price equals its price.
    {
      market_hash_name: 'AK',
      prices: [ask('steamcommunity', 10_000), ask('skinport', 9_000, 3, 8_000), ask('buff163', 8_500, 7, 8_500)],
    },
    { market_hash_name: 'Only buff', prices: [ask('buff163', 1_000)] },
  ],
  [{ market_hash_name: 'AK', orders: [order('steamcommunity', 9_000), order('buff163', 9_500)] }],
  ASK,
  BID,
);

const FEES: FeeTable = {
  steamcommunity: { buyBps: 0, sellBps: 0, steamPublisherBps: 1000 },
  skinport: { buyBps: 0, sellBps: 800 },
};

function settings(over: Partial<ValuationSettings> = {}): ValuationSettings {
  return {
    snap,
    askMarkets: ASK,
    bidMarkets: BID,
    fees: FEES,
    // buff163 publishes no fee: its net is unknown.
    feeKnown: (slug) => slug !== 'buff163',
    net: true,
    recs: { suggested: (name) => (name === 'AK' ? { price: 9_200, reasons: ['NOT_POPULAR'] } : null) },
    steam: { get: (name) => (name === 'AK' ? { medianLatest: 9_500, avgDailyVolume: 5 } : null) },
    now: NOW,
    ...over,
  };
}

let seq = 0;
function row(name: string, remaining: number, costBasis: number | null, lockedUntil: number | null = null): HoldingRow {
  const holding: Holding = {
    id: `h${++seq}`,
    game: 730,
    name,
    quantity: remaining,
    unitCost: null,
    fee: null,
    acquired: null,
    place: null,
    lockedUntil,
    note: '',
    origin: 'manual',
    created: 0,
    updated: 0,
  };
  return { holding, remaining, costBasis, known: true };
}

describe('valuation measures, net of fees', () => {
  const ctx = prepareValuation(settings());
  const v = valueHolding(ctx, row('AK', 2, 14_000));

  it('sell now: the best buy order less its seller fee; Steam by its own fee function', () => {
    // Steam bid $9.00 = 900 cents: Steam keeps 39 + 78 cents, the seller receives 783 cents.
    // buff163's 9.500 is higher gross but its fee is unknown: passed over and counted, not taken at fee 0.
    expect(v.measures.sellNow).toEqual({ unit: 7_830, total: 15_660, market: 'steamcommunity', unknownFee: 1 });
  });

  it("list at lowest: the lowest ask with a known fee, less that market's seller fee", () => {
    // skinport 9.000 is the lowest known ask: 9.000 - 8 % (720) = 8.280.
    expect(v.measures.listLowest).toEqual({ unit: 8_280, total: 16_560, market: 'skinport', unknownFee: 1 });
  });

  it('replace: the lowest ask plus the buyer fee', () => {
    expect(v.measures.replace).toEqual({ unit: 9_000, total: 18_000, market: 'skinport', unknownFee: 1 });
  });

  it("suggested as given, with its reasons; Steam median less Steam's seller fee", () => {
    expect(v.measures.suggested).toMatchObject({ unit: 9_200, total: 18_400 });
    expect(v.reasons).toEqual(['NOT_POPULAR']);
    // $9.50 = 950 cents: 41 + 82 cents of fees, 827 to the seller.
    expect(v.measures.steamMedian).toMatchObject({ unit: 8_270, total: 16_540, market: 'steamcommunity' });
  });

  it('unrealised P/L per measure in money and percent of the cost basis', () => {
    expect(v.pl.sellNow.money).toBe(1_660);
    expect(v.pl.sellNow.percent).toBeCloseTo((1_660 / 14_000) * 100, 10);
    expect(v.pl.replace).toEqual({ money: 4_000, percent: (4_000 / 14_000) * 100 });
    const noCost = valueHolding(ctx, row('AK', 2, null));
    expect(noCost.pl.sellNow).toEqual({ money: null, percent: null });
  });

  it('a market whose only price has an unknown fee gives no value ("—"), never a fee of 0', () => {
    const only = valueHolding(ctx, row('Only buff', 1, 500));
    expect(only.measures.listLowest).toEqual({ unit: null, total: null, market: null, unknownFee: 1 });
    expect(only.measures.sellNow.unit).toBeNull();
  });
});

describe('valuation measures, gross', () => {
  const v = valueHolding(prepareValuation(settings({ net: false })), row('AK', 2, 14_000));
  it('every price counts as it is, unknown fees included', () => {
    expect(v.measures.sellNow).toEqual({ unit: 9_500, total: 19_000, market: 'buff163', unknownFee: 0 });
    expect(v.measures.listLowest).toEqual({ unit: 8_500, total: 17_000, market: 'buff163', unknownFee: 0 });
    expect(v.measures.replace).toEqual({ unit: 8_500, total: 17_000, market: 'buff163', unknownFee: 0 });
    expect(v.measures.steamMedian.unit).toBe(9_500);
  });
});

describe('locked holdings', () => {
  const ctx = prepareValuation(settings());
  it('list at lowest uses price_locked where a market prices locked items apart, with the days left', () => {
    const v = valueHolding(ctx, row('AK', 2, 14_000, NOW + 2.5 * DAY_MS));
    // skinport's locked 8.000 - 8 % = 7.360; buff163's locked price equals its price: not apart, not used.
    expect(v.measures.listLowest).toEqual({ unit: 7_360, total: 14_720, market: 'skinport', unknownFee: 0 });
    expect(v.lockedPrice).toBe(true);
    expect(v.lockedDays).toBe(3);
    // Replace buys a tradable item.
    expect(v.measures.replace.unit).toBe(9_000);
  });
  it('a lock in the past is tradable', () => {
    const v = valueHolding(ctx, row('AK', 2, 14_000, NOW - DAY_MS));
    expect(v.lockedDays).toBeNull();
    expect(v.measures.listLowest.unit).toBe(8_280);
  });
  it('no market prices it apart: the tradable asks, and it says so', () => {
    const v = valueHolding(
      prepareValuation(settings({ askMarkets: ['steamcommunity'] })),
      row('AK', 1, 1, NOW + DAY_MS),
    );
    expect(v.lockedPrice).toBe(false);
    expect(v.measures.listLowest.unit).toBe(8_700);
  });
});

describe('liquidity', () => {
  const ctx = prepareValuation(settings());
  it('days to sell the quantity at a tenth of the daily volume, and the cash within 7 days', () => {
    // 5 a day x 0.1 = 0.5 a day: 2 items take 4 days; 5 items take 10, of which 3 sell within 7 days.
    const two = valueHolding(ctx, row('AK', 2, null));
    expect(two.liquidity).toEqual({
      daysToSell: 4,
      avgDailyVolume: 5,
      thin: false,
      unstable: true,
      cashInWindow: 15_660,
    });
    expect(valueHolding(ctx, row('AK', 5, null)).liquidity.cashInWindow).toBe(3 * 7_830);
  });
  it('a lock shortens the window', () => {
    // 4.5 of the 7 days left: floor(0.5 x 4.5) = 2 items.
    expect(valueHolding(ctx, row('AK', 5, null, NOW + 2.5 * DAY_MS)).liquidity.cashInWindow).toBe(2 * 7_830);
    expect(valueHolding(ctx, row('AK', 5, null, NOW + 8 * DAY_MS)).liquidity.cashInWindow).toBe(0);
  });
  it('the share is a setting; thin below one sale a day; unknown without Steam volume', () => {
    const half = prepareValuation(settings({ sellShare: 0.5 }));
    expect(valueHolding(half, row('AK', 5, null)).liquidity.daysToSell).toBe(2);
    const thin = prepareValuation(settings({ steam: { get: () => ({ medianLatest: null, avgDailyVolume: 0.5 }) } }));
    expect(valueHolding(thin, row('AK', 1, null)).liquidity.thin).toBe(true);
    const none = prepareValuation(settings({ steam: null }));
    expect(valueHolding(none, row('AK', 1, null)).liquidity).toMatchObject({ daysToSell: null, cashInWindow: null });
  });
});

describe('totals', () => {
  it('sum the holdings with a value and count those without, never as 0', () => {
    const ctx = prepareValuation(settings());
    const rows = [row('AK', 2, 14_000), row('Unknown item', 1, 1_000), row('AK', 1, null), row('AK', 0, 0)];
    const { totals, values } = valueAll(ctx, rows);
    expect(values).toHaveLength(4);
    expect(values[1]?.item).toBe(-1);
    expect(totals.holdings).toBe(3);
    expect(totals.measures.sellNow).toEqual({
      value: 3 * 7_830,
      missing: 1,
      pl: 1_660,
      plCost: 14_000,
      plPercent: (1_660 / 14_000) * 100,
      plMissing: 2,
    });
    expect(totals.cost).toBe(15_000);
    expect(totals.costMissing).toBe(1);
    // AK x2 (2 within 7 days) + AK x1; the unknown item has no value.
    expect(totals.cashInWindow).toBe(3 * 7_830);
    expect(totals.cashMissing).toBe(1);
  });
});

describe('valued in slices', () => {
  it('gives what one pass gives, yielding between slices, and stops when aborted', async () => {
    const ctx = prepareValuation(settings());
    const rows = Array.from({ length: 900 }, (_, i) =>
      row(i % 3 === 0 ? 'AK' : i % 3 === 1 ? 'Only buff' : 'Unknown', 1 + (i % 4), i % 5 === 0 ? null : 1_000 * i),
    );
    let yields = 0;
    const sliced = await valueAllSliced(ctx, rows, { sliceMs: 0, yieldFn: async () => void yields++ });
    expect(sliced).toEqual(valueAll(ctx, rows));
    // 250 rows between looks at the clock, a zero budget: a yield after each of the first three.
    expect(yields).toBe(3);
    const ac = new AbortController();
    const aborted = valueAllSliced(ctx, rows, { sliceMs: 0, signal: ac.signal, yieldFn: async () => ac.abort() });
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('valuation of a Rust holding, whose Steam game fee is not published', () => {
  const RUST = 252490;
  const rustSnap = snapshotOf(
    [{ market_hash_name: 'Door', prices: [ask('steamcommunity', 10_000), ask('skinport', 9_000)] }],
    [{ market_hash_name: 'Door', orders: [order('steamcommunity', 10_000)] }],
    ['steamcommunity', 'skinport'],
    ['steamcommunity'],
    RUST,
  );
  const fees = effectiveFees({}, RUST);
  const rustRow = (): HoldingRow => {
    const r = row('Door', 2, 14_000);
    return { ...r, holding: { ...r.holding, game: RUST } };
  };
  const base = {
    snap: rustSnap,
    askMarkets: ['steamcommunity', 'skinport'],
    bidMarkets: ['steamcommunity'],
    fees,
    steam: { get: () => ({ medianLatest: 10_000, avgDailyVolume: 5 }) },
  };

  it("Steam's net is unknown: not taken at Steam's 5 % alone, and counted as unknown", () => {
    const known = (slug: string, side: 'buyer' | 'seller') => feeOrigin(slug, side, {}, RUST) !== 'unknown';
    const v = valueHolding(prepareValuation(settings({ ...base, feeKnown: known })), rustRow());
    expect(v.measures.sellNow).toEqual({ unit: null, total: null, market: null, unknownFee: 1 });
    expect(v.measures.steamMedian).toEqual({ unit: null, total: null, market: null, unknownFee: 1 });
    // skinport 9.000 less 8 %: the only known net listing.
    expect(v.measures.listLowest).toEqual({ unit: 8_280, total: 16_560, market: 'skinport', unknownFee: 1 });
  });

  it("even when the caller's feeKnown does not know the game, the fee table's unknown fee is not taken as known", () => {
    const v = valueHolding(prepareValuation(settings({ ...base, feeKnown: () => true })), rustRow());
    expect(v.measures.sellNow.unit).toBeNull();
    expect(v.measures.steamMedian.unit).toBeNull();
  });
});

describe('mark: the robust mark price of the Prices page', () => {
  // Per snapshot item, thousandths, NaN = no trusted quote to mark from (Derived.mark).
  const marks = Float64Array.from([8_750, NaN]);

  it("values the remaining items at the item's mark, with no market of its own", () => {
    const v = valueHolding(prepareValuation(settings({ mark: marks })), row('AK', 2, 14_000));
    expect(v.measures.mark).toEqual({ unit: 8_750, total: 17_500, market: null, unknownFee: 0 });
    expect(v.pl.mark).toEqual({ money: 3_500, percent: 25 });
  });

  it('no mark (no trusted quote, or trust not computed yet) is "—", never 0, and counted in the totals', () => {
    const ctx = prepareValuation(settings({ mark: marks }));
    expect(valueHolding(ctx, row('Only buff', 1, 1_000)).measures.mark.unit).toBeNull();
    expect(valueHolding(prepareValuation(settings()), row('AK', 1, 1_000)).measures.mark.unit).toBeNull();
    const t = valueAll(ctx, [row('AK', 2, 14_000), row('Only buff', 1, 1_000)]).totals.measures.mark;
    expect(t).toMatchObject({ value: 17_500, missing: 1, pl: 3_500, plMissing: 1 });
  });
});
