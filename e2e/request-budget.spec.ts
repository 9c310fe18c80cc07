/**
 * The request limits end to end, against the reference service started as its own process with a limit of
 * 40 requests a minute (`--requests-per-minute 40`): a 429 is counted and waited out (the request then gets
 * its answer), Settings shows the counts and a month's forecast, and a monthly limit entered in Settings
 * stretches the refresh interval, which the status bar says, and fewer requests are sent.
 *
 * The service clock is frozen 50 s into a minute, so a 429's Retry-After is 10 s (within what the broker
 * waits) and the minute's count resets only when the spec moves the clock on a minute.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { WebHost } from '../webhost/server';
import type { RequestUsage } from '../shared/budget/usage';
import { openGrid } from './grid-page';

const FROZEN = Date.UTC(2025, 0, 15, 12, 0, 50);
// The price history is never read here: no recording (fixtures.ts, recordHistory).
test.use({ recordHistory: false, serviceOptions: { requestsPerMinute: 40, clock: () => FROZEN } });

async function usage(webHost: WebHost): Promise<RequestUsage> {
  const res = await fetch(`${webHost.url}/app/request-usage`, { headers: { 'x-market-desk-secret': webHost.secret } });
  expect(res.status).toBe(200);
  return (await res.json()) as RequestUsage;
}

/** A small GraphQL read from the page through the web host's gateway; resolves with its HTTP status. */
function pageQuery(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/api/v2/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    return res.status;
  });
}

test('a 429 is counted and waited out, and Settings shows the counts', async ({ page, appUrl, webHost, service }) => {
  test.setTimeout(120_000);
  await openGrid(page, appUrl);
  await page.waitForTimeout(2_000); // the page's own first requests are in
  await service.advanceClock(60_000); // a fresh minute
  // The minute's 40 requests, then one more: that one is refused with Retry-After 10 s.
  const statuses: Promise<number>[] = [];
  for (let i = 0; i < 41; i++) statuses.push(pageQuery(page));
  await expect.poll(async () => (await usage(webHost)).rateLimited30Days, { timeout: 30_000 }).toBeGreaterThan(0);
  // The broker is waiting; the next minute lets its retry through.
  await service.advanceClock(60_000);
  expect(await Promise.all(statuses)).toEqual(Array(41).fill(200));
  const after = await usage(webHost);
  expect(after.waitedMs30Days).toBeGreaterThanOrEqual(10_000);
  expect(after.last30Days).toBeGreaterThan(after.rateLimited30Days);
  expect(after.stated).toEqual([expect.objectContaining({ quota: 40, windowSeconds: 60 })]);

  await page.goto(`${appUrl}#/settings`);
  const section = page.getByTestId('request-limits');
  await expect(section.getByTestId('usage-429')).toContainText(/[1-9]\d* in 30 days, waited out \d+ s/);
  await expect(section.getByTestId('usage-30d')).toHaveText(/^[1-9][\d,]*$/);
  await expect(section.getByTestId('stated-limits')).toContainText('40 requests per 60 s');
});

test('the forecast is shown, and a monthly limit stretches the refresh interval', async ({
  page,
  appUrl,
  webHost,
  service,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${appUrl}#/settings`);
  await page.getByLabel('Refresh prices').selectOption('15');
  // CS2 asks and bids in one request every 15 s, and a token every 2 hours.
  await expect(page.getByTestId('request-forecast')).toHaveText(
    'Every 15 s for 1 game (the Prices page’s and your alerts’): about 173,160 requests a month.',
  );
  await expect(page.getByTestId('request-plan')).toHaveCount(0);

  // Unlimited: the Prices page polls every 15 s. A fresh minute first: the Settings page's start (the
  // engine's first poll, market discovery's probes) has spent part of this one.
  await service.advanceClock(60_000);
  await openGrid(page, appUrl);
  await page.waitForTimeout(2_000); // the first load and its token are in
  await service.advanceClock(60_000);
  const before = (await usage(webHost)).last30Days;
  await page.waitForTimeout(32_000);
  const unlimited = (await usage(webHost)).last30Days - before;
  expect(unlimited).toBeGreaterThanOrEqual(2);

  await page.goto(`${appUrl}#/settings`);
  await page.getByTestId('limit-per-month').fill('10000');
  await page.getByTestId('limit-per-month').press('Enter');
  const sentence = 'Refreshing every 5 min (not every 15 s) to stay within your plan’s 10,000 requests a month.';
  await expect(page.getByTestId('request-plan')).toHaveText(sentence);
  await expect(page.getByTestId('request-plan-settings')).toContainText(sentence);
  await expect(page.getByTestId('refresh-over-limit')).toContainText(
    'Every 15 s would spend about 173,160 requests a month, over your plan’s 10,000 requests a month',
  );
  await expect(page.getByTestId('request-advice')).toContainText('Every 5 min keeps within your limits');
  await expect(page.getByLabel('Refresh prices').locator('option[value="15"]')).toContainText(
    'over your request limit',
  );

  // Limited: no poll in the next half minute (the next one is 5 minutes after the last).
  await openGrid(page, appUrl);
  await expect(page.getByTestId('request-plan')).toHaveText(sentence);
  await page.waitForTimeout(2_000);
  await service.advanceClock(60_000);
  const start = (await usage(webHost)).last30Days;
  await page.waitForTimeout(32_000);
  expect((await usage(webHost)).last30Days - start).toBeLessThanOrEqual(1);
});
