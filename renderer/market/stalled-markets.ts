/**
 * The markets that look stalled now, per game, as the last poll's trust said (market/trust/types.ts): the
 * status bar and the Markets dialog read it whatever page is open. Set by the market engine's consumer of
 * every price answer (engine/app-engine.ts); a game never polled has none.
 */
import { useSyncExternalStore } from 'react';
import type { MarketStall } from './trust/types';

const NONE: readonly MarketStall[] = [];

export class StalledMarkets {
  private byGame = new Map<number, readonly MarketStall[]>();
  private listeners = new Set<() => void>();

  /** The stalls of a game's last poll (a new list only when they changed: no re-render for the same). */
  set(game: number, stalls: readonly MarketStall[]): void {
    const before = this.byGame.get(game) ?? NONE;
    if (same(before, stalls)) return;
    this.byGame.set(game, stalls.length ? [...stalls] : NONE);
    for (const l of this.listeners) l();
  }

  get(game: number): readonly MarketStall[] {
    return this.byGame.get(game) ?? NONE;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}

function same(a: readonly MarketStall[], b: readonly MarketStall[]): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => {
      const t = b[i];
      return (
        t !== undefined && s.market === t.market && s.side === t.side && s.reason === t.reason && s.since === t.since
      );
    })
  );
}

export const stalledMarkets = new StalledMarkets();

export function useStalledMarkets(game: number, store: StalledMarkets = stalledMarkets): readonly MarketStall[] {
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(game),
    () => NONE,
  );
}
