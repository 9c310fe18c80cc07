/**
 * The Scanner page end to end (project "connected": the reference service as its own process, prices moving
 * with its clock): Ctrl+6 opens it, "cross-market to buy order" ranks live routes by net profit from the
 * grid's poll, a poll at the next price epoch counts each route that is still there one poll more, and a
 * route's row opens the item's detail panel. Screenshots at 1280x800 and 900x700 go to .cache/shots/ (ignored).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const EPOCH_MS = 5 * 60_000;
const SHOTS = path.resolve('.cache', 'shots');

test.setTimeout(300_000);

const table = (page: Page) => page.getByTestId('scanner-routes');

async function rows(page: Page): Promise<Array<{ key: string; profit: string; polls: number }>> {
  return table(page)
    .locator('[role="row"][data-route]')
    .evaluateAll((els) =>
      els.map((el) => ({
        key: el.getAttribute('data-route') ?? '',
        profit: el.querySelector('[data-col="profit"]')?.textContent ?? '',
        polls: Number(el.querySelector('[data-col="polls"]')?.textContent ?? 'NaN'),
      })),
    );
}

test('the scanner ranks live routes, counts their persistence and opens an item', async ({ page, appUrl, service }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(appUrl);
  await expect(page.locator('main')).toBeVisible({ timeout: 90_000 });
  await page.keyboard.press('Control+6');
  await expect(page.getByTestId('scanner-screen')).toBeVisible();
  await expect(page.getByTestId('scanner-rule')).toHaveValue('cross-to-buy-order');
  // The reference service computes no trust before a second poll: take every quote for this check.
  await page.getByTestId('scanner-trusted-only').uncheck();
  await expect(table(page).or(page.getByTestId('scanner-empty'))).toBeVisible({ timeout: 90_000 });
  await expect(table(page)).toBeVisible();
  const first = await rows(page);
  expect(first.length).toBeGreaterThan(0);
  expect(first.every((r) => r.polls === 1)).toBe(true);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'scanner-1280x800.png') });

  await service.advanceClock(EPOCH_MS);
  const before = await page.getByTestId('scanner-count').textContent();
  await page.getByRole('button', { name: 'Refresh prices' }).click();
  await expect.poll(() => page.getByTestId('scanner-count').textContent(), { timeout: 60_000 }).not.toBe(before);
  const second = await rows(page);
  const kept = second.filter((r) => first.some((f) => f.key === r.key));
  for (const r of kept) expect(r.polls).toBe(2);
  expect(kept.length).toBeGreaterThan(0);
  // Rows are windowed: a route shown now but not before may have been below the window; none counts past 2.
  expect(second.every((r) => r.polls === 1 || r.polls === 2)).toBe(true);

  await page.setViewportSize({ width: 900, height: 700 });
  await page.screenshot({ path: path.join(SHOTS, 'scanner-900x700.png') });

  await table(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('detail-panel')).toBeVisible();
});
