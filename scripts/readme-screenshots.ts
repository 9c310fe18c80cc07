/**
 * Refreshes the README's screenshots in docs/ (`npm run screenshots`): the app on the reference service's demo
 * data, in the web host and Debian's Chromium, at 1440x900. Tests never write to docs/; this script is the only
 * thing that does. `npm run screenshots -- alerts portfolio` takes only the named ones.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT, startBench } from '../e2e/bench/bench-utils';

const SIZE = { width: 1440, height: 900 };
const LOAD_TIMEOUT = 120_000;

async function settle(page: Page): Promise<void> {
  await page.mouse.move(5, SIZE.height - 10);
  await page.waitForTimeout(800);
}

async function grid(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#/prices`);
  await page.waitForSelector('[role="grid"][aria-rowcount]', { timeout: LOAD_TIMEOUT });
  await page.getByRole('searchbox').first().fill('ak redline');
  await page.getByRole('columnheader', { name: 'Spread %', exact: true }).click();
  await page.locator('[role="grid"]').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByTestId('detail-panel').getByText('Suggested price').first().waitFor({ timeout: LOAD_TIMEOUT });
  await settle(page);
}

async function analytics(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#/analytics`);
  await page.getByText('Top items by volume').first().waitFor({ timeout: LOAD_TIMEOUT });
  await page.waitForFunction(
    () => !document.body.textContent?.includes('Loading Counter-Strike 2 Steam analytics'),
    null,
    { timeout: LOAD_TIMEOUT },
  );
  await settle(page);
}

async function recommendations(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#/recommendations`);
  await page.waitForSelector('[data-testid="rec-list"]', { timeout: LOAD_TIMEOUT });
  await page.getByText('Buy deals', { exact: true }).click();
  // Deals need the live prices: wait until they are in and the list has rows beyond its header.
  await page.waitForFunction(
    () =>
      !document.body.textContent?.includes('loading live prices') &&
      document.querySelectorAll('[data-testid="rec-list"] [role="row"]').length > 5,
    null,
    { timeout: LOAD_TIMEOUT },
  );
  await settle(page);
}

/** A small portfolio imported as a trader's CSV would be, valued on the demo prices. */
async function portfolio(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#/portfolio`);
  await page.getByTestId('pf-empty').getByRole('button', { name: 'Import…' }).click();
  const csv = [
    'Item,Qty,Unit cost,Bought,Market',
    'AK-47 | Redline (Field-Tested),3,11.20,2026-03-02,BUFF163',
    'AWP | Asiimov (Field-Tested),1,92.00,2026-05-14,Steam',
    'M4A1-S | Printstream (Minimal Wear),1,185.50,2026-06-30,CSFloat',
    'Glock-18 | Water Elemental (Field-Tested),4,3.10,2026-08-09,Skinport',
    'Desert Eagle | Printstream (Field-Tested),2,41.75,2026-09-21,BUFF163',
    'Operation Bravo Case,25,9.40,2026-02-11,Steam',
    'Sticker | Crown (Foil),1,620.00,2025-12-01,CSFloat',
  ].join('\n');
  const dialog = page.getByTestId('pf-import-dialog');
  await dialog
    .getByLabel(/^CSV file \(/)
    .setInputFiles({ name: 'holdings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: /^Import \d+ rows?$/ }).click();
  await page.getByTestId('pf-holding-row').first().waitFor({ timeout: LOAD_TIMEOUT });
  // Valued once the sell-now tile holds a figure (it shows "—" while the prices load).
  await page.waitForFunction(
    () => /\d/.test(document.querySelector('.pf-tile[data-measure="sellNow"] .pf-tile__value')?.textContent ?? ''),
    null,
    { timeout: LOAD_TIMEOUT },
  );
  await page
    .getByRole('button', { name: 'Undo' })
    .waitFor({ state: 'hidden', timeout: 15_000 })
    .catch(() => undefined);
  await settle(page);
}

/** Three alerts made as a user makes them (A on a grid row, a line 5 % under the best ask now), then the Alerts page. */
async function alerts(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#/prices`);
  await page.waitForSelector('[role="grid"][aria-rowcount]', { timeout: LOAD_TIMEOUT });
  const names = ['AK-47 | Redline (Field-Tested)', 'AWP | Asiimov (Field-Tested)', 'Operation Bravo Case'];
  for (const name of names) {
    await page.getByRole('searchbox', { name: 'Search items' }).fill(`"${name}"`);
    const row = page.locator('[role="row"]').filter({ has: page.locator('.pg__name', { hasText: name }) });
    await row.first().locator('.pg__name').click();
    await page.keyboard.press('a');
    const editor = page.getByTestId('alert-editor');
    const ask = editor.getByTestId('alert-editor-now').locator('strong').first();
    await ask.waitFor({ timeout: LOAD_TIMEOUT });
    const now = Number((await ask.innerText()).replace(/[^0-9.]/g, ''));
    await editor.getByRole('textbox', { name: /^Ask below/ }).fill((now * 0.95).toFixed(2));
    await editor.getByRole('button', { name: 'Create alert' }).click();
    await editor.waitFor({ state: 'hidden' });
  }
  await page.keyboard.press('Control+4');
  await page
    .getByTestId('alert-row')
    .nth(names.length - 1)
    .waitFor({ timeout: LOAD_TIMEOUT });
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="alert-now"]:not([data-value=""])').length >= n,
    names.length,
    { timeout: LOAD_TIMEOUT },
  );
  await page
    .getByTestId('alerts-toast')
    .waitFor({ state: 'hidden', timeout: LOAD_TIMEOUT })
    .catch(() => undefined);
  await settle(page);
}

const SHOTS: Array<[string, (page: Page, url: string) => Promise<void>]> = [
  ['screenshot-grid.png', grid],
  ['screenshot-analytics.png', analytics],
  ['screenshot-recommendations.png', recommendations],
  ['screenshot-portfolio.png', portfolio],
  ['screenshot-alerts.png', alerts],
];
const wanted = process.argv.slice(2);

const bench = await startBench();
try {
  for (const [file, drive] of SHOTS.filter(([f]) => wanted.length === 0 || wanted.some((w) => f.includes(w)))) {
    const page = await bench.browser.newPage({ viewport: SIZE });
    await drive(page, bench.host.launchUrl);
    await page.screenshot({ path: path.join(ROOT, 'docs', file) });
    await page.close();
    console.log(`docs/${file}`);
  }
} finally {
  await bench.close();
}
