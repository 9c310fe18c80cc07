/**
 * Exchange rates end to end (project "web"): the web host started with MARKET_DESK_RATES_URL's option pointing
 * at the ECB stand-in (rates-fixture.ts: TARGET working days, one missing day, the 90-day and the day's files).
 * Nothing is contacted until the user turns rates on in Settings; then the newest day shows; with the source
 * down, the kept days stay, with their age, and the error is said.
 */
import { expect, test } from './rates-fixture';

// These tests never read the price history: a new profile's baseline write is spared.
test.use({ recordHistory: false });

test('turning rates on in Settings fetches from the source and shows the newest day', async ({ page, appUrl, ecb }) => {
  await page.goto(`${appUrl}#/settings`);
  const section = page.getByTestId('exchange-rates');
  const enabled = section.getByTestId('rates-enabled');
  await expect(enabled).not.toBeChecked();
  await expect(section.getByTestId('rates-contact')).toContainText(`contacts the rates source at ${ecb.url}`);
  await expect(section.getByTestId('rates-url')).toHaveAttribute('readonly', '');
  await expect(section.getByTestId('rates-newest-day')).toHaveText('—');
  expect(ecb.requests).toEqual([]);

  await enabled.check();
  const newest = ecb.days().at(-1)!.date;
  await expect(section.getByTestId('rates-newest-day')).toContainText(newest);
  await expect(section.getByTestId('rates-newest-day')).toContainText(/(today|\d+ days? old); \d+ days kept/);
  await expect(section.getByTestId('rates-error')).toHaveCount(0);
  expect(ecb.requests.map((r) => r.path)).toEqual(['/stats/eurofxref/eurofxref-hist-90d.xml']);
  // The launch secret and the page's cookie stay on this side.
  expect(ecb.requests[0]!.headers.cookie).toBeUndefined();
});

test('with the source down, the kept days stay with their age and the error is said', async ({ page, appUrl, ecb }) => {
  await page.goto(`${appUrl}#/settings`);
  const section = page.getByTestId('exchange-rates');
  await section.getByTestId('rates-enabled').check();
  const newest = ecb.days().at(-1)!.date;
  await expect(section.getByTestId('rates-newest-day')).toContainText(newest);

  ecb.setMode('down');
  await section.getByTestId('rates-refresh').click();
  const error = section.getByTestId('rates-error');
  await expect(error).toContainText('The rates source answered HTTP 503');
  await expect(error).toContainText(
    new RegExp(`The rates of ${newest} \\((today|\\d+ days? old)\\) are used meanwhile`),
  );
  await expect(section.getByTestId('rates-newest-day')).toContainText(newest);
  await expect(section.getByTestId('rates-fetched-at')).toContainText('(failed)');

  // After a reload the page reads the same from the host (kept, not only in this page's memory).
  await page.reload();
  await expect(page.getByTestId('exchange-rates').getByTestId('rates-error')).toContainText('HTTP 503');
  await expect(page.getByTestId('exchange-rates').getByTestId('rates-enabled')).toBeChecked();
});
