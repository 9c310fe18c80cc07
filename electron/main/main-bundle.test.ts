/**
 * Smoke test of the BUNDLED Electron main process (esbuild output, as shipped), run in plain Node with a
 * fake `electron` module (testing/fake-electron.mjs): the bundle loads, registers the privileged app://
 * scheme, starts the embedded service, serves the renderer with the CSP, answers IPC only from the app
 * origin, and streams API data through the gateway. The real Electron run is e2e/electron.spec.ts.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMain } from '../../scripts/build.mjs';
import { CONTENT_SECURITY_POLICY } from '../../backend/security-headers';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'market-desk-main-'));
const mainFile = path.join(tmp, 'electron', 'main.js');

beforeAll(async () => {
  // The packaged layout: electron/main.js next to renderer/ and service-data/.
  await buildMain(mainFile);
  mkdirSync(path.join(tmp, 'renderer'), { recursive: true });
  writeFileSync(path.join(tmp, 'renderer', 'index.html'), '<!doctype html><title>Market Desk</title>');
  symlinkSync(path.join(root, 'service', 'data'), path.join(tmp, 'service-data'));
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs the bundle under the fake Electron and returns its SMOKE-REPORT plus everything it printed. */
async function runBundle(env: Record<string, string>): Promise<{ report: Record<string, unknown>; stdout: string }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', path.join(here, 'testing', 'fake-electron-loader.mjs'), mainFile],
    { env: { ...process.env, ...env }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('SMOKE-REPORT '));
  expect(line, stdout).toBeDefined();
  return { report: JSON.parse(line!.slice('SMOKE-REPORT '.length)) as Record<string, unknown>, stdout };
}

