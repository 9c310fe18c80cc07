import { describe, expect, it } from 'vitest';
import type { BuyOrderAnalyticsRow, ListingAnalyticsRow, SalesAnalyticsRow } from '../../../../shared/api/types';
import { activity, currentBook, ladder, salesPace } from './item-figures';

const l: ListingAnalyticsRow = {
  sell_orders_last_7d: 70,
  sell_orders_last_24h: 12,
  median_sell_price_90d: 10_500,
  average_sell_price_90d: 10_600,
  latest_sell_order_price: 10_400,
  min_sell_order_price: 10_000,
  max_sell_order_price: 14_000,
  min_sell_order_price_90d: 8_000,
  min_sell_order_price_30d: 9_000,
  min_sell_order_price_7d: 9_500,
  min_sell_order_price_24h: 10_000,
};
const b: BuyOrderAnalyticsRow = {
  buy_orders_last_7d: 40,
  buy_orders_last_24h: 6,
  median_buy_price_90d: 8_500,
  average_buy_price_90d: 8_400,
  latest_buy_order_price: 8_700,
  min_buy_order_price: 5_000,
  max_buy_order_price: 9_100,
  max_buy_order_price_90d: 9_800,
  max_buy_order_price_30d: 9_400,
  max_buy_order_price_7d: 9_200,
  max_buy_order_price_24h: null,
};

describe('item figures', () => {
  it('the ladders and their spread per window; a missing value stays missing', () => {
    expect(ladder(l, b)).toEqual([
      { window: '24 h', minSell: 10_000, maxBuy: null, spread: null },
      { window: '7 d', minSell: 9_500, maxBuy: 9_200, spread: 300 },
      { window: '30 d', minSell: 9_000, maxBuy: 9_400, spread: -400 },
      { window: '90 d', minSell: 8_000, maxBuy: 9_800, spread: -1_800 },
    ]);
  });

  it('sales pace: per day over each window', () => {
    const s = { last_24h: 9, last_7d: 35, last_30d: 90, last_90d: null } as SalesAnalyticsRow;
    expect(salesPace(s).map((p) => p.perDay)).toEqual([9, 5, 3, null]);
  });

  it('activity and the current book', () => {
    expect(activity(l, b)).toEqual([
      { window: '24 h', listings: 12, buyOrders: 6 },
      { window: '7 d', listings: 70, buyOrders: 40 },
    ]);
    expect(currentBook(l, b)).toEqual({ minSell: 10_000, maxSell: 14_000, minBuy: 5_000, maxBuy: 9_100 });
  });
});
