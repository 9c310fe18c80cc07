/**
 * A price snapshot as the history's recorder takes it (recorder.ts PollInput): copies of the ask and bid
 * cells (the views keep their own), the exact values of the big cells. The engine's history consumer
 * records every poll through it (market/engine).
 */
import type { Snapshot } from '../model/snapshot';
import type { PollInput } from './recorder';

export function toPoll(snap: Snapshot, at: number): PollInput {
  const big: PollInput['big'] = [];
  for (const [field, cell, v] of snap.overflow) {
    if (field === 'ask') big.push([0, cell, v]);
    else if (field === 'bid') big.push([1, cell, v]);
  }
  return { game: snap.game, at, names: snap.names, askMarkets: snap.askMarkets, bidMarkets: snap.bidMarkets, ask: snap.ask.slice(), bid: snap.bid.slice(), big };
}
