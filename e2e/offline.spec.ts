/**
 * An offline start shows the last data: the app loads prices from a service, the service goes away, the
 * page is opened again: the grid shows the same rows at once, marked with their age and "offline"; the
 * service comes back and live data replaces them, with no click. Against a reference service started as
 * a separate process on a port chosen up front (the data kept in IndexedDB belongs to that service).
 */
import type { Page } from '@playwright/test';
import type { WebHost } from '../webhost/server';
import { connectedHost, E2E_CATALOG_SLICE, expect, freePort, test } from './fixtures';
import { startSeparateService, type TestService } from './separate-service';

// These tests never read the price history: a new profile's baseline write is spared.
test.use({ recordHistory: false });

test.setTimeout(180_000);

const pill = (page: Page) => page.getByTestId('status-pill');
const firstNames = (page: Page) => page.locator('[role="row"][aria-rowindex] .pg__name').allTextContents();

/** Records kept in the app's offline database (0 when there is none yet). */
function keptCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('market-desk-offline');
        req.onerror = () => resolve(0);
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('meta')) return (db.close(), resolve(0));
          const count = db.transaction('meta').objectStore('meta').count();
          count.onsuccess = () => (db.close(), resolve(count.result));
          count.onerror = () => (db.close(), resolve(0));
        };
      }),
  );
}

test('offline start shows the last data marked stale', async ({ page, service }, testInfo) => {
  const port = await freePort();
  let upstream: TestService | null = await startSeparateService({ catalogSlice: E2E_CATALOG_SLICE }, port);
  let host: WebHost | null = null;
  try {
    host = await connectedHost(upstream.url, service, testInfo.outputPath('web-key'));
    await page.goto(host.launchUrl);
    await expect(pill(page)).toHaveAttribute('data-state', 'connected');
    await expect(page.getByRole('grid')).toBeVisible({ timeout: 90_000 });
    await expect(page.locator('[role="row"][aria-rowindex="2"] .pg__name')).not.toHaveText('');
    await expect(page.getByTestId('grid-restored')).toHaveCount(0);
    const liveNames = (await firstNames(page)).slice(0, 8);
    const liveCount = await page.getByTestId('grid-count').textContent();
    expect(liveNames.length).toBeGreaterThan(3);
    // Kept in idle time after the load.
    await expect.poll(() => keptCount(page), { timeout: 30_000 }).toBe(1);

    await upstream.close();
    upstream = null;
    await page.reload();
    // The same rows at once, marked as the last data with their age, and offline once the host knows.
    const restored = page.getByTestId('grid-restored');
    await expect(restored).toBeVisible({ timeout: 30_000 });
    await expect(restored).toContainText(/Last data from \d+ (s|min) ago/);
    await expect(page.getByRole('grid')).toBeVisible();
    expect((await firstNames(page)).slice(0, 8)).toEqual(liveNames);
    await expect(page.getByTestId('grid-count')).toHaveText(liveCount ?? '');
    await expect(pill(page)).toHaveAttribute('data-state', 'offline', { timeout: 60_000 });
    await expect(restored).toContainText('— offline');
    await expect(page.getByTestId('grid-freshness')).toContainText(/Stale\s*last data from \d+ (s|min) ago, offline/);
    await expect(page.getByTestId('grid-waiting')).toHaveCount(0);
    await expect(page.getByTestId('grid-error')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('offline-start.png') });

    // The service is back: live data replaces the kept data by itself.
    upstream = await startSeparateService({ catalogSlice: E2E_CATALOG_SLICE }, port);
    await expect(pill(page)).toHaveAttribute('data-state', 'connected', { timeout: 60_000 });
    await expect(restored).toHaveCount(0, { timeout: 90_000 });
    await expect(page.getByTestId('grid-freshness')).toContainText(/^updated \d+ s ago$/);
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.locator('[role="row"][aria-rowindex="2"] .pg__name')).not.toHaveText('');
    await page.screenshot({ path: testInfo.outputPath('live-again.png') });
  } finally {
    await host?.close();
    await upstream?.close();
  }
});
