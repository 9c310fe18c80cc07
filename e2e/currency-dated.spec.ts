/**
 * Dated conversion end to end (the ECB stand-in of rates-fixture.ts: its rates move 0.1 % a working day): with
 * CNY chosen, the detail panel's Steam median is the service's value times the newest day's rate, and the
 * history point (best ask) recorded on an earlier day (the page's clock set back to that day when it was
 * recorded) is the service's best ask times THAT day's rate. The service's clock stands still, so its
 * answers are the same at every look-up. The grid's CSV export carries the converted best ask at the newest
 * rate beside the exact service figure. Expected figures are worked from the service's API answer and the
 * stand-in's rates, half away from zero to two decimals (docs/exchange-rates.md).
 */
import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { REST_PATHS } from '../shared/api/schema';
import type { SteamAnalytics } from '../shared/api/types';
import { parseCsv } from './csv-read';
import { chooseCurrency, rateOn, shownAt } from './currency-page';
import { apiPrices, money } from './grid-api';
import { apiToken, openGrid, postService, showOnly } from './grid-page';
import { expect, test } from './rates-fixture';

const NAME = 'AK-47 | Redline (Field-Tested)';
/** The service's clock stands still: its Steam medians are the same at every look-up. */
const T0 = Date.UTC(2025, 5, 2, 9, 0, 0);
test.use({ serviceOptions: { clock: () => T0 } });

