/**
 * A stand-in for the `electron` module so the BUNDLED main process (dist/electron/main.js) can be started in
 * plain Node by the smoke test. It records what main asks of Electron, then, once main loads its window,
 * drives the registered app:// handler and IPC handlers like the renderer would and prints a JSON report.
 *
 * As strict as Electron where main could get it wrong:
 * - ipcMain.handle throws on a second handler for a channel (lib/browser/ipc-main-impl.ts: "Attempted to
 *   register a second handler for '<channel>'"), protocol.handle on a second handler for a scheme
 *   (lib/browser/api/protocol.ts: "Failed to register protocol: <scheme>");
 * - app.getPath answers per name and throws on an unknown one (shell/browser/api/electron_api_app.cc:
 *   "Failed to get '<name>' path"); setPath wants an absolute path;
 * - 'ready' comes after the main script has run: before it, safeStorage has no encryption and its backend is
 *   'unknown' (https://www.electronjs.org/docs/latest/api/safe-storage), there is no window or protocol
 *   handler, and after it no scheme can be made privileged (Electron's own messages for each);
 * - dialog (save, open, message box, error box) and Notification exist and answer as scripted by the drive
 *   below, so the save, streamed export, notify and recovery paths run.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const record = {
  privileged: null,
  handled: [],
  ipc: {},
  windowOptions: null,
  loadedUrl: null,
  loadedUrls: [],
  permissionHandlers: 0,
  webContentsHardened: 0,
  webContentsEvents: [],
  userDataSet: null,
  menu: null,
  aboutPanel: null,
  singleInstanceListeners: 0,
  netFetches: 0,
  windowEvents: [],
  pageEvents: [],
  windowShown: false,
  saveDialogs: [],
  openDialogs: [],
  messageBoxes: [],
  errorBoxes: [],
  notifications: [],
};
const listeners = {};
/** Every window main opened (the drive acts on the first). */
const windows = [];

/** app.getPath's names (https://www.electronjs.org/docs/latest/api/app#appgetpathname), each its own folder here. */
const PATH_NAMES = [
  'home',
  'appData',
  'userData',
  'sessionData',
  'temp',
  'exe',
  'module',
  'desktop',
  'documents',
  'downloads',
  'music',
  'pictures',
  'videos',
  'recent',
  'logs',
  'crashDumps',
];
const pathRoot = mkdtempSync(path.join(os.tmpdir(), 'fake-electron-'));
const paths = Object.fromEntries(PATH_NAMES.map((name) => [name, path.join(pathRoot, name)]));

// 'ready' is emitted once the main script's first turn is over, never during it.
let ready = false;
const whenReady = new Promise((resolve) =>
  setTimeout(() => {
    ready = true;
    resolve();
  }, 0),
);

