/**
 * The marketplace catalog shared by the reference service and the app. The spec publishes only counts (36
 * min-price, 7 max-order, 6 market-order-analytics names); the service's public documentation names 28, 3 and
 * none (docs.csmarketcap.com, read in November 2026: shared/spec/published-facts.md): those are `published`.
 * The rest are plausible `candidate` names the app asks for, learning which a service refuses
 * (renderer/market/markets/discovery.ts). Published lists change: nothing here is assumed complete.
 */
export type MarketKind = 'steam' | 'p2p' | 'bot' | 'gambling';
/** Whether the service's documentation names a market for an operation, or the name is our unconfirmed guess. */
export type NameStatus = 'published' | 'candidate';

export interface MarketInfo {
  slug: string;
  name: string;
  kind: MarketKind;
  /** For aggregatedMinPrices. */
  status: NameStatus;
  /** Whether the market lists trade-locked items separately (price_locked differs from price). */
  locking: 'separate' | 'same' | 'none';
  /** Steam app ids the market trades. */
  games: readonly number[];
}

/** When the published names were read, from https://docs.csmarketcap.com (Min Prices API, Max Orders API). */
export const PUBLISHED_NAMES_AS_OF = '2026-11-01';

const ALL = [730, 440, 570, 252490] as const;
const CS = [730] as const;
const CS_DOTA = [730, 570] as const;
const CS_RUST = [730, 252490] as const;

const P = 'published' as const;
const C = 'candidate' as const;

/** The 36 min-price markets the app knows (28 published, 8 candidates), in display order. */
export const MARKETS: readonly MarketInfo[] = [
  { slug: 'steamcommunity', name: 'Steam Community Market', kind: 'steam', status: P, locking: 'same', games: ALL },
  { slug: 'buff163', name: 'Buff163', kind: 'p2p', status: P, locking: 'separate', games: ALL },
  { slug: 'youpin', name: 'YouPin898', kind: 'p2p', status: C, locking: 'separate', games: CS_DOTA },
  { slug: 'c5', name: 'C5 Game', kind: 'p2p', status: P, locking: 'separate', games: CS_DOTA },
  { slug: 'igxe', name: 'IGXE', kind: 'p2p', status: C, locking: 'separate', games: ALL },
  { slug: 'ecosteam', name: 'ECOSteam', kind: 'p2p', status: C, locking: 'separate', games: CS_DOTA },
  { slug: 'buffmarket', name: 'BUFF Market', kind: 'p2p', status: C, locking: 'none', games: CS_DOTA },
  { slug: 'csfloat', name: 'CSFloat', kind: 'p2p', status: P, locking: 'none', games: CS },
  { slug: 'skinport', name: 'SkinPort', kind: 'p2p', status: P, locking: 'separate', games: [730, 570, 252490] },
  { slug: 'dmarket', name: 'DMarket', kind: 'p2p', status: P, locking: 'separate', games: ALL },
  { slug: 'bitskins', name: 'BitSkins', kind: 'p2p', status: P, locking: 'same', games: [730, 252490, 570] },
  { slug: 'csmoney', name: 'CS.MONEY', kind: 'bot', status: P, locking: 'separate', games: CS },
  { slug: 'tradeit', name: 'TradeIt.gg', kind: 'bot', status: P, locking: 'separate', games: ALL },
  { slug: 'waxpeer', name: 'Waxpeer', kind: 'p2p', status: P, locking: 'none', games: ALL },
  { slug: 'shadowpay', name: 'ShadowPay', kind: 'p2p', status: P, locking: 'none', games: CS_DOTA },
  { slug: 'skinbaron', name: 'SkinBaron', kind: 'p2p', status: C, locking: 'same', games: [730, 440] },
  { slug: 'lis-skins', name: 'LiS-Skins', kind: 'p2p', status: P, locking: 'separate', games: [730, 570, 252490] },
  { slug: 'csgotm', name: 'Market CSGO', kind: 'p2p', status: P, locking: 'none', games: CS },
  { slug: 'gamerpay', name: 'GamerPay', kind: 'p2p', status: P, locking: 'none', games: CS },
  { slug: 'white-market', name: 'White Market', kind: 'p2p', status: P, locking: 'none', games: CS },
  { slug: 'skins-monkey', name: 'Skins Monkey', kind: 'bot', status: P, locking: 'separate', games: CS_RUST },
  { slug: 'skindeck', name: 'SkinDeck', kind: 'p2p', status: P, locking: 'none', games: CS },
  { slug: 'skinout', name: 'SkinOut', kind: 'p2p', status: P, locking: 'none', games: CS },
  { slug: 'csdeals', name: 'CS.Deals', kind: 'bot', status: P, locking: 'same', games: ALL },
  { slug: 'lootfarm', name: 'LootFarm', kind: 'bot', status: P, locking: 'same', games: ALL },
  { slug: 'avanprice', name: 'AvanPrice', kind: 'bot', status: P, locking: 'none', games: CS },
  { slug: 'haloskins', name: 'HaloSkins', kind: 'p2p', status: P, locking: 'separate', games: CS },
  { slug: 'mannco', name: 'Mannco.store', kind: 'p2p', status: C, locking: 'same', games: [440, 252490, 730] },
  { slug: 'skinflow', name: 'SkinFlow', kind: 'bot', status: P, locking: 'none', games: CS },
  { slug: 'cstrade', name: 'CS.TRADE', kind: 'bot', status: C, locking: 'separate', games: CS },
  { slug: 'itrade', name: 'iTrade.gg', kind: 'bot', status: P, locking: 'same', games: [730, 440, 252490] },
  { slug: 'skinbid', name: 'Skinbid', kind: 'p2p', status: C, locking: 'none', games: CS },
  { slug: 'rapidskins', name: 'RapidSkins', kind: 'bot', status: P, locking: 'none', games: CS_RUST },
  { slug: 'skinthunder', name: 'Skin Thunder', kind: 'bot', status: P, locking: 'none', games: CS },
  { slug: 'csgoempire', name: 'CSGOEmpire', kind: 'gambling', status: P, locking: 'none', games: CS },
  { slug: 'csgoroll', name: 'CSGORoll', kind: 'gambling', status: P, locking: 'none', games: CS },
];

