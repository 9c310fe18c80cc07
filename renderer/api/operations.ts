/**
 * Every GraphQL operation the renderer sends, in one place. Field names come from the SDL in
 * shared/api/schema.ts; operations.test.ts validates each document against SCHEMA_SDL with graphql-js
 * and checks that each row reader's schemas select exactly the fields the document asks for. So the SDL
 * is the single source: a renamed or removed field fails the unit tests, not the user.
 *
 * Results are read row by row (shared/api/rows.ts): one null where the spec has none, or an enum value it
 * doesn't list yet, costs that value ("—"), not the answer; `droppedRows` / `invalidValues` say how much.
 *
 * (createSubscriptionToken is not here on purpose: the renderer never sees the key or a token; the
 * token broker in the host calls it.)
 *
 * Use with `runOperation` / `useOperation` (renderer/api/graphql.ts), or, in a worker,
 * `graphqlPost(op.source, variables)` + `op.parse(data)`.
 */
import { gql, type TypedDocumentNode } from '@urql/core';
import { z } from 'zod';
import type { RowReader, Rows } from '../../shared/api/rows';
import { RECOMMENDATION_TYPES } from '../../shared/api/schema';
import {
  MarketOrderAnalyticsRows,
  MaxOrdersRows,
  MinPricesRows,
  PriceRecommendation,
  PriceRecommendationRow,
  PriceRecommendationRows,
  SteamAnalyticsRows,
} from '../../shared/api/types';
import { readResponseRows } from './http';

export interface Operation<Vars extends Record<string, unknown>, Row> {
  /** The operation's name in the document (for logs and the network panel). */
  readonly name: string;
  /** The root field whose value is the result. */
  readonly field: string;
  /** The document text (for workers that POST it with graphqlPost). */
  readonly source: string;
  readonly document: TypedDocumentNode<Record<string, unknown>, Vars>;
  readonly variables: z.ZodType<Vars>;
  /** One element of the result: the spec's schema, and what to keep of a row that fails it. */
  readonly rows: RowReader<Row>;
  /** `data` of a response to its rows, or an 'invalid-response' ApiError when the field is not an array. */
  parse(data: unknown): Rows<Row>;
}

function operation<Vars extends Record<string, unknown>, Row>(def: {
  name: string;
  field: string;
  source: string;
  variables: z.ZodType<Vars>;
  rows: RowReader<Row>;
}): Operation<Vars, Row> {
  const document = gql<Record<string, unknown>, Vars>(def.source);
  return {
    ...def,
    document,
    parse(data: unknown): Rows<Row> {
      const root = (data && typeof data === 'object' ? (data as Record<string, unknown>)[def.field] : undefined) ?? null;
      return readResponseRows(def.rows, root, `${def.name}.${def.field}`);
    },
  };
}

const LISTING_FIELDS = `
    sell_orders_last_7d sell_orders_last_24h median_sell_price_90d average_sell_price_90d
    latest_sell_order_price min_sell_order_price max_sell_order_price
    min_sell_order_price_90d min_sell_order_price_30d min_sell_order_price_7d min_sell_order_price_24h`;
const BUY_ORDER_FIELDS = `
    buy_orders_last_7d buy_orders_last_24h median_buy_price_90d average_buy_price_90d
    latest_buy_order_price min_buy_order_price max_buy_order_price
    max_buy_order_price_90d max_buy_order_price_30d max_buy_order_price_7d max_buy_order_price_24h`;

const gameId = z.number().int().positive();
const markets = z.array(z.string().min(1)).min(1);

/** Minimum sell price per marketplace, every item (the GraphQL form takes no game). */
export const AggregatedMinPricesOp = operation({
  name: 'AggregatedMinPrices',
  field: 'aggregatedMinPrices',
  source: /* GraphQL */ `
    query AggregatedMinPrices($markets: [String!]!) {
      aggregatedMinPrices(markets: $markets) {
        market_hash_name
        prices { market_name offers price price_locked }
      }
    }`,
  variables: z.object({ markets }),
  rows: MinPricesRows,
});

