/**
 * Market discovery against ANOTHER service (Playwright project "connected": a reference service started as
 * its own process with a markets file, the app connected with a non-demo key). That service serves the 28
 * published min-price names plus names the app cannot know, the 3 published max-order names plus one more,
 * and its own market-order-analytics names; it refuses every other name with 400s that say only "Bad Request"
 * (`--opaque-errors`; 400s naming the name are what the other specs meet). The app must find the names
 * it refuses, leave them out, say so, and work: the grid equals the API, the Markets dialog marks each name,
 * analytics and recommendations load, a refused name the user added is news, and what was found is
 * remembered (no probe after a reload). A service sharing no min-price name with the app gets a block that
 * says so. A service that takes at most 10 names a request (`--max-markets-per-request 10`) shows every
 * market it offers, loaded in batches, and the dialog states the limit; a transient 400
 * (`badRequestFirst`) marks no good market refused; both in either error style. Screenshots (1400x900,
 * 900x700) go to the test output dir.
 */
import type { Locator, Page } from '@playwright/test';
import { GRAPHQL_PATH, REST_PATHS } from '../shared/api/schema';
import type {
  AggregatedMaxOrders,
  AggregatedMinPrices,
  MarketOrderAnalytics,
  PriceRecommendation,
} from '../shared/api/types';
import {
  MARKET_ORDER_ANALYTICS_MARKETS,
  MAX_ORDER_MARKETS,
  MIN_PRICE_MARKETS,
  PUBLISHED_MAX_ORDER_MARKETS,
  marketName,
  nameStatus,
  publishedMarkets,
  type ServedMarkets,
} from '../shared/catalog/markets';
import { chunks, mergeAnswers } from '../renderer/market/api/batches';
import { formatMoney } from '../shared/money/money';
import type { WebHost } from '../webhost/server';
import { connectedHost, E2E_CATALOG_SLICE, expect, test as base } from './fixtures';
import { apiToken, grid, openGrid, postService, readRowAcross, showOnly } from './grid-page';
import { PINNED_AND_SUMMARY } from './grid-api';
import { refusedAskMarkets, refusedBidMarkets, shownAskMarkets, shownBidMarkets } from './served-markets';
import { startSeparateService, type TestService } from './separate-service';

/** A fixed service clock: the page and the direct API calls see the same prices. */
const T0 = Date.UTC(2025, 5, 2, 12, 0, 0);

/**
 * Each describe runs its own service (Playwright allows worker options such as `serviceOptions` only at a
 * file's top level); `hostOn(service)` gives a test a web host connected to it with the user's key.
 */
const test = base.extend<{ hostOn: (service: TestService) => Promise<string> }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  hostOn: async ({}, use, testInfo) => {
    const hosts: WebHost[] = [];
    await use(async (service) => {
      const host = await connectedHost(service.url, service, testInfo.outputPath(`web-key-${hosts.length}`));
      hosts.push(host);
      return host.launchUrl;
    });
    for (const h of hosts) await h.close();
  },
});
test.setTimeout(180_000);
// The price history is never read here: no recording (fixtures.ts, recordHistory).
test.use({ recordHistory: false, viewport: { width: 1400, height: 900 } });

/** Starts a separate service with these options for the describe it is called in. */
function serviceFor(options: Parameters<typeof startSeparateService>[0]): () => TestService {
  let service: TestService | null = null;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    service = await startSeparateService({ catalogSlice: E2E_CATALOG_SLICE, ...options });
  });
  test.afterAll(async () => {
    await service?.close();
  });
  return () => {
    if (!service) throw new Error('the service did not start');
    return service;
  };
}

/** Another service: the published names, plus names no catalog of the app holds. */
const OTHER: ServedMarkets = {
  minPrices: [...publishedMarkets().minPrices, 'newmarket-x', 'skinvault'],
  maxOrders: [...PUBLISHED_MAX_ORDER_MARKETS, 'newbid-y'],
  marketOrderAnalytics: ['csgotm', 'buff163', 'newmoa'],
};
/** A service that shares no min-price name with the app. */
const NONE_SHARED: ServedMarkets = {
  minPrices: ['newmarket-x', 'skinvault'],
  maxOrders: ['newbid-y'],
  marketOrderAnalytics: ['newmoa'],
};