async function openPanel(page: import('@playwright/test').Page): Promise<Locator> {
  const row = await showOnly(page, NAME);
  await row.getByRole('button', { name: `Open details for ${NAME}` }).click();
  const panel = page.getByTestId('detail-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(NAME);
  return panel;
}

test('CNY: the detail panel converts at the newest rate, a history point of an earlier day at that day’s rate, the CSV at the newest', async ({
  page,
  appUrl,
  service,
  ecb,
}) => {
  test.setTimeout(240_000);
  const days = ecb.days();
  const newest = days.at(-1)!;
  const earlierDay = days.at(-6)!.date;
  const token = await apiToken(service.url, service.userKey);
  const rows = (await postService(service.url, token, REST_PATHS.steamAnalytics, { game_id: 730 })) as SteamAnalytics[];
  const latest = rows.find((r) => r.market_hash_name === NAME)?.sales.latest_median_price_sold;
  expect(typeof latest).toBe('number');
  const median = latest as number;
  // The best ask: the lowest ask of the markets the grid shows.
  const api = await apiPrices(service);
  const asks = (api.min.get(NAME)?.prices ?? []).map((p) => p.price).filter((p): p is number => p !== null);
  expect(asks.length).toBeGreaterThan(0);
  const bestAsk = Math.min(...asks);

  // The grid's first load is recorded on the earlier day, by the page's clock.
  await page.clock.setFixedTime(Date.parse(`${earlierDay}T12:00:00Z`));
  await openGrid(page, appUrl);
  let panel = await openPanel(page);
  const section = panel.getByTestId('history-section');
  await section.getByRole('button', { name: 'Table' }).click();
  await expect(section.locator('[data-testid="history-table"] tbody td[data-key="bestAsk"]').first()).toHaveText(
    money(bestAsk),
    { timeout: 60_000 },
  );

  // Today again; CNY chosen.
  await page.clock.setFixedTime(Date.now());
  await chooseCurrency(page, 'CNY', true);
  const now = rateOn(days, 'CNY', newest.date);
  const then = rateOn(days, 'CNY', earlierDay);
  // The two days' rates give different figures, or the test could not tell them apart.
  expect(shownAt(bestAsk, then.rate, 2)).not.toBe(shownAt(bestAsk, now.rate, 2));

  panel = await openPanel(page);
  await expect(panel.getByRole('region', { name: 'Steam analytics' })).toContainText(
    `CN¥${shownAt(median, now.rate, 2)}`,
    { timeout: 60_000 },
  );

  const hist = panel.getByTestId('history-section');
  await hist.getByRole('radiogroup', { name: 'History range' }).getByRole('radio', { name: 'All' }).click();
  if ((await hist.getByTestId('history-table').count()) === 0)
    await hist.getByRole('button', { name: 'Table' }).click();
  // The oldest row: recorded on the earlier day.
  const row = hist.locator('[data-testid="history-table"] tbody tr').last();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const t = Number(await row.getAttribute('data-t'));
  expect(new Date(t).toISOString().slice(0, 10)).toBe(earlierDay);
  await expect(row.locator('td[data-key="bestAsk"]')).toHaveText(`CN¥${shownAt(bestAsk, then.rate, 2)}`);
  await expect(row.locator('td[data-key="bestAsk"]')).toHaveAttribute('title', new RegExp(`ECB ${then.day}`));

  // The grid's CSV: the service column exact, the converted one at the newest rate, with the rate's provenance.
  await page.getByTestId('detail-panel').getByRole('button', { name: 'Close details' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = parseCsv(await readFile(await (await download).path(), 'utf8'));
  const header = csv[0]!;
  const line = csv.find((r) => r[0] === NAME)!;
  const col = (h: string) => line[header.indexOf(h)];
  expect(col('Best ask (USD)')).toBe((bestAsk / 1000).toFixed(3));
  expect(col('Best ask (CNY)')).toBe(shownAt(bestAsk, now.rate, 2).replace(/,/g, ''));
  expect(col('Rate date')).toBe(newest.date);
  expect(col('Rate source')).toBe('ECB');
});

test('CNY: a holding’s cost converts at its acquired day’s rate, a sale at its sale day’s, and the realised P/L is their difference', async ({
  page,
  appUrl,
  ecb,
}) => {
  test.setTimeout(180_000);
  const days = ecb.days();
  const acquired = days.at(-6)!.date;
  const sold = days.at(-3)!.date;
  const atAcquired = rateOn(days, 'CNY', acquired).rate;
  const atSale = rateOn(days, 'CNY', sold).rate;
  expect(atAcquired).not.toBe(atSale);
  /** Units of CNY (unrounded) to the shown text: half away from zero to two decimals. */
  const cny = (units: number) => `CN¥${shownAt(1000, units, 2)}`;

  await page.goto(appUrl);
  await expect(page.locator('main')).toBeVisible({ timeout: 90_000 });
  await chooseCurrency(page, 'CNY', true);
  await page.getByRole('link', { name: /^Portfolio/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({ timeout: 60_000 });

  // 4 at 10.00 USD (the service's currency) with a 0.40 fee, on the acquired day: 40.400 USD.
  await page.getByTestId('pf-empty').getByRole('button', { name: 'Add holding' }).click();
  const editor = page.getByTestId('pf-holding-editor');
  await editor.getByRole('combobox', { name: 'Item' }).fill(NAME);
  await editor.getByLabel('Quantity', { exact: true }).fill('4');
  await editor.getByLabel('Unit cost').fill('10');
  await editor.getByLabel('Fee paid').fill('0.40');
  await editor.getByLabel('Acquired').fill(acquired);
  await editor.getByRole('button', { name: 'Add holding' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('pf-cost-total')).toHaveText(cny((40_400 * atAcquired) / 1000));

  // Sell 2 at 20.00 with a 1.00 fee on the sale day: proceeds 39.000 USD at that day's rate, less the cost of
  // the 2 items sold (FIFO: 20.000 + their 0.200 share of the fee) at the acquired day's rate.
  await page.getByRole('button', { name: `Record a sale of ${NAME}` }).click();
  const sale = page.getByTestId('pf-sale-dialog');
  await sale.getByLabel('Quantity sold').fill('2');
  await sale.getByLabel('Price per item').fill('20');
  await sale.getByLabel('Fee taken').fill('1');
  await sale.getByLabel('Sold on').fill(sold);
  await sale.getByRole('button', { name: 'Record sale' }).click();
  await expect(sale).toBeHidden();
  const realised = (39_000 * atSale - 20_200 * atAcquired) / 1000;
  await expect(page.getByTestId('pf-realised-total')).toHaveText(new RegExp(`^\\+?${escape(cny(realised))}$`));
  await expect(page.getByTestId('pf-cost-total')).toHaveText(cny((20_200 * atAcquired) / 1000));
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
