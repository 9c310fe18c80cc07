/**
 * The grid's GraphQL documents: min prices and max orders in one request (one round trip, one body to
 * parse and shape in the worker). Field names come from shared/api/schema.ts (documents.test.ts
 * validates them against SCHEMA_SDL).
 */
import { gql, type TypedDocumentNode } from '@urql/core';
import type { Snapshot } from '../model/columns';

/** What the worker exchange delivers as `data` for these documents: the shaped columns. */
export interface GridData {
  grid: Snapshot;
}

export interface GridPricesVars {
  markets: string[];
  bidMarkets: string[];
  [key: string]: unknown;
}
export interface GridAsksVars {
  markets: string[];
  [key: string]: unknown;
}

export const GRID_PRICES_SOURCE = /* GraphQL */ `
  query GridPrices($markets: [String!]!, $bidMarkets: [String!]!) {
    aggregatedMinPrices(markets: $markets) {
      market_hash_name
      prices { market_name offers price price_locked }
    }
    aggregatedMaxOrders(markets: $bidMarkets) {
      market_hash_name
      orders { market_name offers price }
    }
  }`;

/** Without buy orders (every bid market removed from the list). */
export const GRID_ASKS_SOURCE = /* GraphQL */ `
  query GridAsks($markets: [String!]!) {
    aggregatedMinPrices(markets: $markets) {
      market_hash_name
      prices { market_name offers price price_locked }
    }
  }`;

export const GRID_PRICES: TypedDocumentNode<GridData, GridPricesVars> = gql(GRID_PRICES_SOURCE);
export const GRID_ASKS: TypedDocumentNode<GridData, GridAsksVars> = gql(GRID_ASKS_SOURCE);
