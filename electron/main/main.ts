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
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, session, shell } from 'electron';
import Store from 'electron-store';
import { startService } from '../../service/src/index';
import { APP_SCHEME, APP_START_URL, IPC } from '../common/ipc-channels';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { ConnectionController } from './connection';
import { createGateway } from './gateway';
import { registerIpc } from './ipc';
import { SafeKeyVault } from './key-store';
import { createFileSaver } from './save-files';
import { hardenSession, hardenWebContents, isSafeExternalUrl, userDataOverride } from './security';
import { buildWindowOptions } from './window';

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

function openWindow(): BrowserWindow {
  const window = new BrowserWindow(buildWindowOptions(preloadPath, { devTools: !app.isPackaged }));
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  void window.loadURL(APP_START_URL);
  return window;
}

async function main(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession);

  const service = await startService({
    port: 0,
    quiet: true,
    ...(existsSync(bundledDataDir) ? { dataDir: bundledDataDir } : {}),
  });
  // Settings file 0600: it holds only the base URL and the safeStorage ciphertext, but nobody else needs it.
  const store = new Store<Record<string, unknown>>({ name: 'settings', configFileMode: 0o600, clearInvalidConfig: true });
  const vault = new SafeKeyVault({ safeStorage, store, platform: process.platform });
  const connection = new ConnectionController({ vault, embedded: { url: service.url, demoKey: service.demoKey } });
  const gateway = createGateway({ forwarder: () => connection.currentBroker() });

  protocol.handle(APP_SCHEME, createAppProtocolHandler({ staticDir: rendererDir, gateway }));
  // Dialogs are modal to the window when there is one (they then can't get lost behind it).
  const files = createFileSaver({
    defaultDir: () => app.getPath('downloads'),
    dialogs: {
      showSaveDialog: (options) =>
        mainWindow && !mainWindow.isDestroyed() ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options),
      showOpenDialog: (options) =>
        mainWindow && !mainWindow.isDestroyed() ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options),
    },
  });
  registerIpc(ipcMain, {
    connection,
    openExternal: async (url) => {
      if (isSafeExternalUrl(url)) await shell.openExternal(url);
    },
    files,
  });
  connection.hub.subscribe((status) => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(IPC.status, status);
  });

  mainWindow = openWindow();
  void connection.start();

  app.on('second-instance', () => {
    if (!mainWindow) mainWindow = openWindow();
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('activate', () => {
    if (!mainWindow) mainWindow = openWindow();
  });
  app.on('window-all-closed', () => app.quit());
  app.once('will-quit', () => {
    connection.dispose();
    void service.close();
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  main().catch((error: unknown) => {
    // No key or token can be in this message: startup fails before any key is read.
    const message = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox('Market Desk could not start', message);
    app.exit(1);
  });
}
