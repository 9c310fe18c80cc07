/**
 * Test options of the simulated market that make its quotes untrustworthy on purpose, for Market Desk's trust
 * signals to be checked against: frozen markets (their quotes stand still from the first snapshot) and planted
 * outliers (one market's ask at PLANT_FACTORS times the median of the item's other asks). Pure functions of
 * (seed, catalog, options, the first snapshot): the same flags give the same items. Details: README.md here.
 */
import { hash2, hash3 } from './hash';
import type { GameSim } from './game-sim';
import type { Snapshot } from './snapshot';

export interface TrustTweakOptions {
  /** Market slugs whose quotes stand still from the first snapshot on. */
  freezeMarkets?: readonly string[];
  /** How many items get one far-off ask. */
  plantOutliers?: number;
}

export interface PlantedOutlier {
  item: string;
  market: string;
  /** The planted ask is this times the median of the item's other asks (rounded, at least 1). */
  factor: number;
}

const PLANT_FACTORS = [4, 0.25] as const;
const PLANT_MIN_MARKETS = 6;
const PLANT_SALT = 0x7e57_0a11;

interface FrozenColumn {
  m: number;
  k: number;
  price: Int32Array;
  locked: Int32Array;
  offers: Int32Array;
  bid: Int32Array | null;
  bidOffers: Int32Array | null;
}

function median(xs: number[]): number {
  const s = xs.sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 === 1 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

export class TrustTweaks {
  private readonly frozenIdx: number[];
  private frozen: FrozenColumn[] | null = null;
  private readonly planted: Array<{ i: number; m: number; factor: number }>;

  constructor(
    private readonly sim: GameSim,
    opts: TrustTweakOptions,
  ) {
    this.frozenIdx = (opts.freezeMarkets ?? []).flatMap((s) => {
      const m = sim.slugs.indexOf(s);
      return m >= 0 ? [m] : [];
    });
    this.planted = this.choose(opts.plantOutliers ?? 0);
  }

  get active(): boolean {
    return this.frozenIdx.length > 0 || this.planted.length > 0;
  }

  private choose(count: number): Array<{ i: number; m: number; factor: number }> {
    if (count <= 0) return [];
    const { sim } = this;
    const n = sim.items.n;
    const M = sim.markets.length;
    const served = sim.minPriceMarkets.filter((m) => !this.frozenIdx.includes(m));
    const eligible: Array<{ i: number; key: number; markets: number[] }> = [];
    for (let i = 0; i < n; i++) {
      const markets = served.filter((m) => sim.cells.carried[i * M + m] === 1);
      if (markets.length >= PLANT_MIN_MARKETS) eligible.push({ i, key: hash2(sim.seed ^ PLANT_SALT, i), markets });
    }
    eligible.sort((a, b) => a.key - b.key || a.i - b.i);
    return eligible.slice(0, count).map((e, j) => ({
      i: e.i,
      m: e.markets[hash3(sim.seed, e.i, PLANT_SALT) % e.markets.length]!,
      factor: PLANT_FACTORS[j % PLANT_FACTORS.length]!,
    }));
  }

  /** The planted outliers, by name and market slug. */
  list(): PlantedOutlier[] {
    return this.planted.map((p) => ({ item: this.sim.names[p.i]!, market: this.sim.slugs[p.m]!, factor: p.factor }));
  }

  /** Applies the options to a freshly computed snapshot (in place). */
  apply(snap: Snapshot): void {
    const { price, priceLocked, offers } = snap.minPrices;
    const { price: bid, offers: bidOffers } = snap.maxOrders;
    const n = this.sim.items.n;
    const M = this.sim.markets.length;
    const K = this.sim.orderMarkets.length;
    if (this.frozen === null) {
      this.frozen = this.frozenIdx.map((m) => {
        const k = this.sim.orderMarkets.indexOf(m);
        const col = (a: Int32Array, stride: number, at: number): Int32Array => {
          const out = new Int32Array(n);
          for (let i = 0; i < n; i++) out[i] = a[i * stride + at]!;
          return out;
        };
        return {
          m,
          k,
          price: col(price, M, m),
          locked: col(priceLocked, M, m),
          offers: col(offers, M, m),
          bid: k >= 0 ? col(bid, K, k) : null,
          bidOffers: k >= 0 ? col(bidOffers, K, k) : null,
        };
      });
    } else {
      for (const f of this.frozen) {
        for (let i = 0; i < n; i++) {
          const c = i * M + f.m;
          price[c] = f.price[i]!;
          priceLocked[c] = f.locked[i]!;
          offers[c] = f.offers[i]!;
          if (f.bid && f.bidOffers) {
            bid[i * K + f.k] = f.bid[i]!;
            bidOffers[i * K + f.k] = f.bidOffers[i]!;
          }
        }
      }
    }
    for (const p of this.planted) {
      const others: number[] = [];
      for (let m = 0; m < M; m++) {
        const v = price[p.i * M + m]!;
        if (m !== p.m && v >= 0) others.push(v);
      }
      if (others.length === 0) continue;
      const c = p.i * M + p.m;
      price[c] = Math.max(1, Math.round(median(others) * p.factor));
      priceLocked[c] = -1;
      offers[c] = Math.max(1, offers[c]!);
    }
  }
}
