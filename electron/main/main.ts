/**
 * Electron main process: the only module that imports Electron (and electron-store). Everything it wires
 * together is a plain module tested without Electron.
 *
 * At start: embedded reference service on 127.0.0.1 (random port) for demo data; app://market-desk serves
 * the renderer and routes /api/v2/* to the gateway; IPC handlers for the bridge; one hardened window.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  nativeTheme,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import Store from 'electron-store';
import { startService } from '../../service/src/index';
import { APP_SCHEME, APP_START_URL, IPC } from '../common/ipc-channels';
import { aboutInfo, aboutPanelOptions, showAboutDialog } from './about';
import { buildAppMenuTemplate } from './app-menu';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { ConnectionController } from '../../backend/connection';
import { RequestMeter, type UsageRecord } from '../../backend/request-meter';
import { createGateway } from '../../backend/gateway';
import { createSteamInventoryFetcher, steamUrlFrom, unavailableFetcher } from '../../backend/steam-inventory';
import { fileRatesStore, RATES_FILE_NAME, RatesService, ratesUrlFromEnv } from '../../backend/rates';
import { registerIpc } from './ipc';
import { SafeKeyVault } from './key-store';
import { createNetFetch } from './net-fetch';
import { createDesktopNotifier, revealAndOpen } from './notify';
import { createFileSaver, type SaveDialogs } from './save-files';
import { createExportFiles } from './export-files';
import { hardenSession, hardenWebContents, openExternalSafely, userDataOverride } from './security';
import { showWhenReady } from './show-window';
import { claimSingleInstance } from './single-instance';
import { buildWindowOptions } from './window';
import { watchWindow } from './window-recovery';
import { restoreWindowState, trackWindowState, WINDOW_STATE_KEY, type StateStore } from './window-state';

// Bundled layout: dist/electron/main.js, dist/electron/preload.cjs, dist/renderer/, dist/service-data/.
const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '..', 'renderer');
const preloadPath = path.join(here, 'preload.cjs');
const bundledDataDir = path.join(here, '..', 'service-data');

// Tests may point the profile elsewhere so no real settings are touched; a packaged app ignores this.
const userDataDir = userDataOverride(process.env, app.isPackaged);
if (userDataDir) app.setPath('userData', path.resolve(userDataDir));

// Must happen before 'ready'.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, shell));

let mainWindow: BrowserWindow | null = null;
/** Where the window's size and position are kept (window-state.ts); opened in main(), after 'ready'. */
let windowState: StateStore | null = null;
/** main() has opened the first window: from then on a second launch may open one. */
let started = false;

function openWindow(): BrowserWindow {
  const options = buildWindowOptions(preloadPath, { devTools: !app.isPackaged, dark: nativeTheme.shouldUseDarkColors });
  const restored = restoreWindowState(windowState?.get(WINDOW_STATE_KEY), screen, {
    width: options.width ?? 1440,
    height: options.height ?? 900,
    minWidth: options.minWidth ?? 960,
    minHeight: options.minHeight ?? 600,
  });
  // The scanner can't follow the options into window.ts. buildWindowOptions sets contextIsolation and sandbox
  // (asserted in security.test.ts and main-bundle.test.ts); a middle click can't open a window because
  // setWindowOpenHandler denies every new window (security.ts).
  // eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK AUXCLICK_JS_CHECK — isolated, sandboxed, no new windows (see above)
  const window = new BrowserWindow({ ...options, ...restored.bounds });
  if (windowState) trackWindowState(window, windowState);
  // On ready-to-show; on Wayland, where that may never fire, on did-finish-load or a timeout (show-window.ts).
  showWhenReady(window, { maximize: restored.maximized, platform: process.platform });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  // Crashes reload (a bounded number of times), failed loads show the built-in page with Retry, a hung page
  // asks Wait / Reload: window-recovery.ts. It makes the first load too, so its failure is never dropped.
  watchWindow(window, {
    startUrl: APP_START_URL,
    showMessageBox: (options) => dialog.showMessageBox(window, options),
    log: (line) => console.warn(line),
  }).load();
  return window;
}

/** The window, when there is one still open (dialogs are modal to it; events go to it). */
function liveWindow(): BrowserWindow | null {
  return mainWindow && !mainWindow.isDestroyed() ? mainWindow : null;
}

/** The standard menus and the About box (app-menu.ts, about.ts); set before the window takes its menu bar. */
function setUpMenu(): void {
  const about = aboutInfo(app, process.versions, { os: process.platform, arch: process.arch });
  app.setAboutPanelOptions(aboutPanelOptions(about));
  const showAbout = () => showAboutDialog({ dialog, clipboard, info: about, getWindow: liveWindow });
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildAppMenuTemplate({ platform: process.platform, isPackaged: app.isPackaged, onAbout: () => void showAbout() }),
    ),
  );
}

