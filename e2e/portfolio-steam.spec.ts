/**
 * "Fetch from Steam" end to end (project "connected"): the page asks the web host, the web host's fetcher
 * reads a local Steam stand-in (backend/testing/steam-standin.ts: Steam's inventory address and answers,
 * with fixtures written in this repository) page by page, waits out a 429's Retry-After, and the grouped
 * holdings come back to the preview and into the portfolio; a private profile says so. The stand-in shows
 * the fetch what Steam shows a visitor (no trade-protected items, no items acquired in the last 10 days, no
 * lock dates), and the dialog says so; the owner's saved inventory file brings the lock dates. The stand-in
 * records every request: none carries the market data service's key or token.
 *
 * Dates: the page runs on the fixtures' clock (FIXTURE_NOW, as the stand-in does), never on today's, so
 * the lock column is checked on every run.
 */
import type { Page } from '@playwright/test';
import { startSteamStandin, type SteamStandin } from '../backend/testing/steam-standin';
import {
  FIXTURE_CONTEXT_2,
  FIXTURE_NOW,
  FIXTURE_PRIVATE_ID,
  FIXTURE_VANITY,
  inventoryPage,
} from '../shared/steam/test-fixtures';
import { expect, test as base } from './fixtures';

const test = base.extend<{ standin: SteamStandin }>({
  // Pages of 5 items, and one 429 (Retry-After: 1) on context 2's second page (after the 5th asset a visitor sees).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this (empty) pattern
  standin: async ({}, use) => {
    const standin = await startSteamStandin({
      pageSize: 5,
      rateLimit: { context: '2', start: '40000000007', retryAfter: '1', times: 1 },
    });
    await use(standin);
    await standin.close();
  },
  webHostOptions: async ({ standin }, use) => {
    await use({ steamUrl: standin.url });
  },
});

test.use({ recordHistory: false, viewport: { width: 1440, height: 1000 } });

const rowOf = (page: Page, name: string) =>
  page.getByTestId('pf-holding-row').filter({ has: page.locator('[data-col="name"]', { hasText: name }) });

test('fetches a public inventory through the host, page by page and past a 429, saying what a visitor cannot see; a private one says so', async ({
  page,
  appUrl,
  standin,
  service,
}) => {
  await page.clock.install({ time: FIXTURE_NOW });
  await page.goto(`${appUrl}#/portfolio`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({ timeout: 60_000 });

  await page.getByTestId('pf-empty').getByRole('button', { name: 'Fetch from Steam…' }).click();
  const dialog = page.getByTestId('pf-steam-dialog');
  const profile = dialog.getByLabel('Steam profile link or SteamID64');
  // Before anything is fetched: what a public fetch cannot see.
  await expect(dialog.getByTestId('pf-steam-visibility')).toContainText('trade-protected items');
  await expect(dialog.getByTestId('pf-steam-visibility')).toContainText('in the last 10 days');

  // A private profile: a sentence, nothing to import.
  await profile.fill(`https://steamcommunity.com/profiles/${FIXTURE_PRIVATE_ID}`);
  await dialog.getByRole('button', { name: 'Fetch' }).click();
  await expect(dialog.getByTestId('pf-steam-problem')).toContainText(/private/i, { timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

  // A vanity link: resolved, then both contexts read; the 429 is waited out and said.
  await profile.fill(`https://steamcommunity.com/id/${FIXTURE_VANITY}/`);
  await dialog.getByRole('button', { name: 'Fetch' }).click();
  await expect(dialog.getByTestId('pf-steam-progress')).toContainText('Steam asked to slow down', { timeout: 30_000 });
  const accept = dialog.getByRole('button', { name: /^Import \d+ holdings?$/ });
  await expect(accept).toBeVisible({ timeout: 60_000 });
  // What Steam shows a visitor: Fracture Case x7 (one stack of 4), the Redlines, the coin; not the AWPs
  // bought in the last 10 days, not the trade-protected Printstream. The result says what is missing.
  await expect(accept).toHaveText('Import 3 holdings');
  const notes = dialog.getByTestId('pf-steam-notes');
  await expect(notes).toContainText(
    'Trade-protected items (inventory context 16) are shown to their owner only and are not included.',
  );
  await expect(notes).toContainText('bought or received in a trade in the last 10 days');
  await accept.click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('pf-holding-row')).toHaveCount(3);
  await expect(rowOf(page, 'Fracture Case').locator('[data-col="quantity"]')).toHaveText('7');
  await expect(rowOf(page, 'AK-47 | Redline (Field-Tested)').locator('[data-col="quantity"]')).toHaveText('2');
  await expect(rowOf(page, 'AK-47 | Redline (Field-Tested)').locator('[data-col="locked"]')).toHaveText('—');

  // The owner's own saved inventory file has what a visitor is not shown: the AWPs and their lock date,
  // read against the page's clock (FIXTURE_NOW, 2026-11-25 12:00 UTC; lock end 2026-12-01 07:00 UTC: 6 days).
  await page.getByRole('button', { name: 'Import…' }).click();
  const imp = page.getByTestId('pf-import-dialog');
  await imp.getByLabel('Steam inventory JSON file').check();
  const saved = inventoryPage(
    FIXTURE_CONTEXT_2.filter((a) => a.classid === '3003'),
    0,
    2000,
  );
  await imp.getByLabel(/^Inventory JSON saved from/).setInputFiles({
    name: 'inventory.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(saved)),
  });
  await imp.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(imp).toBeHidden();
  await expect(rowOf(page, 'AWP | Asiimov (Field-Tested)').locator('[data-col="quantity"]')).toHaveText('2');
  await expect(rowOf(page, 'AWP | Asiimov (Field-Tested)').locator('[data-col="locked"]')).toHaveText(/\(6 d\)$/);

  // What went to Steam: inventory pages of both contexts, the 429'd page asked again, and no key or token.
  const inventory = standin.requests.filter((r) => r.path.includes('/inventory/'));
  expect(inventory.some((r) => r.path.endsWith('/730/2'))).toBe(true);
  expect(inventory.some((r) => r.path.endsWith('/730/16'))).toBe(true);
  expect(inventory.filter((r) => r.query.start_assetid === '40000000007').length).toBe(2);
  for (const r of standin.requests) {
    expect(r.headers['api-token']).toBeUndefined();
    expect(r.headers.authorization).toBeUndefined();
    expect(r.headers.cookie).toBeUndefined();
    expect(JSON.stringify(r.headers)).not.toContain(service.userKey);
  }
});
