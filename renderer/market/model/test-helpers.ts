/** Test helpers: JSON items -> Snapshot the way the worker builds it. */
import { toSnapshot, type Snapshot } from './snapshot';
import { mergeGrid, shapeAsks, shapeBids } from './shape';

export interface MinItem {
  market_hash_name: string;
  prices: Array<{ market_name: string; offers: number; price: number; price_locked: number | null }>;
}
export interface MaxItem {
  market_hash_name: string;
  orders: Array<{ market_name: string; offers: number; price: number }>;
}

export function snapshotOf(
  min: unknown,
  max: unknown,
  askMarkets: string[],
  bidMarkets: string[],
  game = 730,
): Snapshot {
  const asks = shapeAsks(min, askMarkets, 'aggregatedMinPrices');
  const bids = bidMarkets.length ? shapeBids(max, bidMarkets, 'aggregatedMaxOrders') : null;
  return toSnapshot(
    mergeGrid(asks, bids, {
      game,
      meta: { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0, shapeMs: 0, readyAt: 0 },
    }),
  );
}

export function ask(market_name: string, price: number, offers = 1, price_locked: number | null = null) {
  return { market_name, price, offers, price_locked };
}
export function order(market_name: string, price: number, offers = 1) {
  return { market_name, price, offers };
}
