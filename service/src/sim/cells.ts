/**
 * One (item, market) cell at one epoch: the lowest ask, the number of listings, the locked-listing price
 * and the best buy order with its count. Every snapshot and every history sample goes through `eval`, so
 * a daily or hourly history point is exactly what a snapshot showed at that moment.
 */
import { mix32, unit, hash2 } from './hash';
import type { ItemModel } from './items';
import type { MarketParams } from './market-params';
import { STEAM_MARKET } from './served';

/** Output slots of CellModel.eval. */
export const ASK = 0;
export const OFFERS = 1;
export const LOCKED = 2;
export const BID = 3;
export const BIDS = 4;
/** The price a best buy order would have, even when there are none (sale prices in history use it). */
export const VBID = 5;
export const CELL_SLOTS = 6;

const SALT_CARRY = 0x4c41;
const SALT_BIAS = 0x2545f491;

/** Poisson sample for uniform u in (0, 1): inversion for small means, a normal approximation above. */
export function poisson(lambda: number, u: number): number {
  if (lambda <= 0) return 0;
  if (lambda > 12) {
    // Logistic approximation of the normal quantile (scale sqrt(3)/pi).
    const z = 0.5513 * Math.log(u / (1 - u));
    return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * z));
  }
  let k = 0;
  let p = Math.exp(-lambda);
  let c = p;
  while (u > c && k < 60) {
    k++;
    p *= lambda / k;
    c += p;
  }
  return k;
}

/** 1 / sqrt(1 + k) for small k (price jitter shrinks with the number of listings). */
const INV_SQRT = Float64Array.from({ length: 64 }, (_, k) => 1 / Math.sqrt(1 + k));

export class CellModel {
  readonly n: number;
  readonly m: number;
  /** 1 when market m carries item i at all (Steam carries everything). */
  readonly carried: Uint8Array;
  /** Per item: amplitude of the static per-cell price bias (thin items are priced more idiosyncratically). */
  private readonly biasAmp: Float64Array;
  private readonly itemKey: Uint32Array;
  private readonly marketKey: Uint32Array;
  // Per-market parameters as flat arrays for the hot loop.
  private readonly locking: Uint8Array;
  private readonly levelM: Float64Array;
  private readonly depthM: Float64Array;
  private readonly buyDepthM: Float64Array;
  private readonly spreadM: Float64Array;
  private readonly stepM: Float64Array;
  private readonly floorM: Float64Array;

  constructor(
    readonly items: ItemModel,
    readonly markets: readonly MarketParams[],
  ) {
    const n = items.n;
    const M = markets.length;
    this.n = n;
    this.m = M;
    this.carried = new Uint8Array(n * M);
    this.biasAmp = new Float64Array(n);
    this.itemKey = items.key;
    this.marketKey = Uint32Array.from(markets.map((mk) => mk.key));
    this.locking = Uint8Array.from(markets.map((mk) => (mk.locking === 'none' ? 0 : mk.locking === 'same' ? 1 : 2)));
    this.levelM = Float64Array.from(markets.map((mk) => mk.level));
    this.depthM = Float64Array.from(markets.map((mk) => mk.depth));
    this.buyDepthM = Float64Array.from(markets.map((mk) => mk.buyDepth));
    this.spreadM = Float64Array.from(markets.map((mk) => mk.spread));
    this.stepM = Float64Array.from(markets.map((mk) => mk.step));
    this.floorM = Float64Array.from(markets.map((mk) => mk.floor));
    for (let i = 0; i < n; i++) {
      const pop = items.pop[i]!;
      this.biasAmp[i] = 0.015 + 0.12 * (1 - pop);
      for (let m = 0; m < M; m++) {
        const mk = markets[m]!;
        const h = hash2(mix32(items.key[i]! ^ mk.key), SALT_CARRY);
        const p = mk.slug === STEAM_MARKET ? 1 : mk.coverage * (0.3 + 0.7 * pop);
        this.carried[i * M + m] = unit(h) < p ? 1 : 0;
      }
    }
  }

  private readonly slotCache = new Map<number, { slot: Int32Array; count: number }>();

