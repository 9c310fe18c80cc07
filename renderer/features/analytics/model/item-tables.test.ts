import { describe, expect, it } from 'vitest';
import type {
  BuyOrderAnalyticsRow,
  ListingAnalyticsRow,
  SalesAnalyticsRow,
  SteamAnalyticsRow,
} from '../../../../shared/api/types';
import { activityTable, bookTable, ladderTable, salesTable, withBand } from './item-tables';

const l = {
  sell_orders_last_7d: 70,
  sell_orders_last_24h: 12,
  min_sell_order_price: 10_000,
  max_sell_order_price: 14_000,
  min_sell_order_price_90d: 8_000,
  min_sell_order_price_30d: 9_000,
  min_sell_order_price_7d: 9_500,
  min_sell_order_price_24h: 10_000,
} as ListingAnalyticsRow;
const b = {
  buy_orders_last_7d: 40,
  buy_orders_last_24h: 6,
  min_buy_order_price: 5_000,
  max_buy_order_price: 9_100,
  max_buy_order_price_90d: 9_800,
  max_buy_order_price_30d: 9_400,
  max_buy_order_price_7d: 9_200,
  max_buy_order_price_24h: null,
} as BuyOrderAnalyticsRow;
const main = { listings: l, buyOrders: b };
const market = {
  listings: { ...l, min_sell_order_price_24h: 11_000, sell_orders_last_24h: 3 },
  buyOrders: { ...b, max_buy_order_price_24h: 8_000, min_buy_order_price: null },
};

describe('item chart tables', () => {
  it('sales: one column per compared item, null for an item without Steam analytics', () => {
    const steam = { sales: { last_24h: 9, last_7d: 35, last_30d: 90, last_90d: null } as SalesAnalyticsRow };
    const t = salesTable(['A', 'B'], [steam as SteamAnalyticsRow, null]);
    expect(t.columns.map((c) => c.key)).toEqual(['window', 'i0', 'i1']);
    expect(t.rows).toEqual([
      { window: '24 h', i0: 9, i1: null },
      { window: '7 d', i0: 35, i1: null },
      { window: '30 d', i0: 90, i1: null },
      { window: '90 d', i0: null, i1: null },
    ]);
  });

  it('the ladder with the marketplace beside it, and its band low to high (missing stays missing)', () => {
    const t = ladderTable(main, market, 'Steam', 'Skinport');
    expect(t.columns.map((c) => c.label)).toContain('Skinport: lowest listing');
    expect(t.rows[0]).toEqual({
      window: '24 h',
      minSell: 10_000,
      maxBuy: null,
      spread: null,
      mMinSell: 11_000,
      mMaxBuy: 8_000,
    });
    const banded = withBand(t.rows);
    expect(banded[0]?.band).toBeNull();
    expect(banded[2]?.band).toEqual([9_000, 9_400]);
  });

  it('without a marketplace name its columns are left out; without a main row there are no rows', () => {
    expect(activityTable(main, null, 'Steam', null).columns.map((c) => c.key)).toEqual([
      'window',
      'listings',
      'buyOrders',
    ]);
    expect(activityTable(main, market, 'Steam', 'Skinport').rows[0]).toEqual({
      window: '24 h',
      listings: 12,
      buyOrders: 6,
      mListings: 3,
      mBuyOrders: 6,
    });
    expect(bookTable(null, market, 'Steam', 'Skinport').rows).toEqual([]);
  });

  it('the current book, the marketplace beside the main source', () => {
    expect(bookTable(main, market, 'Steam', 'Skinport').rows).toEqual([
      { what: 'Lowest listing', main: 10_000, market: 10_000 },
      { what: 'Highest listing', main: 14_000, market: 14_000 },
      { what: 'Lowest buy order', main: 5_000, market: null },
      { what: 'Highest buy order', main: 9_100, market: 9_100 },
    ]);
  });
});
