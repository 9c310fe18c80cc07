/**
 * Which market names the app shows against a test service: it asks for the catalog's default lists
 * (shared/catalog/markets.ts), market discovery finds the names the service refuses, and the app leaves
 * those out. So the grid's columns are the default list, in its order, less what the service does not
 * serve; the specs compare the app with what the service SERVES (TestService.markets).
 */
import { MAX_ORDER_MARKETS, MIN_PRICE_MARKETS, marketInfo, type ServedMarkets } from '../shared/catalog/markets';

const tradesGame = (slug: string, game: number) => marketInfo(slug)?.games.includes(game) ?? true;

/** Ask (min-price) markets the app requests and shows for `game`, in list order. */
export function shownAskMarkets(served: ServedMarkets, game = 730): string[] {
  return MIN_PRICE_MARKETS.filter((s) => tradesGame(s, game) && served.minPrices.includes(s));
}

/** Bid (max-order) markets the app requests for `game`, in list order. */
export function shownBidMarkets(served: ServedMarkets, game = 730): string[] {
  return MAX_ORDER_MARKETS.filter((s) => tradesGame(s, game) && served.maxOrders.includes(s));
}

/** Default ask markets for `game` the service refuses (discovery lists them, the grid leaves them out). */
export function refusedAskMarkets(served: ServedMarkets, game = 730): string[] {
  return MIN_PRICE_MARKETS.filter((s) => tradesGame(s, game) && !served.minPrices.includes(s));
}

/** Default bid markets for `game` the service refuses. */
export function refusedBidMarkets(served: ServedMarkets, game = 730): string[] {
  return MAX_ORDER_MARKETS.filter((s) => tradesGame(s, game) && !served.maxOrders.includes(s));
}
