/**
 * The marketplace names one service instance serves (shared/catalog/markets.ts `ServedMarkets`), and what
 * the simulation assumes about a name: the catalog's facts when it knows the name, otherwise a P2P market
 * that trades every game (a service started with `--markets FILE` may serve names nobody has catalogued).
 */
import { GAME_IDS, type GameId } from '../../../shared/catalog/games';
import { marketInfo, publishedMarkets, type MarketKind, type ServedMarkets } from '../../../shared/catalog/markets';

/** The Steam Community Market: the reference of every price, and the source of steam analytics. */
export const STEAM_MARKET = 'steamcommunity';

export function defaultServedMarkets(): ServedMarkets {
  return publishedMarkets();
}

/** Kind used by RecommendationType general (all but gambling) and p2p; an unknown name counts as p2p. */
export function marketKind(slug: string): MarketKind {
  return marketInfo(slug)?.kind ?? 'p2p';
}

/** Games a market trades: the catalog's, or every game for a name the catalog does not know. */
export function marketGames(slug: string): readonly GameId[] {
  return (marketInfo(slug)?.games as readonly GameId[] | undefined) ?? GAME_IDS;
}

/** Every name of a served set once, in first-seen order (min prices, then max orders, then analytics). */
export function allServedNames(served: ServedMarkets): string[] {
  return [...new Set([...served.minPrices, ...served.maxOrders, ...served.marketOrderAnalytics])];
}
