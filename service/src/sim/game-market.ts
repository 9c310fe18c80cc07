/**
 * GameMarket: the contract of types.ts over one game's simulation, with per-epoch caches. Only the latest
 * epoch of each operation is kept (plus a couple of argument variants for the per-market and recommendation
 * operations), which bounds memory however long the service runs.
 */
import type { MarketOrderAnalytics, PriceRecommendation, SteamAnalytics } from '../../../shared/api/types';
import type { RecommendationType } from '../../../shared/api/schema';
import { STEAM_ANALYTICS_GAMES, type GameId } from '../../../shared/catalog/games';
import type { GameMarket, MaxOrderColumns, MinPriceColumns } from './types';
import type { GameSim } from './game-sim';
import { History } from './history';
import { computeSnapshot, type Snapshot } from './snapshot';
import {
  computeDayAgg,
  computeHourAgg,
  computeMarketAnalytics,
  steamSaleSeries,
  type DayAgg,
  type HourAgg,
} from './analytics';
import {
  consideredMarkets,
  recommendAll,
  recommendationInputs,
  type RecContext,
  type RecommendationInputs,
} from './recommendations';
import { EPOCHS_PER_DAY, EPOCHS_PER_HOUR, epochOf } from './time';
import type { PlantedOutlier, TrustTweaks } from './trust-tweaks';
import type { PlantedRoute, RoutePlants } from './route-plants';

class EpochCache<T> {
  private epoch = Number.NaN;
  private readonly entries = new Map<string, T>();

  /** `kept`: how many argument variants of the operation are kept for the current epoch. */
  constructor(private readonly kept: number) {}

  get(epoch: number, key: string, make: () => T): T {
    if (epoch !== this.epoch) {
      this.entries.clear();
      this.epoch = epoch;
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const v = make();
    if (this.entries.size >= this.kept) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, v);
    return v;
  }
}

export class SimGameMarket implements GameMarket {
  readonly gameId: GameId;
  readonly names: readonly string[];
  readonly history: History;
  private snap: Snapshot | undefined;
  // Results are tens of MB of objects for CS2: keep few variants (recomputing one costs tens of ms per epoch).
  private readonly steam = new EpochCache<Omit<SteamAnalytics, 'game_id'>[]>(1);
  private readonly orders = new EpochCache<MarketOrderAnalytics[]>(1);
  private readonly recs = new EpochCache<PriceRecommendation[]>(2);
  private readonly index = new Map<string, number>();
  /** Latest day / hour aggregate per market index. */
  private readonly dayAggs = new Map<number, DayAgg>();
  private readonly hourAggs = new Map<number, HourAgg>();

  constructor(
    readonly sim: GameSim,
    gameId: GameId,
    private readonly tweaks: TrustTweaks | null = null,
    private readonly routes: RoutePlants | null = null,
  ) {
    this.gameId = gameId;
    this.names = sim.names;
    this.history = new History(sim);
  }

  snapshot(nowMs: number): Snapshot {
    const e = epochOf(nowMs);
    if (this.snap?.epoch !== e) {
      this.snap = computeSnapshot(this.sim, e, this.snap);
      this.tweaks?.apply(this.snap);
      this.routes?.apply(this.snap);
    }
    return this.snap;
  }

  /** The outliers planted by the test option (trust-tweaks.ts); empty without it. */
  plantedOutliers(): PlantedOutlier[] {
    return this.tweaks?.list() ?? [];
  }

  /** The routes planted by the test option (route-plants.ts); empty without it. With a time, their prices then. */
  plantedRoutes(nowMs?: number): PlantedRoute[] {
    return this.routes?.list(nowMs === undefined ? undefined : this.snapshot(nowMs)) ?? [];
  }

  minPrices(nowMs: number): MinPriceColumns {
    return this.snapshot(nowMs).minPrices;
  }

  maxOrders(nowMs: number): MaxOrderColumns {
    return this.snapshot(nowMs).maxOrders;
  }