const PROBE_PATHS = [
  REST_PATHS.minPrices,
  REST_PATHS.maxOrders,
  REST_PATHS.priceRecommendations,
  REST_PATHS.marketOrderAnalytics,
];
const SIZES = [
  { width: 1400, height: 900 },
  { width: 900, height: 700 },
] as const;
const TIMEOUT_LOAD = 120_000;

const money = (v: number) => formatMoney(v, { decimals: 2, symbol: '$' });
const tokenFor = (service: TestService) => apiToken(service.url, service.separate ? service.userKey : service.demoKey);
const note = (page: Page) => page.getByTestId('refused-markets');
const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Markets and fees' });

async function apiPrices(service: TestService) {
  const token = await tokenFor(service);
  const min = (await postService(service.url, token, REST_PATHS.minPrices, {
    game_id: 730,
    markets: shownAskMarkets(service.markets),
  })) as AggregatedMinPrices[];
  const max = (await postService(service.url, token, REST_PATHS.maxOrders, {
    game_id: 730,
    markets: shownBidMarkets(service.markets),
  })) as AggregatedMaxOrders[];
  return { min, max: new Map(max.map((r) => [r.market_hash_name, r])) };
}

/** Every element of a screenshot-worthy page at both sizes: saved, and nothing wider than the window. */
async function shootAtSizes(page: Page, name: string, what: Locator): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(what).toBeVisible();
    const box = (await what.boundingBox())!;
    expect(box.x, `${name} at ${size.width}x${size.height}`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} at ${size.width}x${size.height}: inside the window`).toBeLessThanOrEqual(
      size.width + 1,
    );
    expect(await what.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${name}: no text cut sideways`).toBe(
      true,
    );
    await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

