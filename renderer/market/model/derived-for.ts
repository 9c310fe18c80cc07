/**
 * The derived figures over every market of a snapshot for one fee table, net switch and quote choice (default:
 * trusted quotes only, stalled markets left out): the worker's own (SnapshotData.derived) when it was computed for the
 * same settings, else computed here (one pass over the catalog). For readers of a few rows that need the
 * row-wise figures of the whole-snapshot rule, such as the mark (alerts, the portfolio).
 */
import type { Derived } from './derived-columns';
import { computeDerived, derivedKey, type FeeTable } from './price-arithmetic';
import type { Snapshot } from './snapshot';
import type { QuoteChoice } from '../trust/types';

export function derivedForAll(
  snap: Snapshot,
  fees: FeeTable,
  net: boolean,
  choice: { quotes?: QuoteChoice; includeStalled?: boolean } = {},
): Derived {
  const askCols = snap.askMarkets.map((_, i) => i);
  const bidCols = snap.bidMarkets.map((_, i) => i);
  const pre = snap.derived;
  if (pre && pre.data.n === snap.n && pre.key === derivedKey(snap, askCols, bidCols, fees, net, choice))
    return pre.data;
  return computeDerived({ snap, askCols, bidCols, fees, net, ...choice });
}
