/**
 * One Market Desk at a time: a second launch hands over to the first (Electron's single-instance lock), which
 * brings its window forward (restored if minimized, shown if hidden, focused), or opens one when it has none.
 * Two instances would share one settings file and key store and run two embedded services.
 *
 * Electron's `app` is injected so tests run this with a fake.
 */

/** The part of Electron's `app` used here. */
export interface SingleInstanceAppLike {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  on(event: 'second-instance', listener: () => void): unknown;
}

/** The part of a BrowserWindow used here. */
export interface FocusableWindowLike {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  isVisible(): boolean;
  show(): void;
  focus(): void;
}

export interface SingleInstanceOptions {
  /** The main window, or null while there is none (still starting, or closed on macOS). */
  getWindow(): FocusableWindowLike | null;
  /** Opens the main window when there is none; returns null while the app can't yet (still starting). */
  openWindow(): FocusableWindowLike | null;
}

/** Restore, show and focus. */
export function bringToFront(window: FocusableWindowLike): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  if (!window.isVisible()) window.show();
  window.focus();
}

/**
 * Takes the lock. Returns false (and quits) when another instance holds it: the caller must then start
 * nothing. Otherwise returns true, and each later launch brings this instance's window forward.
 */
export function claimSingleInstance(app: SingleInstanceAppLike, options: SingleInstanceOptions): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => {
    const existing = options.getWindow();
    const window = existing && !existing.isDestroyed() ? existing : options.openWindow();
    if (window) bringToFront(window);
  });
  return true;
}