// 400s that name the refused market are the reference service's default, which every other spec meets (the
// app's default list holds candidates it refuses); here the harder case, 400s that say only "Bad Request".
test.describe(`another service's market names, opaque 400s`, () => {
  const other = serviceFor({ clock: () => T0, markets: OTHER, errorStyle: 'opaque' });

  test('the grid loads every item with the API values; refused names listed and marked, published ones offered', async ({
    page,
    hostOn,
  }) => {
    const service = other();
    const appUrl = await hostOn(service);
    expect(service.markets).toEqual(OTHER);
    const api = await apiPrices(service);
    const askShown = shownAskMarkets(service.markets);
    const refusedAsk = refusedAskMarkets(service.markets);
    const refusedBid = refusedBidMarkets(service.markets);
    // What the app cannot know is not asked for; every name it asks for and is refused is a candidate.
    expect(askShown).toEqual(publishedMarkets().minPrices.filter((s) => askShown.includes(s)));
    expect(askShown).toHaveLength(publishedMarkets().minPrices.length);
    expect(refusedAsk).toHaveLength(8);
    expect(refusedBid).toHaveLength(4);
    for (const s of refusedAsk) expect(nameStatus('minPrices', s)).toBe('candidate');
    for (const s of refusedBid) expect(nameStatus('maxOrders', s)).toBe('candidate');

    await openGrid(page, appUrl, api.min.length);
    await expect(page.getByTestId('grid-count')).toHaveText(
      `${api.min.length.toLocaleString('en-US')} of ${api.min.length.toLocaleString('en-US')} items`,
    );
    await expect(grid(page)).toHaveAttribute('aria-colcount', String(PINNED_AND_SUMMARY + askShown.length));

    // A few items: every market cell, best ask and best bid equal the REST answer.
    const byCount = [...api.min].sort((a, b) => b.prices.length - a.prices.length);
    const sample = [
      byCount[0]!,
      byCount[Math.floor(byCount.length / 3)]!,
      byCount.find((i) => (api.max.get(i.market_hash_name)?.orders.length ?? 0) >= 2)!,
    ];
    for (const item of sample) {
      const name = item.market_hash_name;
      await showOnly(page, name);
      const cells = await readRowAcross(page, name);
      const asks = new Map(item.prices.map((p) => [p.market_name, p]));
      for (const slug of askShown) {
        const cell = cells.get(`m:${slug}`);
        const p = asks.get(slug);
        expect(cell, `${name} @ ${slug}`).toBeDefined();
        if (p) {
          expect(cell?.value, `${name} @ ${slug}`).toBe(String(p.price));
          expect(cell?.text.startsWith(money(p.price)), `${name} @ ${slug}: ${cell?.text}`).toBe(true);
        } else {
          expect(cell?.text).toBe('—');
          expect(cell?.value).toBeNull();
        }
      }
      for (const slug of refusedAsk) expect(cells.has(`m:${slug}`), `${slug} is refused: no column`).toBe(false);
      const bestAsk = item.prices.length ? Math.min(...item.prices.map((p) => p.price)) : null;
      const bids = api.max.get(name)?.orders ?? [];
      const bestBid = bids.length ? Math.max(...bids.map((o) => o.price)) : null;
      expect(cells.get('bestAsk')?.value ?? null).toBe(bestAsk === null ? null : String(bestAsk));
      if (bestAsk !== null) expect(cells.get('bestAsk')?.text.startsWith(money(bestAsk))).toBe(true);
      expect(cells.get('bestBid')?.value ?? null).toBe(bestBid === null ? null : String(bestBid));
      if (bestBid !== null) expect(cells.get('bestBid')?.text.startsWith(money(bestBid))).toBe(true);
    }
    await page.getByRole('searchbox', { name: 'Search items' }).fill('');

    // The note: every refused name by name and slug, none published, nothing "important".
    // Asks and buy orders are listed apart, each with exactly its refused names.
    const candidates = note(page).getByTestId('refused-candidates');
    await expect(candidates).toHaveText(
      `lowest asks: ${refusedAsk.map((s) => `${marketName(s)} (${s})`).join(', ')}; buy orders: ${refusedBid.map((s) => `${marketName(s)} (${s})`).join(', ')}`,
    );
    const refused = [...new Set([...refusedAsk, ...refusedBid])];
    for (const slug of refused) await expect(note(page)).toContainText(`${marketName(slug)} (${slug})`);
    for (const slug of askShown.filter((s) => !refusedBid.includes(s)))
      await expect(note(page)).not.toContainText(`(${slug})`);
    await expect(note(page)).toContainText('Not offered here, as unconfirmed names the service has not published');
    await expect(note(page).getByTestId('refused-important')).toHaveCount(0);
    await shootAtSizes(page, 'markets-refused-note', note(page));

    // The Markets dialog: refused candidates marked refused (and unconfirmed), published ones offered.
    await note(page).getByRole('button', { name: 'Markets & fees…' }).click();
    const dialog = settingsDialog(page);
    await expect(dialog).toBeVisible();
    for (const slug of refused) {
      const row = dialog.locator(`tr[data-slug="${slug}"]`);
      await expect(row.locator('[data-state]'), slug).toHaveAttribute('data-state', 'refused');
      if (refusedAsk.includes(slug)) await expect(row).toContainText('unconfirmed');
    }
    for (const slug of askShown.filter((s) => !refusedBid.includes(s))) {
      await expect(dialog.locator(`tr[data-slug="${slug}"] [data-state]`), slug).toHaveAttribute(
        'data-state',
        'offered',
      );
    }
    // Asked for both sides, refused for one: the cell says which.
    await expect(dialog.locator('tr[data-slug="c5"] [data-state]')).toHaveText(/refused/);
    await expect(dialog.getByTestId('markets-checked')).toContainText('Checked against this service');
    await shootAtSizes(page, 'markets-dialog', dialog);
  });

  test('analytics: the market view of the service’s “csgotm” loads; a refused source is marked and an offered one chosen', async ({
    page,
    hostOn,
  }) => {
    const service = other();
    const appUrl = await hostOn(service);
    const token = await tokenFor(service);
    const rows = (await postService(service.url, token, REST_PATHS.marketOrderAnalytics, {
      game_id: 730,
      market_name: 'csgotm',
    })) as MarketOrderAnalytics[];
    expect(rows.length).toBeGreaterThan(0);
    await page.goto(
      `${appUrl}#/analytics?${new URLSearchParams([
        ['view', 'market'],
        ['source', 'csgotm'],
      ]).toString()}`,
    );
    await expect(page.getByLabel('Source')).toHaveValue('csgotm');
    await expect(page.getByTestId('analytics-meta')).toContainText(`${rows.length.toLocaleString('en-US')} items`, {
      timeout: TIMEOUT_LOAD,
    });
    const top = page
      .locator('section.chart-frame')
      .filter({ has: page.getByRole('heading', { level: 3, name: 'Top items by volume', exact: true }) });
    await expect(top.getByRole('button', { name: 'Table' })).toBeEnabled();

    // A source this service refuses (a candidate name it does not serve): marked, and an offered one is shown instead.
    const refusedSource = MARKET_ORDER_ANALYTICS_MARKETS.find(
      (m) => !service.markets.marketOrderAnalytics.includes(m),
    )!;
    await page.goto(
      `${appUrl}#/analytics?${new URLSearchParams([
        ['view', 'market'],
        ['source', refusedSource],
      ]).toString()}`,
    );
    await expect(page.getByLabel('Source').locator(`option[value="${refusedSource}"]`)).toHaveText(
      /refused|not offered/i,
      { timeout: TIMEOUT_LOAD },
    );
    await expect
      .poll(() => page.getByLabel('Source').inputValue(), { timeout: TIMEOUT_LOAD })
      .toMatch(new RegExp(`^(${service.markets.marketOrderAnalytics.join('|')})$`));
    await expect(page.getByTestId('analytics-meta')).toContainText(' items', { timeout: TIMEOUT_LOAD });
  });

  test('recommendations: Buy and Sell deals find items with live prices on the offered markets', async ({
    page,
    hostOn,
  }) => {
    const service = other();
    const appUrl = await hostOn(service);
    const token = await tokenFor(service);
    const recs = (await postService(service.url, token, REST_PATHS.priceRecommendations, {
      game_id: 730,
      type: 'general',
    })) as PriceRecommendation[];
    const total = recs.length.toLocaleString('en-US');
    await page.goto(`${appUrl}#/recommendations`);
    await expect(page.getByTestId('recs-count')).toHaveText(`${total} of ${total} items`, { timeout: TIMEOUT_LOAD });
    await expect(page.getByTestId('recs-prices')).toHaveText(
      `live prices: ${shownAskMarkets(service.markets).length} ask / ${shownBidMarkets(service.markets).length} bid markets`,
      { timeout: TIMEOUT_LOAD },
    );
    for (const [radio, col, verb] of [
      ['Buy deals', 'buyGain', 'Buy on '],
      ['Sell deals', 'sellGain', 'Sell on '],
    ] as const) {
      await page.getByRole('radio', { name: radio }).click();
      await expect(page.getByTestId('recs-count')).not.toHaveText(/^0 of/);
      await expect(page.getByText('Deals need live prices: they are loading…')).toHaveCount(0);
      const first = page.getByTestId('rec-list').locator('.rl__row:not(.rl__row--head)').first();
      const title = await first.locator(`[data-col="${col}"]`).getAttribute('title');
      expect(title, radio).toMatch(new RegExp(`^${verb}`));
      // Only markets this service offers act in a deal.
      const market = /^(?:Buy|Sell) on (.+?): /.exec(title!)![1]!;
      const offered = (col === 'buyGain' ? shownAskMarkets(service.markets) : shownBidMarkets(service.markets)).map(
        marketName,
      );
      expect(offered, title!).toContain(market);
    }
    // The markets filter marks the names this service refuses.
    await page.getByRole('radio', { name: 'All items' }).click();
    await page.getByTestId('rec-markets').click();
    const refusedName = refusedAskMarkets(service.markets)[0]!;
    await expect(
      page.locator('.rmf__item').filter({ has: page.locator(`input[data-slug="${refusedName}"]`) }),
    ).toHaveText(/refused|not offered/i, { timeout: TIMEOUT_LOAD });
  });

  test('what was found is remembered (no probe after a reload); a name the user adds that the service refuses is news', async ({
    page,
    hostOn,
  }) => {
    const service = other();
    const appUrl = await hostOn(service);
    const api = await apiPrices(service);
    const probes: string[] = [];
    page.on('request', (r) => {
      if (PROBE_PATHS.some((p) => r.url().endsWith(p))) probes.push(`${r.url()} ${r.postData() ?? ''}`);
    });
    await openGrid(page, appUrl, api.min.length);
    await expect(note(page)).toBeVisible({ timeout: TIMEOUT_LOAD });
    expect(probes.length, 'the first load probes').toBeGreaterThan(0);
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('market-desk.pref.markets.discovery'))) ?? '{}',
    ) as Record<string, { minPrices?: { refused: string[] } }>;
    const entries = Object.values(stored);
    expect(entries).toHaveLength(1);
    expect([...(entries[0]!.minPrices?.refused ?? [])].sort()).toEqual([...refusedAskMarkets(service.markets)].sort());

    probes.length = 0;
    await page.reload();
    await expect(grid(page)).toHaveAttribute('aria-rowcount', String(api.min.length + 1), { timeout: TIMEOUT_LOAD });
    await expect(note(page)).toContainText(`${marketName(refusedAskMarkets(service.markets)[0]!)}`);
    await expect(page.getByTestId('markets-checking')).toHaveCount(0);
    expect(probes).toEqual([]);

    // The user adds a name this service refuses: found, and listed as news (not as an unconfirmed candidate).
    await page.getByRole('button', { name: 'Markets & fees', exact: true }).click();
    const dialog = settingsDialog(page);
    const add = dialog.getByRole('form', { name: 'Add a market' });
    await add.getByLabel('Slug').fill('steam');
    await add.getByRole('button', { name: 'Add market' }).click();
    const row = dialog.locator('tr[data-slug="steam"]');
    await expect(row).toBeVisible();
    await expect(row).toContainText('not in catalog');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(note(page).getByTestId('refused-important')).toHaveText('lowest asks: steam (steam)', {
      timeout: TIMEOUT_LOAD,
    });
    await expect(note(page)).toContainText('This service does not offer a market, left out');
    await expect(grid(page)).toHaveAttribute('aria-rowcount', String(api.min.length + 1));
    await expect(grid(page)).toHaveAttribute(
      'aria-colcount',
      String(PINNED_AND_SUMMARY + shownAskMarkets(service.markets).length),
    );
    await page.getByRole('button', { name: 'Markets & fees', exact: true }).click();
    await expect(row.locator('[data-state]')).toHaveAttribute('data-state', 'refused');
  });
});

