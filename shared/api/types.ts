/**
 * Result types of every operation (spec section 2) as zod schemas, in two forms: the spec's own (OrderInfo …
 * PriceRecommendation; only `price_locked` nullable, 2.3), which the reference service must send exactly, and
 * what a client keeps of a row it received (…Row: each field its spec type or null, unknown codes kept as text),
 * which readRows (./rows.ts) applies per row so one bad value never costs the whole answer.
 * Money fields are integer thousandths. More: README.md here.
 */
import { z } from 'zod';
import { UNSTABLE_REASONS, type UnstableReason } from './schema';
import type { RowReader } from './rows';

const money = z.number().int();
const count = z.number().int().nonnegative();
const liquidity = z.number().int().min(0).max(10000);

// ---- The spec (section 2) ------------------------------------------------------------------------------

const OrderInfo = z.object({ market_name: z.string(), offers: count, price: money });
export const AggregatedMaxOrders = z.object({ market_hash_name: z.string(), orders: z.array(OrderInfo) });

const MarketPrice = z.object({
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
  median_price_90d: money,
  average_price_90d: money,
  latest_median_price_sold: money,
});

export const ListingAnalytics = z.object({
  sell_orders_last_7d: count,
  sell_orders_last_24h: count,
  median_sell_price_90d: money,
  average_sell_price_90d: money,
  latest_sell_order_price: money,
  min_sell_order_price: money,
  max_sell_order_price: money,
  min_sell_order_price_90d: money,
  min_sell_order_price_30d: money,
  min_sell_order_price_7d: money,
  min_sell_order_price_24h: money,
});

