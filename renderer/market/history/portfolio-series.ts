/**
 * A set of items' worth through time from the local price history: per time slot the portfolio's
 * sell-now value (best buy order less its market's seller fee) and list-at-lowest value (lowest ask less
 * that fee), summed over the items with a value then, with a count of those without. The same rules as
 * the Portfolio page's valuation: with net on, a market whose fee is unknown is left out (never a fee of
 * 0). The history records tradable asks and buy orders, not locked prices. How items' own slots are read
 * onto the common slots: README.md, "Portfolio series".
 */
import type { Chunk } from './chunk-codec';
import { itemValues, marketPlan, type ItemValues, type PortfolioMarket } from './item-values';

export type { PortfolioMarket } from './item-values';

export interface PortfolioSeriesRequest {
  game: number;
  /** One entry per item name, quantity summed over its lots. */
  items: Array<{ name: string; quantity: number }>;
  from: number;
  to: number;
  slots: number;
  asks: PortfolioMarket[];
  bids: PortfolioMarket[];
}

export interface PortfolioSeries {
  /** Slot end times (ms); empty when no item has history in the range. */
  times: Float64Array;
  /** Summed values per slot (thousandths; NaN where no item had a value). */
  sellNow: Float64Array;
  listLowest: Float64Array;
  /** Items without a value in each slot (no history yet, or no price then). */
  sellNowMissing: Int32Array;
  listLowestMissing: Int32Array;
  /** Items with no history at all in the range. */
  noHistory: string[];
  /** First recorded point over the items (ms), null without any. */
  first: number | null;
  /** Change points read. */
  points: number;
}

/** Common slot end times over [from, to]. */
function commonTimes(from: number, to: number, slots: number): Float64Array {
  const n = Math.max(1, slots);
  const step = (to - from) / n;
  return Float64Array.from({ length: n }, (_, j) => (j === n - 1 ? to : from + step * (j + 1)));
}

/** Sums the items' values on their own slots (in `req.items` order) onto common slots. */
export function combineItems(req: PortfolioSeriesRequest, items: readonly ItemValues[]): PortfolioSeries {
  let first: number | null = null;
  let points = 0;
  const noHistory: string[] = [];
  items.forEach((h, i) => {
    points += h.points;
    if (h.first === null) noHistory.push(req.items[i]?.name ?? '');
    else if (first === null || h.first < first) first = h.first;
  });
  if (first === null) {
    // Separate arrays: the worker transfers each one's buffer.
    return {
      times: new Float64Array(0),
      sellNow: new Float64Array(0),
      listLowest: new Float64Array(0),
      sellNowMissing: new Int32Array(0),
      listLowestMissing: new Int32Array(0),
      noHistory,
      first,
      points,
    };
  }
  const times = commonTimes(Math.max(req.from, Math.min(first, req.to)), req.to, req.slots);
  const n = times.length;
  const sellNow = new Float64Array(n);
  const listLowest = new Float64Array(n);
  const sellNowMissing = new Int32Array(n);
  const listLowestMissing = new Int32Array(n);
  const sellAny = new Uint8Array(n);
  const listAny = new Uint8Array(n);
  items.forEach((h, i) => {
    const q = req.items[i]?.quantity ?? 0;
    const { sell, list } = h;
    let k = -1;
    for (let j = 0; j < n; j++) {
      const t = times[j] as number;
      while (k + 1 < h.times.length && (h.times[k + 1] as number) <= t) k++;
      const s = k >= 0 ? (sell[k] as number) : NaN;
      const l = k >= 0 ? (list[k] as number) : NaN;
      if (Number.isNaN(s)) sellNowMissing[j] = (sellNowMissing[j] as number) + 1;
      else {
        sellNow[j] = (sellNow[j] as number) + s * q;
        sellAny[j] = 1;
      }
      if (Number.isNaN(l)) listLowestMissing[j] = (listLowestMissing[j] as number) + 1;
      else {
        listLowest[j] = (listLowest[j] as number) + l * q;
        listAny[j] = 1;
      }
    }
  });
  for (let j = 0; j < n; j++) {
    if (!sellAny[j]) sellNow[j] = NaN;
    if (!listAny[j]) listLowest[j] = NaN;
  }
  return { times, sellNow, listLowest, sellNowMissing, listLowestMissing, noHistory, first, points };
}

/** Where readPortfolio reads (HistoryStore): the game's series list, and items' chunks of their asks and bids. */
export interface PortfolioSource {
  seriesOf(game: number): Promise<string[]>;
  /** Each name's chunks over [from, to] as HistoryStore.chunksOf gives them, told as they arrive. */
  eachItemChunks(
    game: number,
    names: readonly string[],
    from: number,
    to: number,
    each: (i: number, chunks: Chunk[]) => void,
  ): Promise<void>;
}

/**
 * Reads every item's chunks (one transaction, the requests in flight together) and combines them: each
 * item's values at its own slot ends straight from its chunks as they arrive (item-values.ts), the numbers
 * testing/portfolio-reference.ts gives over the store's readItem, without sampling every market first.
 */
export async function readPortfolio(src: PortfolioSource, req: PortfolioSeriesRequest): Promise<PortfolioSeries> {
  const plan = marketPlan(await src.seriesOf(req.game), req.asks, req.bids);
  const out: ItemValues[] = new Array<ItemValues>(req.items.length);
  await src.eachItemChunks(
    req.game,
    req.items.map((it) => it.name),
    req.from,
    req.to,
    (i, chunks) => (out[i] = itemValues(chunks, plan, req.from, req.to, req.slots)),
  );
  return combineItems(req, out);
}