/** The min-price names the app asks for by default (published and candidates). */
export const MIN_PRICE_MARKETS: readonly string[] = MARKETS.map((m) => m.slug);
export const PUBLISHED_MIN_PRICE_MARKETS: readonly string[] = MARKETS.filter((m) => m.status === 'published').map(
  (m) => m.slug,
);

/** The max-order names the app asks for by default: the 3 published first, then 4 candidates. */
export const PUBLISHED_MAX_ORDER_MARKETS: readonly string[] = ['steamcommunity', 'csgotm', 'buff163'];
export const MAX_ORDER_MARKETS: readonly string[] = [
  ...PUBLISHED_MAX_ORDER_MARKETS,
  'youpin',
  'c5',
  'csfloat',
  'dmarket',
];

/** Market order analytics: no name is published; these 6 are candidates (markets with public order books). */
const PUBLISHED_MARKET_ORDER_ANALYTICS_MARKETS: readonly string[] = [];
export const MARKET_ORDER_ANALYTICS_MARKETS: readonly string[] = [
  'buff163',
  'csgotm',
  'c5',
  'youpin',
  'csfloat',
  'dmarket',
];

export type MarketOperation = 'minPrices' | 'maxOrders' | 'marketOrderAnalytics';

/** What one service serves for each operation (the shape of `npm run service -- --markets-json`). */
export interface ServedMarkets {
  minPrices: string[];
  maxOrders: string[];
  marketOrderAnalytics: string[];
}

const BY_SLUG = new Map(MARKETS.map((m) => [m.slug, m]));

export function marketInfo(slug: string): MarketInfo | undefined {
  return BY_SLUG.get(slug);
}

/** The display name; a name the catalog does not know is shown as itself. */
export function marketName(slug: string): string {
  return BY_SLUG.get(slug)?.name ?? slug;
}

/** Published, candidate, or a name the catalog does not know (user-added, or met in an answer). */
export function nameStatus(op: MarketOperation, slug: string): NameStatus | 'unknown' {
  const [published, all] =
    op === 'minPrices'
      ? [PUBLISHED_MIN_PRICE_MARKETS, MIN_PRICE_MARKETS]
      : op === 'maxOrders'
        ? [PUBLISHED_MAX_ORDER_MARKETS, MAX_ORDER_MARKETS]
        : [PUBLISHED_MARKET_ORDER_ANALYTICS_MARKETS, MARKET_ORDER_ANALYTICS_MARKETS];
  return published.includes(slug) ? 'published' : all.includes(slug) ? 'candidate' : 'unknown';
}

/**
 * What the reference service serves by default: what the real service publishes. Market order analytics has
 * no published name, so it serves the candidates (a service must offer some).
 */
export function publishedMarkets(): ServedMarkets {
  return {
    minPrices: [...PUBLISHED_MIN_PRICE_MARKETS],
    maxOrders: [...PUBLISHED_MAX_ORDER_MARKETS],
    marketOrderAnalytics: [...MARKET_ORDER_ANALYTICS_MARKETS],
  };
}

/**
 * Names earlier versions of Market Desk made up before the published names were known, and the published
 * name of the same market: stored preferences are renamed on read.
 */
export const LEGACY_NAMES: Readonly<Record<string, string>> = {
  steam: 'steamcommunity',
  c5game: 'c5',
  marketcsgo: 'csgotm',
  lisskins: 'lis-skins',
  whitemarket: 'white-market',
  skinsmonkey: 'skins-monkey',
  itradegg: 'itrade',
  avanmarket: 'avanprice',
};

/** The old default min-price list: a stored list equal to it is replaced by today's default. */
export const LEGACY_DEFAULT_MIN_PRICE_MARKETS: readonly string[] = [
  'steam',
  'buff163',
  'youpin',
  'c5game',
  'igxe',
  'ecosteam',
  'buffmarket',
  'csfloat',
  'skinport',
  'dmarket',
  'bitskins',
  'csmoney',
  'tradeit',
  'waxpeer',
  'shadowpay',
  'skinbaron',
  'lisskins',
  'marketcsgo',
  'gamerpay',
  'whitemarket',
  'skinsmonkey',
  'swapgg',
  'skinswap',
  'csdeals',
  'lootfarm',
  'avanmarket',
  'haloskins',
  'mannco',
  'skinflow',
  'cstrade',
  'itradegg',
  'skinbid',
  'rapidskins',
  'csgoempire',
  'rollbit',
  'csgo500',
];