export const BuyOrderAnalytics = z.object({
  buy_orders_last_7d: count,
  buy_orders_last_24h: count,
  median_buy_price_90d: money,
  average_buy_price_90d: money,
  latest_buy_order_price: money,
  min_buy_order_price: money,
  max_buy_order_price: money,
  max_buy_order_price_90d: money,
  max_buy_order_price_30d: money,
  max_buy_order_price_7d: money,
  max_buy_order_price_24h: money,
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

const UnstableReasonSchema = z.enum(UNSTABLE_REASONS);
export const PriceRecommendation = z.object({
  market_hash_name: z.string(),
  suggested_price: money,
  unstable_reasons: z.array(UnstableReasonSchema),
  total_sales: count,
  price_difference: z.number(),
  price_change_percentage: z.number(),
  liquidity_score: liquidity,
});

type OrderInfo = z.infer<typeof OrderInfo>;
export type AggregatedMaxOrders = z.infer<typeof AggregatedMaxOrders>;
type MarketPrice = z.infer<typeof MarketPrice>;
export type AggregatedMinPrices = z.infer<typeof AggregatedMinPrices>;
export type SalesAnalytics = z.infer<typeof SalesAnalytics>;
export type ListingAnalytics = z.infer<typeof ListingAnalytics>;
export type BuyOrderAnalytics = z.infer<typeof BuyOrderAnalytics>;
export type SteamAnalytics = z.infer<typeof SteamAnalytics>;
export type MarketOrderAnalytics = z.infer<typeof MarketOrderAnalytics>;
export type PriceRecommendation = z.infer<typeof PriceRecommendation>;

export function isUnstableReason(code: string): code is UnstableReason {
  return (UNSTABLE_REASONS as readonly string[]).includes(code);
}

// ---- What a client keeps of a received row -------------------------------------------------------------

/** The field's spec type, or null for null, nothing, or anything else. */
function orNull<T extends z.ZodType>(t: T) {
  return t.nullable().catch(null);
}
const moneyRow = orNull(money);
const countRow = orNull(count);
const floatRow = orNull(z.number());

/** A list of entries: entries that cannot be placed (no market slug) are left out; not a list: none. */
function entries<T extends z.ZodType>(entry: T) {
  return z
    .array(entry.nullable().catch(null))
    .catch([])
    .transform((list) => list.filter((e): e is NonNullable<typeof e> => e !== null));
}

const OrderInfoRow = z.object({ market_name: z.string(), offers: countRow, price: moneyRow });
const MarketPriceRow = z.object({
  market_name: z.string(),
  offers: countRow,
  price: moneyRow,
  price_locked: moneyRow,
});
export const AggregatedMaxOrdersRow = z.object({ market_hash_name: z.string(), orders: entries(OrderInfoRow) });
export const AggregatedMinPricesRow = z.object({ market_hash_name: z.string(), prices: entries(MarketPriceRow) });

/** Every field of `shape` read leniently; the object itself missing or not an object: all null. */
function rowObject<S extends Record<string, z.ZodType>>(shape: S) {
  const lenient = {} as { [K in keyof S]: ReturnType<typeof orNull<S[K]>> };
  for (const k of Object.keys(shape) as (keyof S)[]) lenient[k] = orNull(shape[k]);
  const obj = z.object(lenient);
  // Every field of {} is caught as null.
  return obj.catch(() => obj.parse({}));
}

export const SalesAnalyticsRow = rowObject(SalesAnalytics.shape);
export const ListingAnalyticsRow = rowObject(ListingAnalytics.shape);
export const BuyOrderAnalyticsRow = rowObject(BuyOrderAnalytics.shape);

export const SteamAnalyticsRow = z.object({
  market_hash_name: z.string(),
  game_id: orNull(z.number().int()).optional(),
  sales: SalesAnalyticsRow,
  listings: ListingAnalyticsRow,
  buyOrders: BuyOrderAnalyticsRow,
});

export const MarketOrderAnalyticsRow = z.object({
  market_hash_name: z.string(),
  buyOrders: BuyOrderAnalyticsRow,
  listings: ListingAnalyticsRow,
});

export const PriceRecommendationRow = z.object({
  market_hash_name: z.string(),
  suggested_price: moneyRow,
  /** Known codes and codes the spec does not list yet alike (shown as "unknown reason: X"). */
  unstable_reasons: entries(z.string()),
  total_sales: countRow,
  price_difference: floatRow,
  price_change_percentage: floatRow,
  liquidity_score: orNull(liquidity),
});

type OrderInfoRow = z.infer<typeof OrderInfoRow>;
type MarketPriceRow = z.infer<typeof MarketPriceRow>;
export type AggregatedMaxOrdersRow = z.infer<typeof AggregatedMaxOrdersRow>;
export type AggregatedMinPricesRow = z.infer<typeof AggregatedMinPricesRow>;
export type SalesAnalyticsRow = z.infer<typeof SalesAnalyticsRow>;
export type ListingAnalyticsRow = z.infer<typeof ListingAnalyticsRow>;
export type BuyOrderAnalyticsRow = z.infer<typeof BuyOrderAnalyticsRow>;
export type SteamAnalyticsRow = z.infer<typeof SteamAnalyticsRow>;
export type MarketOrderAnalyticsRow = z.infer<typeof MarketOrderAnalyticsRow>;
export type PriceRecommendationRow = z.infer<typeof PriceRecommendationRow>;

/*
 * Readers: `strict` is the spec's schema, except that an UnstableReason the spec does not list yet is not
 * an error (it is kept and shown); a row passing it is taken as it is (the usual case, and the fast one).
 */
export const MinPricesRows: RowReader<AggregatedMinPricesRow> = {
  strict: AggregatedMinPrices,
  lenient: AggregatedMinPricesRow,
};
export const MaxOrdersRows: RowReader<AggregatedMaxOrdersRow> = {
  strict: AggregatedMaxOrders,
  lenient: AggregatedMaxOrdersRow,
};
export const SteamAnalyticsRows: RowReader<SteamAnalyticsRow> = { strict: SteamAnalytics, lenient: SteamAnalyticsRow };
export const MarketOrderAnalyticsRows: RowReader<MarketOrderAnalyticsRow> = {
  strict: MarketOrderAnalytics,
  lenient: MarketOrderAnalyticsRow,
};
export const PriceRecommendationRows: RowReader<PriceRecommendationRow> = {
  strict: PriceRecommendation.extend({ unstable_reasons: z.array(z.string()) }),
  lenient: PriceRecommendationRow,
};
