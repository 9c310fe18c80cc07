/**
 * The main window is shown even when 'ready-to-show' never fires, as on Wayland (electron/electron#48859):
 * a fake BrowserWindow that, like the real one there, loads its page ('did-finish-load' on webContents) but
 * never emits 'ready-to-show' until it has been shown.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showWhenReady, SHOW_FALLBACK_MS, type RevealableWindow, type ShowReason } from './show-window';

/** A BrowserWindow created with show: false: events as Electron emits them, calls recorded. */
class FakeBrowserWindow extends EventEmitter implements RevealableWindow {
  readonly calls: string[] = [];
  readonly webContents = new EventEmitter();
  destroyed = false;
  /** Wayland: a hidden window draws no frame, so 'ready-to-show' comes only after show(), if at all. */
  constructor(private readonly readyToShowOnlyAfterShow: boolean) {
    super();
  }
  show(): void {
    this.calls.push('show');
    if (this.readyToShowOnlyAfterShow) this.emit('ready-to-show');
  }
  maximize(): void {
    this.calls.push('maximize');
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** The renderer finished loading app://market-desk/. */
  finishLoad(): void {
    this.webContents.emit('did-finish-load');
  }
  /** X11, Windows, macOS: the first frame is ready. */
  readyToShow(): void {
    this.emit('ready-to-show');
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function wire(window: FakeBrowserWindow, options: { platform: NodeJS.Platform; maximize?: boolean }): ShowReason[] {
  const reasons: ShowReason[] = [];
  showWhenReady(window, options, (reason) => reasons.push(reason));
  return reasons;
}

describe('showWhenReady', () => {
  it('Wayland: ready-to-show never fires, the window is shown once the page has loaded', () => {
    const window = new FakeBrowserWindow(true);
    const reasons = wire(window, { platform: 'linux' });
    expect(window.calls).toEqual([]);
    window.finishLoad();
    expect(window.calls).toEqual(['show']);
    expect(reasons).toEqual(['did-finish-load']);
    // The late ready-to-show (emitted by show() itself) and the timer show nothing twice.
    vi.advanceTimersByTime(SHOW_FALLBACK_MS * 2);
    expect(window.calls).toEqual(['show']);
  });

  it('neither event comes (the page failed to load): shown after the fallback timeout, on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const window = new FakeBrowserWindow(true);
      const reasons = wire(window, { platform });
      vi.advanceTimersByTime(SHOW_FALLBACK_MS - 1);
      expect(window.calls).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(window.calls).toEqual(['show']);
      expect(reasons).toEqual(['timeout']);
    }
  });

  it('ready-to-show first (X11, Windows, macOS): shown then, restored maximized, and only once', () => {
    const window = new FakeBrowserWindow(false);
    const reasons = wire(window, { platform: 'linux', maximize: true });
    window.readyToShow();
    window.finishLoad();
    vi.advanceTimersByTime(SHOW_FALLBACK_MS);
    expect(window.calls).toEqual(['maximize', 'show']);
    expect(reasons).toEqual(['ready-to-show']);
  });

  it('outside Linux, did-finish-load does not show the window early (ready-to-show does, without a flash)', () => {
    const window = new FakeBrowserWindow(false);
    const reasons = wire(window, { platform: 'darwin' });
    window.finishLoad();
    expect(window.calls).toEqual([]);
    window.readyToShow();
    expect(reasons).toEqual(['ready-to-show']);
  });

  it('a window closed before it was ready is not shown', () => {
    const window = new FakeBrowserWindow(true);
    const reasons = wire(window, { platform: 'linux' });
    window.destroyed = true;
    window.finishLoad();
    vi.advanceTimersByTime(SHOW_FALLBACK_MS);
    expect(window.calls).toEqual([]);
    expect(reasons).toEqual([]);
  });
});
