/** The window's webPreferences and the security handlers, driven with a fake Electron. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../../shared/api/status';
import { IPC } from '../common/ipc-channels';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { createIpcHandlers, isTrustedSender, registerIpc, type ConnectionCommands, type IpcEventLike } from './ipc';
import { SaveError, type FileSaver } from './save-files';
import {
  createWindowOpenHandler,
  hardenSession,
  hardenWebContents,
  isAllowedNavigation,
  onWillNavigate,
  onWillRedirect,
  userDataOverride,
  type SessionLike,
  type WebContentsLike,
} from './security';
import { isSafeExternalUrl } from '../../backend/external-url';
import { CONTENT_SECURITY_POLICY } from '../../backend/security-headers';
import { buildWebPreferences, buildWindowOptions } from './window';

describe('window options', () => {
  it('follow the Electron security checklist', () => {
    const prefs = buildWebPreferences('/app/dist/electron/preload.cjs', { devTools: false });
    expect(prefs).toMatchObject({
      preload: '/app/dist/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      devTools: false,
    });
    // The window gets exactly the checklist's preferences: a hand-written expectation, not the builder again.
    const options = buildWindowOptions('/p.cjs', { devTools: true });
    expect(options.show).toBe(false);
    expect(options.webPreferences).toStrictEqual({
      preload: '/p.cjs',
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
      devTools: true,
      // Not security: the price engine keeps its schedule while the window is minimized (window.ts).
      backgroundThrottling: false,
    });
  });

  it('the packaged binary has the hardening fuses off, under names electron-builder knows', () => {
    const yml = readFileSync(new URL('../../electron-builder.yml', import.meta.url), 'utf8');
    // The electronFuses block: its indented `key: value` lines, up to the next top-level key.
    const block = /^electronFuses:\n((?:[ \t]+.*\n|[ \t]*#.*\n)+)/m.exec(yml)?.[1] ?? '';
    const fuses = Object.fromEntries(
      [...block.matchAll(/^[ \t]+(\w+):[ \t]*(\w+)/gm)].map((m) => [m[1]!, m[2] === 'true']),
    );
    expect(fuses).toMatchObject({
      runAsNode: false,
      grantFileProtocolExtraPrivileges: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
    });
    // A misspelt key would be ignored by electron-builder, leaving the fuse at Electron's default.
    const scheme = createRequire(import.meta.url)('app-builder-lib/scheme.json') as {
      definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
    };
    for (const key of Object.keys(fuses)) expect(scheme.definitions.FuseOptionsV1.properties, key).toHaveProperty(key);
  });

  it('the app scheme is standard, secure, fetch-capable and streaming', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({ standard: true, secure: true, supportFetchAPI: true, stream: true });
  });
});

class FakeWebContents implements WebContentsLike {
  readonly listeners = new Map<string, (...args: never[]) => void>();
  openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  on(event: string, listener: (...args: never[]) => void): this {
    this.listeners.set(event, listener);
    return this;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  emit(event: string, ...args: unknown[]): void {
    (this.listeners.get(event) as ((...a: unknown[]) => void) | undefined)?.(...args);
  }
}

function preventable() {
  return { preventDefault: vi.fn() };
}

describe('web contents hardening', () => {
  it('denies navigation away from the app', () => {
    const contents = new FakeWebContents();
    const shell = { openExternal: vi.fn(async () => undefined) };
    hardenWebContents(contents, shell);
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'http://127.0.0.1:5180/',
      'app://other/',
      'javascript:alert(1)',
    ]) {
      const event = preventable();
      contents.emit('will-navigate', event, url);
      expect(event.preventDefault).toHaveBeenCalled();
    }
    const own = preventable();
    onWillNavigate(own, 'app://market-desk/index.html');
    expect(own.preventDefault).not.toHaveBeenCalled();
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('denies redirects away from the app, by the same rule as navigation', () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents, { openExternal: async () => undefined });
    expect(contents.listeners.get('will-redirect')).toBe(onWillRedirect);
    const urls = [
      'https://evil.example/',
      'http://127.0.0.1:5180/',
      'file:///etc/passwd',
      'app://other/',
      'app://market-desk.evil/',
      'data:text/html,x',
      'app://market-desk/',
      'app://market-desk/settings?x=1',
      'not a url',
    ];
    for (const url of urls) {
      const redirect = preventable();
      contents.emit('will-redirect', redirect, url);
      const navigate = preventable();
      contents.emit('will-navigate', navigate, url);
      expect(redirect.preventDefault.mock.calls.length, url).toBe(isAllowedNavigation(url) ? 0 : 1);
      expect(navigate.preventDefault.mock.calls.length, url).toBe(redirect.preventDefault.mock.calls.length);
    }
    expect(urls.filter(isAllowedNavigation)).toEqual(['app://market-desk/', 'app://market-desk/settings?x=1']);
  });

  it('MARKET_DESK_USER_DATA counts in development builds only', () => {
    expect(userDataOverride({ MARKET_DESK_USER_DATA: '/tmp/profile' }, false)).toBe('/tmp/profile');
    expect(userDataOverride({ MARKET_DESK_USER_DATA: '/tmp/profile' }, true)).toBeNull();
    expect(userDataOverride({ MARKET_DESK_USER_DATA: '' }, false)).toBeNull();
    expect(userDataOverride({}, false)).toBeNull();
  });

  it('denies every new window; https links go to the system browser, nothing else does', () => {
    const contents = new FakeWebContents();
    const shell = { openExternal: vi.fn(async () => undefined) };
    hardenWebContents(contents, shell);
    expect(contents.openHandler!({ url: 'https://steamcommunity.com/market/' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledWith('https://steamcommunity.com/market/');
    for (const url of [
      'http://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://x/y',
      'https://u:p@example.com/',
    ]) {
      expect(createWindowOpenHandler(shell)({ url })).toEqual({ action: 'deny' });
    }
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('denies <webview> attachment', () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents, { openExternal: async () => undefined });
    const event = preventable();
    contents.emit('will-attach-webview', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('denies every permission request and check', () => {
    let request: Parameters<SessionLike['setPermissionRequestHandler']>[0] | null = null;
    let check: Parameters<SessionLike['setPermissionCheckHandler']>[0] | null = null;
    hardenSession({
      setPermissionRequestHandler: (h) => (request = h),
      setPermissionCheckHandler: (h) => (check = h),
    });
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      request!(null, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(check!(null, permission)).toBe(false);
    }
  });

  it('allows clipboard writes only from the app itself', () => {
    let request: Parameters<SessionLike['setPermissionRequestHandler']>[0] | null = null;
    let check: Parameters<SessionLike['setPermissionCheckHandler']>[0] | null = null;
    hardenSession({
      setPermissionRequestHandler: (h) => (request = h),
      setPermissionCheckHandler: (h) => (check = h),
    });
    const granted = vi.fn();
    request!(null, 'clipboard-sanitized-write', granted, { requestingUrl: 'app://market-desk/index.html' });
    expect(granted).toHaveBeenCalledWith(true);
    const refused = vi.fn();
    request!(null, 'clipboard-sanitized-write', refused, { requestingUrl: 'https://evil.example/' });
    expect(refused).toHaveBeenCalledWith(false);
    expect(check!(null, 'clipboard-sanitized-write', 'app://market-desk')).toBe(true);
    expect(check!(null, 'clipboard-read', 'app://market-desk')).toBe(false);
  });

  it('isSafeExternalUrl accepts plain https only', () => {
    expect(isSafeExternalUrl('https://example.com/a?b=c')).toBe(true);
    for (const bad of [
      'http://example.com',
      'ftp://x',
      'https://user:pw@x.com',
      'not a url',
      42,
      `https://x.com/${'a'.repeat(3000)}`,
    ]) {
      expect(isSafeExternalUrl(bad)).toBe(false);
    }
  });
});

const STATUS: ConnectionStatus = {
  state: 'demo',
  baseUrl: '',
  message: 'm',
  action: 'a',
  hasKey: false,
  keyStorage: 'none',
  weakStorageOnly: false,
  nextRetryAt: null,
  since: 1,
};

function fakeConnection(): ConnectionCommands & { connect: ReturnType<typeof vi.fn> } {
  return {
    getStatus: () => STATUS,
    connect: vi.fn(async () => STATUS),
    useDemo: async () => STATUS,
    forgetKey: async () => STATUS,
    retryNow: async () => STATUS,
    requestUsage: () => ({
      origin: '',
      lastMinute: 1,
      today: 2,
      last30Days: 3,
      rateLimitedToday: 0,
      rateLimited30Days: 1,
      waitedMs30Days: 2000,
      stated: [],
      statedAt: null,
      problem: null,
    }),
  };
}

function fakeFiles(): FileSaver & { saveFile: ReturnType<typeof vi.fn>; saveFiles: ReturnType<typeof vi.fn> } {
  return {
    saveFile: vi.fn(async () => ({ saved: true, path: '/tmp/x.png' })),
    saveFiles: vi.fn(async () => ({ saved: true, path: '/tmp/x' })),
  };
}

const fromApp: IpcEventLike = { senderFrame: { url: 'app://market-desk/index.html' } };

describe('IPC handlers', () => {
  it('register one handler per bridge method', () => {
    const channels: string[] = [];
    registerIpc(
      { handle: (channel) => channels.push(channel) },
      { connection: fakeConnection(), openExternal: async () => undefined, files: fakeFiles() },
    );
    expect(channels.sort()).toEqual(
      [
        IPC.connect,
        IPC.forgetKey,
        IPC.getStatus,
        IPC.openExternal,
        IPC.retryNow,
        IPC.requestUsage,
        IPC.useDemo,
        IPC.saveFile,
        IPC.saveFiles,
        IPC.notify,
        IPC.steamInventory,
        IPC.steamInventoryCancel,
        IPC.exportOpen,
        IPC.exportWrite,
        IPC.exportEnd,
        IPC.exportAbort,
        IPC.getRates,
        IPC.setRatesSettings,
        IPC.refreshRates,
      ].sort(),
    );
  });

  it('answer the app page', async () => {
    const handlers = createIpcHandlers({
      connection: fakeConnection(),
      openExternal: async () => undefined,
      files: fakeFiles(),
    });
    expect(await handlers[IPC.getStatus](fromApp)).toEqual(STATUS);
    expect(await handlers[IPC.requestUsage](fromApp)).toMatchObject({ last30Days: 3, rateLimited30Days: 1 });
    expect(() => handlers[IPC.requestUsage]({ senderFrame: { url: 'https://evil.example/' } })).toThrow(
      /did not come from/,
    );
  });

  it.each([
    ['another origin', { senderFrame: { url: 'https://evil.example/' } }],
    ['another app host', { senderFrame: { url: 'app://evil/' } }],
    ['file://', { senderFrame: { url: 'file:///index.html' } }],
    ['a destroyed frame', { senderFrame: null }],
  ])('reject a sender from %s', (_name, event) => {
    const connection = fakeConnection();
    const handlers = createIpcHandlers({ connection, openExternal: async () => undefined, files: fakeFiles() });
    expect(isTrustedSender(event)).toBe(false);
    expect(() => handlers[IPC.getStatus](event)).toThrow(/did not come from the Market Desk window/);
    expect(() => handlers[IPC.connect](event, { baseUrl: '', apiKey: 'k' })).toThrow();
    expect(connection.connect).not.toHaveBeenCalled();
  });

  it.each([
    [[]],
    [[{ baseUrl: 5, apiKey: 'k' }]],
    [[{ baseUrl: '', apiKey: 'k'.repeat(5000) }]],
    [[{ baseUrl: '', apiKey: 'k' }, 'extra']],
    [['a string']],
  ])('zod rejects bad connect input %j', (args) => {
    const connection = fakeConnection();
    const handlers = createIpcHandlers({ connection, openExternal: async () => undefined, files: fakeFiles() });
    expect(() => handlers[IPC.connect](fromApp, ...args)).toThrow(/invalid request/);
    expect(connection.connect).not.toHaveBeenCalled();
  });

  it('passes a valid ConnectRequest on, parsed', async () => {
    const connection = fakeConnection();
    const handlers = createIpcHandlers({ connection, openExternal: async () => undefined, files: fakeFiles() });
    await handlers[IPC.connect](fromApp, { baseUrl: ' https://x.com ', apiKey: 'k' });
    // Hand-written: trimmed Base URL, and weak storage off unless the user accepted it.
    expect(connection.connect).toHaveBeenCalledWith({
      baseUrl: 'https://x.com',
      apiKey: 'k',
      acceptWeakStorage: false,
    });
  });

  it('rejects arguments on methods that take none', () => {
    const handlers = createIpcHandlers({
      connection: fakeConnection(),
      openExternal: async () => undefined,
      files: fakeFiles(),
    });
    expect(() => handlers[IPC.useDemo](fromApp, 'surprise')).toThrow(/invalid request/);
  });

  it('openExternal: https only', async () => {
    const openExternal = vi.fn(async () => undefined);
    const handlers = createIpcHandlers({ connection: fakeConnection(), openExternal, files: fakeFiles() });
    await handlers[IPC.openExternal](fromApp, 'https://example.com/');
    expect(openExternal).toHaveBeenCalledWith('https://example.com/');
    await expect(handlers[IPC.openExternal](fromApp, 'file:///etc/passwd')).rejects.toThrow(/only https/);
    expect(() => handlers[IPC.openExternal](fromApp, { url: 'https://x' })).toThrow(/invalid request/);
    expect(openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('IPC save handlers', () => {
  const png = {
    suggestedName: 'ak-47-sales-2026-11-23.png',
    mime: 'image/png',
    bytes: new Uint8Array([137, 80, 78, 71]),
  };

  it('pass a valid request on and answer what the saver says', async () => {
    const files = fakeFiles();
    const handlers = createIpcHandlers({ connection: fakeConnection(), openExternal: async () => undefined, files });
    await expect(handlers[IPC.saveFile](fromApp, png)).resolves.toEqual({ saved: true, path: '/tmp/x.png' });
    expect(files.saveFile).toHaveBeenCalledWith(png);
    const many = { folderName: 'sales-2026-11-23', files: [{ name: 'a.csv', bytes: new Uint8Array([65]) }] };
    await expect(handlers[IPC.saveFiles](fromApp, many)).resolves.toEqual({ saved: true, path: '/tmp/x' });
    expect(files.saveFiles).toHaveBeenCalledWith(many);
  });

  it('refuse other senders and invalid requests before any dialog opens', () => {
    const files = fakeFiles();
    const handlers = createIpcHandlers({ connection: fakeConnection(), openExternal: async () => undefined, files });
    expect(() => handlers[IPC.saveFile]({ senderFrame: { url: 'https://evil.example/' } }, png)).toThrow(
      /did not come from/,
    );
    const bad: unknown[] = [
      { ...png, suggestedName: '../../.bashrc.png' },
      { ...png, suggestedName: 'sub/dir.png' },
      { ...png, suggestedName: 'run.exe' },
      { ...png, bytes: 'not bytes' },
      { ...png, bytes: [1, 2, 3] },
    ];
    for (const request of bad)
      expect(() => handlers[IPC.saveFile](fromApp, request), JSON.stringify(request)).toThrow(/invalid request/);
    expect(() =>
      handlers[IPC.saveFiles](fromApp, { folderName: '..', files: [{ name: 'a.csv', bytes: new Uint8Array(1) }] }),
    ).toThrow(/invalid request/);
    expect(() =>
      handlers[IPC.saveFiles](fromApp, { folderName: 'ok', files: [{ name: '..\\a.csv', bytes: new Uint8Array(1) }] }),
    ).toThrow(/invalid request/);
    expect(files.saveFile).not.toHaveBeenCalled();
    expect(files.saveFiles).not.toHaveBeenCalled();
  });

  it('a SaveError reaches the page as its message; other failures stay generic', async () => {
    const files = fakeFiles();
    files.saveFile.mockRejectedValueOnce(new SaveError('The disk is full.'));
    files.saveFile.mockRejectedValueOnce(new Error("EACCES: permission denied, open '/home/me/secret.png'"));
    const handlers = createIpcHandlers({ connection: fakeConnection(), openExternal: async () => undefined, files });
    await expect(handlers[IPC.saveFile](fromApp, png) as Promise<unknown>).rejects.toThrow('The disk is full.');
    await expect(handlers[IPC.saveFile](fromApp, png) as Promise<unknown>).rejects.toThrow(
      'Market Desk could not complete that request.',
    );
  });
});

describe('app:// protocol handler', () => {
  it('sends a strict CSP on every response and routes /api/v2 to the gateway', async () => {
    const gateway = vi.fn(async () => new Response('{}', { status: 200 }));
    const handler = createAppProtocolHandler({ staticDir: '/nonexistent', gateway });
    const api = await handler(new Request('app://market-desk/api/v2/graphql', { method: 'POST', body: '{}' }));
    expect(gateway).toHaveBeenCalledTimes(1);
    expect(api.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const missing = await handler(new Request('app://market-desk/assets/missing.js'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const otherHost = await handler(new Request('app://elsewhere/api/v2/graphql', { method: 'POST', body: '{}' }));
    expect(otherHost.status).toBe(404);
    expect(gateway).toHaveBeenCalledTimes(1);
  });

  it('the CSP allows only self (no inline or remote script, no eval, no framing)', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
      'worker-src': "'self' blob:",
      'img-src': "'self' data: blob:",
      'style-src': "'self'",
    });
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
  });
});

describe('IPC errors', () => {
  it('reach the page as plain Errors with a user-facing message, internals hidden', async () => {
    const { ConnectRequestError } = await import('../../backend/connection');
    const connection = fakeConnection();
    connection.connect.mockRejectedValueOnce(new ConnectRequestError('Enter your API key.'));
    connection.connect.mockRejectedValueOnce(new Error('EACCES: /home/me/.config/market-desk/settings.json'));
    const handlers = createIpcHandlers({ connection, openExternal: async () => undefined, files: fakeFiles() });
    const first = handlers[IPC.connect](fromApp, { baseUrl: '', apiKey: '' }) as Promise<unknown>;
    await expect(first).rejects.toThrow('Enter your API key.');
    await first.catch((e: Error) => expect(e.name).toBe('Error'));
    await expect(handlers[IPC.connect](fromApp, { baseUrl: '', apiKey: '' }) as Promise<unknown>).rejects.toThrow(
      'Market Desk could not complete that request.',
    );
  });
});
