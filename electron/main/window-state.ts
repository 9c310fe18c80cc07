/**
 * The main window opens where it was left: size, position and maximized state are saved (debounced while it
 * moves or resizes, and at once when it closes) into a small electron-store file, and read back at the next
 * start. Stored values are validated (zod) and clamped to the work area of the display they overlap most, so a
 * window never opens off-screen after a monitor was unplugged or the resolution changed.
 *
 * Electron's `screen`, the window and the store are injected so tests run this with fakes.
 */
import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of Electron's `screen` used here. */
export interface ScreenLike {
  getDisplayMatching(rect: Rect): { workArea: Rect };
  getPrimaryDisplay(): { workArea: Rect };
}

/** electron-store and Map both fit. */
export interface StateStore {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
}

/** The part of a BrowserWindow used here. */
export interface TrackedWindowLike {
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isDestroyed(): boolean;
  on(event: 'move' | 'resize' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
}

export const WINDOW_STATE_KEY = 'mainWindow';

const Coordinate = z.number().int().min(-100_000).max(100_000);
const Extent = z.number().int().min(1).max(100_000);
const WindowStateSchema = z.object({
  x: Coordinate,
  y: Coordinate,
  width: Extent,
  height: Extent,
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export interface WindowSizeDefaults {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

export interface RestoredWindow {
  /** Bounds for the BrowserWindow options: without x/y the window is centred on the primary display. */
  bounds: { width: number; height: number; x?: number; y?: number };
  maximized: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Where to open the window. Nothing stored (or something invalid): the default size, centred on the primary
 * display and no larger than its work area. Otherwise the stored bounds, shrunk to fit the work area of the
 * display they overlap most (never below the minimum size unless the display itself is smaller) and moved
 * inside it.
 */
export function restoreWindowState(stored: unknown, screen: ScreenLike, defaults: WindowSizeDefaults): RestoredWindow {
  const parsed = WindowStateSchema.safeParse(stored);
  if (!parsed.success) {
    const area = screen.getPrimaryDisplay().workArea;
    return {
      bounds: { width: Math.min(defaults.width, area.width), height: Math.min(defaults.height, area.height) },
      maximized: false,
    };
  }
  const state = parsed.data;
  const area = screen.getDisplayMatching({ x: state.x, y: state.y, width: state.width, height: state.height }).workArea;
  const width = Math.min(Math.max(state.width, defaults.minWidth), area.width);
  const height = Math.min(Math.max(state.height, defaults.minHeight), area.height);
  return {
    bounds: {
      width,
      height,
      x: clamp(state.x, area.x, area.x + area.width - width),
      y: clamp(state.y, area.y, area.y + area.height - height),
    },
    maximized: state.maximized,
  };
}

/** The window's state now: its normal (not maximized) bounds, so un-maximizing after a restart still works. */
export function captureWindowState(window: TrackedWindowLike): WindowState {
  const bounds = window.getNormalBounds();
  return {
    x: Math.round(bounds.x),
    y: Math.round(bounds.y),
    width: Math.round(bounds.width),
    height: Math.round(bounds.height),
    maximized: window.isMaximized(),
  };
}

export interface WindowStateTracker {
  /** Saves now (pending debounced saves included). */
  flush(): void;
  /** Stops a pending save (the window's listeners go with the window). */
  dispose(): void;
}

/** Saves the window's state to the store after it moves or resizes (debounced) and when it closes. */
export function trackWindowState(
  window: TrackedWindowLike,
  store: StateStore,
  options: { key?: string; debounceMs?: number } = {},
): WindowStateTracker {
  const key = options.key ?? WINDOW_STATE_KEY;
  const debounceMs = options.debounceMs ?? 500;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const save = () => {
    cancel();
    if (window.isDestroyed()) return;
    try {
      store.set(key, captureWindowState(window));
    } catch {
      // A read-only or full disk must not break the window; the next start just uses the defaults.
    }
  };
  const later = () => {
    cancel();
    timer = setTimeout(save, debounceMs);
  };
  for (const event of ['move', 'resize'] as const) window.on(event, later);
  for (const event of ['maximize', 'unmaximize', 'close'] as const) window.on(event, save);
  return { flush: save, dispose: cancel };
}