export const app = {
  // FAKE_ELECTRON_PACKAGED=1 plays an installed app (what main must ignore there, e.g. MARKET_DESK_USER_DATA).
  isPackaged: process.env.FAKE_ELECTRON_PACKAGED === '1',
  setPath: (name, value) => {
    if (!path.isAbsolute(value)) throw new Error('Path must be absolute');
    if (!PATH_NAMES.includes(name)) throw new Error(`Failed to set path`);
    paths[name] = value;
    if (name === 'userData') record.userDataSet = value;
  },
  getPath: (name) => {
    if (!PATH_NAMES.includes(name)) throw new Error(`Failed to get '${name}' path`);
    return paths[name];
  },
  getVersion: () => '0.0.0-smoke',
  getName: () => 'market-desk',
  setAboutPanelOptions: (options) => {
    record.aboutPanel = options;
  },
  isReady: () => ready,
  whenReady: () => whenReady,
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
    if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    record.privileged = schemes;
  },
  handle: (scheme, handler) => {
    // protocol.handle is session.defaultSession.protocol.handle, and there is no session before 'ready'.
    if (!ready) throw new Error('Session can only be received when app is ready');
    if (record.handled.includes(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
    record.handled.push(scheme);
    record.handler = handler;
  },
};

export const ipcMain = {
  handle: (channel, fn) => {
    if (Object.hasOwn(record.ipc, channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    if (typeof fn !== 'function') throw new Error(`Expected handler to be a function, but found type '${typeof fn}'`);
    record.ipc[channel] = fn;
  },
  removeHandler: (channel) => {
    delete record.ipc[channel];
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
const safeAvailable = () => ready && (keyring === 'basic_text' ? usePlainText : true);
const sealWith = (tag, s) =>
  Buffer.from(`${keyring === 'basic_text' ? 'v10' : 'v11'}${tag}:${Buffer.from(s).toString('hex')}`);
export const safeStorage = {
  isEncryptionAvailable: safeAvailable,
  getSelectedStorageBackend: () => (!ready ? 'unknown' : keyring === 'basic_text' ? 'basic_text' : 'gnome_libsecret'),
  setUsePlainTextEncryption: (value) => {
    usePlainText = value;
  },
  encryptString: (s) => {
    if (!safeAvailable())
      throw new Error(
        'Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.',
      );
    if (keyring === 'locked') throw new Error('Error while encrypting the text provided to safeStorage.encryptString.');
    return sealWith(keyring === 'basic_text' ? 'peanuts' : 'keyring', s);
  },
  decryptString: (b) => {
    if (!safeAvailable())
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.',
      );
    const text = b.toString();
    if (!/^v1[01]/.test(text))
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString. Ciphertext does not appear to be encrypted.',
      );
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
      const res = await fetch(url, {
        method: req.method,
        headers: req.headers,
        body,
        redirect: 'manual',
        signal: req.signal,
      });
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

/** Alerts' desktop notifications (main/notify.ts): recorded when shown; the drive clicks one. */
export class Notification {
  static isSupported() {
    return true;
  }
  constructor(options = {}) {
    this.options = options;
    this.listeners = {};
    record.notifications.push(this);
  }
  on(event, fn) {
    (this.listeners[event] ??= []).push(fn);
    return this;
  }
  emit(event) {
    for (const fn of this.listeners[event] ?? []) fn({});
  }
  show() {
    this.shown = true;
  }
  close() {
    this.emit('close');
  }
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

/**
 * The dialogs (https://www.electronjs.org/docs/latest/api/dialog): each takes an optional window first. Answers
 * come from `script` (the drive fills it); unscripted, a save or open dialog is cancelled and a message box
 * answers its cancelId, as a user pressing Escape would.
 */
const script = { save: [], open: [], messageBox: [] };
const withoutWindow = (a, b) => (b === undefined ? a : b);
export const dialog = {
  showSaveDialog: async (a, b) => {
    const options = withoutWindow(a, b);
    record.saveDialogs.push(options);
    return script.save.shift() ?? { canceled: true, filePath: '' };
  },
  showOpenDialog: async (a, b) => {
    const options = withoutWindow(a, b);
    record.openDialogs.push(options);
    return script.open.shift() ?? { canceled: true, filePaths: [] };
  },
  showMessageBox: async (a, b) => {
    const options = withoutWindow(a, b);
    record.messageBoxes.push({ ...options, signal: undefined });
    const answer = options.signal?.aborted ? undefined : script.messageBox.shift();
    const response = typeof answer === 'function' ? answer(options) : (answer ?? options.cancelId ?? 0);
    return { response, checkboxChecked: false };
  },
  showErrorBox: (title, message) => {
    record.errorBoxes.push({ title, message });
    console.error(`${title}: ${message}`);
  },
};

/**
 * How often a page's repeating timer runs over `durationMs` (a 0 ms first run included) while its window is
 * in `state`, as Chromium schedules it: throttled only while the window is minimized or hidden and the
 * webContents allows background throttling (Electron's `backgroundThrottling`, default true); then after 5
 * minutes hidden, chained timers wake once a minute (Chrome's intensive wake-up throttling,
 * chromestatus.com/feature/4718288976216064). On Windows, hide() throttles even with throttling off
 * (electron/electron#31016, open); minimizing does not.
 */
export function pageTimerRuns({ allowed, state, platform = process.platform }, intervalMs, durationMs) {
  const throttled = state !== 'visible' && (allowed || (state === 'hidden' && platform === 'win32'));
  let runs = 0;
  for (let t = 0; t <= durationMs;) {
    runs += 1;
    let next = t + intervalMs;
    if (throttled && next >= 5 * 60_000) next = Math.ceil(next / 60_000) * 60_000;
    t = next;
  }
  return runs;
}

class FakeWebContents {
  sent = [];
  listeners = {};
  onceListeners = {};
  loading = false;
  constructor(webPreferences) {
    // Electron's default: throttle animations and timers when the page is in the background.
    this.backgroundThrottling = webPreferences?.backgroundThrottling ?? true;
  }
  getBackgroundThrottling() {
    return this.backgroundThrottling;
  }
  setBackgroundThrottling(allowed) {
    this.backgroundThrottling = allowed;
  }
  on(event, fn) {
    record.pageEvents.push(event);
    (this.listeners[event] ??= []).push(fn);
    return this;
  }
  once(event, fn) {
    (this.onceListeners[event] ??= []).push(fn);
    return this;
  }
  removeListener(event, fn) {
    for (const list of [this.listeners, this.onceListeners]) list[event] = (list[event] ?? []).filter((x) => x !== fn);
    return this;
  }
  emit(event, ...args) {
    const once = this.onceListeners[event] ?? [];
    this.onceListeners[event] = [];
    for (const fn of [...(this.listeners[event] ?? []), ...once]) fn(...args);
  }
  isLoading() {
    return this.loading;
  }
  reload() {}
  forcefullyCrashRenderer() {}
  setWindowOpenHandler() {}
  send(channel, payload) {
    this.sent.push({ channel, payload });
  }
}

export class BrowserWindow {
  constructor(options) {
    if (!ready) throw new Error('Cannot create BrowserWindow before app is ready');
    record.windowOptions = options;
    this.webContents = new FakeWebContents(options?.webPreferences);
    // Created hidden with `show: false` until show() (show-window.ts).
    this.state = options?.show === false ? 'hidden' : 'visible';
    const contents = {
      on: (event) => void record.webContentsEvents.push(event),
      setWindowOpenHandler: () => void (record.webContentsHardened += 1),
    };
    for (const fn of listeners['web-contents-created'] ?? []) fn({}, contents);
    this.listeners = {};
    windows.push(this);
  }
  // 'ready-to-show' is never emitted, as on Wayland for a hidden window (electron/electron#48859).
  once() {}
  on(event, fn) {
    record.windowEvents.push(event);
    (this.listeners[event] ??= []).push(fn);
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return this.state === 'minimized';
  }
  minimize() {
    this.state = 'minimized';
  }
  hide() {
    this.state = 'hidden';
  }
  isMaximized() {
    return false;
  }
  isVisible() {
    return this.state === 'visible';
  }
  getNormalBounds() {
    const { x = 0, y = 0, width, height } = record.windowOptions;
    return { x, y, width, height };
  }
  maximize() {}
  restore() {
    this.state = 'visible';
  }
  show() {
    this.state = 'visible';
    record.windowShown = true;
  }
  focus() {}
  loadURL(url) {
    record.loadedUrl ??= url;
    record.loadedUrls.push(url);
    this.webContents.loading = true;
    // The page loads: webContents emits 'did-finish-load'.
    setTimeout(() => {
      this.webContents.loading = false;
      this.webContents.emit('did-finish-load');
    }, 10);
    if (record.loadedUrls.length === 1) setTimeout(() => void drive(), 50);
    return Promise.resolve();
  }
}

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));
const attempt = (fn) => {
  try {
    fn();
    return 'accepted';
  } catch (e) {
    return String(e.message);
  }
};

/** Electron's own refusals, met by main's registrations: each is made once. */
function secondRegistrations(report) {
  report.secondIpcHandler = attempt(() => ipcMain.handle('market-desk:get-status', () => null));
  report.secondProtocolHandler = attempt(() => protocol.handle('app', () => new Response('')));
  report.unknownPath = attempt(() => app.getPath('nowhere'));
}

/** Save: the dialog drops the extension, the completed name exists; Cancel keeps it, Replace writes. */
async function drivesSave(report) {
  const downloads = app.getPath('downloads');
  report.downloads = downloads;
  mkdirSync(downloads, { recursive: true });
  const existing = path.join(downloads, 'report.csv');
  writeFileSync(existing, 'keep me');
  const request = { suggestedName: 'x.csv', mime: 'text/csv', bytes: new Uint8Array(Buffer.from('a,b\r\n')) };
  script.save.push({ canceled: false, filePath: path.join(downloads, 'report') });
  script.messageBox.push((o) => o.buttons.indexOf('Cancel'));
  const first = await record.ipc['market-desk:save-file'](fromApp, request);
  const kept = readFileSync(existing, 'utf8');
  const question = record.messageBoxes.at(-1)?.message;
  script.save.push({ canceled: false, filePath: path.join(downloads, 'report') });
  script.messageBox.push((o) => o.buttons.indexOf('Replace'));
  const replaced = await record.ipc['market-desk:save-file'](fromApp, request);
  report.save = {
    first,
    kept,
    question,
    dialogDefaultPath: record.saveDialogs[0]?.defaultPath,
    replaced,
    written: readFileSync(existing, 'utf8'),
  };
}

/**
 * A streamed export over IPC: a folder chosen, a new folder made, files written in chunks and renamed at
 * their end; a chunk over the cap refused (the export removed); a closed window's export removed. One
 * file: the save dialog, the chosen (existing, so confirmed) file kept until the export ends, then replaced.
 */
async function drivesExport(report) {
  const parent = path.join(app.getPath('downloads'), 'exports');
  mkdirSync(parent, { recursive: true });
  const call = async (channel, event, ...args) => {
    try {
      return (await record.ipc[`market-desk:${channel}`](event, ...args)) ?? null;
    } catch (e) {
      return { error: String(e.message) };
    }
  };
  const folderName = 'price-history-game-730';
  const files = ['price-history-730.csv', 'provenance.json'];
  const bytes = (s) => new Uint8Array(Buffer.from(s));
  script.open.push({ canceled: false, filePaths: [parent] });
  const opened = await call('export-open', fromApp, { folderName, files, estimateBytes: 100 });
  const id = opened.exportId;
  const partsWhileOpen = readdirSync(opened.path ?? parent).sort();
  await call('export-write', fromApp, { exportId: id, name: files[0], chunk: bytes('a,b\r\n') });
  await call('export-write', fromApp, { exportId: id, name: files[0], chunk: bytes('1,2\r\n') });
  await call('export-end', fromApp, { exportId: id, name: files[0] });
  await call('export-write', fromApp, { exportId: id, name: files[1], chunk: bytes('{}') });
  const ended = await call('export-end', fromApp, { exportId: id, name: files[1] });
  const dir = opened.path ?? parent;
  const written = Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
  );
  const foreign = await call(
    'export-write',
    { senderFrame: { url: 'https://evil.example/' } },
    { exportId: id, name: files[0], chunk: bytes('x') },
  );
  const afterEnd = await call('export-write', fromApp, { exportId: id, name: files[0], chunk: bytes('x') });

  script.open.push({ canceled: false, filePaths: [parent] });
  const big = await call('export-open', fromApp, { folderName, files, estimateBytes: 100 });
  const oversized = await call('export-write', fromApp, {
    exportId: big.exportId,
    name: files[0],
    chunk: new Uint8Array(32 * 1024 * 1024 + 1),
  });
  const aborted = await call('export-abort', fromApp, { exportId: big.exportId });

  const window = new FakeWebContents();
  script.open.push({ canceled: false, filePaths: [parent] });
  const fromClosing = { senderFrame: { url: 'app://market-desk/' }, sender: window };
  const closing = await call('export-open', fromClosing, { folderName, files, estimateBytes: 100 });
  await call('export-write', fromClosing, { exportId: closing.exportId, name: files[0], chunk: bytes('a,b\r\n') });
  window.emit('destroyed');
  await tick();

  const cancelled = await call('export-open', fromApp, { folderName, files, estimateBytes: 100 });
  const badName = await call('export-open', fromApp, { folderName, files: ['../x.csv'], estimateBytes: 100 });
  const openDialog = record.openDialogs.at(-1);

  const oneDir = path.join(app.getPath('downloads'), 'one');
  mkdirSync(oneDir, { recursive: true });
  const chosen = path.join(oneDir, 'prices.csv');
  writeFileSync(chosen, 'keep me');
  script.save.push({ canceled: false, filePath: chosen });
  const one = await call('export-open', fromApp, {
    folderName: 'market-desk-prices-730',
    files: ['prices-730.csv'],
    estimateBytes: 10,
  });
  await call('export-write', fromApp, { exportId: one.exportId, name: 'prices-730.csv', chunk: bytes('x,y\r\n') });
  const oneWhileOpen = { files: readdirSync(oneDir).sort(), kept: readFileSync(chosen, 'utf8') };
  const oneEnded = await call('export-end', fromApp, { exportId: one.exportId, name: 'prices-730.csv' });
  report.exportFiles = {
    opened: { opened: opened.opened, path: opened.path },
    partsWhileOpen,
    ended,
    written,
    foreign,
    afterEnd,
    oversized,
    aborted,
    cancelled,
    badName,
    openDialog,
    left: readdirSync(parent).sort(),
    oneFile: {
      opened: { opened: one.opened, path: one.path },
      saveDialog: record.saveDialogs.at(-1),
      whileOpen: oneWhileOpen,
      ended: oneEnded,
      left: readdirSync(oneDir).sort(),
      written: readFileSync(chosen, 'utf8'),
    },
  };
}

/** Notify: an alert's notification is shown, and its click reaches the page. */
async function drivesNotify(report) {
  const target = { game: 730, item: 'AK-47 | Redline (Field-Tested)', alertId: 'a1' };
  const result = await record.ipc['market-desk:notify'](fromApp, {
    title: 'AK-47 | Redline below $10',
    body: 'Now $9.50',
    target,
  });
  const shown = record.notifications.filter((n) => n.shown);
  shown.at(-1)?.emit('click');
  await tick();
  const clickSent = windows[0].webContents.sent.find((m) => m.channel === 'market-desk:notification-click');
  report.notify = { result, shown: shown.map((n) => ({ title: n.options.title, body: n.options.body })), clickSent };
}

/** Recovery: the page's process dies (reload, and a word to the user), then a load fails (error page). */
async function drivesRecovery(report) {
  const win = windows[0];
  const before = record.loadedUrls.length;
  win.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
  await tick();
  const reloadedAfterCrash = record.loadedUrls[before];
  const crashMessage = record.messageBoxes.find((m) => /stopped/.test(m.message))?.message;
  win.webContents.emit('did-fail-load', {}, -105, 'ERR_NAME_NOT_RESOLVED', 'app://market-desk/', true);
  await tick();
  report.recovery = {
    reloadedAfterCrash,
    crashMessage,
    errorPageAfterFailedLoad: record.loadedUrls.at(-1)?.startsWith('data:text/html') ?? false,
  };
}

/** The user minimizes the window for 10 minutes: how often does a 15 s page timer (the price polls) run? */
function drivesHiddenSchedule(report) {
  const win = windows[0];
  const before = win.state;
  win.minimize();
  const allowed = win.webContents.getBackgroundThrottling();
  report.hiddenSchedule = {
    backgroundThrottling: allowed,
    minimized: win.isMinimized(),
    runsIn10Min: pageTimerRuns({ allowed, state: win.state }, 15_000, 600_000),
    // The same window with Electron's default, for comparison.
    runsIn10MinByDefault: pageTimerRuns({ allowed: true, state: win.state }, 15_000, 600_000),
  };
  win.restore();
  win.state = before;
}

const fromApp = { senderFrame: { url: 'app://market-desk/' } };

async function drive() {
  const report = { ...record, handler: undefined, notifications: undefined };
  try {
    const index = await record.handler(new Request('app://market-desk/'));
    report.index = {
      status: index.status,
      csp: index.headers.get('content-security-policy'),
      type: index.headers.get('content-type'),
    };
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
    secondRegistrations(report);
    await drivesSave(report);
    await drivesExport(report);
    await drivesNotify(report);
    await drivesRecovery(report);
    drivesHiddenSchedule(report);
    report.errorBoxes = record.errorBoxes;
  } catch (e) {
    report.error = String(e?.stack ?? e);
  }
  console.log(`SMOKE-REPORT ${JSON.stringify(report)}`);
  process.exit(0);
}

export default {
  app,
  protocol,
  ipcMain,
  safeStorage,
  net,
  session,
  shell,
  dialog,
  BrowserWindow,
  Notification,
  Menu,
  nativeTheme,
  screen,
  clipboard,
};
