/**
 * Price history from polling (project "connected": a separate reference service with a frozen clock that
 * the test moves): the history grows with each refresh after the simulated market moves, the detail
 * panel's chart draws it, the grid's sparkline shows it, and a reload keeps it. The Steam analytics
 * medians are recorded when the detail panel or the Analytics page loads them, and shown beside them.
 */
import type { Locator, Page } from '@playwright/test';
import { REST_PATHS } from '../shared/api/schema';
import type { SteamAnalytics } from '../shared/api/types';
import { formatMoney, MISSING } from '../shared/money/money';
import { expect, test } from './fixtures';
import { apiToken, grid, openGrid, postService, rowOf, showOnly } from './grid-page';
import type { TestService } from './separate-service';

const NAME = 'AK-47 | Redline (Field-Tested)';
/** The service clock stands still unless a test moves it: the page and direct API calls see the same figures. */
const T0 = Date.UTC(2025, 5, 2, 9, 0, 0);
test.use({ serviceOptions: { clock: () => T0 } });
/** An SVG path with at least one segment. */
const DRAWN = /^M[\d.,-]+L/;

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

test('history grows with polls, the chart and sparkline show it, a reload keeps it', async ({
  page,
  appUrl,
  service,
}) => {
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
  // A refresh is recorded after paint, in the worker, and the chart reads again after that: polled.
  let p = p0;
  for (let i = 0; i < 3 && p <= p0; i++) {
    await service.advanceClock(30 * 60_000);
    await refreshDone(page);
    p = await expect
      .poll(() => points(page), { timeout: 20_000 })
      .toBeGreaterThan(p0)
      .then(
        () => points(page),
        () => points(page),
      );
  }
  expect(p).toBeGreaterThan(p0);
  // The chart draws lines (best ask at least) and has a range picker reachable by keyboard. A line is
  // checked by its path, not its box: a flat line has a box of no height, which Playwright calls hidden.
  const chart = panel.getByTestId('history-chart');
  await expect(chart.locator('.recharts-line-curve').first()).toHaveAttribute('d', DRAWN);
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
  await expect(panel.getByTestId('history-chart').locator('.recharts-line-curve').first()).toHaveAttribute('d', DRAWN);
});

test('clear history in Settings: the recorded history goes, and the chart starts afresh', async ({ page, appUrl }) => {
  // Something to clear: the first load's baseline of the item.
  await openGrid(page, appUrl);
  const row = await showOnly(page, NAME);
  await row.getByRole('button', { name: `Open details for ${NAME}` }).click();
  await expect.poll(() => points(page), { timeout: 30_000 }).toBeGreaterThan(0);

  await page.goto(`${appUrl.split('?')[0]}#/settings`);
  const card = page.getByTestId('history-settings');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('history-usage')).not.toContainText('(0 chunks', { timeout: 30_000 });
  await expect(card.getByTestId('history-usage')).toContainText(/History uses about .* \([1-9][\d,]* chunks/);
  const clear = card.getByRole('button', { name: 'Clear history…' });
  await expect(clear).toBeEnabled();
  await clear.click();
  const clearedAt = Date.now();
  await card.getByRole('button', { name: 'Delete history' }).click();
  await expect(card.getByTestId('history-usage')).toContainText('(0 chunks');
  await expect(clear).toBeDisabled();

  // Back on the item: nothing from before the clear (empty, or only a baseline recorded after it).
  await openGrid(page, `${appUrl.split('?')[0]}#/`);
  const again = await showOnly(page, NAME);
  await again.getByRole('button', { name: `Open details for ${NAME}` }).click();
  const empty = page.getByTestId('history-empty');
  const meta = page.getByTestId('history-meta');
  await expect(empty.or(meta)).toBeVisible({ timeout: 30_000 });
  if (await meta.isVisible())
    expect(Number(await meta.getAttribute('data-first'))).toBeGreaterThanOrEqual(clearedAt - 1000);
});

