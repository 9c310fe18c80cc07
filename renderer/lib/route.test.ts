import { afterEach, describe, expect, it } from 'vitest';
import { defineRoutes, navigate, parseRoute, subscribe } from './route';

/** The part of `window` route.ts uses, behaving as a browser's: 'hashchange' is queued as a later task. */
function fakeWindow() {
  const listeners = new Set<() => void>();
  let hash = '';
  const win = {
    location: {
      get hash() {
        return hash;
      },
      set hash(v: string) {
        hash = v.startsWith('#') ? v : `#${v}`;
        setTimeout(() => listeners.forEach((l) => l()), 0);
      },
    },
    addEventListener: (type: string, l: () => void) => type === 'hashchange' && listeners.add(l),
    removeEventListener: (type: string, l: () => void) => type === 'hashchange' && listeners.delete(l),
  };
  (globalThis as { window?: unknown }).window = win;
  return win;
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('route subscribers', () => {
  it('hear the app’s own navigation before the queued hashchange, so hash-bound inputs never show the old state', async () => {
    fakeWindow();
    defineRoutes(['prices', 'recommendations']);
    const seen: string[] = [];
    const stop = subscribe(() => seen.push(window.location.hash));
    navigate('recommendations', { market: 'buff163' });
    expect(seen).toEqual(['#/recommendations?market=buff163']);
    await new Promise((r) => setTimeout(r, 5));
    // The browser's own event follows; a listener reading the hash again sees the same state.
    expect(seen).toEqual(['#/recommendations?market=buff163', '#/recommendations?market=buff163']);
    stop();
    navigate('prices', {});
    expect(seen).toHaveLength(2);
    expect(parseRoute(window.location.hash)).toBe('prices');
  });

  it('navigating to where the app already is tells nobody', () => {
    fakeWindow();
    defineRoutes(['prices']);
    window.location.hash = '#/prices';
    const seen: number[] = [];
    subscribe(() => seen.push(1));
    navigate('prices', {});
    expect(seen).toEqual([]);
  });
});
