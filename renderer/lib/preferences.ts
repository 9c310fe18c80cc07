/**
 * App preferences: small, typed, zod-validated values kept in localStorage (never secrets: the API key
 * lives only in the host; keys that look like credentials are refused). Keys are namespaced by feature
 * ("grid.*", "app.*"); the stored JSON is validated on every read, anything invalid falls back to the
 * default; set() throws on an invalid value. Every hook on a key re-renders on change, in every window.
 * The shell's own preferences are APP_PREFERENCES below. How to use it: README.md, "Preferences".
 */
import { useCallback, useContext, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { DEFAULT_GAME_ID, isGameId, type GameId } from '../../shared/catalog/games';
import type { MoneyFormat } from '../../shared/money/money';
import { DisplayMoneyContext } from './money-context';

export interface PreferenceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const PREFERENCE_PREFIX = 'market-desk.pref.';
const FORBIDDEN_KEY = /api.?key|token|secret|password|credential/i;

export interface Preference<T> {
  readonly key: string;
  readonly schema: z.ZodType<T>;
  readonly fallback: T;
}

export function definePreference<T>(key: string, schema: z.ZodType<T>, fallback: T): Preference<T> {
  checkKey(key);
  return { key, schema, fallback };
}

function checkKey(key: string): void {
  if (!key || FORBIDDEN_KEY.test(key)) {
    throw new Error(`Preference key "${key}" is not allowed: secrets never go to localStorage.`);
  }
}

export function memoryStorage(): PreferenceStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

export interface PreferenceStore {
  read<T>(key: string, schema: z.ZodType<T>, fallback: T): T;
  write<T>(key: string, schema: z.ZodType<T>, value: T): void;
  reset(key: string): void;
  /** Listener for one key; returns an unsubscribe function. */
  subscribe(key: string, listener: () => void): () => void;
  /** Tell listeners a key changed outside this store (another window). */
  notify(key: string): void;
}

export function createPreferenceStore(storage: PreferenceStorage): PreferenceStore {
  const listeners = new Map<string, Set<() => void>>();
  // Last read per key: the raw text and its parsed value, so reads are stable (useSyncExternalStore).
  const cache = new Map<string, { raw: string | null; value: unknown }>();

  const safeGet = (k: string): string | null => {
    try {
      return storage.getItem(PREFERENCE_PREFIX + k);
    } catch {
      return null;
    }
  };
  const notify = (key: string) => {
    for (const l of [...(listeners.get(key) ?? [])]) l();
  };

  return {
    read<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
      const raw = safeGet(key);
      const hit = cache.get(key);
      if (hit && hit.raw === raw) return hit.value as T;
      let value: T = fallback;
      if (raw !== null) {
        try {
          const parsed = schema.safeParse(JSON.parse(raw));
          if (parsed.success) value = parsed.data;
        } catch {
          // not JSON: fall back
        }
      }
      cache.set(key, { raw, value });
      return value;
    },
    write<T>(key: string, schema: z.ZodType<T>, value: T): void {
      checkKey(key);
      const parsed = schema.parse(value);
      const raw = JSON.stringify(parsed);
      try {
        storage.setItem(PREFERENCE_PREFIX + key, raw);
        cache.set(key, { raw, value: parsed });
      } catch {
        // Storage full or denied: keep the value for this session.
        cache.set(key, { raw: safeGet(key), value: parsed });
      }
      notify(key);
    },
    reset(key: string): void {
      try {
        storage.removeItem(PREFERENCE_PREFIX + key);
      } catch {
        // ignore
      }
      cache.delete(key);
      notify(key);
    },
    subscribe(key: string, listener: () => void): () => void {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    notify,
  };
}

function browserStorage(): PreferenceStorage {
  try {
    const ls = globalThis.localStorage;
    const probe = `${PREFERENCE_PREFIX}__probe`;
    ls.setItem(probe, '1');
    ls.removeItem(probe);
    return ls;
  } catch {
    return memoryStorage();
  }
}

/** The window's store (localStorage, or memory where localStorage is unavailable). */
export const preferenceStore: PreferenceStore = createPreferenceStore(browserStorage());

if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('storage', (e) => {
    if (e.key === null) return;
    if (e.key.startsWith(PREFERENCE_PREFIX)) preferenceStore.notify(e.key.slice(PREFERENCE_PREFIX.length));
  });
}

export type SetPreference<T> = (next: T | ((previous: T) => T)) => void;

