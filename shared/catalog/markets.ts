/**
 * The marketplace catalog shared by the reference service and the app.
 * The spec publishes only counts (36 min-price slugs, 7 max-order slugs, 6 market-order-analytics slugs);
 * these are realistic lower-case slugs of real marketplaces. The app lets users edit its own copy, since a
 * real service's slugs may differ.
 */
export type MarketKind = 'steam' | 'p2p' | 'bot' | 'gambling';

export interface MarketInfo {
  slug: string;
  name: string;
  kind: MarketKind;
  /** Whether the market lists trade-locked items separately (price_locked differs from price). */
  locking: 'separate' | 'same' | 'none';
  /** Steam app ids the market trades. */
  games: readonly number[];
}

const ALL = [730, 440, 570, 252490] as const;
const CS = [730] as const;
const CS_DOTA = [730, 570] as const;
const CS_RUST = [730, 252490] as const;

/** All 36 min-price markets, in display order. */
export const MARKETS: readonly MarketInfo[] = [
  { slug: 'steam', name: 'Steam Community Market', kind: 'steam', locking: 'same', games: ALL },
  { slug: 'buff163', name: 'BUFF163', kind: 'p2p', locking: 'separate', games: ALL },
  { slug: 'youpin', name: 'YouPin898', kind: 'p2p', locking: 'separate', games: CS_DOTA },
  { slug: 'c5game', name: 'C5GAME', kind: 'p2p', locking: 'separate', games: CS_DOTA },
  { slug: 'igxe', name: 'IGXE', kind: 'p2p', locking: 'separate', games: ALL },
  { slug: 'ecosteam', name: 'ECOSteam', kind: 'p2p', locking: 'separate', games: CS_DOTA },
  { slug: 'buffmarket', name: 'BUFF Market', kind: 'p2p', locking: 'none', games: CS_DOTA },
  { slug: 'csfloat', name: 'CSFloat', kind: 'p2p', locking: 'none', games: CS },
  { slug: 'skinport', name: 'Skinport', kind: 'p2p', locking: 'separate', games: [730, 570, 252490] },
  { slug: 'dmarket', name: 'DMarket', kind: 'p2p', locking: 'separate', games: ALL },
  { slug: 'bitskins', name: 'BitSkins', kind: 'p2p', locking: 'same', games: [730, 252490, 570] },
  { slug: 'csmoney', name: 'CS.MONEY', kind: 'bot', locking: 'separate', games: CS },
  { slug: 'tradeit', name: 'Tradeit.gg', kind: 'bot', locking: 'separate', games: ALL },
  { slug: 'waxpeer', name: 'Waxpeer', kind: 'p2p', locking: 'none', games: ALL },
  { slug: 'shadowpay', name: 'ShadowPay', kind: 'p2p', locking: 'none', games: CS_DOTA },
  { slug: 'skinbaron', name: 'SkinBaron', kind: 'p2p', locking: 'same', games: [730, 440] },
  { slug: 'lisskins', name: 'LIS-SKINS', kind: 'p2p', locking: 'separate', games: [730, 570, 252490] },
  { slug: 'marketcsgo', name: 'Market.CSGO', kind: 'p2p', locking: 'none', games: CS },
  { slug: 'gamerpay', name: 'GamerPay', kind: 'p2p', locking: 'none', games: CS },
  { slug: 'whitemarket', name: 'White.Market', kind: 'p2p', locking: 'none', games: CS },
  { slug: 'skinsmonkey', name: 'SkinsMonkey', kind: 'bot', locking: 'separate', games: CS_RUST },
  { slug: 'swapgg', name: 'Swap.gg', kind: 'bot', locking: 'same', games: [730, 440, 570] },
  { slug: 'skinswap', name: 'SkinSwap', kind: 'bot', locking: 'separate', games: CS_RUST },
  { slug: 'csdeals', name: 'CS.Deals', kind: 'bot', locking: 'same', games: ALL },
  { slug: 'lootfarm', name: 'LOOT.FARM', kind: 'bot', locking: 'same', games: ALL },
  { slug: 'avanmarket', name: 'Avan.Market', kind: 'bot', locking: 'none', games: CS },
  { slug: 'haloskins', name: 'HaloSkins', kind: 'p2p', locking: 'separate', games: CS },
  { slug: 'mannco', name: 'Mannco.store', kind: 'p2p', locking: 'same', games: [440, 252490, 730] },
  { slug: 'skinflow', name: 'Skinflow', kind: 'bot', locking: 'none', games: CS },
  { slug: 'cstrade', name: 'CS.TRADE', kind: 'bot', locking: 'separate', games: CS },
  { slug: 'itradegg', name: 'iTrade.gg', kind: 'bot', locking: 'same', games: [730, 440, 252490] },
  { slug: 'skinbid', name: 'Skinbid', kind: 'p2p', locking: 'none', games: CS },
  { slug: 'rapidskins', name: 'RapidSkins', kind: 'bot', locking: 'none', games: CS_RUST },
  { slug: 'csgoempire', name: 'CSGOEmpire', kind: 'gambling', locking: 'none', games: CS },
  { slug: 'rollbit', name: 'Rollbit', kind: 'gambling', locking: 'none', games: CS_RUST },
  { slug: 'csgo500', name: 'CSGO500', kind: 'gambling', locking: 'none', games: CS },
];

/** The 36 slugs accepted by aggregatedMinPrices. */
export const MIN_PRICE_MARKETS: readonly string[] = MARKETS.map((m) => m.slug);
/** The 7 slugs accepted by aggregatedMaxOrders (markets with buy orders). */
export const MAX_ORDER_MARKETS: readonly string[] = [
  'steam', 'buff163', 'youpin', 'c5game', 'csfloat', 'dmarket', 'marketcsgo',
];
/** The 6 slugs accepted by getMarketOrderAnalytics. */
export const MARKET_ORDER_ANALYTICS_MARKETS: readonly string[] = [
  'buff163', 'youpin', 'c5game', 'csfloat', 'dmarket', 'marketcsgo',
];

/** Markets used by RecommendationType.p2p. */
export const P2P_MARKETS: readonly string[] = MARKETS.filter((m) => m.kind === 'p2p').map((m) => m.slug);
/** Markets used by RecommendationType.general: everything but gambling sites. */
export const GENERAL_MARKETS: readonly string[] = MARKETS.filter((m) => m.kind !== 'gambling').map((m) => m.slug);

export function marketInfo(slug: string): MarketInfo | undefined {
  return MARKETS.find((m) => m.slug === slug);
}

export function marketName(slug: string): string {
  return marketInfo(slug)?.name ?? slug;
}

/** The shape printed by `npm run service -- --markets-json`. */
export function marketsJson(): { minPrices: string[]; maxOrders: string[]; marketOrderAnalytics: string[] } {
  return {
    minPrices: [...MIN_PRICE_MARKETS],
    maxOrders: [...MAX_ORDER_MARKETS],
    marketOrderAnalytics: [...MARKET_ORDER_ANALYTICS_MARKETS],
  };
}
