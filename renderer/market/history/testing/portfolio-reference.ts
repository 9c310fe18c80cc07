/**
 * The portfolio's value over time the plain way, for the tests: every item's history sampled
 * (sampling.ts, the store's readItem), each slot valued from every asked market, then summed onto the
 * common slots. readPortfolio (portfolio-series.ts) must give the same numbers straight from the chunks.
 */
import { netBid } from '../../model/price-arithmetic';
import {
  combineItems,
  type PortfolioMarket,
  type PortfolioSeries,
  type PortfolioSeriesRequest,
} from '../portfolio-series';
import type { SampledHistory } from '../sampling';

/** Per slot of one item's sampled history: its unit sell-now and list-at-lowest values (NaN: none). */
export function unitValues(
  h: SampledHistory,
  asks: readonly PortfolioMarket[],
  bids: readonly PortfolioMarket[],
): { sell: Float64Array; list: Float64Array } {
  const n = h.times.length;
  const sell = new Float64Array(n).fill(NaN);
  const list = new Float64Array(n).fill(NaN);
  const askOf = new Map(asks.map((m) => [`a:${m.slug}`, m]));
  const bidOf = new Map(bids.map((m) => [`b:${m.slug}`, m]));
  const a: Array<[Float64Array, PortfolioMarket]> = [];
  const b: Array<[Float64Array, PortfolioMarket]> = [];
  h.series.forEach((key, s) => {
    const v = h.values[s] as Float64Array;
    const am = askOf.get(key);
    if (am?.known) a.push([v, am]);
    const bm = bidOf.get(key);
    if (bm?.known) b.push([v, bm]);
  });
  for (let j = 0; j < n; j++) {
    let top = NaN;
    for (const [v, m] of b) {
      const x = v[j] as number;
      if (Number.isNaN(x)) continue;
      const net = m.sellCode === 0 ? x : netBid(x, m.sellCode);
      if (Number.isNaN(top) || net > top) top = net;
    }
    sell[j] = top;
    let low = NaN;
    let lowM: PortfolioMarket | null = null;
    for (const [v, m] of a) {
      const x = v[j] as number;
      if (Number.isNaN(x)) continue;
      if (Number.isNaN(low) || x < low) {
        low = x;
        lowM = m;
      }
    }
    list[j] = lowM && lowM.sellCode !== 0 ? netBid(low, lowM.sellCode) : low;
  }
  return { sell, list };
}

/** Sums the items' sampled histories (in `req.items` order) onto common slots. */
export function combinePortfolio(req: PortfolioSeriesRequest, histories: readonly SampledHistory[]): PortfolioSeries {
  return combineItems(
    req,
    histories.map((h) => ({ times: h.times, first: h.first, points: h.points, ...unitValues(h, req.asks, req.bids) })),
  );
}
