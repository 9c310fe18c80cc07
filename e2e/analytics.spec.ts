/**
 * Analytics in Chromium against the reference service started as its own process (Playwright project
 * "connected": the app on a non-demo key, the way users run it): the numbers in the charts' tables equal
 * the API's for sampled items, the CSVs round-trip to the API's values, and the exported images are real:
 * a PNG of the expected size that is not blank, an SVG that parses and holds the series, the legend and
 * the provenance footer; "Export all" gives a zip with every chart. The item's price strip equals the
 * API's min prices and max orders on every market.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { REST_PATHS } from '../shared/api/schema';
import type {
  AggregatedMaxOrders,
  AggregatedMinPrices,
  MarketOrderAnalytics,
  SteamAnalytics,
} from '../shared/api/types';
import { MARKET_ORDER_ANALYTICS_MARKETS, marketName } from '../shared/catalog/markets';
import { formatMoney, MISSING, toDecimalString } from '../shared/money/money';
import { expect, test } from './fixtures';
import type { TestService } from './separate-service';
import { apiToken, postService } from './grid-page';
import { shownAskMarkets, shownBidMarkets } from './served-markets';
import { parseCsv } from './csv-read';

/** A fixed service clock: the page and the direct API calls see the same numbers. */
const T0 = Date.UTC(2025, 5, 2, 12, 0, 0);
// The price history is never read here: no recording (fixtures.ts, recordHistory).
test.use({ recordHistory: false, serviceOptions: { clock: () => T0 }, viewport: { width: 1440, height: 900 } });
test.setTimeout(180_000);

const ITEM = 'AK-47 | Redline (Field-Tested)';
const OTHER = 'AWP | Asiimov (Field-Tested)';

const frame = (page: Page, title: string) =>
  page
    .locator('section.chart-frame')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

async function download(page: Page, chart: Locator, label: string): Promise<{ file: Download; bytes: Buffer }> {
  const waiting = page.waitForEvent('download');
  await chart.getByRole('button', { name: /^Export / }).click();
  await page.getByRole('menuitem', { name: label }).click();
  const file = await waiting;
  return { file, bytes: await readFile((await file.path())!) };
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Distinct colours in a PNG, decoded by the browser (a blank image has one or two). */
function distinctColours(page: Page, bytes: Buffer): Promise<number> {
  return page.evaluate(async (b64) => {
    // Built from the bytes in the page: the app's CSP allows no data: fetch.
    const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
    const bmp = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bmp, 0, 0);
    const px = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < px.length && seen.size < 1000; i += 4 * 7)
      seen.add((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!);
    return seen.size;
  }, bytes.toString('base64'));
}

/** The test's own token, from the key the app uses (the user's key on a separate service). */
const tokenFor = (service: TestService) => apiToken(service.url, service.separate ? service.userKey : service.demoKey);
/** What the exported footer names as the source. */
const sourceText = (service: TestService) =>
  service.separate ? `Source: ${new URL(service.url).host}` : 'Source: Demo data';

async function apiAnalytics(service: TestService) {
  const token = await tokenFor(service);
  const steam = (await postService(service.url, token, REST_PATHS.steamAnalytics, {
    game_id: 730,
  })) as SteamAnalytics[];
  const buff = (await postService(service.url, token, REST_PATHS.marketOrderAnalytics, {
    game_id: 730,
    market_name: 'buff163',
  })) as MarketOrderAnalytics[];
  return { steam, buff };
}

