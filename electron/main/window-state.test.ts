/** Window size and position kept across starts, with a fake screen, window and store. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  captureWindowState,
  restoreWindowState,
  trackWindowState,
  WINDOW_STATE_KEY,
  type Rect,
  type ScreenLike,
  type TrackedWindowLike,
} from './window-state';

const DEFAULTS = { width: 1440, height: 900, minWidth: 960, minHeight: 600 };

/** Two displays side by side: a 1920x1080 primary (taskbar 40 px) and a 1280x1024 to its right. */
const PRIMARY: Rect = { x: 0, y: 0, width: 1920, height: 1040 };
const SECOND: Rect = { x: 1920, y: 0, width: 1280, height: 1024 };
function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, w) * Math.max(0, h);
}
const screen = (areas: Rect[] = [PRIMARY, SECOND]): ScreenLike => ({
  // Like Electron: the display the rect overlaps most, else the primary one.
  getDisplayMatching: (rect) => ({ workArea: [...areas].sort((a, b) => overlap(rect, b) - overlap(rect, a))[0]! }),
  getPrimaryDisplay: () => ({ workArea: areas[0]! }),
});

describe('restoreWindowState', () => {
  it('nothing stored, or something invalid: the default size, centred by Electron (no x/y)', () => {
    for (const stored of [
      undefined,
      null,
      'x',
      { x: 1, y: 2 },
      { x: 0, y: 0, width: -5, height: 10, maximized: false },
      { x: 0.5, y: 0, width: 1000, height: 700, maximized: false },
    ]) {
      expect(restoreWindowState(stored, screen(), DEFAULTS)).toEqual({
        bounds: { width: 1440, height: 900 },
        maximized: false,
      });
    }
  });

  it('the default size never exceeds a small primary display', () => {
    expect(restoreWindowState(undefined, screen([{ x: 0, y: 0, width: 1280, height: 760 }]), DEFAULTS).bounds).toEqual({
      width: 1280,
      height: 760,
    });
  });

  it('bounds that fit are used as they are, on either display, with the maximized flag', () => {
    expect(
      restoreWindowState({ x: 100, y: 50, width: 1200, height: 800, maximized: false }, screen(), DEFAULTS),
    ).toEqual({
      bounds: { x: 100, y: 50, width: 1200, height: 800 },
      maximized: false,
    });
    expect(
      restoreWindowState({ x: 2000, y: 10, width: 1000, height: 700, maximized: true }, screen(), DEFAULTS),
    ).toEqual({
      bounds: { x: 2000, y: 10, width: 1000, height: 700 },
      maximized: true,
    });
  });

  it('a window left on a display that is gone comes back inside the remaining one', () => {
    const restored = restoreWindowState(
      { x: 2100, y: 100, width: 1100, height: 800, maximized: false },
      screen([PRIMARY]),
      DEFAULTS,
    );
    expect(restored.bounds).toEqual({ x: 1920 - 1100, y: 100, width: 1100, height: 800 });
  });

  it('partly off-screen bounds are moved in; too large ones are shrunk to the work area; too small ones grow to the minimum', () => {
    expect(
      restoreWindowState({ x: -300, y: -50, width: 1200, height: 800, maximized: false }, screen(), DEFAULTS).bounds,
    ).toEqual({ x: 0, y: 0, width: 1200, height: 800 });
    expect(
      restoreWindowState({ x: 10, y: 10, width: 5000, height: 3000, maximized: false }, screen([PRIMARY]), DEFAULTS)
        .bounds,
    ).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
    expect(
      restoreWindowState({ x: 10, y: 10, width: 200, height: 100, maximized: false }, screen(), DEFAULTS).bounds,
    ).toEqual({ x: 10, y: 10, width: 960, height: 600 });
  });

  it('far away coordinates (e.g. -32000, a minimized window on Windows) land on a display', () => {
    const { bounds } = restoreWindowState(
      { x: -32000, y: -32000, width: 1200, height: 800, maximized: false },
      screen(),
      DEFAULTS,
    );
    expect(overlap(bounds as Rect, PRIMARY)).toBe(1200 * 800);
  });
});

class FakeWindow implements TrackedWindowLike {
  listeners = new Map<string, (() => void)[]>();
  bounds: Rect = { x: 10, y: 20, width: 1300, height: 850 };
  maximized = false;
  destroyed = false;
  getNormalBounds = () => ({ ...this.bounds });
  isMaximized = () => this.maximized;
  isDestroyed = () => this.destroyed;
  on(event: string, listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  emit(event: string) {
    for (const l of this.listeners.get(event) ?? []) l();
  }
}

describe('trackWindowState', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once after moving and resizing stop (debounced), at once on maximize and on close', () => {
    const window = new FakeWindow();
    const store = new Map<string, unknown>();
    const set = vi.spyOn(store, 'set');
    trackWindowState(window, store, { debounceMs: 500 });
    window.emit('move');
    window.bounds = { x: 40, y: 60, width: 1280, height: 820 };
    window.emit('resize');
    vi.advanceTimersByTime(499);
    expect(set).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(store.get(WINDOW_STATE_KEY)).toEqual({ x: 40, y: 60, width: 1280, height: 820, maximized: false });
    window.maximized = true;
    window.emit('maximize');
    expect(store.get(WINDOW_STATE_KEY)).toEqual({ x: 40, y: 60, width: 1280, height: 820, maximized: true });
    window.emit('move');
    window.emit('close');
    expect(set).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(1000); // the pending debounced save was folded into the close
    expect(set).toHaveBeenCalledTimes(3);
  });

  it('a store that throws does not break the window; a destroyed window is not read', () => {
    const window = new FakeWindow();
    trackWindowState(window, {
      get: () => undefined,
      set: () => {
        throw new Error('EROFS');
      },
    });
    expect(() => window.emit('close')).not.toThrow();
    const store = new Map<string, unknown>();
    const tracker = trackWindowState(window, store);
    window.destroyed = true;
    tracker.flush();
    expect(store.size).toBe(0);
  });

  it('what it saves restores to the same place', () => {
    const window = new FakeWindow();
    window.bounds = { x: 100.4, y: 80.6, width: 1200, height: 760 };
    const saved = captureWindowState(window);
    expect(saved).toEqual({ x: 100, y: 81, width: 1200, height: 760, maximized: false });
    expect(restoreWindowState(saved, screen(), DEFAULTS)).toEqual({
      bounds: { x: 100, y: 81, width: 1200, height: 760 },
      maximized: false,
    });
  });
});
