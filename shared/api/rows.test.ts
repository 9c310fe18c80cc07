/**
 * Reading answers row by row: clean rows pass as they are; a row without a usable name is dropped; any other
 * unreadable value becomes null and is counted; an UnstableReason the spec does not list yet is kept.
 * Expected objects are written out by hand, not derived from the schemas under test.
 */
import { describe, expect, it } from 'vitest';
import { readRows } from './rows';
import { MaxOrdersRows, MinPricesRows, PriceRecommendationRows, SteamAnalyticsRows } from './types';

const listings = {
  sell_orders_last_7d: 4,
  sell_orders_last_24h: 1,
  median_sell_price_90d: 1200,
  average_sell_price_90d: 1250,
  latest_sell_order_price: 1190,
  min_sell_order_price: 1100,
  max_sell_order_price: 1900,
  min_sell_order_price_90d: 900,
  min_sell_order_price_30d: 950,
  min_sell_order_price_7d: 1000,
  min_sell_order_price_24h: 1100,
};
const buyOrders = {
  buy_orders_last_7d: 3,
  buy_orders_last_24h: 0,
  median_buy_price_90d: 800,
  average_buy_price_90d: 790,
  latest_buy_order_price: 810,
  min_buy_order_price: 500,
  max_buy_order_price: 850,
  max_buy_order_price_90d: 990,
  max_buy_order_price_30d: 950,
  max_buy_order_price_7d: 900,
  max_buy_order_price_24h: 850,
};
const sales = {
  last_90d: 90,
  last_30d: 30,
  last_7d: 7,
  last_24h: 1,
  avg_daily_volume: 1,
  median_price_90d: 1000,
  average_price_90d: 1010,
  latest_median_price_sold: 990,
};
const steamRow = { market_hash_name: 'AK-47 | Redline (Field-Tested)', game_id: 730, sales, listings, buyOrders };

describe('readRows', () => {
  it('passes clean rows through unchanged and counts nothing', () => {
    expect(readRows([steamRow], SteamAnalyticsRows)).toEqual({ rows: [steamRow], droppedRows: 0, invalidValues: 0 });
  });

  it('drops elements without a text market_hash_name, keeps the rest', () => {
    const r = readRows(
      [null, 'row', 7, [], {}, { market_hash_name: null }, { market_hash_name: 404 }, steamRow],
      SteamAnalyticsRows,
    );
    expect(r).toEqual({ rows: [steamRow], droppedRows: 7, invalidValues: 0 });
  });

  it('turns each unreadable value into null and counts it; a missing sub-object is all null (one value)', () => {
    const bad = {
      market_hash_name: 'x',
      game_id: 730,
      sales: { ...sales, median_price_90d: null, average_price_90d: '10.10', avg_daily_volume: 'n/a' },
      listings: { ...listings, max_sell_order_price: 1900.5 },
      buyOrders: null,
    };
    const r = readRows([bad], SteamAnalyticsRows);
    expect(r?.invalidValues).toBe(5);
    expect(r?.droppedRows).toBe(0);
    expect(r?.rows).toEqual([
      {
        market_hash_name: 'x',
        game_id: 730,
        sales: {
          last_90d: 90,
          last_30d: 30,
          last_7d: 7,
          last_24h: 1,
          avg_daily_volume: null,
          median_price_90d: null,
          average_price_90d: null,
          latest_median_price_sold: 990,
        },
        listings: { ...listings, max_sell_order_price: null },
        buyOrders: {
          buy_orders_last_7d: null,
          buy_orders_last_24h: null,
          median_buy_price_90d: null,
          average_buy_price_90d: null,
          latest_buy_order_price: null,
          min_buy_order_price: null,
          max_buy_order_price: null,
          max_buy_order_price_90d: null,
          max_buy_order_price_30d: null,
          max_buy_order_price_7d: null,
          max_buy_order_price_24h: null,
        },
      },
    ]);
  });

  it('keeps an UnstableReason the spec does not list (not an error); drops a reason that is not text', () => {
    const rec = {
      market_hash_name: 'r',
      suggested_price: 1000,
      unstable_reasons: ['NOT_POPULAR', 'PRICE_FREEZE'],
      total_sales: 3,
      price_difference: -1.5,
      price_change_percentage: -0.15,
      liquidity_score: 10,
    };
    expect(readRows([rec], PriceRecommendationRows)).toEqual({ rows: [rec], droppedRows: 0, invalidValues: 0 });
    const odd = { ...rec, unstable_reasons: ['NO_ORDERS', 5], price_difference: null, liquidity_score: 10001 };
    expect(readRows([odd], PriceRecommendationRows)).toEqual({
      rows: [{ ...rec, unstable_reasons: ['NO_ORDERS'], price_difference: null, liquidity_score: null }],
      droppedRows: 0,
      invalidValues: 3,
    });
  });

  it('min prices / max orders: entries without a slug are left out, bad prices and counts are null; price_locked null is fine', () => {
    const item = {
      market_hash_name: 'm',
      prices: [
        { market_name: 'steam', offers: 2, price: '12.34', price_locked: null },
        { market_name: null, offers: 1, price: 5, price_locked: 5 },
        'junk',
        { market_name: 'buff163', offers: 1.5, price: 900, price_locked: 880 },
      ],
    };
    expect(readRows([item, { market_hash_name: 'n', prices: null }], MinPricesRows)).toEqual({
      rows: [
        {
          market_hash_name: 'm',
          prices: [
            { market_name: 'steam', offers: 2, price: null, price_locked: null },
            { market_name: 'buff163', offers: null, price: 900, price_locked: 880 },
          ],
        },
        { market_hash_name: 'n', prices: [] },
      ],
      droppedRows: 0,
      invalidValues: 5,
    });
    expect(
      readRows([{ market_hash_name: 'o', orders: [{ market_name: 'steam', offers: null, price: 7 }] }], MaxOrdersRows),
    ).toEqual({
      rows: [{ market_hash_name: 'o', orders: [{ market_name: 'steam', offers: null, price: 7 }] }],
      droppedRows: 0,
      invalidValues: 1,
    });
  });

  it('is null for an answer that is not an array', () => {
    expect(readRows({ items: [] }, MinPricesRows)).toBeNull();
    expect(readRows(null, MinPricesRows)).toBeNull();
    expect(readRows('[]', MinPricesRows)).toBeNull();
  });
});
