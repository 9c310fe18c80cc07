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
