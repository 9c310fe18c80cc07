/**
 * The derived figures over every market of a snapshot for one fee table and net switch, with the default
 * quote choice (trusted quotes only): the worker's own (SnapshotData.derived) when it was computed for the
 * same settings, else computed here (one pass over the catalog). For readers of a few rows that need the
 * row-wise figures of the whole-snapshot rule, such as the mark (alerts, the portfolio).
 */
import type { Derived } from './derived-columns';
import { computeDerived, derivedKey, type FeeTable } from './price-arithmetic';
import type { Snapshot } from './snapshot';

export function derivedForAll(snap: Snapshot, fees: FeeTable, net: boolean): Derived {
  const askCols = snap.askMarkets.map((_, i) => i);
  const bidCols = snap.bidMarkets.map((_, i) => i);
  const pre = snap.derived;
  if (pre && pre.data.n === snap.n && pre.key === derivedKey(snap, askCols, bidCols, fees, net)) return pre.data;
  return computeDerived({ snap, askCols, bidCols, fees, net });
}
