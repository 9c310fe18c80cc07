/**
 * Smoke test of the BUNDLED Electron main process (esbuild output, as shipped), run in plain Node with a
 * fake `electron` module (testing/fake-electron.mjs): the bundle loads, registers the privileged app://
 * scheme, starts the embedded service, serves the renderer with the CSP, answers IPC only from the app
 * origin, and streams API data through the gateway. The real Electron run is e2e/electron.spec.ts.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMain } from '../../scripts/build.mjs';
import { CONTENT_SECURITY_POLICY } from './security-headers';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'market-desk-main-'));

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('bundled main process (fake Electron)', () => {
  it('starts, serves app:// with the CSP, and keeps IPC to the app origin', async () => {
    // The packaged layout: electron/main.js next to renderer/ and service-data/.
    const mainFile = path.join(tmp, 'electron', 'main.js');
    await buildMain(mainFile);
    mkdirSync(path.join(tmp, 'renderer'), { recursive: true });
    writeFileSync(path.join(tmp, 'renderer', 'index.html'), '<!doctype html><title>Market Desk</title>');
    symlinkSync(path.join(root, 'service', 'data'), path.join(tmp, 'service-data'));

    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', path.join(here, 'testing', 'fake-electron-loader.mjs'), mainFile],
      { env: { ...process.env, MARKET_DESK_USER_DATA: path.join(tmp, 'user-data') }, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const line = stdout.split('\n').find((l) => l.startsWith('SMOKE-REPORT '));
    expect(line, stdout).toBeDefined();
    const report = JSON.parse(line!.slice('SMOKE-REPORT '.length)) as Record<string, unknown>;
    expect(report.error).toBeUndefined();
    expect(report.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
    expect(report.handled).toEqual(['app']);
    expect(report.loadedUrl).toBe('app://market-desk/');
    expect(report.permissionHandlers).toBe(2);
    expect(report.webContentsHardened).toBe(1);
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
    expect(report.index).toEqual({ status: 200, csp: CONTENT_SECURITY_POLICY, type: 'text/html; charset=utf-8' });
    expect(report.status).toMatchObject({ state: 'demo', baseUrl: '' });
    expect(report.api).toMatchObject({ status: 200, isArray: true });
    expect((report.api as { bytes: number }).bytes).toBeGreaterThan(100_000);
    expect(report.foreignSender).toMatch(/did not come from the Market Desk window/);
    expect(report.rejected).toMatchObject({ state: 'key-rejected', hasKey: false });
    expect(stdout).not.toMatch(/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/);
  });
});
