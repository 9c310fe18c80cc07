/**
 * Records each freshly loaded grid snapshot into the price history (the worker finds the changes): after
 * the grid has painted, with copies of the ask and bid cells (the grid keeps its own).
 */
import { useEffect, useRef } from 'react';
import { usePref } from '../../lib/preferences';
import type { Snapshot } from '../model/snapshot';
import { history } from './client';
import { HISTORY_PREFS, readLimits } from './prefs';
import type { PollInput } from './recorder';
import { whenIdle } from '../../lib/idle';

const recorded = new WeakSet<Snapshot>();

export function toPoll(snap: Snapshot, at: number): PollInput {
  const big: PollInput['big'] = [];
  for (const [field, cell, v] of snap.overflow) {
    if (field === 'ask') big.push([0, cell, v]);
    else if (field === 'bid') big.push([1, cell, v]);
  }
  return { game: snap.game, at, names: snap.names, askMarkets: snap.askMarkets, bidMarkets: snap.bidMarkets, ask: snap.ask.slice(), bid: snap.bid.slice(), big };
}

/** `snap`: a snapshot that came from a load (not a placeholder or stale fallback); `at`: when it loaded. */
export function useHistoryRecorder(snap: Snapshot | null, at: number): void {
  const [enabled] = usePref(HISTORY_PREFS.enabled);
  const last = useRef(0);
  useEffect(() => {
    if (!enabled || !snap || !at || recorded.has(snap) || at <= last.current) return;
    // After paint and idle: copying the cells and posting the names take a few ms.
    const run = () => {
      if (recorded.has(snap) || at <= last.current) return;
      recorded.add(snap);
      last.current = at;
      // A failure is shown by the client (the 'history-write' notice: status bar and Settings).
      history.record(toPoll(snap, at), readLimits()).catch(() => undefined);
    };
    return whenIdle(run, 2000);
  }, [snap, at, enabled]);
}
