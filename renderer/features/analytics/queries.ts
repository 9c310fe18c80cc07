/**
 * The analytics feature's GraphQL documents, typed against the spec's schema (renderer/api/gql.ts). They ask for
 * whole catalogs (the API has no per-item filter), so they run in the analytics worker (analytics-route.ts).
 * Listings and buy orders are the same types (spec 2.5, 2.6) in Steam and marketplace analytics, read by the
 * same row readers (shared/api/types.ts): one fragment each, so the two catalogs cannot drift apart. gql.tada
 * puts a fragment passed as the second argument into the document, so the text sent holds it.
 */
import { graphql } from '../../api/gql';

const ListingFields = graphql(`
  fragment ListingFields on ListingAnalytics {
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
`);

const BuyOrderFields = graphql(`
  fragment BuyOrderFields on BuyOrderAnalytics {
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
`);

export const SteamCatalogQuery = graphql(
  `
    query SteamCatalog($game: Int) {
      getSteamAnalytics(game_id: $game) {
        market_hash_name
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
          ...ListingFields
        }
        buyOrders {
          ...BuyOrderFields
        }
      }
    }
  `,
  [ListingFields, BuyOrderFields],
);

export const MarketCatalogQuery = graphql(
  `
    query MarketCatalog($market: String!, $game: Int) {
      getMarketOrderAnalytics(market_name: $market, game_id: $game) {
        market_hash_name
        listings {
          ...ListingFields
        }
        buyOrders {
          ...BuyOrderFields
        }
      }
    }
  `,
  [ListingFields, BuyOrderFields],
);