test('two tabs: one records the price history, the other says so and takes over when it closes', async ({
  page,
  appUrl,
}) => {
  test.setTimeout(120_000);
  const settings = `${appUrl.split('?')[0]}#/settings`;
  await page.goto(appUrl);
  await page.goto(settings);
  await expect(page.getByTestId('history-writer')).toHaveAttribute('data-writer', 'this', { timeout: 30_000 });
  // A second tab of the same browser (same storage, same Web Locks).
  const second = await page.context().newPage();
  await second.goto(settings);
  await expect(second.getByTestId('history-writer')).toHaveAttribute('data-writer', 'other', { timeout: 30_000 });
  await expect(second.getByTestId('history-writer')).toContainText(
    'Another Market Desk tab or window records the price history',
  );
  await expect(page.getByTestId('history-writer')).toHaveAttribute('data-writer', 'this');
  // The Web Lock is held by the first tab alone (the browser's own view of it).
  const held = await second.evaluate(async () => {
    const q = await navigator.locks.query();
    return {
      held: (q.held ?? []).filter((l) => l.name === 'market-desk-history-writer').length,
      waiting: (q.pending ?? []).filter((l) => l.name === 'market-desk-history-writer').length,
    };
  });
  expect(held).toEqual({ held: 1, waiting: 1 });
  await page.close();
  await expect(second.getByTestId('history-writer')).toHaveAttribute('data-writer', 'this', { timeout: 30_000 });
});

test('Settings shows whether the browser keeps the storage (navigator.storage.persist)', async ({ page, appUrl }) => {
  await page.goto(appUrl);
  await page.goto(`${appUrl.split('?')[0]}#/settings`);
  const line = page.getByTestId('storage-persistence');
  await expect(line).not.toHaveAttribute('data-state', 'unknown', { timeout: 30_000 });
  const persisted = await page.evaluate(() => navigator.storage.persisted());
  await expect(line).toHaveAttribute('data-state', persisted ? 'persisted' : 'not-persisted');
  await expect(line).toContainText(
    persisted ? 'Kept: the browser will not delete' : 'Not protected: the browser may delete',
  );
});

/** The item's Steam medians as the API answers now (a fresh token: the test moves the clock by days). */
async function apiMedians(service: TestService): Promise<{ latest: number; m90: number }> {
  const token = await apiToken(service.url, service.userKey);
  const rows = (await postService(service.url, token, REST_PATHS.steamAnalytics, { game_id: 730 })) as SteamAnalytics[];
  const row = rows.find((r) => r.market_hash_name === NAME);
  if (!row) throw new Error(`${NAME} is not in the Steam analytics`);
  return { latest: row.sales.latest_median_price_sold, m90: row.sales.median_price_90d };
}

/** A history table column's values, oldest first, each run of equal values once ('' = no value). */
async function columnRuns(table: Locator, key: string): Promise<string[]> {
  const cells = await table
    .locator(`tbody td[data-key="${key}"]`)
    .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value') ?? ''));
  const runs: string[] = [];
  for (const v of cells.reverse()) if (runs[runs.length - 1] !== v) runs.push(v);
  return runs;
}

const LATEST = 's:latest_median_price_sold';
const M90 = 's:median_price_90d';
const money = (v: number) => formatMoney(v, { decimals: 2, symbol: '$' });

