/**
 * Sets the app's refresh interval before the page loads (0: by hand only). A test that moves the service's
 * clock and then clicks Refresh needs 0: a timed poll sent before the move joins the click (the engine never
 * repeats a poll under way) and answers with the old prices.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { APP_PREFERENCES, PREFERENCE_PREFIX, type RefreshInterval } from '../renderer/lib/preferences';

export async function refreshEvery(target: Page | BrowserContext, seconds: RefreshInterval): Promise<void> {
  await target.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: PREFERENCE_PREFIX + APP_PREFERENCES.refreshIntervalSeconds.key,
    value: String(seconds),
  });
}
