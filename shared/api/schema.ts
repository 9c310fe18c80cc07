/**
 * The GraphQL SDL of the Item Market Data Service (spec section 4.1), the single source for the
 * reference service's executable schema and the client's typed operations (checked in tests).
 */
export const SCHEMA_SDL = /* GraphQL */ `
  """
  Item Market Data Service, API v2. Prices are integer thousandths of a currency unit.
  """
  schema {
    query: Query
    mutation: Mutation
  }

  type Query {
    """
    Maximum buy-order price per marketplace for every item (game 730). 7 supported slugs.
    """
    aggregatedMaxOrders(markets: [String!]!): [AggregatedMaxOrders]
    """
    Minimum sell price per marketplace for every item (game 730). 36 supported slugs.
    """
    aggregatedMinPrices(markets: [String!]!): [AggregatedMinPrices]
    """
    Steam sales, listing and buy-order statistics. game_id: 730 or 570.
    """
    getSteamAnalytics(game_id: Int = 730): [SteamAnalytics]
    """
    Listing and buy-order statistics on one of 6 marketplaces.
    """
    getMarketOrderAnalytics(market_name: String!, game_id: Int = 730): [MarketOrderAnalytics]
    """
    Suggested prices with stability flags and a liquidity score.
    """
    getPriceRecommendations(game_id: Int = 730, type: RecommendationType = general): [PriceRecommendation]
  }

  type Mutation {
    """
    Issues a JWT access token, valid for 2 hours, from an API key. Called without api-token.
    """
    createSubscriptionToken(api_key: String): String
  }

  type AggregatedMaxOrders {
    market_hash_name: String
    orders: [OrderInfo]
  }

  type OrderInfo {
    market_name: String
    """
    Total number of buy orders on the marketplace.
    """
    offers: Int
    """
    Maximum buy-order price (thousandths).
    """
    price: Int
  }

  type AggregatedMinPrices {
    market_hash_name: String
    prices: [MarketPrice]
  }

  type MarketPrice {
    market_name: String
    offers: Int
    """
    Minimum price for items tradable immediately (thousandths).
    """
    price: Int
    """
    Minimum price for trade-locked items (thousandths); may be null.
    """
    price_locked: Int
  }

  type SteamAnalytics {
    market_hash_name: String
    game_id: Int
    sales: SalesAnalytics
    listings: ListingAnalytics
    buyOrders: BuyOrderAnalytics
  }

  type SalesAnalytics {
    last_90d: Int
    last_30d: Int
    last_7d: Int
    last_24h: Int
    avg_daily_volume: Float
    median_price_90d: Int
    average_price_90d: Int
    latest_median_price_sold: Int
  }

  type ListingAnalytics {
    sell_orders_last_7d: Int
    sell_orders_last_24h: Int
    median_sell_price_90d: Int
    average_sell_price_90d: Int
    latest_sell_order_price: Int
    min_sell_order_price: Int
    max_sell_order_price: Int
    min_sell_order_price_90d: Int
    min_sell_order_price_30d: Int
    min_sell_order_price_7d: Int
    min_sell_order_price_24h: Int
  }

  type BuyOrderAnalytics {
    buy_orders_last_7d: Int
    buy_orders_last_24h: Int
    median_buy_price_90d: Int
    average_buy_price_90d: Int
    latest_buy_order_price: Int
    min_buy_order_price: Int
    max_buy_order_price: Int
    max_buy_order_price_90d: Int
    max_buy_order_price_30d: Int
    max_buy_order_price_7d: Int
    max_buy_order_price_24h: Int
  }

  type MarketOrderAnalytics {
    market_hash_name: String
    buyOrders: BuyOrderAnalytics
    listings: ListingAnalytics
  }

  type PriceRecommendation {
    market_hash_name: String
    suggested_price: Int
    unstable_reasons: [UnstableReason]
    total_sales: Int
    price_difference: Float
    price_change_percentage: Float
    liquidity_score: Int
  }

  enum RecommendationType {
    """
    All supported markets except gambling ones.
    """
    general
    """
    Supported peer-to-peer markets only.
    """
    p2p
  }

  enum UnstableReason {
    NOT_POPULAR
    NO_ORDERS
    NO_LISTINGS
    LISTINGS_PRICE
    BIG_LISTINGS_DIFFERENCE
    BOOST_RISK
    NO_THREE_MONTH_SALES
    THREE_MONTH_SALES
  }
`;

export const API_PREFIX = '/api/v2';
export const GRAPHQL_PATH = '/api/v2/graphql';
export const REST_PATHS = {
  maxOrders: '/api/v2/rest/get-aggregated-max-orders',
  minPrices: '/api/v2/rest/get-aggregated-min-prices',
  steamAnalytics: '/api/v2/rest/get-steam-analytics',
  marketOrderAnalytics: '/api/v2/rest/get-market-order-analytics',
  priceRecommendations: '/api/v2/rest/get-price-recommendations',
} as const;
/** The six paths the app's gateway forwards. */
export const API_PATHS: readonly string[] = [GRAPHQL_PATH, ...Object.values(REST_PATHS)];
export const TOKEN_HEADER = 'api-token';
/** Spec 2.9: an access token is valid for 2 hours. */
export const TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;

export const RECOMMENDATION_TYPES = ['general', 'p2p'] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];
export const UNSTABLE_REASONS = [
  'NOT_POPULAR',
  'NO_ORDERS',
  'NO_LISTINGS',
  'LISTINGS_PRICE',
  'BIG_LISTINGS_DIFFERENCE',
  'BOOST_RISK',
  'NO_THREE_MONTH_SALES',
  'THREE_MONTH_SALES',
] as const;
export type UnstableReason = (typeof UNSTABLE_REASONS)[number];
