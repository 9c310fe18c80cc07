/**
 * How each marketplace behaves in the simulation, on top of shared/catalog/markets.ts (slugs, kind, locking,
 * games). Levels are price multipliers over an item's reference price: Steam carries its ~15% fee, the
 * Chinese P2P markets are the cheapest, bot and gambling sites charge a premium. Depth and sales shares are
 * relative to Steam. A served name without tuning (one the catalog does not know) gets parameters derived
 * from a hash of its name, so the same seed still gives the same bytes.
 */
import { marketInfo, type MarketInfo, type MarketKind, type ServedMarkets } from '../../../shared/catalog/markets';
import { hash2, hashString, unit } from './hash';
import { allServedNames, marketGames, marketKind, STEAM_MARKET } from './served';

export interface MarketParams {
  readonly slug: string;
  readonly kind: MarketKind;
  /** Whether trade-locked items are listed separately (price_locked differs from price). */
  readonly locking: MarketInfo['locking'];
  /** Stable hash of the slug, mixed into every per-cell hash. */
  readonly key: number;
  /** Price multiplier over the reference price. */
  readonly level: number;
  /** Probability of carrying a popular item (scaled down for thin items). */
  readonly coverage: number;
  /** Listings relative to Steam's. */
  readonly depth: number;
  /** Buy orders relative to Steam's; 0 for markets without buy orders. */
  readonly buyDepth: number;
  /** Bid/ask gap multiplier (Steam's buy orders sit further below the asks). */
  readonly spread: number;
  /** 90-day sales relative to Steam's. */
  readonly salesShare: number;
  /** Price granularity in thousandths: cents, or 1 for markets converting from CNY. */
  readonly step: number;
  /** Lowest ask the market accepts (thousandths). */
  readonly floor: number;
}

interface Tuning {
  level: number;
  coverage: number;
  depth: number;
  buyDepth?: number;
  spread?: number;
  sales: number;
  step?: number;
}

const TUNING: Record<string, Tuning> = {
  steamcommunity: { level: 1.15, coverage: 1, depth: 1, buyDepth: 1.2, spread: 1.6, sales: 1 },
  buff163: { level: 0.9, coverage: 0.97, depth: 1.4, buyDepth: 0.8, sales: 1.3, step: 1 },
  youpin: { level: 0.89, coverage: 0.92, depth: 1.1, buyDepth: 0.5, sales: 0.9, step: 1 },
  c5: { level: 0.91, coverage: 0.8, depth: 0.5, buyDepth: 0.25, sales: 0.25, step: 1 },
  igxe: { level: 0.92, coverage: 0.75, depth: 0.35, sales: 0.15, step: 1 },
  ecosteam: { level: 0.93, coverage: 0.6, depth: 0.25, sales: 0.08, step: 1 },
  buffmarket: { level: 0.96, coverage: 0.7, depth: 0.3, sales: 0.1 },
  csfloat: { level: 0.99, coverage: 0.8, depth: 0.35, buyDepth: 0.2, sales: 0.2 },
  skinport: { level: 1.02, coverage: 0.85, depth: 0.4, sales: 0.15 },
  dmarket: { level: 1.01, coverage: 0.85, depth: 0.5, buyDepth: 0.25, sales: 0.12 },
  bitskins: { level: 1.0, coverage: 0.55, depth: 0.15, sales: 0.04 },
  csmoney: { level: 1.1, coverage: 0.65, depth: 0.3, sales: 0.1 },
  tradeit: { level: 1.08, coverage: 0.55, depth: 0.2, sales: 0.06 },
  waxpeer: { level: 0.98, coverage: 0.75, depth: 0.3, sales: 0.1 },
  shadowpay: { level: 0.99, coverage: 0.6, depth: 0.2, sales: 0.05 },
  skinbaron: { level: 1.03, coverage: 0.55, depth: 0.15, sales: 0.03 },
  'lis-skins': { level: 0.97, coverage: 0.65, depth: 0.25, sales: 0.06 },
  csgotm: { level: 0.98, coverage: 0.75, depth: 0.3, buyDepth: 0.15, sales: 0.08 },
  gamerpay: { level: 1.01, coverage: 0.4, depth: 0.1, sales: 0.02 },
  'white-market': { level: 0.99, coverage: 0.45, depth: 0.1, sales: 0.02 },
  'skins-monkey': { level: 1.1, coverage: 0.45, depth: 0.12, sales: 0.03 },
  csdeals: { level: 1.05, coverage: 0.5, depth: 0.15, sales: 0.03 },
  lootfarm: { level: 1.07, coverage: 0.5, depth: 0.15, sales: 0.03 },
  avanprice: { level: 1.03, coverage: 0.35, depth: 0.08, sales: 0.02 },
  haloskins: { level: 0.96, coverage: 0.5, depth: 0.15, sales: 0.03, step: 1 },
  mannco: { level: 1.02, coverage: 0.35, depth: 0.1, sales: 0.02 },
  skinflow: { level: 1.08, coverage: 0.3, depth: 0.06, sales: 0.01 },
  cstrade: { level: 1.1, coverage: 0.35, depth: 0.08, sales: 0.01 },
  itrade: { level: 1.08, coverage: 0.35, depth: 0.08, sales: 0.01 },
  skinbid: { level: 1.0, coverage: 0.35, depth: 0.06, sales: 0.01 },
  rapidskins: { level: 1.06, coverage: 0.3, depth: 0.06, sales: 0.01 },
  skindeck: { level: 1.0, coverage: 0.35, depth: 0.08, sales: 0.02 },
  skinout: { level: 1.02, coverage: 0.3, depth: 0.06, sales: 0.01 },
  skinthunder: { level: 1.07, coverage: 0.3, depth: 0.06, sales: 0.01 },
  csgoempire: { level: 1.08, coverage: 0.6, depth: 0.25, sales: 0.08 },
  csgoroll: { level: 1.12, coverage: 0.5, depth: 0.15, sales: 0.04 },
};

