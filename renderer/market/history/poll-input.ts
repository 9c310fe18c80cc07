/**
 * A price snapshot as the history's recorder takes it (recorder.ts PollInput): copies of the ask and bid
 * cells (the views keep their own), the exact values of the big cells, and each item's mark. The engine's
 * history consumer records every poll through it (market/engine).
 */
import { computeDerived, derivedKey } from '../model/price-arithmetic';
import type { Snapshot } from '../model/snapshot';
import type { PollInput } from './recorder';

/** Whether per-row figures of `key` hold the history's mark: gross, every market, the default choice. */
export function isHistoryMarkKey(snap: Pick<Snapshot, 'askMarkets' | 'bidMarkets'>, key: string): boolean {
  return key === derivedKey(snap, allCols(snap.askMarkets), allCols(snap.bidMarkets), {}, false);
}

const allCols = (markets: readonly string[]): number[] => markets.map((_, i) => i);

/**
 * Each item's mark as the history keeps it: gross (the history's prices are raw, before fees), over every
 * market's trusted quotes (the default choice: outliers and stalled markets left out), whatever the page
 * shows. The worker's (its figures when they are exactly that, else its historyMark); computed here only
 * for a poll whose figures were dropped (asks only, with the last bids carried: the engine's carry-bids.ts).
 */
function historyMark(snap: Snapshot): Float64Array {
  if (snap.historyMark && snap.historyMark.length === snap.n) return snap.historyMark.slice();
  const d = snap.derived;
  if (d && isHistoryMarkKey(snap, d.key) && d.data.mark.length === snap.n) return d.data.mark.slice();
  return computeDerived({
    snap,
    askCols: allCols(snap.askMarkets),
    bidCols: allCols(snap.bidMarkets),
    fees: {},
    net: false,
  }).mark;
}

export function toPoll(snap: Snapshot, at: number): PollInput {
  const big: PollInput['big'] = [];
  for (const [field, cell, v] of snap.overflow) {
    if (field === 'ask') big.push([0, cell, v]);
    else if (field === 'bid') big.push([1, cell, v]);
  }
  return {
    game: snap.game,
    at,
    names: snap.names,
    askMarkets: snap.askMarkets,
    bidMarkets: snap.bidMarkets,
    ask: snap.ask.slice(),
    bid: snap.bid.slice(),
    big,
    mark: historyMark(snap),
  };
}
