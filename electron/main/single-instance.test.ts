/** The single-instance lock with a fake `app` and windows. */
import { describe, expect, it, vi } from 'vitest';
import {
  bringToFront,
  claimSingleInstance,
  type FocusableWindowLike,
  type SingleInstanceAppLike,
} from './single-instance';

function fakeApp(locked: boolean) {
  const listeners: (() => void)[] = [];
  const app = {
    requestSingleInstanceLock: vi.fn(() => locked),
    quit: vi.fn(),
    on: vi.fn((_event: 'second-instance', listener: () => void) => listeners.push(listener)),
  } satisfies SingleInstanceAppLike;
  return { app, secondLaunch: () => listeners.forEach((l) => l()) };
}

function fakeWindow(state: { minimized?: boolean; visible?: boolean; destroyed?: boolean } = {}) {
  const calls: string[] = [];
  const window: FocusableWindowLike = {
    isDestroyed: () => state.destroyed ?? false,
    isMinimized: () => state.minimized ?? false,
    isVisible: () => state.visible ?? true,
    restore: () => void calls.push('restore'),
    show: () => void calls.push('show'),
    focus: () => void calls.push('focus'),
  };
  return { window, calls };
}

describe('single instance', () => {
  it('a second instance quits at once and starts nothing', () => {
    const { app } = fakeApp(false);
    const openWindow = vi.fn(() => null);
    expect(claimSingleInstance(app, { getWindow: () => null, openWindow })).toBe(false);
    expect(app.quit).toHaveBeenCalledTimes(1);
    expect(app.on).not.toHaveBeenCalled();
  });

  it('the first instance brings its window forward when launched again: restored, shown, focused', () => {
    const { app, secondLaunch } = fakeApp(true);
    const { window, calls } = fakeWindow({ minimized: true, visible: false });
    const openWindow = vi.fn(() => null);
    expect(claimSingleInstance(app, { getWindow: () => window, openWindow })).toBe(true);
    expect(app.quit).not.toHaveBeenCalled();
    secondLaunch();
    expect(calls).toEqual(['restore', 'show', 'focus']);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when there is none (closed on macOS, or destroyed), and waits while still starting', () => {
    const { app, secondLaunch } = fakeApp(true);
    const opened = fakeWindow();
    let current: FocusableWindowLike | null = fakeWindow({ destroyed: true }).window;
    let started = false;
    claimSingleInstance(app, {
      getWindow: () => current,
      openWindow: () => (started ? (current = opened.window) : null),
    });
    secondLaunch(); // still starting: nothing to do, the first window is on its way
    expect(opened.calls).toEqual([]);
    started = true;
    secondLaunch();
    expect(current).toBe(opened.window);
    expect(opened.calls).toEqual(['focus']);
  });

  it('bringToFront leaves a normal window as it is but focuses it, and ignores a destroyed one', () => {
    const normal = fakeWindow();
    bringToFront(normal.window);
    expect(normal.calls).toEqual(['focus']);
    const gone = fakeWindow({ destroyed: true, minimized: true });
    bringToFront(gone.window);
    expect(gone.calls).toEqual([]);
  });
});