/** Parameters of a name without tuning: drawn from a hash of the name (a plausible mid-sized P2P market). */
function derivedTuning(slug: string): Tuning {
  const h = hashString(slug);
  const u = (k: number): number => unit(hash2(h, k));
  return {
    level: 0.95 + 0.12 * u(1),
    coverage: 0.3 + 0.5 * u(2),
    depth: 0.05 + 0.35 * u(3),
    buyDepth: 0.05 + 0.25 * u(4),
    sales: 0.01 + 0.09 * u(5),
  };
}

function derivedLocking(slug: string): MarketInfo['locking'] {
  const u = unit(hash2(hashString(slug), 6));
  return u < 0.5 ? 'none' : u < 0.8 ? 'separate' : 'same';
}

/** Outside CS2 the third-party markets carry less of the catalog (Mann Co. is a TF2 specialist). */
function gameCoverage(slug: string, gameId: number): number {
  if (gameId === 730 || slug === STEAM_MARKET) return 1;
  if (slug === 'mannco' && gameId === 440) return 2.5;
  if (slug === 'buff163' || slug === 'dmarket') return 0.95;
  return 0.75;
}

/**
 * The simulated markets of one game: Steam (always: every price refers to it, and it is the source of steam
 * analytics) and every served name that trades the game. Markets served for max orders or market order
 * analytics, and Steam, have buy orders.
 */
export function marketParamsFor(gameId: number, served: ServedMarkets): MarketParams[] {
  const names = [...new Set([STEAM_MARKET, ...allServedNames(served)])];
  const withOrders = new Set([STEAM_MARKET, ...served.maxOrders, ...served.marketOrderAnalytics]);
  return names
    .filter((slug) => (marketGames(slug) as readonly number[]).includes(gameId))
    .map((slug) => {
      // Own keys only: a served name may be any slug, e.g. "constructor".
      const t = Object.hasOwn(TUNING, slug) ? TUNING[slug]! : derivedTuning(slug);
      return {
        slug,
        kind: marketKind(slug),
        locking: marketInfo(slug)?.locking ?? derivedLocking(slug),
        key: hashString(slug),
        level: t.level,
        coverage: Math.min(1, t.coverage * gameCoverage(slug, gameId)),
        depth: t.depth,
        buyDepth: withOrders.has(slug) ? (t.buyDepth ?? 0.1) : 0,
        spread: t.spread ?? 1,
        salesShare: t.sales,
        step: t.step ?? 10,
        floor: slug === STEAM_MARKET ? 30 : 10,
      };
    });
}
