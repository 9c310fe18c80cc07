/** Test helpers: JSON items -> Snapshot the way the worker builds it. */
import { toSnapshot, type Snapshot } from './snapshot';
import { mergeGrid, shapeBids } from './shape';
import { shapeAsks } from './shape-asks';

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

/** One item 'x' listed and bid at 10.000 on Steam and 9.000 on CSFloat, in one game (Rust: Steam's game fee unknown). */
export function steamAndCsfloatSnapshot(game: number): Snapshot {
  return snapshotOf(
    [{ market_hash_name: 'x', prices: [ask('steamcommunity', 10_000), ask('csfloat', 9_000)] }],
    [{ market_hash_name: 'x', orders: [order('steamcommunity', 10_000), order('csfloat', 9_000)] }],
    ['steamcommunity', 'csfloat'],
    ['steamcommunity', 'csfloat'],
    game,
  );
}
