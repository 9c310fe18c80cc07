import { describe, expect, it } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('tells every listener after a change, and nobody when the value is the same', () => {
    const store = createStore<{ n: number } | null>(null);
    const seen: Array<number | null> = [];
    store.subscribe(() => seen.push(store.get()?.n ?? null));
    const one = { n: 1 };
    store.set(one);
    store.set(one);
    store.set(null);
    store.set(null);
    expect(seen).toEqual([1, null]);
  });

  it('a listener that unsubscribes (or subscribes another) while told does not upset the round', () => {
    const store = createStore(0);
    const calls: string[] = [];
    const offA = store.subscribe(() => {
      calls.push(`a${store.get()}`);
      offA();
      store.subscribe(() => calls.push(`c${store.get()}`));
    });
    store.subscribe(() => calls.push(`b${store.get()}`));
    store.set(1);
    store.set(2);
    expect(calls).toEqual(['a1', 'b1', 'b2', 'c2']);
  });
});
