/**
 * The contract between the simulated market (service/src/sim) and the HTTP/GraphQL layer
 * (service/src/server). Everything is a pure function of (seed, game, time): same inputs, same bytes.
 */
import type { GameId } from '../../../shared/catalog/games';
import type { MarketOrderAnalytics, PriceRecommendation, SteamAnalytics } from '../../../shared/api/types';
import type { RecommendationType } from '../../../shared/api/schema';

/**
 * Columnar snapshot of one game's min prices at one simulation epoch, for every market the game has.
 * Cell (item i, market m) lives at i * markets.length + m. price < 0 means the market has no entry for
 * the item (absent from `prices`); priceLocked < 0 means null.
 */
export interface MinPriceColumns {
  readonly names: readonly string[];
  readonly markets: readonly string[];
  readonly price: Int32Array;
  readonly priceLocked: Int32Array;
  readonly offers: Int32Array;
}

/** Same layout for max orders over the 7 max-order markets; price < 0 means no entry. */
export interface MaxOrderColumns {
  readonly names: readonly string[];
  readonly markets: readonly string[];
  readonly price: Int32Array;
  readonly offers: Int32Array;
}

export interface GameMarket {
  readonly gameId: GameId;
  /** Every item name of the game, in the service's stable order. */
  readonly names: readonly string[];
  minPrices(nowMs: number): MinPriceColumns;
  maxOrders(nowMs: number): MaxOrderColumns;
  /** Without game_id (the REST layer adds it). Only for games 730 and 570. */
  steamAnalytics(nowMs: number): Omit<SteamAnalytics, 'game_id'>[];
  marketOrderAnalytics(market: string, nowMs: number): MarketOrderAnalytics[];
  /** markets: optional REST filter, already validated against the catalog. */
  priceRecommendations(
    type: RecommendationType,
    markets: readonly string[] | undefined,
    nowMs: number,
  ): PriceRecommendation[];
}

export interface SimulatedMarket {
  readonly seed: number;
  game(id: GameId): GameMarket;
  /** The outliers planted by the test option --plant-outliers (trust-tweaks.ts), by item name and market; absent: none. */
  plantedOutliers?(id: GameId): Array<{ item: string; market: string; factor: number }>;
  /** The routes planted by the test option --plant-routes (route-plants.ts); absent: none. */
  plantedRoutes?(
    id: GameId,
    nowMs?: number,
  ): Array<{ item: string; buyMarket: string; sellMarket: string; blinks: boolean; ask?: number; bid?: number }>;
}

/** Prices move every EPOCH_MS of service time. */
export const EPOCH_MS = 5 * 60 * 1000;
