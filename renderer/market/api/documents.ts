/**
 * The grid's GraphQL documents, typed against the spec's schema (renderer/api/gql.ts); all of them run in
 * the data worker through the app's urql client (load.ts; worker/client.ts itemLookupRun, itemValuesRun), so their `data` is what the worker made of
 * the answer, not the answer. renderer/api/documents.test.ts validates them against SCHEMA_SDL and checks
 * that the row readers read exactly the fields they select.
 */
import type { PriceRecommendationRow, SteamAnalyticsRow } from '../../../shared/api/types';
import { graphql } from '../../api/gql';
import { workerDocument } from '../../api/worker-exchange';
import { PriceRecommendationFields } from '../recommendations/api/documents';
import type { Snapshot } from '../model/snapshot';
import type { ItemValues } from '../worker/client';

/** What a price load delivers as `data`: the shaped columns. */
export interface GridData {
  grid: Snapshot;
}

/** Min prices and max orders in one request: one round trip, one body to parse and shape. */
export const GRID_PRICES = workerDocument<GridData>()(
  graphql(`
    query GridPrices($markets: [String!]!, $bidMarkets: [String!]!) {
      aggregatedMinPrices(markets: $markets) {
        market_hash_name
        prices {
          market_name
          offers
          price
          price_locked
        }
      }
      aggregatedMaxOrders(markets: $bidMarkets) {
        market_hash_name
        orders {
          market_name
          offers
          price
        }
      }
    }
  `),
);

/** Without buy orders (every bid market removed from the list). */
export const GRID_ASKS = workerDocument<GridData>()(
  graphql(`
    query GridAsks($markets: [String!]!) {
      aggregatedMinPrices(markets: $markets) {
        market_hash_name
        prices {
          market_name
          offers
          price
          price_locked
        }
      }
    }
  `),
);

/** Buy orders only: a batch of a load cut into batches that carries no ask market (batches.ts). */
export const GRID_BIDS = workerDocument<GridData>()(
  graphql(`
    query GridBids($bidMarkets: [String!]!) {
      aggregatedMaxOrders(markets: $bidMarkets) {
        market_hash_name
        orders {
          market_name
          offers
          price
        }
      }
    }
  `),
);

/**
 * What a look-up (itemLookupRun) delivers as `data`: the one row of the whole-game answer named by the operation's
 * `item` variable (read leniently, shared/api/rows.ts), or null when the answer has no such item.
 */
export interface ItemLookup<Row> {
  row: Row | null;
  /** When the whole-game answer was read in the worker (ms since epoch): a kept answer keeps its time. */
  fetchedAt?: number | null;
}
/** The look-up's own variable: which item to pick (not sent; part of the operation's identity). */
export interface ItemVars extends Record<string, unknown> {
  item: string;
}

/** Steam sales, listing and buy-order statistics of one item (the API answers for the whole game). */
const STEAM_ANALYTICS_DOC = graphql(`
  query ItemSteamAnalytics($game_id: Int) {
    getSteamAnalytics(game_id: $game_id) {
      market_hash_name
      game_id
      sales {
        last_90d
        last_30d
        last_7d
        last_24h
        avg_daily_volume
        median_price_90d
        average_price_90d
        latest_median_price_sold
      }
      listings {
        sell_orders_last_7d
        sell_orders_last_24h
        median_sell_price_90d
        average_sell_price_90d
        latest_sell_order_price
        min_sell_order_price
        max_sell_order_price
        min_sell_order_price_90d
        min_sell_order_price_30d
        min_sell_order_price_7d
        min_sell_order_price_24h
      }
      buyOrders {
        buy_orders_last_7d
        buy_orders_last_24h
        median_buy_price_90d
        average_buy_price_90d
        latest_buy_order_price
        min_buy_order_price
        max_buy_order_price
        max_buy_order_price_90d
        max_buy_order_price_30d
        max_buy_order_price_7d
        max_buy_order_price_24h
      }
    }
  }
`);
export const ITEM_STEAM_ANALYTICS = workerDocument<ItemLookup<SteamAnalyticsRow>, ItemVars>()(STEAM_ANALYTICS_DOC);

/** The suggested price, stability flags and liquidity of one item. */
export const ITEM_RECOMMENDATION = workerDocument<ItemLookup<PriceRecommendationRow>, ItemVars>()(
  graphql(
    `
      query ItemRecommendation($game_id: Int) {
        getPriceRecommendations(game_id: $game_id) {
          ...PriceRecommendationFields
        }
      }
    `,
    [PriceRecommendationFields],
  ),
);

/** The look-up's variables for many items: which items (not sent; part of the operation's identity). */
export interface ItemsVars extends Record<string, unknown> {
  items: readonly string[];
}

/**
 * Numbers of many items from Steam analytics (itemValuesRun): the same
 * document as ITEM_STEAM_ANALYTICS, so the worker fetches the whole-game answer once for both.
 */
export const ITEMS_STEAM_VALUES = workerDocument<ItemValues, ItemsVars>()(STEAM_ANALYTICS_DOC);