  steamAnalytics(nowMs: number): Omit<SteamAnalytics, 'game_id'>[] {
    if (!STEAM_ANALYTICS_GAMES.includes(this.gameId)) return [];
    const e = epochOf(nowMs);
    return this.steam.get(e, 'steam', () => {
      const r = this.analytics(this.sim.steamIndex, nowMs, true);
      return r.items.map((i, x) => ({
        market_hash_name: this.names[i]!,
        sales: r.sales![x]!,
        listings: r.listings[x]!,
        buyOrders: r.buyOrders[x]!,
      }));
    });
  }

  marketOrderAnalytics(market: string, nowMs: number): MarketOrderAnalytics[] {
    const m = this.sim.slugs.indexOf(market);
    // A market that doesn't trade this game has no items of it.
    if (m < 0) return [];
    const e = epochOf(nowMs);
    return this.orders.get(e, market, () => {
      const r = this.analytics(m, nowMs, false);
      return r.items.map((i, x) => ({
        market_hash_name: this.names[i]!,
        buyOrders: r.buyOrders[x]!,
        listings: r.listings[x]!,
      }));
    });
  }

  priceRecommendations(
    type: RecommendationType,
    markets: readonly string[] | undefined,
    nowMs: number,
  ): PriceRecommendation[] {
    const e = epochOf(nowMs);
    const considered = consideredMarkets(this.sim, type, markets);
    const key = `${type}|${considered.join(',')}`;
    return this.recs.get(e, key, () => recommendAll(this.context(nowMs), considered));
  }

  /** The inputs behind one item's recommendation (for tests and debugging). */
  explainRecommendation(
    name: string,
    type: RecommendationType,
    markets: readonly string[] | undefined,
    nowMs: number,
  ): RecommendationInputs {
    return recommendationInputs(this.context(nowMs), consideredMarkets(this.sim, type, markets), this.indexOf(name));
  }

  private analytics(m: number, nowMs: number, withSales: boolean) {
    const e = epochOf(nowMs);
    const day = Math.floor(e / EPOCHS_PER_DAY);
    const hour = Math.floor(e / EPOCHS_PER_HOUR);
    let d = this.dayAggs.get(m);
    if (d?.day !== day || (withSales && d.saleMedian === null)) {
      d = computeDayAgg(this.sim, this.history, m, day, withSales);
      this.dayAggs.set(m, d);
    }
    let h = this.hourAggs.get(m);
    if (h?.hour !== hour) {
      h = computeHourAgg(this.sim, this.history, m, hour);
      this.hourAggs.set(m, h);
    }
    return computeMarketAnalytics(this.sim, this.history, this.snapshot(nowMs), d, h, m, e);
  }

  /** The Steam sales series (completed days, newest first) behind an item's sales analytics. */
  steamSaleSeries(name: string, nowMs: number): { price: number[]; count: number[] } {
    return steamSaleSeries(this.sim, this.history, this.indexOf(name), Math.floor(epochOf(nowMs) / EPOCHS_PER_DAY));
  }

  /** Days since release for new items (< 90); 90 for items with a full history. */
  ageDays(name: string): number {
    const a = this.sim.items.ageDays[this.indexOf(name)]!;
    return a === 0 ? 90 : a;
  }

  indexOf(name: string): number {
    if (this.index.size === 0) this.names.forEach((n, i) => this.index.set(n, i));
    const i = this.index.get(name);
    if (i === undefined) throw new Error(`unknown item ${name}`);
    return i;
  }

  private context(nowMs: number): RecContext {
    const e = epochOf(nowMs);
    const day = Math.floor(e / EPOCHS_PER_DAY);
    return {
      sim: this.sim,
      snap: this.snapshot(nowMs),
      recent: this.history.recentFor(day),
      hourly: this.history.hourlyFor(Math.floor(e / EPOCHS_PER_HOUR)),
      frac: (e - day * EPOCHS_PER_DAY) / EPOCHS_PER_DAY,
    };
  }
}
