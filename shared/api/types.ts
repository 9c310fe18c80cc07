/**
 * Result types of every operation (spec section 2) as zod schemas, so whatever crosses the network is
 * validated once and turned into a clear error. Money fields are integer thousandths.
 */
import { z } from 'zod';
import { UNSTABLE_REASONS } from './schema';

const money = z.number().int();
const count = z.number().int().nonnegative();

export const OrderInfo = z.object({ market_name: z.string(), offers: count, price: money });
export const AggregatedMaxOrders = z.object({ market_hash_name: z.string(), orders: z.array(OrderInfo) });

export const MarketPrice = z.object({
  market_name: z.string(),
  offers: count,
  price: money,
  price_locked: money.nullable(),
});
export const AggregatedMinPrices = z.object({ market_hash_name: z.string(), prices: z.array(MarketPrice) });

export const SalesAnalytics = z.object({
  last_90d: count,
  last_30d: count,
  last_7d: count,
  last_24h: count,
  avg_daily_volume: z.number(),
  median_price_90d: money.nullable(),
  average_price_90d: money.nullable(),
  latest_median_price_sold: money.nullable(),
});

export const ListingAnalytics = z.object({
  sell_orders_last_7d: count,
  sell_orders_last_24h: count,
  median_sell_price_90d: money.nullable(),
  average_sell_price_90d: money.nullable(),
  latest_sell_order_price: money.nullable(),
  min_sell_order_price: money.nullable(),
  max_sell_order_price: money.nullable(),
  min_sell_order_price_90d: money.nullable(),
  min_sell_order_price_30d: money.nullable(),
  min_sell_order_price_7d: money.nullable(),
  min_sell_order_price_24h: money.nullable(),
});

export const BuyOrderAnalytics = z.object({
  buy_orders_last_7d: count,
  buy_orders_last_24h: count,
  median_buy_price_90d: money.nullable(),
  average_buy_price_90d: money.nullable(),
  latest_buy_order_price: money.nullable(),
  min_buy_order_price: money.nullable(),
  max_buy_order_price: money.nullable(),
  max_buy_order_price_90d: money.nullable(),
  max_buy_order_price_30d: money.nullable(),
  max_buy_order_price_7d: money.nullable(),
  max_buy_order_price_24h: money.nullable(),
});

export const SteamAnalytics = z.object({
  market_hash_name: z.string(),
  game_id: z.number().int().optional(),
  sales: SalesAnalytics,
  listings: ListingAnalytics,
  buyOrders: BuyOrderAnalytics,
});

export const MarketOrderAnalytics = z.object({
  market_hash_name: z.string(),
  buyOrders: BuyOrderAnalytics,
  listings: ListingAnalytics,
});

export const UnstableReasonSchema = z.enum(UNSTABLE_REASONS);
export const PriceRecommendation = z.object({
  market_hash_name: z.string(),
  suggested_price: money.nullable(),
  unstable_reasons: z.array(UnstableReasonSchema),
  total_sales: count,
  price_difference: z.number().nullable(),
  price_change_percentage: z.number().nullable(),
  liquidity_score: z.number().int().min(0).max(10000),
});

export type OrderInfo = z.infer<typeof OrderInfo>;
export type AggregatedMaxOrders = z.infer<typeof AggregatedMaxOrders>;
export type MarketPrice = z.infer<typeof MarketPrice>;
export type AggregatedMinPrices = z.infer<typeof AggregatedMinPrices>;
export type SalesAnalytics = z.infer<typeof SalesAnalytics>;
export type ListingAnalytics = z.infer<typeof ListingAnalytics>;
export type BuyOrderAnalytics = z.infer<typeof BuyOrderAnalytics>;
export type SteamAnalytics = z.infer<typeof SteamAnalytics>;
export type MarketOrderAnalytics = z.infer<typeof MarketOrderAnalytics>;
export type PriceRecommendation = z.infer<typeof PriceRecommendation>;
