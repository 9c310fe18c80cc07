/**
 * Prices in the trader's own currency, against the ECB stand-in (rates-fixture.ts: the web host started with
 * MARKET_DESK_RATES_URL pointing at files in the ECB's format on 127.0.0.1): with CNY chosen, a grid cell equals
 * the service value times the newest day's rate (half away from zero, two decimals); JPY shows none; the status
 * bar names the rate and its date.
 */
import { expect, test } from './rates-fixture';
import { chooseCurrency, shownAt } from './currency-page';
import { openGrid, readRowAcross } from './grid-page';

// These tests never read the price history: a new profile's baseline write is spared.
test.use({ recordHistory: false });

test('CNY: a grid cell is the service value times the newest day’s rate; JPY has no decimals; the status bar names the rate', async ({
  page,
  appUrl,
  ecb,
}) => {
  const newest = ecb.days().at(-1)!;
  const per = (code: string) => (newest.perEuro[code] as number) / (newest.perEuro.USD as number);
  await openGrid(page, appUrl);
  const name = await page.locator('.pg__name').first().innerText();
  const before = await readRowAcross(page, name);
  const raw = Number(before.get('bestAsk')?.value);
  expect(Number.isFinite(raw)).toBe(true);

  await chooseCurrency(page, 'CNY', true);
  await expect(page.getByTestId('status-rate')).toHaveText(
    `CNY at ${per('CNY').toFixed(4)} per USD, ECB ${newest.date}`,
  );
  await expect(page.getByTestId('status-rate')).toHaveAttribute('data-stale', 'false');
  const after = await readRowAcross(page, name);
  // The cell's own service value (prices move between polls): its text is that value converted.
  expect(after.get('bestAsk')?.text).toContain(`CN¥${shownAt(Number(after.get('bestAsk')?.value), per('CNY'), 2)}`);

  await chooseCurrency(page, 'JPY', false);
  const yen = await readRowAcross(page, name);
  expect(yen.get('bestAsk')?.text).toContain(`¥${shownAt(Number(yen.get('bestAsk')?.value), per('JPY'), 0)}`);
  expect(yen.get('bestAsk')?.text).not.toMatch(/¥[\d,]+\.\d/);
});
