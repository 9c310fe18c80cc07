/**
 * One value and the views that read it: the small store behind the module-level state views read with
 * useSyncExternalStore (an open editor, the portfolio's note, the storage status, …), so no module keeps
 * its own listener set. `set` with the value it already holds tells nobody (React would not re-render).
 */
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: T): void;
  /** `listener` runs after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      // A copy: a listener that unsubscribes (or subscribes) while told does not upset the loop.
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The store's value in a view, re-rendered on each change (the server render reads it too). */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
