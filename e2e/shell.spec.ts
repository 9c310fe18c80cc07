/**
 * The UI shell in real Chromium against the web host and the reference service:
 * demo data on first run, a wrong key (clear message, nothing lost, app keeps working), a right key
 * (connected, data), data across token expiry (broker refresh), and keyboard use.
 *
 * Screenshots of every status: MDS_SHELL_SCREENSHOTS=1 npx playwright test e2e/shell.spec.ts --project=connected
 * (written to test-results/…/).
 */
import type { Page, Response } from '@playwright/test';
import { API_PATHS, GRAPHQL_PATH } from '../shared/api/schema';
import { publishedMarkets } from '../shared/catalog/markets';
import { expect, test } from './fixtures';
import { refusedAskMarkets, refusedBidMarkets } from './served-markets';

const WRONG_KEY = 'definitely-not-a-valid-key-0000';
/** Tokens live 3 s in this file (spec: 2 h), so every test also runs across token refreshes by the broker. */
const TOKEN_TTL_SECONDS = 3;

// The shell flows start on demo data and connect through Settings, as a new user does (in the "connected"
// project, to a separately started service).
// The price history is never read here: no recording (fixtures.ts, recordHistory).
test.use({ recordHistory: false, serviceOptions: { tokenTtlSeconds: TOKEN_TTL_SECONDS }, startConnected: false });

const pill = (page: Page) => page.getByTestId('status-pill');
const baseUrlField = (page: Page) => page.getByLabel('Base URL', { exact: true });
const apiKeyField = (page: Page) => page.getByLabel('API key', { exact: true });

/** The app's default names this (published-names) service refuses: discovery asks for them and is refused. */
const REFUSED_NAMES = [
  ...new Set([...refusedAskMarkets(publishedMarkets()), ...refusedBidMarkets(publishedMarkets())]),
];

/**
 * Console errors and page errors (CSP violations show up here). Chromium logs every 400 answer as a
 * console error; market discovery gets 400s on purpose (the request naming a refused market, and its
 * probes), so a 400 of a data path is not an error when its request named a name the service refuses,
 * and is one (with its body) otherwise. Likewise a 503 of a data path is expected when its request was in
 * flight as the connection changed (the old connection's requests are cancelled: backend/gateway.ts), and
 * is an error with any other body.
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  const isData = (url: string) => API_PATHS.some((p) => url.endsWith(p));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (/status of (400 \(Bad Request\)|503 \(Service Unavailable\))/.test(m.text()) && isData(m.location().url))
      return;
    errors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() === 503 && isData(r.url()))
      void r.text().then(
        (text) => {
          if (!text.includes('"UNAVAILABLE"') || !text.includes('The request was cancelled.'))
            errors.push(`503 from ${r.url()}: ${text.slice(0, 300)}`);
        },
        () => errors.push(`503 from ${r.url()} with no body`),
      );
    if (r.status() !== 400 || !isData(r.url())) return;
    const body = r.request().postData() ?? '';
    if (!REFUSED_NAMES.some((n) => body.includes(`"${n}"`)))
      errors.push(`400 from ${r.url()} without a refused market name: ${body.slice(0, 300)}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function openSettings(page: Page): Promise<void> {
  await page.getByRole('link', { name: /^Settings/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

/** Presses "Test connection" and waits for data that came through /api/v2 in this press. */
async function expectDataFlows(page: Page, opts: { demo: boolean }): Promise<void> {
  // The Test connection's own query: the market engine polls prices through the same path meanwhile.
  const answered = page.waitForResponse(
    (r: Response) =>
      r.url().endsWith(GRAPHQL_PATH) &&
      r.request().method() === 'POST' &&
      /query ConnectionCheck\b/.test(r.request().postData() ?? ''),
  );
  await page.getByRole('button', { name: 'Test connection' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const outcome = page.getByTestId('test-outcome');
  await expect(outcome).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
  await expect(outcome).toContainText(/Received [\d,]+ Counter-Strike 2 items/);
  if (opts.demo) await expect(outcome).toContainText('(demo data)');
  else await expect(outcome).not.toContainText('(demo data)');
  const rows = page.getByTestId('sample-table').locator('tbody tr');
  await expect(rows).toHaveCount(6);
  await expect(rows.first()).toContainText('$');
}

test('starts on demo data, says so, and data flows through /api/v2', async ({ page, appUrl }) => {
  const errors = watchErrors(page);
  await page.goto(appUrl);
  await expect(page.getByText('Market Desk', { exact: true })).toBeVisible();
  await expect(pill(page)).toHaveAttribute('data-state', 'demo');
  await expect(pill(page)).toContainText('Demo data');
  const banner = page.getByTestId('status-banner');
  await expect(banner).toContainText('Showing demo data from the built-in reference service.');
  await expect(banner.getByRole('button', { name: 'Open Settings' })).toBeVisible();
  await expect(page.getByTestId('status-bar')).toContainText('Demo (built-in reference service)');
  await expect(page.getByRole('link', { name: /^Prices/ })).toHaveAttribute('aria-current', 'page');

  await banner.getByRole('button', { name: 'Open Settings' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByTestId('current-status')).toHaveAttribute('data-state', 'demo');
  await expect(baseUrlField(page)).toHaveAttribute('placeholder', /Embedded reference service/);
  await expect(apiKeyField(page)).toHaveAttribute('type', 'password');
  await expect(page.getByTestId('key-storage')).toContainText('not encrypted');
  await expect(page.getByRole('checkbox', { name: 'Store it anyway, without OS encryption' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forget key' })).toHaveCount(0);
  await expectDataFlows(page, { demo: true });

  // The game switch changes what is asked for, and is remembered.
  await page.getByRole('radio', { name: 'TF2' }).click();
  await expect(page.getByRole('radio', { name: 'TF2' })).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'TF2' })).toHaveAttribute('aria-checked', 'true');

  expect(errors).toEqual([]);
});

test('a wrong key: clear message inline, typed values kept, app keeps working', async ({ page, appUrl, service }) => {
  const connects: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/app/connect')) connects.push(r.postData() ?? '');
  });
  await page.goto(`${appUrl}#/settings`);
  await expect(pill(page)).toHaveAttribute('data-state', 'demo');

  // Bad input is caught before anything is sent.
  await baseUrlField(page).fill('api.example.com');
  await apiKeyField(page).fill(WRONG_KEY);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'full web address' })).toBeVisible();
  await expect(baseUrlField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(baseUrlField(page)).toBeFocused();
  await baseUrlField(page).fill('http://api.example.com');
  await expect(page.getByRole('alert').filter({ hasText: 'https://' })).toBeVisible();
  expect(connects).toEqual([]);

  // A well-formed address and a key the service refuses.
  await baseUrlField(page).fill(service.url);
  await expect(baseUrlField(page)).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const outcome = page.getByTestId('connect-outcome');
  await expect(outcome).toHaveAttribute('role', 'alert');
  await expect(outcome).toContainText('The service rejected your API key.');
  await expect(outcome).toContainText('API Keys');
  expect(connects).toHaveLength(1);

  // Nothing typed is lost…
  await expect(baseUrlField(page)).toHaveValue(service.url);
  await expect(apiKeyField(page)).toHaveValue(WRONG_KEY);
  // …and the app keeps working on demo data.
  await expect(pill(page)).toHaveAttribute('data-state', 'demo');
  await expect(outcome).toContainText('keeps showing demo data');
  await expectDataFlows(page, { demo: true });
  await page.getByRole('link', { name: /^Prices/ }).click();
  await expect(page.getByRole('link', { name: /^Prices/ })).toHaveAttribute('aria-current', 'page');

  // The key never lands in the page's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(WRONG_KEY);
});