/** The connection controller over the embedded service, the saved key and the request counts. */
function createConnection(service: { url: string; demoKey: string }): ConnectionController {
  // Settings file 0600: it holds only the base URL and the safeStorage ciphertext, but nobody else needs it.
  const store = new Store<Record<string, unknown>>({
    name: 'settings',
    configFileMode: 0o600,
    clearInvalidConfig: true,
  });
  const vault = new SafeKeyVault({ safeStorage, store, platform: process.platform });
  // Request counts per service in their own store (written after every request; electron-store writes
  // atomically, and a failed write is reported in Settings by the meter).
  const usageStore = new Store<Record<string, unknown>>({ name: 'request-usage', clearInvalidConfig: true });
  const meter = new RequestMeter({
    store: { load: () => usageStore.get('usage'), save: (record: UsageRecord) => usageStore.set('usage', record) },
  });
  // Upstream requests go through Chromium's network stack (system proxy, PAC, OS certificates): net-fetch.ts.
  return new ConnectionController({
    vault,
    embedded: { url: service.url, demoKey: service.demoKey },
    meter,
    broker: { fetch: createNetFetch((input, init) => net.fetch(input, init)) },
  });
}

/** Dialogs are modal to the window when there is one (they then can't get lost behind it). */
function windowDialogs(): SaveDialogs {
  return {
    showSaveDialog: (options) => {
      const window = liveWindow();
      return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options);
    },
    showOpenDialog: (options) => {
      const window = liveWindow();
      return window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options);
    },
    showMessageBox: (options) => {
      const window = liveWindow();
      return window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options);
    },
  };
}

/**
 * "Fetch from Steam": its own client over the same network stack (no cookies, no redirects: net-fetch.ts),
 * never the broker; the address from --steam-url=<url> or MDS_STEAM_URL (backend/steam-inventory/config.ts).
 */
function steamFetcher() {
  const steamUrl = steamUrlFrom(process.env, process.argv);
  return steamUrl.ok
    ? createSteamInventoryFetcher({
        fetch: createNetFetch((input, init) => net.fetch(input, init)),
        steamUrl: steamUrl.url,
      })
    : unavailableFetcher(`${steamUrl.message} Fix MDS_STEAM_URL or --steam-url and restart Market Desk.`);
}

/**
 * Exchange rates: the ECB's files (or MARKET_DESK_RATES_URL's) over the same network stack, no key, no
 * redirects; kept in userData; nothing is contacted until the user turns rates on (backend/rates).
 */
function ratesService(): { rates: RatesService } | { rates: null; ratesUnavailable: string } {
  const ratesUrl = ratesUrlFromEnv(process.env);
  if (!ratesUrl.ok) return { rates: null, ratesUnavailable: `${ratesUrl.message} Fix it and restart Market Desk.` };
  const rates = new RatesService({
    fetch: createNetFetch((input, init) => net.fetch(input, init)),
    store: fileRatesStore(path.join(app.getPath('userData'), RATES_FILE_NAME)),
    envUrl: ratesUrl.url,
  });
  rates.subscribe((snapshot) => liveWindow()?.webContents.send(IPC.rates, snapshot));
  return { rates };
}

async function main(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession);
  setUpMenu();
  windowState = new Store<Record<string, unknown>>({ name: 'window-state', clearInvalidConfig: true });

  const service = await startService({
    port: 0,
    quiet: true,
    ...(existsSync(bundledDataDir) ? { dataDir: bundledDataDir } : {}),
  });
  const connection = createConnection(service);
  const gateway = createGateway({ forwarder: () => connection.currentBroker() });

  protocol.handle(APP_SCHEME, createAppProtocolHandler({ staticDir: rendererDir, gateway }));
  const dialogs = windowDialogs();
  const files = createFileSaver({ defaultDir: () => app.getPath('downloads'), dialogs });
  // Streamed exports: chunks from the page to .part files, one file where the save dialog says, several in a new folder (export-files.ts).
  const exports = createExportFiles({ defaultDir: () => app.getPath('downloads'), dialogs });
  // Alerts' desktop notifications; a click brings the window forward and opens the item.
  if (process.platform === 'win32') app.setAppUserModelId('gg.marketdesk.desktop');
  const notifier = createDesktopNotifier({
    Notification,
    onClick: (target) => revealAndOpen((mainWindow ??= openWindow()), IPC.notificationClick, target),
  });
  const ratesOption = ratesService();
  const rates = ratesOption.rates;
  registerIpc(ipcMain, {
    connection,
    ...(ratesOption.rates ? { rates: ratesOption.rates } : { ratesUnavailable: ratesOption.ratesUnavailable }),
    openExternal: (url) => openExternalSafely(shell, url),
    files,
    exports,
    notify: (request) => notifier.notify(request),
    steamInventory: steamFetcher(),
  });
  connection.hub.subscribe((status) => liveWindow()?.webContents.send(IPC.status, status));

  mainWindow = openWindow();
  started = true;
  void connection.start();
  void rates?.start();

  app.on('activate', () => {
    if (!mainWindow) mainWindow = openWindow();
  });
  app.on('window-all-closed', () => app.quit());
  app.once('will-quit', () => {
    connection.dispose();
    rates?.dispose();
    notifier.dispose();
    void service.close();
  });
}

// One instance: a second launch brings this one's window forward (single-instance.ts) and quits.
const primary = claimSingleInstance(app, {
  getWindow: () => mainWindow,
  openWindow: () => (started ? (mainWindow = openWindow()) : null),
});
if (primary) {
  main().catch((error: unknown) => {
    // No key or token can be in this message: startup fails before any key is read.
    const message = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox('Market Desk could not start', message);
    app.exit(1);
  });
}
