/**
 * Price history from polling (project "connected": a separate reference service with a frozen clock that
 * the test moves): the history grows with each refresh after the simulated market moves, the detail
 * panel's chart draws it, the grid's sparkline shows it, and a reload keeps it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { grid, openGrid, rowOf, showOnly } from './grid-page';

const NAME = 'AK-47 | Redline (Field-Tested)';

async function points(page: Page): Promise<number> {
  const meta = page.getByTestId('history-meta');
  if ((await meta.count()) === 0) return 0;
  return Number(await meta.getAttribute('data-points'));
}

async function refreshDone(page: Page): Promise<void> {
  const btn = page.getByRole('button', { name: 'Refresh prices' });
  await expect(btn).toBeEnabled({ timeout: 60_000 });
  await btn.click();
  await expect(btn).toBeEnabled({ timeout: 90_000 });
}

test('history grows with polls, the chart and sparkline show it, a reload keeps it', async ({ page, appUrl, service }) => {
  test.setTimeout(240_000);
  await openGrid(page, appUrl);
  const row = await showOnly(page, NAME);
  await row.getByRole('button', { name: `Open details for ${NAME}` }).click();
  const panel = page.getByTestId('detail-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(NAME);
  const section = panel.getByTestId('history-section');
  await expect(section).toBeVisible();

  // The first load is recorded (after paint, in the worker): the item's baseline.
  await expect.poll(() => points(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await panel.getByTestId('history-meta').getAttribute('data-first');
  const p0 = await points(page);

  // The market moves (every 5 minutes of service time); each refresh records what changed.
  let p = p0;
  for (let i = 0; i < 6 && p <= p0; i++) {
    await service.advanceClock(30 * 60_000);
    await refreshDone(page);
    await expect.poll(() => points(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(p);
    await page.waitForTimeout(500);
    p = await points(page);
  }
  expect(p).toBeGreaterThan(p0);
  // The chart draws lines (best ask at least) and has a range picker reachable by keyboard.
  const chart = panel.getByTestId('history-chart');
  await expect(chart.locator('.recharts-line-curve').first()).toBeVisible();
  expect(await chart.locator('.recharts-line-curve').count()).toBeGreaterThanOrEqual(2);
  const ranges = panel.getByRole('radiogroup', { name: 'History range' });
  await ranges.getByRole('radio', { name: '1h' }).focus();
  await page.keyboard.press('Enter');
  await expect(ranges.getByRole('radio', { name: '1h' })).toHaveAttribute('aria-checked', 'true');
  await expect(panel.getByTestId('history-meta')).toHaveAttribute('data-first', first ?? '');

  // The sparkline column (hidden behind the panel at this width) draws the item's best ask.
  await panel.getByRole('button', { name: 'Close details' }).click();
  await expect(rowOf(page, NAME).locator('.spark polyline')).toHaveCount(1, { timeout: 15_000 });

  // A reload (restart) keeps the history: the same first point, at least as many points.
  await page.reload();
  await expect(grid(page)).toBeVisible({ timeout: 90_000 });
  const again = await showOnly(page, NAME);
  await again.getByRole('button', { name: `Open details for ${NAME}` }).click();
  await expect(panel.getByTestId('history-meta')).toHaveAttribute('data-first', first ?? '', { timeout: 30_000 });
  expect(await points(page)).toBeGreaterThanOrEqual(p);
  await expect(panel.getByTestId('history-chart').locator('.recharts-line-curve').first()).toBeVisible();
});

test('empty state and clear history in Settings', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}#/settings`);
  const card = page.getByTestId('history-settings');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('history-usage')).toContainText('History uses about');
  const clear = card.getByRole('button', { name: 'Clear history…' });
  if (await clear.isEnabled()) {
    await clear.click();
    await card.getByRole('button', { name: 'Delete history' }).click();
    await expect(card.getByTestId('history-usage')).toContainText('(0 records');
  }
  await openGrid(page, `${appUrl}#/`);
  const row = await showOnly(page, NAME);
  await row.getByRole('button', { name: `Open details for ${NAME}` }).click();
  // Either still empty or the fresh load's baseline already arrived.
  await expect(page.getByTestId('history-empty').or(page.getByTestId('history-meta'))).toBeVisible({ timeout: 30_000 });
});
