/**
 * A small deterministic in-memory SimulatedMarket for tests that need a tiny or tricky catalog (the
 * fast-path equivalence tests). The conformance suite runs against the real simulated market.
 */
import type { RecommendationType } from '../../../shared/api/schema';
import { UNSTABLE_REASONS } from '../../../shared/api/schema';
import type {
  BuyOrderAnalytics,
  ListingAnalytics,
  MarketOrderAnalytics,
  PriceRecommendation,
  SteamAnalytics,
} from '../../../shared/api/types';
import { GAME_IDS, type GameId } from '../../../shared/catalog/games';
import { marketInfo } from '../../../shared/catalog/markets';
import { defaultServedMarkets } from '../../src/sim/served';
import { mulberry32 } from '../../../shared/random/mulberry32';
import {
  EPOCH_MS,
  type GameMarket,
  type MaxOrderColumns,
  type MinPriceColumns,
  type SimulatedMarket,
} from '../../src/sim/types';

const TRICKY = [
  'StatTrak™ AK-47 | Redline (Field-Tested)',
  '★ Karambit | Doppler (Factory New)',
  'Sticker | "Quoted" \\ Backslash',
  'Name with \u0001 control and \u2028 separator',
  'Emoji 🎉 and lone surrogate \ud800 end',
  'Plain item',
];

function fakeNames(count: number, gameId: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++)
    out.push(i < TRICKY.length ? `${TRICKY[i]}${gameId === 730 ? '' : ` #${gameId}`}` : `Item ${gameId}-${i}`);
  return out;
}

function listing(r: () => number): ListingAnalytics {
  const n = (): number => Math.floor(r() * 100000);
  return {
    sell_orders_last_7d: Math.floor(r() * 50),
    sell_orders_last_24h: Math.floor(r() * 10),
    median_sell_price_90d: n(),
    average_sell_price_90d: n(),
    latest_sell_order_price: r() < 0.2 ? 0 : n(),
    min_sell_order_price: n(),
    max_sell_order_price: n(),
    min_sell_order_price_90d: n(),
    min_sell_order_price_30d: n(),
    min_sell_order_price_7d: n(),
    min_sell_order_price_24h: r() < 0.3 ? 0 : n(),
  };
}

function buyOrders(r: () => number): BuyOrderAnalytics {
  const n = (): number => Math.floor(r() * 100000);
  return {
    buy_orders_last_7d: Math.floor(r() * 50),
    buy_orders_last_24h: Math.floor(r() * 10),
    median_buy_price_90d: n(),
    average_buy_price_90d: n(),
    latest_buy_order_price: n(),
    min_buy_order_price: n(),
    max_buy_order_price: n(),
    max_buy_order_price_90d: n(),
    max_buy_order_price_30d: r() < 0.2 ? 0 : n(),
    max_buy_order_price_7d: n(),
    max_buy_order_price_24h: n(),
  };
}

class FakeGame implements GameMarket {
  readonly names: readonly string[];
  private readonly minMarkets: string[];
  private readonly maxMarkets: string[];
  constructor(
    readonly gameId: GameId,
    private readonly seed: number,
    count: number,
  ) {
    this.names = fakeNames(count, gameId);
    const served = defaultServedMarkets();
    const trades = (s: string): boolean => marketInfo(s)?.games.includes(gameId) ?? true;
    this.minMarkets = served.minPrices.filter(trades);
    this.maxMarkets = served.maxOrders.filter(trades);
  }
  private rng(salt: number, nowMs: number): () => number {
    return mulberry32(this.seed * 7919 + this.gameId * 31 + salt * 1_000_003 + Math.floor(nowMs / EPOCH_MS));
  }
  minPrices(nowMs: number): MinPriceColumns {
    const r = this.rng(1, nowMs);
    const M = this.minMarkets.length;
    const N = this.names.length;
    const price = new Int32Array(N * M);
    const priceLocked = new Int32Array(N * M);
    const offers = new Int32Array(N * M);
    for (let c = 0; c < N * M; c++) {
      price[c] = r() < 0.25 ? -1 : 1 + Math.floor(r() * 2_000_000);
      priceLocked[c] = r() < 0.4 ? -1 : Math.floor(r() * 2_000_000);
      offers[c] = Math.floor(r() * 1000);
    }
    return { names: this.names, markets: this.minMarkets, price, priceLocked, offers };
  }
  maxOrders(nowMs: number): MaxOrderColumns {
    const r = this.rng(2, nowMs);
    const M = this.maxMarkets.length;
    const N = this.names.length;
    const price = new Int32Array(N * M);
    const offers = new Int32Array(N * M);
    for (let c = 0; c < N * M; c++) {
      price[c] = r() < 0.3 ? -1 : Math.floor(r() * 1_000_000);
      offers[c] = Math.floor(r() * 5000);
    }
    return { names: this.names, markets: this.maxMarkets, price, offers };
  }
  steamAnalytics(nowMs: number): Omit<SteamAnalytics, 'game_id'>[] {
    const r = this.rng(3, nowMs);
    return this.names.map((market_hash_name) => ({
      market_hash_name,
      sales: {
        last_90d: Math.floor(r() * 900),
        last_30d: Math.floor(r() * 300),
        last_7d: Math.floor(r() * 70),
        last_24h: Math.floor(r() * 10),
        avg_daily_volume: Math.round(r() * 10000) / 1000,
        median_price_90d: Math.floor(r() * 1e5),
        average_price_90d: Math.floor(r() * 1e5),
        latest_median_price_sold: r() < 0.1 ? 0 : Math.floor(r() * 1e5),
      },
      listings: listing(r),
      buyOrders: buyOrders(r),
    }));
  }
  marketOrderAnalytics(market: string, nowMs: number): MarketOrderAnalytics[] {
    const r = this.rng(4 + market.length, nowMs);
    return this.names.map((market_hash_name) => ({ market_hash_name, buyOrders: buyOrders(r), listings: listing(r) }));
  }
  priceRecommendations(
    type: RecommendationType,
    markets: readonly string[] | undefined,
    nowMs: number,
  ): PriceRecommendation[] {
    const r = this.rng(9 + (type === 'p2p' ? 1 : 0) + (markets?.length ?? 0) * 3, nowMs);
    return this.names.map((market_hash_name) => ({
      market_hash_name,
      suggested_price: r() < 0.1 ? 0 : Math.floor(r() * 1e6),
      unstable_reasons: UNSTABLE_REASONS.filter(() => r() < 0.15),
      total_sales: Math.floor(r() * 5000),
      price_difference: r() < 0.1 ? 0 : Math.round((r() - 0.5) * 1e6) / 100,
      price_change_percentage: Math.round((r() - 0.5) * 20000) / 100,
      liquidity_score: Math.floor(r() * 10001),
    }));
  }
}

export function createFakeMarket(opts: { seed?: number; items?: number } = {}): SimulatedMarket {
  const seed = opts.seed ?? 1;
  const games = new Map<GameId, FakeGame>();
  for (const id of GAME_IDS) games.set(id, new FakeGame(id, seed, opts.items ?? 50));
  return { seed, game: (id) => games.get(id)! };
}
