/**
 * A stand-in for the `electron` module so the BUNDLED main process (dist/electron/main.js) can be started in
 * plain Node by the smoke test. It records what main asks of Electron, then, once main loads its window,
 * drives the registered app:// handler and IPC handlers like the renderer would and prints a JSON report.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const record = {
  privileged: null, handled: [], ipc: {}, windowOptions: null, loadedUrl: null, permissionHandlers: 0, webContentsHardened: 0,
  webContentsEvents: [], userDataSet: null, menu: null, aboutPanel: null, singleInstanceListeners: 0, netFetches: 0,
  windowEvents: [], pageEvents: [], windowShown: false,
};
const listeners = {};
let userData = mkdtempSync(path.join(os.tmpdir(), 'fake-electron-'));

export const app = {
  // FAKE_ELECTRON_PACKAGED=1 plays an installed app (what main must ignore there, e.g. MARKET_DESK_USER_DATA).
  isPackaged: process.env.FAKE_ELECTRON_PACKAGED === '1',
  setPath: (name, value) => {
    if (name === 'userData') {
      userData = value;
      record.userDataSet = value;
    }
  },
  getPath: () => userData,
  getVersion: () => '0.0.0-smoke',
  getName: () => 'market-desk',
  setAboutPanelOptions: (options) => {
    record.aboutPanel = options;
  },
  whenReady: () => Promise.resolve(),
  requestSingleInstanceLock: () => true,
  on: (event, fn) => {
    (listeners[event] ??= []).push(fn);
    if (event === 'second-instance') record.singleInstanceListeners += 1;
    return app;
  },
  once: (event, fn) => app.on(event, fn),
  quit: () => process.exit(0),
  exit: (code) => process.exit(code),
};

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => {
    record.privileged = schemes;
  },
  handle: (scheme, handler) => {
    record.handled.push(scheme);
    record.handler = handler;
  },
};

export const ipcMain = {
  handle: (channel, fn) => {
    record.ipc[channel] = fn;
  },
  on: () => ipcMain,
};

/**
 * safeStorage as Electron's behaves (see testing/fake-safe-storage.ts for the sources). FAKE_ELECTRON_KEYRING:
 * 'gnome_libsecret' (default), 'basic_text' (no keyring: no encryption until setUsePlainTextEncryption(true)),
 * or 'locked' (a keyring that won't hand out its key: decryptString/encryptString throw).
 */
const keyring = process.env.FAKE_ELECTRON_KEYRING ?? 'gnome_libsecret';
let usePlainText = false;
const safeAvailable = () => (keyring === 'basic_text' ? usePlainText : true);
const sealWith = (tag, s) => Buffer.from(`${keyring === 'basic_text' ? 'v10' : 'v11'}${tag}:${Buffer.from(s).toString('hex')}`);
export const safeStorage = {
  isEncryptionAvailable: safeAvailable,
  getSelectedStorageBackend: () => (keyring === 'basic_text' ? 'basic_text' : 'gnome_libsecret'),
  setUsePlainTextEncryption: (value) => {
    usePlainText = value;
  },
  encryptString: (s) => {
    if (!safeAvailable()) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
    if (keyring === 'locked') throw new Error('Error while encrypting the text provided to safeStorage.encryptString.');
    return sealWith(keyring === 'basic_text' ? 'peanuts' : 'keyring', s);
  },
  decryptString: (b) => {
    if (!safeAvailable()) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.');
    const text = b.toString();
    if (!/^v1[01]/.test(text)) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Ciphertext does not appear to be encrypted.');
    const [tag, hex] = text.slice(3).split(':');
    if (keyring === 'locked' || tag !== (text.startsWith('v10') ? 'peanuts' : 'keyring')) {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    }
    return Buffer.from(hex, 'hex').toString();
  },
};

/**
 * net.fetch as Electron's (lib/browser/api/net-fetch.ts): Node's fetch underneath here; a redirect is followed
 * by default, and with redirect:'manual' the request is cancelled: "Redirect was cancelled".
 */
export const net = {
  fetch: async (input, init = {}) => {
    record.netFetches += 1;
    const { bypassCustomProtocolHandlers: _bypass, ...standard } = init;
    const req = new Request(input, standard);
    const body = req.body ? await req.arrayBuffer() : null;
    let url = req.url;
    for (let hops = 0; hops < 20; hops += 1) {
      const res = await fetch(url, { method: req.method, headers: req.headers, body, redirect: 'manual', signal: req.signal });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || location === null) {
        return new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers });
      }
      await res.body?.cancel();
      if (req.redirect === 'manual') throw new Error('Redirect was cancelled');
      if (req.redirect === 'error') throw new Error("Attempted to redirect, but redirect policy was 'error'");
      url = new URL(location, url).href;
    }
    throw new Error('net::ERR_TOO_MANY_REDIRECTS');
  },
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: () => void (record.permissionHandlers += 1),
    setPermissionCheckHandler: () => void (record.permissionHandlers += 1),
  },
};

