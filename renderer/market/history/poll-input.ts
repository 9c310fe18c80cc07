/**
 * A price snapshot as the history's recorder takes it (recorder.ts PollInput): copies of the ask and bid
 * cells (the views keep their own), the exact values of the big cells, and each item's mark. The engine's
 * history consumer records every poll through it (market/engine).
 */
import { computeDerived, derivedKey } from '../model/price-arithmetic';
import type { Snapshot } from '../model/snapshot';
import type { PollInput } from './recorder';

/**
 * Each item's mark as the history keeps it: gross (the history's prices are raw, before fees), over every
 * market's trusted quotes (the default choice: outliers and stalled markets left out). The worker's own
 * figures when they are exactly that (net off, the default choice), else computed here from the snapshot's
 * trust.
 */
export function historyMark(snap: Snapshot): Float64Array {
  const askCols = snap.askMarkets.map((_, i) => i);
  const bidCols = snap.bidMarkets.map((_, i) => i);
  const d = snap.derived;
  if (d && d.key === derivedKey(snap, askCols, bidCols, {}, false) && d.data.mark.length === snap.n) return d.data.mark.slice();
  return computeDerived({ snap, askCols, bidCols, fees: {}, net: false }).mark;
}

export function toPoll(snap: Snapshot, at: number): PollInput {
  const big: PollInput['big'] = [];
  for (const [field, cell, v] of snap.overflow) {
    if (field === 'ask') big.push([0, cell, v]);
    else if (field === 'bid') big.push([1, cell, v]);
  }
  return { game: snap.game, at, names: snap.names, askMarkets: snap.askMarkets, bidMarkets: snap.bidMarkets, ask: snap.ask.slice(), bid: snap.bid.slice(), big, mark: historyMark(snap) };
}