test('item view: tables and CSVs equal the API; PNG and SVG exports are whole, real images', async ({
  page,
  appUrl,
  service,
}) => {
  const api = await apiAnalytics(service);
  const steam = api.steam.find((r) => r.market_hash_name === ITEM)!;
  const other = api.steam.find((r) => r.market_hash_name === OTHER)!;
  const buff = api.buff.find((r) => r.market_hash_name === ITEM)!;
  const q = new URLSearchParams([
    ['view', 'item'],
    ['item', ITEM],
    ['item', OTHER],
    ['market', 'buff163'],
  ]);
  await page.goto(`${appUrl}#/analytics?${q.toString()}`);

  // Stat cards and the Sales table, against the API.
  await expect(page.getByLabel('Sales figures')).toContainText(`$${(steam.sales.median_price_90d / 1000).toFixed(2)}`, {
    timeout: 120_000,
  });
  const sales = frame(page, 'Sales');
  await sales.getByRole('button', { name: 'Table' }).click();
  const rows = sales.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  const windows = [
    ['24 h', steam.sales.last_24h, other.sales.last_24h],
    ['7 d', steam.sales.last_7d, other.sales.last_7d],
    ['30 d', steam.sales.last_30d, other.sales.last_30d],
    ['90 d', steam.sales.last_90d, other.sales.last_90d],
  ] as const;
  for (const [i, [w, a, b]] of windows.entries()) {
    await expect(rows.nth(i)).toHaveText(
      new RegExp(`^${w}\\s*${a.toLocaleString('en-US')}\\s*${b.toLocaleString('en-US')}$`),
    );
  }

  // The ladder's CSV round-trips to the API's thousandths, Steam and Buff163 side by side.
  const ladder = frame(page, 'Lowest listing against highest buy order');
  const csv = parseCsv((await download(page, ladder, 'CSV (data)')).bytes.toString('utf8'));
  const buffName = marketName('buff163');
  expect(csv[0]).toEqual([
    'Window',
    'Steam: lowest listing',
    'Steam: highest buy order',
    'Steam: spread',
    `${buffName}: lowest listing`,
    `${buffName}: highest buy order`,
  ]);
  const seven = csv.find((r) => r[0] === '7 d')!;
  expect(seven).toEqual([
    '7 d',
    toDecimalString(steam.listings.min_sell_order_price_7d),
    toDecimalString(steam.buyOrders.max_buy_order_price_7d),
    toDecimalString(steam.listings.min_sell_order_price_7d - steam.buyOrders.max_buy_order_price_7d),
    toDecimalString(buff.listings.min_sell_order_price_7d),
    toDecimalString(buff.buyOrders.max_buy_order_price_7d),
  ]);

  // PNG at 2x: the whole frame (title, legend, footer) at twice its size, not blank.
  const shown = (await sales.locator('.chart-frame__chart').boundingBox())!;
  const png = await download(page, sales, 'PNG (2x)');
  expect(png.file.suggestedFilename()).toMatch(/^ak-47-redline-field-tested-sales-\d{4}-\d{2}-\d{2}\.png$/);
  const size = pngSize(png.bytes);
  expect(size.width).toBeGreaterThanOrEqual(Math.floor(shown.width * 2) - 2);
  expect(size.height).toBeGreaterThan(shown.height * 2); // plus title, legend and footer
  expect(await distinctColours(page, png.bytes)).toBeGreaterThan(8);

  // SVG: parses, and holds the title, both series' legend entries, and the provenance footer.
  const svg = (await download(page, sales, 'SVG')).bytes.toString('utf8');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror') !== null,
      root: doc.documentElement.nodeName,
      text: doc.documentElement.textContent ?? '',
      bars: doc.querySelectorAll('.recharts-bar-rectangle, path').length,
    };
  }, svg);
  expect(parsed.error).toBe(false);
  expect(parsed.root).toBe('svg');
  expect(parsed.text).toContain('Sales');
  expect(parsed.text).toContain(ITEM);
  expect(parsed.text).toContain(OTHER);
  expect(parsed.text).toContain(sourceText(service));
  expect(parsed.text).toContain('Counter-Strike 2');
  expect(parsed.bars).toBeGreaterThan(4);
});

test("price strip: every market's min price and max order equal the API, cheapest and best marked, — without a price; the CSV round-trips", async ({
  page,
  appUrl,
  service,
}) => {
  const token = await tokenFor(service);
  // The markets the app shows: its default lists less the names this service refuses (it serves the published ones).
  const askMarkets = shownAskMarkets(service.markets);
  const bidMarkets = shownBidMarkets(service.markets);
  const [min, max] = await Promise.all([
    postService(service.url, token, REST_PATHS.minPrices, { game_id: 730, markets: askMarkets }) as Promise<
      AggregatedMinPrices[]
    >,
    postService(service.url, token, REST_PATHS.maxOrders, { game_id: 730, markets: bidMarkets }) as Promise<
      AggregatedMaxOrders[]
    >,
  ]);
  // A sampled item with buy orders on several markets and no price on some: every case of the strip.
  const maxByName = new Map(max.map((r) => [r.market_hash_name, r]));
  const bidCount = (name: string) => maxByName.get(name)?.orders.length ?? 0;
  const eligible = min.filter(
    (r) =>
      r.prices.length < askMarkets.length &&
      bidCount(r.market_hash_name) >= 2 &&
      bidCount(r.market_hash_name) < bidMarkets.length,
  );
  const sample = eligible[Math.floor(eligible.length / 2)];
  expect(sample, 'an item without some markets and with some buy orders').toBeDefined();
  const name = sample!.market_hash_name;
  const askOf = new Map(sample!.prices.map((p) => [p.market_name, p]));
  const bidOf = new Map(maxByName.get(name)!.orders.map((o) => [o.market_name, o]));
  const cheapest = Math.min(...sample!.prices.map((p) => p.price));
  const best = Math.max(...[...bidOf.values()].map((o) => o.price));
  // One line per market and side: [market, side, price (thousandths or null), offers (or null), marked].
  const expected = [
    ...askMarkets.map(
      (m) =>
        [
          marketName(m),
          'Ask',
          askOf.get(m)?.price ?? null,
          askOf.get(m)?.offers ?? null,
          askOf.get(m)?.price === cheapest ? 'Cheapest ask' : '',
        ] as const,
    ),
    ...bidMarkets.map(
      (m) =>
        [
          marketName(m),
          'Bid',
          bidOf.get(m)?.price ?? null,
          bidOf.get(m)?.offers ?? null,
          bidOf.get(m)?.price === best ? 'Best bid' : '',
        ] as const,
    ),
  ];
  const key = (r: readonly unknown[]) => `${String(r[0])}|${String(r[1])}`;
  const sortRows = <T extends readonly unknown[]>(rows: T[]) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));

  await page.goto(
    `${appUrl}#/analytics?${new URLSearchParams([
      ['view', 'item'],
      ['item', name],
    ]).toString()}`,
  );
  const strip = frame(page, "Every market's price");
  await expect(strip.getByRole('button', { name: 'Table' })).toBeEnabled({ timeout: 120_000 });
  const ask = [...askOf.entries()].find(([, p]) => p.price === cheapest)!;
  const bid = [...bidOf.entries()].find(([, o]) => o.price === best)!;
  // The marks are labelled on the chart with market and price.
  await expect(strip.locator('svg text', { hasText: `Cheapest ask: ${marketName(ask[0])}` })).toContainText(
    formatMoney(cheapest),
  );
  await expect(strip.locator('svg text', { hasText: `Best bid: ${marketName(bid[0])}` })).toContainText(
    formatMoney(best),
  );

  // The table: every market of both sides, the API's values as shown in the grid, "—" where none.
  await strip.getByRole('button', { name: 'Table' }).click();
  const rows = strip.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(expected.length);
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())),
  );
  const money = (v: number | null) => (v === null ? MISSING : formatMoney(v));
  const count = (v: number | null) => (v === null ? MISSING : v.toLocaleString('en-US'));
  expect(sortRows(shown)).toEqual(
    sortRows(expected.map(([m, side, price, offers, mark]) => [m, side, money(price), count(offers), mark])),
  );
  expect(shown.filter((r) => r[2] === MISSING).length).toBeGreaterThan(0);
  expect(shown.filter((r) => r[2] === '$0.00')).toEqual([]);

  // The CSV: the same rows with exact decimals, an empty field where there is no price (never 0).
  const csv = parseCsv((await download(page, strip, 'CSV (data)')).bytes.toString('utf8'));
  expect(csv[0]).toEqual(['Market', 'Side', 'Price', 'Offers', 'Marked']);
  const exact = (v: number | null) => (v === null ? '' : toDecimalString(v));
  expect(sortRows(csv.slice(1))).toEqual(
    sortRows(
      expected.map(([m, side, price, offers, mark]) => [
        m,
        side,
        exact(price),
        offers === null ? '' : String(offers),
        mark,
      ]),
    ),
  );
});

