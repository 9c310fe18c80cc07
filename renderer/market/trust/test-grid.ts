/** Test helper: a snapshot from a small table of prices, the way the worker builds one. */
import { ask, order, snapshotOf } from '../model/test-helpers';
import type { Snapshot } from '../model/snapshot';

/** item -> market -> price (thousandths); a market left out has no entry for the item. */
export type Table = Record<string, Record<string, number>>;

export function grid(
  asks: Table,
  askMarkets: string[],
  bids: Table = {},
  bidMarkets: string[] = [],
  offers: Record<string, number> = {},
): Snapshot {
  const names = [...new Set([...Object.keys(asks), ...Object.keys(bids)])];
  return snapshotOf(
    names.map((name) => ({
      market_hash_name: name,
      prices: Object.entries(asks[name] ?? {}).map(([m, p]) => ask(m, p, offers[m] ?? 1)),
    })),
    names.map((name) => ({
      market_hash_name: name,
      orders: Object.entries(bids[name] ?? {}).map(([m, p]) => order(m, p, offers[m] ?? 1)),
    })),
    askMarkets,
    bidMarkets,
  );
}