test.describe('a service that offers none of the app’s min-price names', () => {
  const none = serviceFor({ clock: () => T0, markets: NONE_SHARED });

  test('says so, with the way out; checking again asks again', async ({ page, hostOn }) => {
    const service = none();
    const appUrl = await hostOn(service);
    expect(shownAskMarkets(service.markets)).toEqual([]);
    await page.goto(appUrl);
    const block = page.getByTestId('markets-all-refused');
    await expect(block).toBeVisible({ timeout: TIMEOUT_LOAD });
    await expect(block).toContainText('This service offers none of your markets');
    await expect(block).toContainText(
      `It refused all ${refusedAskMarkets(service.markets).length} market names asked for`,
    );
    await expect(grid(page)).toHaveCount(0);
    await shootAtSizes(page, 'markets-all-refused', block);

    const probes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(REST_PATHS.minPrices)) probes.push(r.postData() ?? '');
    });
    await block.getByRole('button', { name: 'Check markets again' }).click();
    await expect.poll(() => probes.length, { timeout: TIMEOUT_LOAD }).toBeGreaterThan(0);
    await expect(block).toBeVisible({ timeout: TIMEOUT_LOAD });
    await block.getByRole('button', { name: 'Markets & fees…' }).click();
    await expect(settingsDialog(page).locator('tr[data-slug="steamcommunity"] [data-state]')).toHaveAttribute(
      'data-state',
      'refused',
    );
  });
});