test('market view: top items and turnover equal the API; Export all gives every chart in a zip', async ({
  page,
  appUrl,
  service,
}) => {
  const api = await apiAnalytics(service);
  const volumes = api.steam.map((r) => r.sales.last_30d).sort((a, b) => b - a);
  await page.goto(`${appUrl}#/analytics`);
  const top = frame(page, 'Top items by volume');
  await expect(top.getByRole('button', { name: 'Table' })).toBeEnabled({ timeout: 120_000 });
  const csv = parseCsv((await download(page, top, 'CSV (data)')).bytes.toString('utf8'));
  expect(csv).toHaveLength(21);
  // Every row is the API's item with its volume and price; the volumes are the 20 largest.
  const byName = new Map(api.steam.map((r) => [r.market_hash_name, r]));
  for (const [name, volume, price] of csv.slice(1)) {
    const r = byName.get(name!)!;
    expect(Number(volume)).toBe(r.sales.last_30d);
    expect(price).toBe(toDecimalString(r.sales.median_price_90d));
  }
  expect(csv.slice(1).map((r) => Number(r[1]))).toEqual(volumes.slice(0, 20));

  const turnover = parseCsv(
    (await download(page, frame(page, 'Top items by turnover'), 'CSV (data)')).bytes.toString('utf8'),
  );
  const expectedTop = api.steam.map((r) => r.sales.last_30d * r.sales.median_price_90d).sort((a, b) => b - a)[0]!;
  expect(turnover[1]![1]).toBe(toDecimalString(expectedTop));

  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all charts' }).click();
  const zip = await waiting;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const files = Object.keys(unzipSync(new Uint8Array(await readFile((await zip.path())!))));
  const charts = await page.locator('section.chart-frame').count();
  expect(files.length).toBe(charts * 3);
  expect(files.filter((f) => f.endsWith('.png'))).toHaveLength(charts);
  await page.screenshot({ path: test.info().outputPath('analytics-market.png') });
});

test('a game without Steam analytics says so in words and shows a marketplace instead', async ({
  page,
  appUrl,
  service,
}) => {
  await page.goto(`${appUrl}#/analytics`);
  await page.getByRole('radio', { name: 'TF2' }).click();
  await expect(page.getByTestId('no-steam-analytics')).toContainText(
    'Steam analytics for Counter-Strike 2 and Dota 2 only',
  );
  await expect(frame(page, 'Top items by volume').getByRole('button', { name: 'Table' })).toBeEnabled({
    timeout: 120_000,
  });
  // The first market-order-analytics name of the app's list that this service offers.
  const offered = MARKET_ORDER_ANALYTICS_MARKETS.find((m) => service.markets.marketOrderAnalytics.includes(m));
  expect(offered).toBe('buff163');
  await expect(page.getByLabel('Source')).toHaveValue(offered!);
});
