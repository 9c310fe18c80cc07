/**
 * The main view fills the window whatever optional rows show: a banner present, dismissed (and still
 * dismissed after a reload), or none at all because the app is connected to a real service; at a small, a
 * usual and a large window size (and 900 px wide, the narrowest the top bar is laid out for). Runs in the "web" project (demo data, the demo notice) and in the
 * "connected" project (a separately started service with a user's key: no banner, then an error banner).
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { refreshEvery } from './refresh-interval';

// The price history is never read here: no recording (fixtures.ts, recordHistory).
test.use({ recordHistory: false });

const SIZES = [
  { width: 900, height: 700 },
  { width: 1024, height: 640 },
  { width: 1440, height: 900 },
  { width: 2560, height: 1440 },
] as const;

test.setTimeout(180_000);

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  expect(b, `${selector} has a box`).not.toBeNull();
  return b!;
};

/** Grid, its footer and the status bar stack down to the window's bottom edge, and rows fill the grid. */
async function expectGridFillsWindow(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const viewport = page.viewportSize()!;
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible({ timeout: 90_000 });
  // Let a banner that just came or went settle into the layout.
  await page.waitForTimeout(300);
  const g = await box(page, '[role="grid"]');
  const foot = await box(page, '.gs__foot');
  const bar = await box(page, '[data-testid="status-bar"]');
  expect(Math.abs(bar.y + bar.height - viewport.height), 'status bar at the bottom edge').toBeLessThanOrEqual(1);
  expect(Math.abs(foot.y + foot.height - bar.y), 'footer right above the status bar').toBeLessThanOrEqual(1);
  expect(Math.abs(g.y + g.height - foot.y), 'grid down to the footer').toBeLessThanOrEqual(1);
  expect(g.width).toBeGreaterThan(viewport.width * 0.9);
  // Rows are really there and visible, as many as fit.
  const rowHeights = await page.locator('[role="row"][aria-rowindex]').evaluateAll((rows, bottom) => {
    return rows
      .map((r) => r.getBoundingClientRect())
      .filter((r) => r.height > 0 && r.top >= 0 && r.bottom <= bottom)
      .map((r) => r.height);
  }, g.y + g.height);
  const rowHeight = Math.max(...rowHeights);
  expect(rowHeights.length, 'visible rows').toBeGreaterThanOrEqual(Math.floor(g.height / rowHeight) - 2);
  expect(rowHeights.length).toBeGreaterThanOrEqual(5);
  await expect(page.locator('[role="row"][aria-rowindex="2"] .pg__name')).not.toHaveText('');
  // The top bar: the search box ends before the status pill (a fixed minimum width once ran under it).
  const searchBox = await box(page, '.topbar input[type="search"]');
  const pill = await box(page, '[data-testid="status-pill"]');
  expect(searchBox.x + searchBox.width, 'search box left of the status pill').toBeLessThanOrEqual(pill.x);
  expect(pill.x + pill.width, 'status pill inside the window').toBeLessThanOrEqual(viewport.width);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}x${viewport.height}.png`) });
}

/** Checks the layout at every size (resizing one page: a load per size would cost a whole catalog each time). */
async function atEverySize(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectGridFillsWindow(page, testInfo, name);
  }
}

test('at a small, a usual and a large size the grid fills the window with a banner, without one, and after a reload', async ({
  page,
  appUrl,
  service,
}, testInfo) => {
  await page.setViewportSize(SIZES[0]);
  // Recovery comes with the next timed poll (a poll after three failures waits the interval): the shortest
  // interval keeps it well inside this test's wait, however long the screenshots before it took.
  await refreshEvery(page, 15);
  await page.goto(appUrl);
  const banner = page.getByTestId('status-banner');
  if (!service.separate) {
    // Demo data: the notice shows, then is dismissed for good.
    await expect(banner).toBeVisible({ timeout: 90_000 });
    await atEverySize(page, testInfo, 'demo-banner');
    await banner.getByRole('button', { name: 'Dismiss the demo data notice' }).click();
    await expect(banner).toHaveCount(0);
    await atEverySize(page, testInfo, 'demo-dismissed');
    await page.reload();
    await expect(page.getByRole('grid')).toBeVisible({ timeout: 90_000 });
    await expect(banner).toHaveCount(0);
    await atEverySize(page, testInfo, 'demo-dismissed-reloaded');
  } else {
    // Connected to the user's service: no banner at all.
    await expect(page.getByTestId('status-pill')).toHaveAttribute('data-state', 'connected', { timeout: 90_000 });
    await expect(banner).toHaveCount(0);
    await atEverySize(page, testInfo, 'connected');
    // The service fails: an error banner and the stale-data notice push in above the grid.
    await service.setFaults({ errorRate: 1 });
    await page.getByRole('button', { name: 'Refresh prices' }).click();
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('grid-stale')).toBeVisible();
    await atEverySize(page, testInfo, 'connected-error');
    // It recovers by itself: the banner goes, the grid still fills the window.
    await service.setFaults({ errorRate: 0 });
    await expect(banner).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByTestId('grid-stale')).toHaveCount(0, { timeout: 60_000 });
    await atEverySize(page, testInfo, 'connected-recovered');
  }
});
