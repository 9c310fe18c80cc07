/**
 * One item's charts from its analytics row. The API has no history, so the charts read what it has: the
 * windows (24 h, 7 d, 30 d, 90 d). Money in thousandths, null where the service had no value ("—").
 */
import type { BuyOrderAnalyticsRow, ListingAnalyticsRow, SalesAnalyticsRow } from '../../../../shared/api/types';

export const WINDOWS = ['24 h', '7 d', '30 d', '90 d'] as const;
type Window = (typeof WINDOWS)[number];

export interface SalesCount {
  window: Window;
  sales: number | null;
}

/** Sales per day over each window: 24 h against 7 d / 7, 30 d / 30, 90 d / 90, so acceleration shows. */
export interface PacePoint {
  window: Window;
  perDay: number | null;
}

/** The minimum-sell ladder against the maximum-buy ladder per window: nested bands, spread over time. */
export interface LadderPoint {
  window: Window;
  minSell: number | null;
  maxBuy: number | null;
  /** minSell - maxBuy; null when either is missing. */
  spread: number | null;
}

export interface ActivityPoint {
  window: '24 h' | '7 d';
  listings: number | null;
  buyOrders: number | null;
}

export interface CurrentBook {
  minSell: number | null;
  maxSell: number | null;
  minBuy: number | null;
  maxBuy: number | null;
}

const per = (v: number | null, days: number): number | null => (v === null ? null : Math.round((v / days) * 100) / 100);

export function salesCounts(s: SalesAnalyticsRow): SalesCount[] {
  return [
    { window: '24 h', sales: s.last_24h },
    { window: '7 d', sales: s.last_7d },
    { window: '30 d', sales: s.last_30d },
    { window: '90 d', sales: s.last_90d },
  ];
}

export function salesPace(s: SalesAnalyticsRow): PacePoint[] {
  return [
    { window: '24 h', perDay: per(s.last_24h, 1) },
    { window: '7 d', perDay: per(s.last_7d, 7) },
    { window: '30 d', perDay: per(s.last_30d, 30) },
    { window: '90 d', perDay: per(s.last_90d, 90) },
  ];
}

export function ladder(l: ListingAnalyticsRow, b: BuyOrderAnalyticsRow): LadderPoint[] {
  const rows: [Window, number | null, number | null][] = [
    ['24 h', l.min_sell_order_price_24h, b.max_buy_order_price_24h],
    ['7 d', l.min_sell_order_price_7d, b.max_buy_order_price_7d],
    ['30 d', l.min_sell_order_price_30d, b.max_buy_order_price_30d],
    ['90 d', l.min_sell_order_price_90d, b.max_buy_order_price_90d],
  ];
  return rows.map(([window, minSell, maxBuy]) => ({
    window,
    minSell,
    maxBuy,
    spread: minSell !== null && maxBuy !== null ? minSell - maxBuy : null,
  }));
}

export function activity(l: ListingAnalyticsRow, b: BuyOrderAnalyticsRow): ActivityPoint[] {
  return [
    { window: '24 h', listings: l.sell_orders_last_24h, buyOrders: b.buy_orders_last_24h },
    { window: '7 d', listings: l.sell_orders_last_7d, buyOrders: b.buy_orders_last_7d },
  ];
}

export function currentBook(l: ListingAnalyticsRow, b: BuyOrderAnalyticsRow): CurrentBook {
  return {
    minSell: l.min_sell_order_price,
    maxSell: l.max_sell_order_price,
    minBuy: b.min_buy_order_price,
    maxBuy: b.max_buy_order_price,
  };
}