/** Every name the app asks for by default: a service that offers them all (nothing for discovery to leave out). */
const ALL_NAMES: ServedMarkets = {
  minPrices: [...MIN_PRICE_MARKETS],
  maxOrders: [...MAX_ORDER_MARKETS],
  marketOrderAnalytics: [...MARKET_ORDER_ANALYTICS_MARKETS],
};
const LIMIT = 10;

/** The service's answer for the markets the app shows, asked in lists within `limit` and merged as the app does. */
async function apiPricesWithin(service: TestService, limit: number) {
  const token = await tokenFor(service);
  const ask = (markets: string[]) => postService(service.url, token, REST_PATHS.minPrices, { game_id: 730, markets });
  const bid = (markets: string[]) => postService(service.url, token, REST_PATHS.maxOrders, { game_id: 730, markets });
  const min = mergeAnswers(
    await Promise.all(chunks(shownAskMarkets(service.markets), limit).map(ask)),
    'prices',
  ) as AggregatedMinPrices[];
  const max = mergeAnswers(
    await Promise.all(chunks(shownBidMarkets(service.markets), limit).map(bid)),
    'orders',
  ) as AggregatedMaxOrders[];
  return { min, max: new Map(max.map((r) => [r.market_hash_name, r])) };
}

/** Requests of the page that name markets (discovery's probes, the grid's loads), by path. */
function countMarketRequests(page: Page): { probes: number; loads: number; sizes: number[] } {
  const seen = { probes: 0, loads: 0, sizes: [] as number[] };
  page.on('request', (r) => {
    const body = r.postData() ?? '';
    if (PROBE_PATHS.some((p) => r.url().endsWith(p))) {
      seen.probes++;
      const markets = (JSON.parse(body) as { markets?: unknown[] }).markets;
      if (Array.isArray(markets)) seen.sizes.push(markets.length);
    } else if (r.url().endsWith(GRAPHQL_PATH) && body.includes('aggregatedMinPrices')) seen.loads++;
  });
  return seen;
}

