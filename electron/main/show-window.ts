/**
 * Shows the main window once it has something to show. The window is created hidden (no flash of an empty
 * frame) and normally shown on 'ready-to-show'. On Wayland that event may never come for a hidden window:
 * the surface gets no role until show() is called, so no frame is ever drawn and the app runs invisibly
 * (electron/electron#48859, open, since Electron 38). So on Linux it is also shown on the page's
 * 'did-finish-load', and everywhere after a short timeout, whichever comes first; at most once, and never
 * for a window already closed.
 */

/** The part of a BrowserWindow used here (the real one fits; tests pass a fake). */
export interface RevealableWindow {
  once(event: 'ready-to-show', listener: () => void): unknown;
  webContents: { once(event: 'did-finish-load', listener: () => void): unknown };
  show(): void;
  maximize(): void;
  isDestroyed(): boolean;
}

export interface ShowWhenReadyOptions {
  /** Restore the maximized state just before showing. */
  maximize?: boolean;
  /** process.platform: 'did-finish-load' shows the window only on Linux, where Wayland needs it. */
  platform: NodeJS.Platform;
  /** Shown after this long whatever happened (the page may have failed to load). */
  fallbackMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const SHOW_FALLBACK_MS = 3000;

export type ShowReason = 'ready-to-show' | 'did-finish-load' | 'timeout';

/** Wires the triggers; `onShown` (for logs and tests) hears which one showed the window. */
export function showWhenReady(
  window: RevealableWindow,
  options: ShowWhenReadyOptions,
  onShown?: (reason: ShowReason) => void,
): void {
  const {
    maximize = false,
    platform,
    fallbackMs = SHOW_FALLBACK_MS,
    setTimer = (fn, ms) => setTimeout(fn, ms),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  } = options;
  let shown = false;
  const reveal = (reason: ShowReason): void => {
    if (shown) return;
    shown = true;
    clearTimer(timer);
    if (window.isDestroyed()) return;
    if (maximize) window.maximize();
    window.show();
    onShown?.(reason);
  };
  const timer = setTimer(() => reveal('timeout'), fallbackMs);
  window.once('ready-to-show', () => reveal('ready-to-show'));
  if (platform === 'linux') window.webContents.once('did-finish-load', () => reveal('did-finish-load'));
}
