import { describe, expect, it } from 'vitest';
import { ask, order, snapshotOf } from '../../../market/model/test-helpers';
import { niceAxis, readItemStrip, stripPlot, stripTable } from './price-strip';

const ITEM = 'AK-47 | Redline (Field-Tested)';
const askMarkets = ['steam', 'buff163', 'youpin', 'csfloat'];
const bidMarkets = ['steam', 'buff163', 'youpin'];
const snap = snapshotOf(
  [
    { market_hash_name: 'Other', prices: [ask('steam', 1)] },
    // csfloat has no entry; youpin ties buff163 for cheapest; a locked price rides along.
    {
      market_hash_name: ITEM,
      prices: [ask('steam', 12_500, 40), ask('buff163', 10_250, 300, 9_900), ask('youpin', 10_250, 80)],
    },
  ],
  [{ market_hash_name: ITEM, orders: [order('steam', 9_800, 1200), order('buff163', 10_010, 55)] }],
  askMarkets,
  bidMarkets,
);
const names: Record<string, string> = { steam: 'Steam', buff163: 'BUFF163', youpin: 'YouPin898', csfloat: 'CSFloat' };
const nameOf = (s: string) => names[s] ?? s;

describe('the price strip of one item', () => {
  it('reads every market of the snapshot; a market without a price is null, never 0; ties are all marked', () => {
    const strip = readItemStrip(snap, ITEM)!;
    expect(strip.asks.map((q) => [q.slug, q.price, q.locked, q.offers, q.marked])).toEqual([
      ['steam', 12_500, null, 40, false],
      ['buff163', 10_250, 9_900, 300, true],
      ['youpin', 10_250, null, 80, true],
      ['csfloat', null, null, null, false],
    ]);
    expect(strip.bids.map((q) => [q.slug, q.price, q.offers, q.marked])).toEqual([
      ['steam', 9_800, 1200, false],
      ['buff163', 10_010, 55, true],
      ['youpin', null, null, false],
    ]);
    expect([strip.cheapest, strip.best, strip.spread]).toEqual([10_250, 10_010, 240]);
    expect(readItemStrip(snap, 'Not an item')).toBeNull();
  });

  it('an item without bids has no best bid and no spread', () => {
    const strip = readItemStrip(snap, 'Other')!;
    expect([strip.cheapest, strip.best, strip.spread]).toEqual([1, null, null]);
    expect(strip.bids.every((q) => !q.marked && q.price === null)).toBe(true);
  });

  it('table: asks cheapest first, bids best first, markets without a price last as null', () => {
    const t = stripTable(readItemStrip(snap, ITEM)!, nameOf);
    expect(t.columns.map((c) => [c.key, c.kind])).toEqual([
      ['market', 'text'],
      ['side', 'text'],
      ['price', 'money'],
      ['offers', 'count'],
      ['marked', 'text'],
    ]);
    expect(t.rows).toEqual([
      { market: 'BUFF163', side: 'Ask', price: 10_250, offers: 300, marked: 'Cheapest ask' },
      { market: 'YouPin898', side: 'Ask', price: 10_250, offers: 80, marked: 'Cheapest ask' },
      { market: 'Steam', side: 'Ask', price: 12_500, offers: 40, marked: '' },
      { market: 'CSFloat', side: 'Ask', price: null, offers: null, marked: '' },
      { market: 'BUFF163', side: 'Bid', price: 10_010, offers: 55, marked: 'Best bid' },
      { market: 'Steam', side: 'Bid', price: 9_800, offers: 1200, marked: '' },
      { market: 'YouPin898', side: 'Bid', price: null, offers: null, marked: '' },
    ]);
  });

  it("plot: one row per market with a price, by its ask (else bid); bids on their market's row", () => {
    const p = stripPlot(readItemStrip(snap, ITEM)!);
    expect(p.rows).toEqual(['buff163', 'youpin', 'steam']);
    expect(p.asks.map((a) => [a.quote.slug, a.x, a.y])).toEqual([
      ['steam', 12_500, 2],
      ['buff163', 10_250, 0],
      ['youpin', 10_250, 1],
    ]);
    expect(p.bids.map((b) => [b.quote.slug, b.x, b.y])).toEqual([
      ['steam', 9_800, 2],
      ['buff163', 10_010, 0],
    ]);
    expect(p.domain[0]).toBeLessThan(9_800);
    expect(p.domain[1]).toBeGreaterThan(12_500);
  });

  it('a market with only a buy order gets a row, placed by its bid', () => {
    const s = snapshotOf(
      [{ market_hash_name: 'X', prices: [ask('steam', 5_000)] }],
      [{ market_hash_name: 'X', orders: [order('buff163', 4_000)] }],
      ['steam', 'buff163'],
      ['buff163'],
    );
    expect(stripPlot(readItemStrip(s, 'X')!).rows).toEqual(['buff163', 'steam']);
  });

  it('nice axis: whole-thousandth steps of 1, 2, 2.5 or 5 x 10^k around the data, with room at the ends', () => {
    expect(niceAxis(9_800, 12_500)).toEqual({
      domain: [9_000, 13_000],
      ticks: [9_000, 10_000, 11_000, 12_000, 13_000],
    });
    expect(niceAxis(10_000, 11_000).ticks).toEqual([9_750, 10_000, 10_250, 10_500, 10_750, 11_000, 11_250]);
    const one = niceAxis(3, 3);
    expect(one.domain[0]).toBeLessThan(3);
    expect(one.domain[1]).toBeGreaterThan(3);
    for (const [lo, hi] of [
      [0, 7],
      [1, 2],
      [123_456, 9_876_543],
      [10_250, 10_260],
    ] as const) {
      const { domain, ticks } = niceAxis(lo, hi);
      expect(domain[0]).toBeLessThan(lo);
      expect(domain[1]).toBeGreaterThan(hi);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks[0]).toBe(domain[0]);
      expect(ticks.at(-1)).toBe(domain[1]);
      expect(ticks.length).toBeLessThanOrEqual(12);
    }
  });
});
