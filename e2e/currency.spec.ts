/**
 * Prices in the trader's own currency, against a local stand-in serving files in the ECB's format
 * (eurofxref-daily.xml, eurofxref-hist-90d.xml; 127.0.0.1 only): with CNY chosen, a grid cell equals the
 * service value times the rate of the newest day (half away from zero, two decimals); JPY shows none; the
 * status bar names the rate and its date.
 *
 * Needs the host side of exchange rates (backend/rates: the fetch from MARKET_DESK_RATES_URL and the
 * provider filling RatesContext). Written before it was merged: run it once both sides are on main.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatMoney } from '../shared/money/money';
import { expect, test } from './fixtures';
import { openGrid, readRowAcross } from './grid-page';

/** Business days back from today (week-ends skipped), as YYYY-MM-DD. */
function businessDaysAgo(n: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  let left = n;
  while (left > 0 || d.getUTCDay() === 0 || d.getUTCDay() === 6) {
    d.setUTCDate(d.getUTCDate() - 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

const NEWEST = businessDaysAgo(1);
const OLDER = businessDaysAgo(3);
const DAYS = [
  { date: NEWEST, USD: 1.1, CNY: 7.92, JPY: 170.5 },
  { date: OLDER, USD: 1.06, CNY: 7.7, JPY: 164.3 },
];

function xml(days: typeof DAYS): string {
  const cubes = days
    .map((d) => `<Cube time="${d.date}"><Cube currency="USD" rate="${d.USD}"/><Cube currency="JPY" rate="${d.JPY}"/><Cube currency="CNY" rate="${d.CNY}"/></Cube>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><gesmes:subject>Reference rates</gesmes:subject><gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender><Cube>${cubes}</Cube></gesmes:Envelope>`;
}

let standIn: Server;
let previousUrl: string | undefined;
test.beforeAll(async () => {
  standIn = createServer((req, res) => {
    const body = req.url?.endsWith('eurofxref-daily.xml') ? xml(DAYS.slice(0, 1)) : req.url?.endsWith('eurofxref-hist-90d.xml') ? xml(DAYS) : null;
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/xml' }).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  previousUrl = process.env.MARKET_DESK_RATES_URL;
  process.env.MARKET_DESK_RATES_URL = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/`;
});
test.afterAll(async () => {
  if (previousUrl === undefined) delete process.env.MARKET_DESK_RATES_URL;
  else process.env.MARKET_DESK_RATES_URL = previousUrl;
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

async function chooseCurrency(page: import('@playwright/test').Page, code: string, confirm: boolean): Promise<void> {
  await page.getByRole('link', { name: /^Settings/ }).click();
  const card = page.getByTestId('currency-settings');
  await card.getByLabel('Show prices in').selectOption(code);
  if (confirm) await card.getByRole('button', { name: `Fetch rates and show ${code}` }).click();
  await expect(page.getByTestId('status-rate')).toContainText(`${code} at`, { timeout: 30_000 });
  await page.getByRole('link', { name: /^Prices/ }).click();
}

test('CNY: a grid cell is the service value times the newest day’s rate; JPY has no decimals; the status bar names the rate', async ({ page, appUrl }) => {
  await openGrid(page, appUrl);
  const name = await page.locator('.pg__name').first().innerText();
  const before = await readRowAcross(page, name);
  const raw = Number(before.get('bestAsk')?.value);
  expect(Number.isFinite(raw)).toBe(true);

  await chooseCurrency(page, 'CNY', true);
  await expect(page.getByTestId('status-rate')).toHaveText(`CNY at ${(7.92 / 1.1).toFixed(4)} per USD, ECB ${NEWEST}`);
  await expect(page.getByTestId('status-rate')).toHaveAttribute('data-stale', 'false');
  const cny = { code: 'CNY', symbol: 'CN¥', from: 'USD', rate: 7.92 / 1.1, date: NEWEST, source: 'ECB', digits: 2, note: '', stale: false };
  const after = await readRowAcross(page, name);
  expect(after.get('bestAsk')?.text).toContain(formatMoney(raw, { decimals: 2, symbol: '$', conversion: cny }));

  await chooseCurrency(page, 'JPY', false);
  const jpy = { ...cny, code: 'JPY', symbol: '¥', rate: 170.5 / 1.1, digits: 0 };
  const yen = await readRowAcross(page, name);
  expect(yen.get('bestAsk')?.text).toContain(formatMoney(raw, { decimals: 2, symbol: '$', conversion: jpy }));
  expect(yen.get('bestAsk')?.text).not.toMatch(/¥[\d,]+\.\d/);
});
