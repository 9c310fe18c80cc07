/**
 * Test option of the simulated market: planted trade routes, for Market Desk's scanner to be checked against.
 * The N dearest items get one market's buy order above the item's best other one and another market's ask below
 * it (markets with published fees), so the net profit is known. The last route "blinks" (there at odd price
 * epochs only). A pure function of (seed, catalog, count): the same flags give the same routes. Details:
 * README.md here.
 */
import { DEFAULT_FEE_SCHEDULE } from '../../../shared/catalog/fee-schedule';
import { hash2, hash3 } from './hash';
import type { GameSim } from './game-sim';
import type { Snapshot } from './snapshot';

export interface PlantedRoute {
  item: string;
  /** Where the item is cheap (its ask) and where it is dear (its buy order). */
  buyMarket: string;
  sellMarket: string;
  /** There at odd price epochs only. */
  blinks: boolean;
  /** Given a snapshot: the ask on the buy market and the buy order on the sell market then (thousandths). */
  ask?: number;
  bid?: number;
}

export const ROUTE_ASK_FACTOR = 0.5;
/** The buy order set where the item has none: its median ask, or this (thousandths). */
const FALLBACK_BID = 10_000;
const ROUTE_SALT = 0x5ca7_7e55;
export const BEST_BID_MARGIN = 1.25;

const percentSeller = (slug: string): boolean => DEFAULT_FEE_SCHEDULE[slug]?.seller?.kind === 'percent';
/** A published seller fee: a percentage, or Steam's own function (the only served buy-order market with one). */
const publishedSeller = (slug: string): boolean => DEFAULT_FEE_SCHEDULE[slug]?.seller != null;

export class RoutePlants {
  private readonly planted: Array<{ i: number; a: number; k: number; blinks: boolean }>;

  constructor(
    private readonly sim: GameSim,
    count: number,
    frozen: readonly number[] = [],
    /** The buy-order markets the service serves (only their orders reach a client). */
    servedOrders: readonly string[] = sim.slugs,
  ) {
    const sellers = sim.orderMarkets.flatMap((m, k) =>
      publishedSeller(sim.slugs[m]!) && servedOrders.includes(sim.slugs[m]!) && !frozen.includes(m) ? [k] : [],
    );
    const buyers = sim.minPriceMarkets.filter((m) => percentSeller(sim.slugs[m]!) && !frozen.includes(m));
    const n = sim.items.n;
    if (count <= 0 || sellers.length === 0 || buyers.length < 2) {
      this.planted = [];
      return;
    }
    // The dearest items (their base price; ties by the seed): a route's net profit is a share of its price,
    // so half-price asks on cheap items would rank below the ordinary spreads of dear ones by profit.
    const base = sim.items.logBase;
    const order = Array.from({ length: n }, (_, i) => ({ i, key: hash2(sim.seed ^ ROUTE_SALT, i) })).sort(
      (x, y) => base[y.i]! - base[x.i]! || x.key - y.key || x.i - y.i,
    );
    const picked = order.slice(0, Math.min(count, n));
    this.planted = picked.map(({ i }, j) => {
      const k = sellers[hash3(sim.seed, i, ROUTE_SALT) % sellers.length]!;
      const sellM = sim.orderMarkets[k]!;
      const others = buyers.filter((m) => m !== sellM);
      const a = others[hash3(sim.seed ^ ROUTE_SALT, i, j) % others.length]!;
      return { i, a, k, blinks: picked.length >= 2 && j === picked.length - 1 };
    });
  }

  get active(): boolean {
    return this.planted.length > 0;
  }

  /** The routes; with a snapshot (after apply), each one's ask and buy order in it. */
  list(snap?: Snapshot): PlantedRoute[] {
    const M = this.sim.markets.length;
    const K = this.sim.orderMarkets.length;
    return this.planted.map((p) => ({
      item: this.sim.names[p.i]!,
      buyMarket: this.sim.slugs[p.a]!,
      sellMarket: this.sim.slugs[this.sim.orderMarkets[p.k]!]!,
      blinks: p.blinks,
      ...(snap ? { ask: snap.minPrices.price[p.i * M + p.a]!, bid: snap.maxOrders.price[p.i * K + p.k]! } : {}),
    }));
  }

  /** Applies the routes to a freshly computed snapshot (in place). */
  apply(snap: Snapshot): void {
    const { price, priceLocked, offers } = snap.minPrices;
    const { price: bid, offers: bidOffers } = snap.maxOrders;
    const M = this.sim.markets.length;
    const K = this.sim.orderMarkets.length;
    for (const p of this.planted) {
      const b = p.i * K + p.k;
      // The sell market's buy order is the item's best by a margin (so the route sells there whatever the
      // fees): BEST_BID_MARGIN times the best other buy order, or the median of the other asks with none.
      let best = 0;
      for (let k = 0; k < K; k++) if (k !== p.k) best = Math.max(best, bid[p.i * K + k]!);
      if (best > 0) bid[b] = Math.round(best * BEST_BID_MARGIN);
      else {
        const asks: number[] = [];
        for (let m = 0; m < M; m++) if (m !== p.a && price[p.i * M + m]! > 0) asks.push(price[p.i * M + m]!);
        asks.sort((x, y) => x - y);
        bid[b] = asks.length ? asks[asks.length >> 1]! : FALLBACK_BID;
      }
      bidOffers[b] = Math.max(1, bidOffers[b]!);
      const c = p.i * M + p.a;
      // Away at even epochs: the ask above the buy order (a row not repriced keeps the last epoch's cells).
      const away = p.blinks && snap.epoch % 2 === 0;
      price[c] = Math.max(1, Math.round(bid[b]! * (away ? 1 / ROUTE_ASK_FACTOR : ROUTE_ASK_FACTOR)));
      priceLocked[c] = -1;
      offers[c] = Math.max(1, offers[c]!);
    }
  }
}