  /** Compact index of each item among the items market m carries (-1 when it doesn't), and their count. */
  slots(m: number): { slot: Int32Array; count: number } {
    let s = this.slotCache.get(m);
    if (!s) {
      const slot = new Int32Array(this.n).fill(-1);
      let count = 0;
      for (let i = 0; i < this.n; i++) if (this.carried[i * this.m + m] === 1) slot[i] = count++;
      s = { slot, count };
      this.slotCache.set(m, s);
    }
    return s;
  }

  hasOrders(m: number): boolean {
    return this.buyDepthM[m]! > 0;
  }

  /**
   * Evaluates cell (i, m) at epoch e for reference price `ref` (thousandths) into `out`: ASK (the rounded
   * lowest ask; defined even with no listings, as the price a listing would have), OFFERS, LOCKED
   * (-1 = null), BID (-1 = no buy orders), BIDS and VBID. Callers check `carried` first.
   */
  eval(i: number, m: number, e: number, ref: number, out: Float64Array): void {
    const items = this.items;
    const pop = items.pop[i]!;
    const depth = items.depth[i]!;
    // The cell's key and static bias are recomputed rather than stored: a few integer ops against 8 bytes a cell.
    const pk = mix32(this.itemKey[i]! ^ this.marketKey[m]!);
    const bias = (unit(mix32(pk ^ SALT_BIAS)) - 0.5) * 2 * this.biasAmp[i]!;
    const h1 = mix32(pk ^ Math.imul(e, 0x9e3779b1));
    const lambda = depth * this.depthM[m]! * (0.6 + 0.8 * ((h1 & 0x3ff) / 1024));
    const offers = poisson(lambda, ((h1 >>> 10) + 0.5) / 4194304);
    const h2 = mix32(h1 ^ 0x68e31da4);
    const inv = offers < 64 ? INV_SQRT[offers]! : 1 / Math.sqrt(1 + offers);
    const jitter = (0.02 + 0.08 * (1 - pop)) * (2 * unit(h2) - 1) * inv;
    const step = this.stepM[m]!;
    // exp(x) to second order for the small bias and jitter (|x| <= 0.14 and 0.1).
    const x = bias + jitter;
    let ask = Math.round((ref * this.levelM[m]! * (1 + x + 0.5 * x * x)) / step) * step;
    const floor = this.floorM[m]!;
    if (ask < floor) ask = floor;
    out[ASK] = ask;
    out[OFFERS] = offers;
    const lockMode = this.locking[m]!;
    if (lockMode === 1) out[LOCKED] = ask;
    else if (lockMode === 0) out[LOCKED] = -1;
    else {
      const h3 = mix32(h2 ^ 0x1b873593);
      const pLocked = 0.2 + 0.6 * (1 - Math.exp(-offers / 4));
      if ((h3 & 0xffff) / 65536 < pLocked) {
        const locked = Math.floor((ask * (0.985 - 0.06 * ((h3 >>> 16) / 65536))) / step) * step;
        out[LOCKED] = locked >= 1 ? locked : -1;
      } else out[LOCKED] = -1;
    }
    const buyDepth = this.buyDepthM[m]!;
    if (buyDepth > 0) {
      const h4 = mix32(h1 ^ 0x3c6ef372);
      const bids = poisson(depth * buyDepth * (0.6 + 0.8 * ((h4 & 0x3ff) / 1024)), ((h4 >>> 10) + 0.5) / 4194304);
      const spread = Math.min(0.8, items.spread[i]! * this.spreadM[m]! * (0.75 + 0.5 * unit(mix32(h4))));
      let bid = Math.floor((ask * (1 - spread)) / step) * step;
      if (bid >= ask) bid = ask - step;
      out[VBID] = bid >= 1 ? bid : 1;
      if (bids > 0 && bid >= 1) {
        out[BID] = bid;
        out[BIDS] = bids;
      } else {
        out[BID] = -1;
        out[BIDS] = 0;
      }
    } else {
      out[BID] = -1;
      out[BIDS] = 0;
      const vb = Math.floor((ask * (1 - items.spread[i]! * this.spreadM[m]!)) / step) * step;
      out[VBID] = vb >= 1 ? vb : 1;
    }
  }
}