describe('bundled main process (fake Electron)', () => {
  it('starts, serves app:// with the CSP, and keeps IPC to the app origin', async () => {
    const { report, stdout } = await runBundle({ MARKET_DESK_USER_DATA: path.join(tmp, 'user-data') });
    expect(report.error).toBeUndefined();
    expect(report.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
    expect(report.handled).toEqual(['app']);
    expect(report.loadedUrl).toBe('app://market-desk/');
    expect(report.permissionHandlers).toBe(2);
    expect(report.webContentsHardened).toBe(1);
    expect(report.webContentsEvents).toEqual(
      expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview']),
    );
    // A development build honours MARKET_DESK_USER_DATA (tests rely on it).
    expect(report.userDataSet).toBe(path.join(tmp, 'user-data'));
    expect(report.windowOptions).toMatchObject({
      show: false,
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        preload: path.join(tmp, 'electron', 'preload.cjs'),
      },
    });
    // Desktop niceties: one instance, the standard menus with About, a window sized to fit the display.
    expect(report.singleInstanceListeners).toBe(1);
    expect(report.menu).toEqual(
      process.platform === 'darwin'
        ? ['appMenu', 'fileMenu', 'editMenu', 'View', 'windowMenu']
        : ['fileMenu', 'editMenu', 'View', 'windowMenu', 'help'],
    );
    expect(report.aboutPanel).toMatchObject({ applicationName: 'Market Desk', applicationVersion: '0.0.0-smoke' });
    expect(report.windowOptions).toMatchObject({ width: 1440, height: 900, backgroundColor: '#0f1216' });
    // The fake never emits 'ready-to-show' (as on Wayland): on Linux the window is shown once its page has loaded.
    if (process.platform === 'linux') expect(report.windowShown).toBe(true);
    expect(report.index).toEqual({ status: 200, csp: CONTENT_SECURITY_POLICY, type: 'text/html; charset=utf-8' });
    expect(report.status).toMatchObject({ state: 'demo', baseUrl: '' });
    expect(report.api).toMatchObject({ status: 200, isArray: true });
    expect((report.api as { bytes: number }).bytes).toBeGreaterThan(100_000);
    expect(report.foreignSender).toMatch(/did not come from the Market Desk window/);
    expect(report.rejected).toMatchObject({ state: 'key-rejected', hasKey: false });
    // Upstream requests go through Electron's net.fetch (Chromium's stack), never Node's own fetch.
    expect(report.netFetchesAtEnd).toBeGreaterThan(0);
    // The window's crash, failed-load and hang handling is wired (window-recovery.ts).
    expect(report.pageEvents).toEqual(
      expect.arrayContaining(['render-process-gone', 'did-fail-load', 'will-navigate']),
    );
    expect(report.windowEvents).toEqual(expect.arrayContaining(['unresponsive', 'responsive']));
    // Minimized for 10 minutes, the page's 15 s schedule keeps running (41 runs: at 0 s, then every 15 s);
    // Electron's default would have throttled it to once a minute after 5 minutes (26 runs).
    expect(report.hiddenSchedule).toEqual({
      backgroundThrottling: false,
      minimized: true,
      runsIn10Min: 41,
      runsIn10MinByDefault: 26,
    });
    expect(stdout).not.toMatch(/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/);
  });

  it('runs the save, notify and recovery paths against dialogs and notifications that behave as Electron\u2019s', async () => {
    const { report } = await runBundle({ MARKET_DESK_USER_DATA: path.join(tmp, 'paths-user-data') });
    expect(report.error).toBeUndefined();
    // Electron refuses a second handler for a channel or scheme: main registers each once.
    expect(report.secondIpcHandler).toBe("Attempted to register a second handler for 'market-desk:get-status'");
    expect(report.secondProtocolHandler).toBe('Failed to register protocol: app');
    expect(report.unknownPath).toBe("Failed to get 'nowhere' path");
    // Save: the dialog dropped the extension and report.csv exists: the user is asked, and the file kept.
    expect(report.save).toMatchObject({
      first: { saved: false },
      kept: 'keep me',
      question: expect.stringContaining('report.csv'),
      dialogDefaultPath: path.join(report.downloads as string, 'x.csv'),
      replaced: { saved: true },
      written: 'a,b\r\n',
    });
    // A streamed export over IPC: a new folder in the one chosen, files as .part until they end, then renamed.
    const exportsDir = path.join(report.downloads as string, 'exports');
    expect(report.exportFiles).toEqual({
      opened: { opened: true, path: path.join(exportsDir, 'price-history-game-730') },
      partsWhileOpen: ['price-history-730.csv.part', 'provenance.json.part'],
      ended: null,
      written: { 'price-history-730.csv': 'a,b\r\n1,2\r\n', 'provenance.json': '{}' },
      foreign: { error: expect.stringMatching(/did not come from the Market Desk window/) },
      afterEnd: { error: 'That export is no longer open.' },
      // A chunk over the 32 MiB cap is refused before anything is written; the aborted export leaves nothing.
      oversized: { error: 'Refused: invalid request.' },
      aborted: null,
      // The user closed the folder dialog.
      cancelled: { opened: false },
      badName: { error: 'Refused: invalid request.' },
      // The dialog opens where the last export went.
      openDialog: expect.objectContaining({
        properties: ['openDirectory', 'createDirectory'],
        defaultPath: exportsDir,
      }),
      // Only the finished export is left: the aborted one and the closed window's are removed.
      left: ['price-history-game-730'],
      // One file: the save dialog (Linux asked to confirm a replace), a .part beside the existing file, which
      // is replaced only when the export ends.
      oneFile: {
        opened: { opened: true, path: path.join(report.downloads as string, 'one', 'prices.csv') },
        saveDialog: expect.objectContaining({
          defaultPath: path.join(exportsDir, 'prices-730.csv'),
          filters: [{ name: 'CSV table', extensions: ['csv'] }],
          properties: ['showOverwriteConfirmation', 'createDirectory'],
        }),
        whileOpen: { files: ['prices.csv', 'prices.csv.part'], kept: 'keep me' },
        ended: null,
        left: ['prices.csv'],
        written: 'x,y\r\n',
      },
    });
    // Notify: shown; its click brings the window forward and tells the page which alert.
    expect(report.notify).toMatchObject({
      result: { shown: true },
      shown: [{ title: 'AK-47 | Redline below $10', body: 'Now $9.50' }],
      clickSent: {
        channel: 'market-desk:notification-click',
        payload: { game: 730, item: 'AK-47 | Redline (Field-Tested)', alertId: 'a1' },
      },
    });
    // Recovery: a crashed page is reloaded and the user told; a failed load shows the built-in error page.
    expect(report.recovery).toMatchObject({
      reloadedAfterCrash: 'app://market-desk/',
      crashMessage: expect.stringContaining('stopped unexpectedly'),
      errorPageAfterFailedLoad: true,
    });
    expect(report.errorBoxes).toEqual([]);
  });

  it('a packaged app ignores MARKET_DESK_USER_DATA', async () => {
    const { report } = await runBundle({
      MARKET_DESK_USER_DATA: path.join(tmp, 'elsewhere'),
      FAKE_ELECTRON_PACKAGED: '1',
    });
    expect(report.error).toBeUndefined();
    expect(report.userDataSet).toBeNull();
    expect(report.status).toMatchObject({ state: 'demo' });
  });

  it('a locked keyring: the stored key is kept, the status says to unlock and retry', async () => {
    const userData = path.join(tmp, 'locked-user-data');
    mkdirSync(userData, { recursive: true });
    // A record as main stores it (fake-electron's keyring format): the key and its Base URL in one ciphertext.
    const payload = JSON.stringify({ v: 2, baseUrl: 'https://api.example.test', key: 'sk_live_locked' });
    const sealed = Buffer.from(`v11keyring:${Buffer.from(payload).toString('hex')}`).toString('base64');
    const settings = JSON.stringify({ connection: { v: 2, sealed, osEncrypted: true } });
    writeFileSync(path.join(userData, 'settings.json'), settings);
    const { report } = await runBundle({ MARKET_DESK_USER_DATA: userData, FAKE_ELECTRON_KEYRING: 'locked' });
    expect(report.error).toBeUndefined();
    expect(report.status).toMatchObject({
      state: 'demo',
      keyStorage: 'keyring-locked',
      hasKey: true,
      message: 'The keyring is locked: unlock it and retry.',
    });
    expect(report.retried).toMatchObject({ state: 'demo', keyStorage: 'keyring-locked' });
    expect(JSON.parse(readFileSync(path.join(userData, 'settings.json'), 'utf8'))).toEqual(JSON.parse(settings));
  });
});