/** [value, set, reset] for one preference; see the top of this file. */
function usePreference<T>(
  key: string,
  schema: z.ZodType<T>,
  fallback: T,
  store: PreferenceStore = preferenceStore,
): [T, SetPreference<T>, () => void] {
  checkKey(key);
  const subscribe = useCallback((l: () => void) => store.subscribe(key, l), [store, key]);
  const value = useSyncExternalStore(
    subscribe,
    () => store.read(key, schema, fallback),
    () => fallback,
  );
  const set = useCallback<SetPreference<T>>(
    (next) => {
      const prev = store.read(key, schema, fallback);
      const v = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
      store.write(key, schema, v);
    },
    // The schema/fallback of a key are constant in practice; the key and store decide identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, key],
  );
  const reset = useCallback(() => store.reset(key), [store, key]);
  return [value, set, reset];
}

export function usePref<T>(pref: Preference<T>): [T, SetPreference<T>, () => void] {
  return usePreference(pref.key, pref.schema, pref.fallback);
}

export function readPreference<T>(pref: Preference<T>, store: PreferenceStore = preferenceStore): T {
  return store.read(pref.key, pref.schema, pref.fallback);
}

export function writePreference<T>(pref: Preference<T>, value: T, store: PreferenceStore = preferenceStore): void {
  store.write(pref.key, pref.schema, value);
}

// ---- The shell's preferences -------------------------------------------------------------------

export const REFRESH_INTERVALS = [0, 15, 30, 60, 120, 300, 900] as const;
export type RefreshInterval = (typeof REFRESH_INTERVALS)[number];

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

export const APP_PREFERENCES = {
  /** Seconds between automatic refreshes of market data; 0 = manual only. */
  refreshIntervalSeconds: definePreference<RefreshInterval>(
    'app.refreshIntervalSeconds',
    z.custom<RefreshInterval>((v) => (REFRESH_INTERVALS as readonly unknown[]).includes(v)),
    60,
  ),
  /** Decimals shown for prices: 2 or 3 (the API has thousandths). */
  decimals: definePreference<2 | 3>('app.decimals', z.union([z.literal(2), z.literal(3)]), 2),
  /** The demo-data notice was dismissed (shown again once a live connection was used). */
  demoNoticeDismissed: definePreference('app.demoNoticeDismissed', z.boolean(), false),
  /** The game the Prices page shows (the top bar's game switch). */
  game: definePreference<GameId>(
    'app.game',
    z.custom<GameId>((v) => isGameId(v)),
    DEFAULT_GAME_ID,
  ),
  /** Colour theme; 'system' follows the operating system's light/dark setting, live. */
  theme: definePreference<ThemeChoice>('app.theme', z.enum(THEME_CHOICES), 'system'),
} as const;

export function refreshIntervalLabel(seconds: number): string {
  if (seconds === 0) return 'Manual only';
  if (seconds < 60) return `Every ${seconds} s`;
  return `Every ${seconds / 60} min`;
}

/** The selected game and its setter (the top bar's switch writes it; the grid reads it). */
export function useSelectedGame(): [GameId, SetPreference<GameId>] {
  const [game, setGame] = usePref(APP_PREFERENCES.game);
  return [game, setGame];
}

/**
 * MoneyFormat for formatMoney(): decimals from the preferences (for the service currency), the symbol and the
 * conversion to the display currency from the window's DisplayMoneyContext. Stable between renders.
 */
export function useMoneyFormat(): MoneyFormat {
  const [decimals] = usePref(APP_PREFERENCES.decimals);
  const { symbol, conversion } = useContext(DisplayMoneyContext);
  return useMemo(() => ({ decimals, symbol, conversion }), [decimals, symbol, conversion]);
}

// ---- Theme -------------------------------------------------------------------------------------

const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** The theme a choice means; 'system' is light only when the system asks for light (dark is the app's own). */
export function resolveTheme(choice: ThemeChoice, systemPrefersLight: boolean): Theme {
  if (choice === 'system') return systemPrefersLight ? 'light' : 'dark';
  return choice;
}

function systemQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(LIGHT_QUERY)
    : null;
}

function subscribeSystemTheme(listener: () => void): () => void {
  const query = systemQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/** Puts the theme on <html data-theme> (theme.css keys on it) and tells the browser's own UI (scrollbars, inputs). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.classList.toggle('theme-dark', theme === 'dark');
  root.classList.toggle('theme-light', theme === 'light');
  root.ownerDocument.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme);
}

/** Applies the app.theme preference to the document, following the system live; use once (App). */
export function useAppliedTheme(): Theme {
  const [choice] = usePref(APP_PREFERENCES.theme);
  const prefersLight = useSyncExternalStore(
    subscribeSystemTheme,
    () => systemQuery()?.matches ?? false,
    () => false,
  );
  const theme = resolveTheme(choice, prefersLight);
  // Layout effect: the new colours are in place before the browser paints.
  useLayoutEffect(() => applyTheme(theme), [theme]);
  return theme;
}