test('the right key: connected, data from the service, field cleared; forget returns to demo', async ({
  page,
  appUrl,
  service,
}) => {
  const errors = watchErrors(page);
  await page.goto(appUrl);
  await expect(pill(page)).toHaveAttribute('data-state', 'demo');
  await openSettings(page);
  await baseUrlField(page).fill(`${service.url}/api/v2/`);
  await apiKeyField(page).fill(service.userKey);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(apiKeyField(page)).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();

  const outcome = page.getByTestId('connect-outcome');
  await expect(outcome).toHaveAttribute('role', 'status');
  await expect(outcome).toContainText(`Connected to ${service.url}`);
  await expect(pill(page)).toHaveAttribute('data-state', 'connected');
  await expect(pill(page)).toContainText('Live');
  await expect(page.getByTestId('status-banner')).toHaveCount(0);
  // The key field is emptied (and hidden again); the Base URL shows the normalized address.
  await expect(apiKeyField(page)).toHaveValue('');
  await expect(apiKeyField(page)).toHaveAttribute('type', 'password');
  await expect(baseUrlField(page)).toHaveValue(service.url);
  await expect(page.getByTestId('status-bar')).toContainText(new URL(service.url).host);
  await expectDataFlows(page, { demo: false });

  // Forget asks first: the key can't be recovered, so a stray click must not cost it.
  const forget = page.getByRole('button', { name: 'Forget key…', exact: true });
  await expect(forget).toBeVisible();
  await forget.click();
  const question = page.getByTestId('forget-key-confirm');
  await expect(question).toContainText('Forget your API key?');
  await expect(question).toContainText('type it again');
  await expect(question.getByRole('button', { name: 'Keep key' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep key' }).click();
  await expect(question).toHaveCount(0);
  await expect(pill(page)).toHaveAttribute('data-state', 'connected');
  await expectDataFlows(page, { demo: false });
  // Escape keeps it too.
  await forget.click();
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(pill(page)).toHaveAttribute('data-state', 'connected');

  await forget.click();
  await question.getByRole('button', { name: 'Forget key', exact: true }).click();
  await expect(pill(page)).toHaveAttribute('data-state', 'demo');
  await expect(outcome).toContainText('Key forgotten');
  await expect(page.getByRole('button', { name: /Forget key/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('across token expiry: data keeps flowing (the broker refreshes the token)', async ({ page, appUrl, service }) => {
  await page.goto(`${appUrl}#/settings`);
  await baseUrlField(page).fill(service.url);
  await apiKeyField(page).fill(service.userKey);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(pill(page)).toHaveAttribute('data-state', 'connected');
  await expectDataFlows(page, { demo: false });
  for (let round = 0; round < 2; round++) {
    // The service's clock jumps past the token's lifetime (no real sleep): the token the broker holds is
    // now expired for the service, so data can only flow if the broker notices and gets a new one.
    await service.advanceClock((TOKEN_TTL_SECONDS + 1.5) * 1000);
    await expectDataFlows(page, { demo: false });
    await expect(pill(page)).toHaveAttribute('data-state', 'connected');
  }
});

test('keyboard: tab order, visible focus, shortcuts to Settings and back', async ({ page, appUrl }) => {
  await page.goto(appUrl);
  await expect(pill(page)).toHaveAttribute('data-state', 'demo');
  // Shortcut hints are shown in the UI.
  await expect(page.getByRole('link', { name: /^Settings/ })).toContainText(/(Ctrl|⌘)\+,/);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Prices/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Analytics/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Recommendations/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Alerts/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Portfolio/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /^Scanner/ })).toBeFocused();
  await page.keyboard.press('Tab');
  const settingsLink = page.getByRole('link', { name: /^Settings/ });
  await expect(settingsLink).toBeFocused();
  const outline = await settingsLink.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(baseUrlField(page)).toBeFocused();
  await page.keyboard.type('https://api.example.com');
  await page.keyboard.press('Tab');
  await expect(apiKeyField(page)).toBeFocused();
  await page.keyboard.press('Tab');
  const toggle = page.getByRole('button', { name: 'Show' });
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(apiKeyField(page)).toHaveAttribute('type', 'text');

  // Esc leaves Settings when no field is being typed in.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: /^Prices/ })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Control+Comma');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Control+1');
  await expect(page.getByRole('link', { name: /^Prices/ })).toHaveAttribute('aria-current', 'page');

  // The game switch is a radio group: arrow keys move the choice.
  await page.getByRole('radio', { name: 'CS2' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'TF2' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'TF2' })).toBeFocused();
  await page.keyboard.press('Alt+Shift+Digit4');
  await expect(page.getByRole('radio', { name: 'Rust' })).toHaveAttribute('aria-checked', 'true');
});

test.describe('screenshots', () => {
  test.skip(!process.env.MDS_SHELL_SCREENSHOTS, 'set MDS_SHELL_SCREENSHOTS=1 to take them');

  test('every status, main frame and Settings', async ({ page, appUrl, service }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    const shot = async (name: string) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
    };
    const both = async (name: string) => {
      await page.goto(`${appUrl}#/prices`);
      await page.waitForTimeout(1500);
      await shot(`main-${name}`);
      await page.goto(`${appUrl}#/settings`);
      await shot(`settings-${name}`);
    };
    const connect = async (baseUrl: string, key: string) => {
      await page.goto(`${appUrl}#/settings`);
      await baseUrlField(page).fill(baseUrl);
      await apiKeyField(page).fill(key);
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(page.getByTestId('connect-outcome')).toBeVisible({ timeout: 30_000 });
    };

    await page.goto(appUrl);
    await expect(pill(page)).toHaveAttribute('data-state', 'demo');
    await both('demo');
    // The main frame with the grid loaded (its whole-catalog load can take a while on a busy machine).
    await page.goto(`${appUrl}#/prices`);
    await expect(page.getByText(/^Loading .* prices/)).toHaveCount(0, { timeout: 100_000 });
    await page.waitForTimeout(1500);
    await shot('grid-loaded');

    await connect(service.url, WRONG_KEY);
    await shot('settings-wrong-key');

    await connect(service.url, service.userKey);
    await expectDataFlows(page, { demo: false });
    await shot('settings-connected-tested');
    await both('connected');

    await service.setFaults({ errorRate: 1 });
    await page.goto(`${appUrl}#/settings`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(pill(page)).toHaveAttribute('data-state', 'server-error', { timeout: 30_000 });
    await both('server-error');
    await service.setFaults({ errorRate: 0 });

    await connect('http://127.0.0.1:9', service.demoKey);
    await expect(pill(page)).toHaveAttribute('data-state', /offline|server-error/, { timeout: 30_000 });
    await both('offline');
  });
});
