/**
 * Window options as pure data, so unit tests can check the hardening without Electron.
 * Electron security checklist: isolation + sandbox + no Node in the page or its workers/frames, web
 * security on, no webview, no insecure content.
 */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';

export function buildWebPreferences(preloadPath: string, options: { devTools: boolean }): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools,
    // The price engine (renderer/market/engine) polls, records the history and checks the alerts while the
    // window is minimized or behind others: Chromium's background throttling (Electron's default) would
    // slow its timers to once a minute after 5 hidden minutes (Chrome's intensive wake-up throttling). Off
    // here, as Electron documents (BrowserWindow webPreferences.backgroundThrottling); the window is never
    // hide()n, where Windows throttles anyway (electron/electron#31016). See docs/background-polling.md.
    backgroundThrottling: false,
  };
}

/** Painted before the page is: near each theme's page background, so a light theme opens without a dark flash. */
const WINDOW_BACKGROUND = { dark: '#0f1216', light: '#f4f6f9' } as const;

/** `dark`: nativeTheme.shouldUseDarkColors (the theme follows the system unless chosen in Settings). */
export function buildWindowOptions(
  preloadPath: string,
  options: { devTools: boolean; dark?: boolean },
): BrowserWindowConstructorOptions {
  return {
    title: 'Market Desk',
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false, // shown when ready (show-window.ts): no white flash
    backgroundColor: options.dark === false ? WINDOW_BACKGROUND.light : WINDOW_BACKGROUND.dark,
    autoHideMenuBar: true,
    webPreferences: buildWebPreferences(preloadPath, options),
  };
}
