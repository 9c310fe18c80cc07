/**
 * What a price snapshot says for one alert: the ask, bid or spread on its market ("any": the best across
 * the markets the user loads for the game, which are the snapshot's), listed prices or net of the user's
 * fees. O(markets) per alert: it reads the alert's one row, never the catalog.
 */
import { cellValue, type Snapshot } from '../../../market/model/snapshot';
import { buyFeeCode, netAsk, netBid, sellFeeCode, type FeeTable } from '../../../market/model/price-arithmetic';
import type { Observation } from './evaluate';
import { ANY_MARKET, type Alert } from './types';

interface Quote {
  price: number;
  market: string;
}

function askOn(snap: Snapshot, item: number, k: number, fees: FeeTable, net: boolean): number | null {
  const v = cellValue(snap, 'ask', item * snap.askMarkets.length + k);
  if (v === null) return null;
  const slug = snap.askMarkets[k] as string;
  return net ? netAsk(v, buyFeeCode(fees[slug])) : v;
}

function bidOn(snap: Snapshot, item: number, k: number, fees: FeeTable, net: boolean): number | null {
  const v = cellValue(snap, 'bid', item * snap.bidMarkets.length + k);
  if (v === null) return null;
  const slug = snap.bidMarkets[k] as string;
  if (!net) return v;
  const n = netBid(v, sellFeeCode(fees[slug]));
  return Number.isNaN(n) ? null : n; // a fee nobody knows: no net bid
}

/** The lowest ask of the item on `market` (or across all), null when there is none. */
export function bestAsk(snap: Snapshot, item: number, market: string, fees: FeeTable, net: boolean): Quote | null {
  if (market !== ANY_MARKET) {
    const k = snap.askIndex.get(market);
    const v = k === undefined ? null : askOn(snap, item, k, fees, net);
    return v === null ? null : { price: v, market };
  }
  let best: Quote | null = null;
  for (let k = 0; k < snap.askMarkets.length; k++) {
    const v = askOn(snap, item, k, fees, net);
    if (v !== null && (best === null || v < best.price)) best = { price: v, market: snap.askMarkets[k] as string };
  }
  return best;
}

/** The highest bid of the item on `market` (or across all), null when there is none. */
export function bestBid(snap: Snapshot, item: number, market: string, fees: FeeTable, net: boolean): Quote | null {
  if (market !== ANY_MARKET) {
    const k = snap.bidIndex.get(market);
    const v = k === undefined ? null : bidOn(snap, item, k, fees, net);
    return v === null ? null : { price: v, market };
  }
  let best: Quote | null = null;
  for (let k = 0; k < snap.bidMarkets.length; k++) {
    const v = bidOn(snap, item, k, fees, net);
    if (v !== null && (best === null || v > best.price)) best = { price: v, market: snap.bidMarkets[k] as string };
  }
  return best;
}

/** Which sides of a market the snapshot has: a one-market alert needs its side loaded. */
export function marketLoaded(snap: Snapshot, market: string, side: 'ask' | 'bid' | 'both'): boolean {
  if (market === ANY_MARKET) return side === 'ask' ? snap.askMarkets.length > 0 : side === 'bid' ? snap.bidMarkets.length > 0 : snap.askMarkets.length > 0 && snap.bidMarkets.length > 0;
  const a = snap.askIndex.has(market);
  const b = snap.bidIndex.has(market);
  return side === 'ask' ? a : side === 'bid' ? b : a && b;
}

export function sideOf(alert: Pick<Alert, 'condition'>): 'ask' | 'bid' | 'both' {
  const c = alert.condition;
  switch (c.kind) {
    case 'ask-below':
      return 'ask';
    case 'bid-above':
      return 'bid';
    case 'spread-above':
      return 'both';
    case 'change':
      return c.side;
  }
}

const NOTHING = { value: null, price: null, market: null } as const;

export function observe(snap: Snapshot, alert: Pick<Alert, 'item' | 'market' | 'condition' | 'net'>, fees: FeeTable): Observation {
  const item = snap.indexOfName(alert.item);
  if (item < 0) return { ...NOTHING, missing: 'item' };
  if (!marketLoaded(snap, alert.market, sideOf(alert))) return { ...NOTHING, missing: 'market' };
  const c = alert.condition;
  const net = alert.net;
  const quote = (q: Quote | null): Observation => (q ? { value: q.price, price: q.price, market: q.market, missing: null } : { ...NOTHING, missing: 'price' });
  switch (c.kind) {
    case 'ask-below':
      return quote(bestAsk(snap, item, alert.market, fees, net));
    case 'bid-above':
      return quote(bestBid(snap, item, alert.market, fees, net));
    case 'change':
      return quote(c.side === 'ask' ? bestAsk(snap, item, alert.market, fees, net) : bestBid(snap, item, alert.market, fees, net));
    case 'spread-above': {
      // As the grid: buy at the best ask, sell into the best bid; bid − ask (in % of the ask).
      const a = bestAsk(snap, item, alert.market, fees, net);
      const b = bestBid(snap, item, alert.market, fees, net);
      if (!a || !b) return { ...NOTHING, missing: 'price' };
      const spread = b.price - a.price;
      if (c.unit === 'money') return { value: spread, price: a.price, market: alert.market === ANY_MARKET ? `${a.market}→${b.market}` : a.market, missing: null };
      if (!(a.price > 0)) return { ...NOTHING, missing: 'price' };
      return { value: (spread / a.price) * 100, price: a.price, market: alert.market === ANY_MARKET ? `${a.market}→${b.market}` : a.market, missing: null };
    }
  }
}
