/**
 * The desktop app through Playwright's _electron: the same flows as the web host plus the Electron security
 * checklist (isolation, sandbox, no Node in the page, CSP, navigation and new windows denied).
 *
 * Runs only where Electron's binary is installed; elsewhere every test is skipped with the reason (the
 * "web" project covers the same app in Chromium), unless MDS_ELECTRON_REQUIRED=1 (the release workflow),
 * where a missing binary fails every test. On Linux CI without a display run under xvfb-run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { findElectronBinary } from '../scripts/electron-binary.mjs';
import { DESKTOP_BRIDGE_KEYS } from './bridge-keys';
import { GRAPHQL_PATH } from '../shared/api/schema';
import { CONTENT_SECURITY_POLICY } from '../backend/security-headers';
import { inlineScriptRuns } from './page-checks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const binary = findElectronBinary();
const JWT_PATTERN = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/;

const required = process.env.MDS_ELECTRON_REQUIRED === '1';

const SKIP_REASON =
  'Electron binary not installed (node_modules/electron has no dist/; Electron 45 downloads it on first use). To ' +
  'run these tests, on a machine that can download from GitHub or ELECTRON_MIRROR: `node node_modules/electron/install.js` ' +
  '(or `npm start` once), `npm run build`, then `npx playwright test --project electron` (on Linux without a display: ' +
  '`xvfb-run -a npx playwright test --project electron`). The same app is covered in Chromium by the "web" project.';
// The list reporter shows skipped tests without their reason; say it once, plainly.
if (binary === null && !required && !process.env.MDS_ELECTRON_SKIP_TOLD) {
  process.env.MDS_ELECTRON_SKIP_TOLD = '1';
  console.warn(`[electron] skipped: ${SKIP_REASON}`);
}
test.skip(binary === null && !required, SKIP_REASON);
test.describe.configure({ mode: 'serial' });

let app: ElectronApplication;
let page: Page;
let userData: string;

test.beforeAll(async () => {
  if (binary === null) throw new Error(`MDS_ELECTRON_REQUIRED=1 but ${SKIP_REASON}`);
  userData = mkdtempSync(path.join(os.tmpdir(), 'market-desk-e2e-'));
  app = await electron.launch({
    executablePath: binary,
    args: [root],
    env: { ...process.env, MARKET_DESK_USER_DATA: userData },
  });
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app?.close();
  if (userData) rmSync(userData, { recursive: true, force: true });
});

test('loads the app from app://market-desk, not file://', async () => {
  expect(page.url()).toMatch(/^app:\/\/market-desk\//);
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('the window is shown (created hidden, shown when ready: show-window.ts)', async () => {
  await expect
    .poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.isVisible())))
    .toEqual([true]);
});

// Electron 45 has no API to read back a window's webPreferences; buildWebPreferences is unit-tested, and
// here their effects are checked: no Node globals (nodeIntegration off, sandbox), and a bridge that exists
// only through contextBridge (which refuses to work without context isolation) with proxied functions.
test('no Node in the page; the bridge is named methods only, through contextBridge', async () => {
  const globals = await page.evaluate(() => {
    const bridge = (window as unknown as { marketDesk: Record<string, unknown> }).marketDesk;
    return {
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      module: typeof (window as unknown as { module?: unknown }).module,
      bridge: Object.keys(bridge).sort(),
      host: bridge.host,
      // contextBridge hands the page proxies of main-world functions: their source reads [native code].
      notProxied: Object.entries(bridge)
        .filter(
          ([key, value]) => key !== 'host' && !(typeof value === 'function' && String(value).includes('[native code]')),
        )
        .map(([key]) => key),
    };
  });
  expect(globals).toEqual({
    require: 'undefined',
    process: 'undefined',
    module: 'undefined',
    bridge: DESKTOP_BRIDGE_KEYS,
    host: 'electron',
    notProxied: [],
  });
  expect(DESKTOP_BRIDGE_KEYS).toEqual(
    expect.arrayContaining([
      'getStatus',
      'onStatus',
      'retryNow',
      'saveFile',
      'saveFiles',
      'notify',
      'onNotificationClick',
      'fetchSteamInventory',
    ]),
  );
});

test('starts on demo data and serves the API through the gateway', async () => {
  await expect
    .poll(() =>
      page.evaluate(
        async () =>
          (
            await (
              window as unknown as { marketDesk: { getStatus(): Promise<{ state: string }> } }
            ).marketDesk.getStatus()
          ).state,
      ),
    )
    .toBe('demo');
  const answer = await page.evaluate(async (graphql) => {
    const res = await fetch(graphql, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-token': 'forged' },
      body: JSON.stringify({ query: '{ getPriceRecommendations { market_hash_name } }' }),
    });
    return { status: res.status, text: await res.text() };
  }, GRAPHQL_PATH);
  expect(answer.status).toBe(200);
  expect(answer.text).toContain('market_hash_name');
  expect(answer.text).not.toMatch(JWT_PATTERN);
});

test('a rejected key is reported, not stored, and never reaches the page', async () => {
  const status = await page.evaluate(() =>
    (
      window as unknown as { marketDesk: { connect(r: object): Promise<{ state: string; hasKey: boolean }> } }
    ).marketDesk.connect({
      baseUrl: '',
      apiKey: 'definitely-not-a-key',
      acceptWeakStorage: false,
    }),
  );
  expect(status).toMatchObject({ state: 'key-rejected', hasKey: false });
  expect(JSON.stringify(status)).not.toContain('definitely-not-a-key');
  await page.evaluate(() =>
    (window as unknown as { marketDesk: { useDemo(): Promise<unknown> } }).marketDesk.useDemo(),
  );
});

test('CSP header on app responses; inline script is blocked', async () => {
  const csp = await page.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
  expect(csp).toBe(CONTENT_SECURITY_POLICY);
  expect(await inlineScriptRuns(page)).toBe(false);
});

test('navigation away from the app is denied; window.open makes no window', async () => {
  const before = page.url();
  await page.evaluate(() => {
    window.location.href = 'http://example.com/';
  });
  await page.waitForTimeout(500);
  expect(page.url()).toBe(before);
  // Not https, so nothing is handed to the system browser either.
  const opened = await page.evaluate(() => window.open('http://example.com/') === null);
  expect(opened).toBe(true);
  expect(app.windows()).toHaveLength(1);
});