test('Steam medians loaded by the detail panel and by Analytics are recorded and shown in the history', async ({
  page,
  appUrl,
  service,
}) => {
  test.setTimeout(300_000);
  await openGrid(page, appUrl);
  const openPanel = async () => {
    const row = await showOnly(page, NAME);
    await row.getByRole('button', { name: `Open details for ${NAME}` }).click();
    const panel = page.getByTestId('detail-panel');
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(NAME);
    return panel;
  };
  let panel = await openPanel();
  // The panel's Steam analytics look-up (the whole game, once) loads; its medians are recorded.
  const first = await apiMedians(service);
  await expect(panel.getByRole('region', { name: 'Steam analytics' })).toContainText(money(first.latest), {
    timeout: 60_000,
  });
  const section = panel.getByTestId('history-section');
  await section.getByRole('button', { name: 'Table' }).click();
  const table = section.getByTestId('history-table');
  await expect(table.locator('thead')).toContainText('Steam median (latest sold)', { timeout: 30_000 });
  await expect.poll(() => columnRuns(table, LATEST), { timeout: 30_000 }).toContain(String(first.latest));

  // The simulated market moves on by days until the item's latest median changes.
  let next = first;
  for (let d = 0; d < 5 && next.latest === first.latest; d++) {
    await service.advanceClock(24 * 3600_000);
    next = await apiMedians(service);
  }
  expect(next.latest).not.toBe(first.latest);

  // Analytics loads the whole game's Steam analytics afresh: every item's medians are recorded (the
  // detail panel's kept answer, older, adds nothing when it is shown again).
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: /^Analytics/ }).click();
  await expect(page.getByTestId('analytics-meta')).toBeVisible({ timeout: 120_000 });
  await nav.getByRole('link', { name: /^Prices/ }).click();
  await expect(grid(page)).toBeVisible({ timeout: 60_000 });
  panel = await openPanel();
  const section2 = panel.getByTestId('history-section');
  await section2.getByRole('button', { name: 'Table' }).click();
  const table2 = section2.getByTestId('history-table');
  const expected = (a: number, b: number) => (a === b ? [String(a)] : [String(a), String(b)]);
  // Oldest first: no value before the first load (the grid's first poll came before it), then each load's.
  const noneFirst = (runs: string[]) => (runs[0] === '' ? runs.slice(1) : runs);
  await expect
    .poll(async () => noneFirst(await columnRuns(table2, LATEST)), { timeout: 30_000 })
    .toEqual(expected(first.latest, next.latest));
  expect(noneFirst(await columnRuns(table2, M90))).toEqual(expected(first.m90, next.m90));
  // Shown as money in the table (the newest row first) and drawn as their own lines in the chart.
  const newest = table2.locator('tbody tr').first();
  await expect(newest.locator(`td[data-key="${LATEST}"]`)).toHaveText(money(next.latest));
  await expect(newest.locator(`td[data-key="${M90}"]`)).toHaveText(money(next.m90));
  const chart = section2.getByTestId('history-chart');
  const legend = section2.getByTestId('history-legend');
  await expect(legend.getByRole('listitem').filter({ hasText: 'Steam median (latest sold)' })).toHaveCount(1);
  await expect(legend.getByRole('listitem').filter({ hasText: 'Steam median (90 d sales)' })).toHaveCount(1);
  expect(await chart.locator('.recharts-line-curve').count()).toBeGreaterThanOrEqual(4);
  // Before the first Steam load the medians have no value: "—", never 0.
  const oldest = table2.locator('tbody tr').last();
  const oldestLatest = await oldest.locator(`td[data-key="${LATEST}"]`).getAttribute('data-value');
  if (oldestLatest === '') await expect(oldest.locator(`td[data-key="${LATEST}"]`)).toHaveText(MISSING);

  // A reload keeps them; the fresh look-up's medians are the same (the service clock has not moved): nothing new.
  await page.reload();
  await expect(grid(page)).toBeVisible({ timeout: 90_000 });
  panel = await openPanel();
  await expect(panel.getByRole('region', { name: 'Steam analytics' })).toContainText(money(next.latest), {
    timeout: 60_000,
  });
  const section3 = panel.getByTestId('history-section');
  await section3.getByRole('button', { name: 'Table' }).click();
  const table3 = section3.getByTestId('history-table');
  await expect
    .poll(async () => noneFirst(await columnRuns(table3, LATEST)), { timeout: 30_000 })
    .toEqual(expected(first.latest, next.latest));
});