export const shell = { openExternal: async () => undefined, openPath: async () => '' };

/** Alerts' desktop notifications (main/notify.ts): none are shown in the smoke run. */
export class Notification {
  static isSupported() {
    return false;
  }
  on() {
    return this;
  }
  show() {}
  close() {}
}
/** The application menu (main/app-menu.ts): the report keeps each top-level item's role or label. */
export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: (menu) => {
    record.menu = menu.template.map((item) => item.role ?? item.label);
  },
};

export const nativeTheme = { shouldUseDarkColors: true };

/** One 1920x1080 display (main/window-state.ts clamps the window to it). */
const display = { workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
export const screen = { getDisplayMatching: () => display, getPrimaryDisplay: () => display };

export const clipboard = { writeText: () => undefined };

export const dialog = {
  showErrorBox: (title, message) => {
    console.error(`${title}: ${message}`);
    process.exit(3);
  },
};

class FakeWebContents {
  sent = [];
  listeners = {};
  on(event) {
    record.pageEvents.push(event);
    return this;
  }
  once(event, fn) {
    (this.listeners[event] ??= []).push(fn);
    return this;
  }
  emit(event) {
    const listeners = this.listeners[event] ?? [];
    this.listeners[event] = [];
    for (const fn of listeners) fn();
  }
  setWindowOpenHandler() {}
  send(channel, payload) {
    this.sent.push({ channel, payload });
  }
}

export class BrowserWindow {
  constructor(options) {
    record.windowOptions = options;
    this.webContents = new FakeWebContents();
    const contents = {
      on: (event) => void record.webContentsEvents.push(event),
      setWindowOpenHandler: () => void (record.webContentsHardened += 1),
    };
    for (const fn of listeners['web-contents-created'] ?? []) fn({}, contents);
  }
  // 'ready-to-show' is never emitted, as on Wayland for a hidden window (electron/electron#48859).
  once() {}
  on(event) {
    record.windowEvents.push(event);
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isMaximized() {
    return false;
  }
  isVisible() {
    return true;
  }
  getNormalBounds() {
    const { x = 0, y = 0, width, height } = record.windowOptions;
    return { x, y, width, height };
  }
  maximize() {}
  restore() {}
  show() {
    record.windowShown = true;
  }
  focus() {}
  loadURL(url) {
    record.loadedUrl = url;
    // The page loads: webContents emits 'did-finish-load'.
    setTimeout(() => this.webContents.emit('did-finish-load'), 10);
    setTimeout(() => void drive(), 50);
    return Promise.resolve();
  }
}

const fromApp = { senderFrame: { url: 'app://market-desk/' } };

async function drive() {
  const report = { ...record, handler: undefined };
  try {
    const index = await record.handler(new Request('app://market-desk/'));
    report.index = { status: index.status, csp: index.headers.get('content-security-policy'), type: index.headers.get('content-type') };
    // Wait for the connection to settle on demo data.
    for (let i = 0; i < 100; i += 1) {
      report.status = await record.ipc['market-desk:get-status'](fromApp);
      if (report.status.state !== 'connecting') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const api = await record.handler(
      new Request('app://market-desk/api/v2/rest/get-price-recommendations', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'api-token': 'forged' },
        body: JSON.stringify({ game_id: 730 }),
      }),
    );
    const text = await api.text();
    report.api = { status: api.status, bytes: text.length, isArray: text.startsWith('[') };
    try {
      record.ipc['market-desk:get-status']({ senderFrame: { url: 'https://evil.example/' } });
      report.foreignSender = 'accepted';
    } catch (e) {
      report.foreignSender = String(e.message);
    }
    report.rejected = await record.ipc['market-desk:connect'](fromApp, { baseUrl: '', apiKey: 'not-a-key' });
    report.retried = await record.ipc['market-desk:retry-now'](fromApp);
    report.netFetchesAtEnd = record.netFetches;
  } catch (e) {
    report.error = String(e?.stack ?? e);
  }
  console.log(`SMOKE-REPORT ${JSON.stringify(report)}`);
  process.exit(0);
}

export default { app, protocol, ipcMain, safeStorage, net, session, shell, dialog, BrowserWindow, Notification, Menu, nativeTheme, screen, clipboard };
