/**
 * Market Desk recovers by itself: the service down at start and up later, or gone in the middle of a
 * session and back. Nobody clicks Retry; the status says when the next try is while it is down.
 * Against a reference service started as a separate process, on a port chosen up front.
 */
import type { Page } from '@playwright/test';
import type { WebHost } from '../webhost/server';
import { connectedHost, E2E_CATALOG_SLICE, expect, freePort, test } from './fixtures';
import { startSeparateService, type TestService } from './separate-service';

// These tests never read the price history: a new profile's baseline write is spared.
test.use({ recordHistory: false });

test.setTimeout(180_000);

const pill = (page: Page) => page.getByTestId('status-pill');

test('service down at start, up 10 s later: the data appears with no click', async ({ page, service }, testInfo) => {
  const port = await freePort();
  let upstream: TestService | null = null;
  let host: WebHost | null = null;
  try {
    host = await connectedHost(`http://127.0.0.1:${port}`, service, testInfo.outputPath('web-key'));
    await page.goto(host.launchUrl);
    await expect(pill(page)).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
    // Not "Loading…" forever: the grid area says why there are no prices and when the next try is.
    const waiting = page.getByTestId('grid-waiting');
    await expect(waiting).toContainText('The market data service cannot be reached.');
    await expect(waiting.getByTestId('next-retry')).toHaveText(/Next try in \d+ s\.|Trying again now/);
    await expect(page.getByTestId('status-banner').getByTestId('next-retry')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('down-at-start.png') });
    await page.waitForTimeout(10_000);
    await expect(pill(page)).toHaveAttribute('data-state', 'offline');

    upstream = await startSeparateService({ catalogSlice: E2E_CATALOG_SLICE }, port);
    // The next scheduled try (at most about 30 s away) finds it; the grid loads without any click.
    await expect(pill(page)).toHaveAttribute('data-state', 'connected', { timeout: 60_000 });
    await expect(page.getByRole('grid')).toBeVisible({ timeout: 90_000 });
    await expect(page.locator('[role="row"][aria-rowindex="2"] .pg__name')).not.toHaveText('');
    await expect(page.getByTestId('status-banner')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('up-later.png') });
  } finally {
    await host?.close();
    await upstream?.close();
  }
});

test('a drop in the middle of a session: offline with the next try shown, then fresh data by itself', async ({
  page,
  service,
}, testInfo) => {
  const port = await freePort();
  let upstream: TestService | null = await startSeparateService({ catalogSlice: E2E_CATALOG_SLICE }, port);
  let host: WebHost | null = null;
  try {
    host = await connectedHost(upstream.url, service, testInfo.outputPath('web-key'));
    await page.goto(host.launchUrl);
    await expect(pill(page)).toHaveAttribute('data-state', 'connected');
    await expect(page.getByRole('grid')).toBeVisible({ timeout: 90_000 });

    await upstream.close();
    upstream = null;
    await page.getByRole('button', { name: 'Refresh prices' }).click();
    await expect(pill(page)).toHaveAttribute('data-state', 'offline', { timeout: 60_000 });
    // The last prices stay, marked stale; the banner says when the next try is.
    await expect(page.getByTestId('grid-stale')).toBeVisible();
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByTestId('status-banner').getByTestId('next-retry')).toHaveText(
      /Next try in \d+ s\.|Trying again now/,
    );
    await page.screenshot({ path: testInfo.outputPath('dropped.png') });

    upstream = await startSeparateService({ catalogSlice: E2E_CATALOG_SLICE }, port);
    await expect(pill(page)).toHaveAttribute('data-state', 'connected', { timeout: 60_000 });
    await expect(page.getByTestId('grid-stale')).toHaveCount(0, { timeout: 60_000 });
    await expect(page.getByTestId('status-banner')).toHaveCount(0);
  } finally {
    await host?.close();
    await upstream?.close();
  }
});