/** Maximum buy-order price per marketplace, every item. */
export const AggregatedMaxOrdersOp = operation({
  name: 'AggregatedMaxOrders',
  field: 'aggregatedMaxOrders',
  source: /* GraphQL */ `
    query AggregatedMaxOrders($markets: [String!]!) {
      aggregatedMaxOrders(markets: $markets) {
        market_hash_name
        orders { market_name offers price }
      }
    }`,
  variables: z.object({ markets }),
  rows: MaxOrdersRows,
});

/** Steam sales, listing and buy-order statistics (games 730 and 570). */
export const SteamAnalyticsOp = operation({
  name: 'SteamAnalytics',
  field: 'getSteamAnalytics',
  source: /* GraphQL */ `
    query SteamAnalytics($game_id: Int) {
      getSteamAnalytics(game_id: $game_id) {
        market_hash_name
        game_id
        sales {
          last_90d last_30d last_7d last_24h avg_daily_volume
          median_price_90d average_price_90d latest_median_price_sold
        }
        listings { ${LISTING_FIELDS} }
        buyOrders { ${BUY_ORDER_FIELDS} }
      }
    }`,
  variables: z.object({ game_id: gameId.optional() }),
  rows: SteamAnalyticsRows,
});

/** Listing and buy-order statistics on one marketplace. */
export const MarketOrderAnalyticsOp = operation({
  name: 'MarketOrderAnalytics',
  field: 'getMarketOrderAnalytics',
  source: /* GraphQL */ `
    query MarketOrderAnalytics($market_name: String!, $game_id: Int) {
      getMarketOrderAnalytics(market_name: $market_name, game_id: $game_id) {
        market_hash_name
        buyOrders { ${BUY_ORDER_FIELDS} }
        listings { ${LISTING_FIELDS} }
      }
    }`,
  variables: z.object({ market_name: z.string().min(1), game_id: gameId.optional() }),
  rows: MarketOrderAnalyticsRows,
});

/** Suggested prices with stability flags and a liquidity score. */
export const PriceRecommendationsOp = operation({
  name: 'PriceRecommendations',
  field: 'getPriceRecommendations',
  source: /* GraphQL */ `
    query PriceRecommendations($game_id: Int, $type: RecommendationType) {
      getPriceRecommendations(game_id: $game_id, type: $type) {
        market_hash_name
        suggested_price
        unstable_reasons
        total_sales
        price_difference
        price_change_percentage
        liquidity_score
      }
    }`,
  variables: z.object({ game_id: gameId.optional(), type: z.enum(RECOMMENDATION_TYPES).optional() }),
  rows: PriceRecommendationRows,
});

/** The light query behind Settings' "Test connection": names, suggested prices, liquidity. */
export const ConnectionCheckOp = operation({
  name: 'ConnectionCheck',
  field: 'getPriceRecommendations',
  source: /* GraphQL */ `
    query ConnectionCheck($game_id: Int) {
      getPriceRecommendations(game_id: $game_id) {
        market_hash_name
        suggested_price
        liquidity_score
      }
    }`,
  variables: z.object({ game_id: gameId.optional() }),
  rows: {
    strict: PriceRecommendation.pick({ market_hash_name: true, suggested_price: true, liquidity_score: true }),
    lenient: PriceRecommendationRow.pick({ market_hash_name: true, suggested_price: true, liquidity_score: true }),
  },
});

/** All of them (the SDL test walks this list). */
export const OPERATIONS = [
  AggregatedMinPricesOp,
  AggregatedMaxOrdersOp,
  SteamAnalyticsOp,
  MarketOrderAnalyticsOp,
  PriceRecommendationsOp,
  ConnectionCheckOp,
] as const;

export type OperationResult<Op> = Op extends Operation<Record<string, unknown>, infer R> ? Rows<R> : never;
/** One row of an operation's result. */
export type OperationRow<Op> = Op extends Operation<Record<string, unknown>, infer R> ? R : never;
export type OperationVariables<Op> = Op extends Operation<infer V, unknown> ? V : never;