for (const errorStyle of ['opaque', 'named'] as const) {
  test.describe(`a service that takes at most ${LIMIT} names a request, ${errorStyle} 400s`, () => {
    const limited = serviceFor({ clock: () => T0, maxMarketsPerRequest: LIMIT, errorStyle });

    test('every market it offers shows in the grid with the API values, none listed as not offered; the dialog states the limit', async ({
      page,
      hostOn,
    }) => {
      const service = limited();
      const appUrl = await hostOn(service);
      const api = await apiPricesWithin(service, LIMIT);
      const askShown = shownAskMarkets(service.markets);
      const refusedAsk = refusedAskMarkets(service.markets);
      const refusedBid = refusedBidMarkets(service.markets);
      expect(askShown.length).toBeGreaterThan(LIMIT);
      const requests = countMarketRequests(page);

      await openGrid(page, appUrl);
      await expect(grid(page)).toHaveAttribute('aria-colcount', String(PINNED_AND_SUMMARY + askShown.length), {
        timeout: TIMEOUT_LOAD,
      });
      await expect(grid(page)).toHaveAttribute('aria-rowcount', String(api.min.length + 1), { timeout: TIMEOUT_LOAD });
      // Markets of every batch, in one row: the item listed on the most markets, every cell as the API says.
      const item = [...api.min].sort((a, b) => b.prices.length - a.prices.length)[0]!;
      await showOnly(page, item.market_hash_name);
      const cells = await readRowAcross(page, item.market_hash_name);
      const asks = new Map(item.prices.map((p) => [p.market_name, p.price]));
      for (const slug of askShown)
        expect(cells.get(`m:${slug}`)?.value ?? null, slug).toBe(asks.has(slug) ? String(asks.get(slug)) : null);
      const bestBid = Math.max(...(api.max.get(item.market_hash_name)?.orders ?? []).map((o) => o.price));
      if (Number.isFinite(bestBid)) expect(cells.get('bestBid')?.value).toBe(String(bestBid));
      await page.getByRole('searchbox', { name: 'Search items' }).fill('');

      // Not offered: only the names the service really refuses (unconfirmed candidates), no published one.
      await expect(note(page).getByTestId('refused-candidates')).toHaveText(
        `lowest asks: ${refusedAsk.map((s) => `${marketName(s)} (${s})`).join(', ')}; buy orders: ${refusedBid.map((s) => `${marketName(s)} (${s})`).join(', ')}`,
      );
      await expect(note(page).getByTestId('refused-important')).toHaveCount(0);

      await page.getByRole('button', { name: 'Markets & fees', exact: true }).click();
      const dialog = settingsDialog(page);
      await expect(dialog.getByTestId('markets-checked')).toContainText(
        `This service takes at most ${LIMIT} names a request`,
      );
      for (const slug of askShown.filter((s) => !refusedBid.includes(s)))
        await expect(dialog.locator(`tr[data-slug="${slug}"] [data-state]`), slug).toHaveAttribute(
          'data-state',
          'offered',
        );
      for (const slug of refusedAsk)
        await expect(dialog.locator(`tr[data-slug="${slug}"] [data-state]`), slug).toHaveAttribute(
          'data-state',
          'refused',
        );
      // What a new user's first start cost: discovery's probes and the grid's loads (each a whole-catalog request).
      const cost = `${errorStyle}: ${requests.probes} probes (sizes ${requests.sizes.join(',')}), ${requests.loads} GraphQL price loads`;
      test.info().annotations.push({ type: 'requests', description: cost });
      console.log(`[markets.spec] limit ${LIMIT}, ${cost}`);
      await shootAtSizes(page, `markets-dialog-limit-${errorStyle}`, dialog);
    });
  });

  test.describe(`transient 400s, ${errorStyle} style`, () => {
    const all = serviceFor({ clock: () => T0, markets: ALL_NAMES, errorStyle });

    test('a transient 400 marks no good market refused: every market shows, none listed as not offered', async ({
      page,
      hostOn,
    }) => {
      const service = all();
      const appUrl = await hostOn(service);
      const askShown = shownAskMarkets(service.markets);
      expect(refusedAskMarkets(service.markets)).toEqual([]);
      const requests = countMarketRequests(page);
      // The first two requests that name markets are refused (the grid's load, then discovery's first probe).
      await service.setFaults({ badRequestFirst: 2 });
      try {
        await openGrid(page, appUrl);
        await expect(grid(page)).toHaveAttribute('aria-colcount', String(PINNED_AND_SUMMARY + askShown.length), {
          timeout: TIMEOUT_LOAD,
        });
        await expect(page.getByTestId('markets-checking')).toHaveCount(0, { timeout: TIMEOUT_LOAD });
        await expect(note(page)).toHaveCount(0);
        expect(requests.probes, 'the refusal was looked into').toBeGreaterThan(0);
        await page.getByRole('button', { name: 'Markets & fees', exact: true }).click();
        const dialog = settingsDialog(page);
        for (const slug of askShown)
          await expect(dialog.locator(`tr[data-slug="${slug}"] [data-state]`), slug).not.toHaveAttribute(
            'data-state',
            'refused',
          );
        await expect(dialog.getByTestId('markets-checked')).not.toContainText('names a request');
        const stored = await page.evaluate(() => localStorage.getItem('market-desk.pref.markets.discovery'));
        const entries = Object.values(
          JSON.parse(stored ?? '{}') as Record<
            string,
            { minPrices?: { refused: string[] }; maxOrders?: { refused: string[] } }
          >,
        );
        expect(entries.flatMap((e) => [...(e.minPrices?.refused ?? []), ...(e.maxOrders?.refused ?? [])])).toEqual([]);
      } finally {
        await service.setFaults({ badRequestFirst: 0 });
      }
    });
  });
}
