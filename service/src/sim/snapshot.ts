/**
 * The columnar snapshot of one epoch: min prices for every market of the game and max orders for its
 * buy-order markets, computed in one pass (the best bid is derived from the same ask, so it always sits
 * below it). About 1.3 million cells for CS2.
 */
import type { MaxOrderColumns, MinPriceColumns } from './types';
import { ASK, BID, BIDS, CELL_SLOTS, LOCKED, OFFERS } from './cells';
import { quantize, type GameSim } from './game-sim';

export interface Snapshot {
  readonly epoch: number;
  readonly minPrices: MinPriceColumns;
  readonly maxOrders: MaxOrderColumns;
  /** Reference price (thousandths) of each item at this epoch. */
  readonly ref: Float64Array;
}

/**
 * `prev`, the snapshot of an earlier epoch, lets rows of items whose prices haven't updated since (thin
 * items reprice at most every 15 minutes to an hour) be copied instead of recomputed.
 */
export function computeSnapshot(sim: GameSim, e: number, prev?: Snapshot): Snapshot {
  const { items, cells, path } = sim;
  const n = items.n;
  const M = sim.markets.length;
  const orderCols = sim.orderMarkets;
  const K = orderCols.length;
  const orderSlot = new Int32Array(M).fill(-1);
  orderCols.forEach((m, k) => {
    orderSlot[m] = k;
  });
  const price = new Int32Array(n * M);
  const priceLocked = new Int32Array(n * M);
  const offers = new Int32Array(n * M);
  const bidPrice = new Int32Array(n * K).fill(-1);
  const bidOffers = new Int32Array(n * K);
  const ref = new Float64Array(n);
  const out = new Float64Array(CELL_SLOTS);
  const carried = cells.carried;
  const reuse = prev;
  for (let i = 0; i < n; i++) {
    const eq = quantize(sim, i, e);
    const base = i * M;
    if (reuse && quantize(sim, i, reuse.epoch) === eq) {
      copyRow(reuse, i, M, K, price, priceLocked, offers, bidPrice, bidOffers);
      ref[i] = reuse.ref[i]!;
      continue;
    }
    const r = path.ref(i, eq);
    ref[i] = r;
    for (let m = 0; m < M; m++) {
      const c = base + m;
      if (carried[c] === 0) {
        price[c] = -1;
        priceLocked[c] = -1;
        continue;
      }
      cells.eval(i, m, eq, r, out);
      const k = orderSlot[m]!;
      if (k >= 0 && out[BID]! >= 0) {
        bidPrice[i * K + k] = out[BID]!;
        bidOffers[i * K + k] = out[BIDS]!;
      }
      if (out[OFFERS]! > 0) {
        price[c] = out[ASK]!;
        offers[c] = out[OFFERS]!;
        priceLocked[c] = out[LOCKED]!;
      } else {
        price[c] = -1;
        priceLocked[c] = -1;
      }
    }
  }
  return {
    epoch: e,
    minPrices: { names: sim.names, markets: sim.slugs, price, priceLocked, offers },
    maxOrders: { names: sim.names, markets: orderCols.map((m) => sim.slugs[m]!), price: bidPrice, offers: bidOffers },
    ref,
  };
}

function copyRow(
  p: Snapshot,
  i: number,
  M: number,
  K: number,
  price: Int32Array,
  priceLocked: Int32Array,
  offers: Int32Array,
  bidPrice: Int32Array,
  bidOffers: Int32Array,
): void {
  const a = i * M;
  for (let c = a; c < a + M; c++) {
    price[c] = p.minPrices.price[c]!;
    priceLocked[c] = p.minPrices.priceLocked[c]!;
    offers[c] = p.minPrices.offers[c]!;
  }
  const b = i * K;
  for (let c = b; c < b + K; c++) {
    bidPrice[c] = p.maxOrders.price[c]!;
    bidOffers[c] = p.maxOrders.offers[c]!;
  }
}
