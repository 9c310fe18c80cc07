import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  APP_PREFERENCES,
  PREFERENCE_PREFIX,
  createPreferenceStore,
  definePreference,
  memoryStorage,
  readPreference,
  refreshIntervalLabel,
  writePreference,
} from './preferences';

describe('preference store', () => {
  it('returns the default until a value is written, then the value', () => {
    const store = createPreferenceStore(memoryStorage());
    const schema = z.number().int().min(1);
    expect(store.read('grid.rows', schema, 50)).toBe(50);
    store.write('grid.rows', schema, 80);
    expect(store.read('grid.rows', schema, 50)).toBe(80);
  });

  it('keeps values as JSON under a namespaced key', () => {
    const storage = memoryStorage();
    const store = createPreferenceStore(storage);
    store.write('app.decimals', z.literal(3), 3);
    expect(storage.getItem(`${PREFERENCE_PREFIX}app.decimals`)).toBe('3');
  });

  it('falls back to the default on invalid or corrupt stored data', () => {
    const storage = memoryStorage();
    const store = createPreferenceStore(storage);
    const pref = APP_PREFERENCES.decimals;
    storage.setItem(`${PREFERENCE_PREFIX}${pref.key}`, '7');
    expect(readPreference(pref, store)).toBe(2);
    storage.setItem(`${PREFERENCE_PREFIX}${pref.key}`, '{not json');
    expect(readPreference(pref, store)).toBe(2);
    storage.setItem(`${PREFERENCE_PREFIX}${APP_PREFERENCES.game.key}`, '999');
    expect(readPreference(APP_PREFERENCES.game, store)).toBe(730);
    storage.setItem(`${PREFERENCE_PREFIX}${APP_PREFERENCES.refreshIntervalSeconds.key}`, '17');
    expect(readPreference(APP_PREFERENCES.refreshIntervalSeconds, store)).toBe(60);
  });

  it('refuses to write invalid values', () => {
    const store = createPreferenceStore(memoryStorage());
    expect(() => writePreference(APP_PREFERENCES.decimals, 4 as 2, store)).toThrow();
    expect(() => writePreference(APP_PREFERENCES.game, 1 as 730, store)).toThrow();
    writePreference(APP_PREFERENCES.game, 570, store);
    expect(readPreference(APP_PREFERENCES.game, store)).toBe(570);
  });

  it('gives the same object back for the same stored value (stable snapshots for React)', () => {
    const store = createPreferenceStore(memoryStorage());
    const schema = z.array(z.string());
    store.write('grid.columns', schema, ['steam', 'buff163']);
    const a = store.read('grid.columns', schema, []);
    const b = store.read('grid.columns', schema, []);
    expect(a).toBe(b);
    const fallback: string[] = [];
    const s2 = createPreferenceStore(memoryStorage());
    expect(s2.read('x.y', schema, fallback)).toBe(s2.read('x.y', schema, []));
  });

  it('notifies subscribers of that key only; reset returns the default', () => {
    const store = createPreferenceStore(memoryStorage());
    const a = vi.fn();
    const b = vi.fn();
    const offA = store.subscribe('a.one', a);
    store.subscribe('b.two', b);
    store.write('a.one', z.string(), 'x');
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    store.reset('a.one');
    expect(a).toHaveBeenCalledTimes(2);
    expect(store.read('a.one', z.string(), 'def')).toBe('def');
    offA();
    store.write('a.one', z.string(), 'y');
    expect(a).toHaveBeenCalledTimes(2);
  });

  it('survives a storage that throws (quota, privacy mode)', () => {
    const store = createPreferenceStore({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    expect(store.read('a.b', z.number(), 1)).toBe(1);
    expect(() => store.write('a.b', z.number(), 2)).not.toThrow();
    expect(() => store.reset('a.b')).not.toThrow();
  });

  it('never accepts keys that look like credentials', () => {
    expect(() => definePreference('apiKey', z.string(), '')).toThrow(/secrets/);
    expect(() => definePreference('app.api_key', z.string(), '')).toThrow();
    expect(() => definePreference('auth.token', z.string(), '')).toThrow();
    expect(() => createPreferenceStore(memoryStorage()).write('my.password', z.string(), 'x')).toThrow();
    expect(() => definePreference('grid.sortKey', z.string(), 'name')).not.toThrow();
  });

  it('labels refresh intervals', () => {
    expect(refreshIntervalLabel(0)).toBe('Manual only');
    expect(refreshIntervalLabel(15)).toBe('Every 15 s');
    expect(refreshIntervalLabel(300)).toBe('Every 5 min');
  });
});

describe('theme preference', () => {
  it('defaults to system; anything but system/light/dark falls back to it', async () => {
    const { APP_PREFERENCES: P, resolveTheme } = await import('./preferences');
    const storage = memoryStorage();
    const store = createPreferenceStore(storage);
    expect(readPreference(P.theme, store)).toBe('system');
    storage.setItem(`${PREFERENCE_PREFIX}app.theme`, '"sepia"');
    expect(readPreference(P.theme, store)).toBe('system');
    writePreference(P.theme, 'light', store);
    expect(readPreference(P.theme, store)).toBe('light');
    expect(() => writePreference(P.theme, 'sepia' as 'light', store)).toThrow();
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
    expect(resolveTheme('dark', true)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
  });

  it('applyTheme sets data-theme, the theme class and the color-scheme meta', async () => {
    const { applyTheme } = await import('./preferences');
    const classes = new Set(['theme-dark']);
    const meta = { content: 'dark', setAttribute: (_: string, v: string) => void (meta.content = v) };
    const root = {
      dataset: {} as Record<string, string>,
      classList: { toggle: (c: string, on: boolean) => void (on ? classes.add(c) : classes.delete(c)) },
      ownerDocument: { querySelector: () => meta },
    };
    applyTheme('light', root as unknown as HTMLElement);
    expect(root.dataset.theme).toBe('light');
    expect([...classes]).toEqual(['theme-light']);
    expect(meta.content).toBe('light');
    applyTheme('dark', root as unknown as HTMLElement);
    expect(root.dataset.theme).toBe('dark');
    expect([...classes]).toEqual(['theme-dark']);
  });
});
