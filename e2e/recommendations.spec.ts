/**
 * The Recommendations page in Chromium against the reference service started as its own process
 * (Playwright project "connected": the app on a non-demo key, the way users run it). Every expectation is
 * computed here from the test's own calls to the service (GraphQL getPriceRecommendations, the REST form
 * with a markets filter, aggregatedMinPrices / aggregatedMaxOrders), never from the app's code:
 * rows of sampled items under both types, the REST markets filter, filters and their counts, sorting,
 * the deals preset's arithmetic with a buyer and a seller fee, the reasons explained, the CSV of the view,
 * and the keyboard (Enter opens the detail panel, A the item's analytics).
 *
 * The list is virtualized: a sampled item is found by searching its exact name (a quoted phrase) and then
 * its row by `data-item`.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { GRAPHQL_PATH, REST_PATHS } from '../shared/api/schema';
import type { PriceRecommendation } from '../shared/api/types';
import { marketName } from '../shared/catalog/markets';
import { appliedFee, steamReceives, type UserFees } from './fee-rules';
import { expect, test } from './fixtures';
import { apiToken, postService } from './grid-page';
import type { TestService } from './separate-service';
import { shownAskMarkets, shownBidMarkets } from './served-markets';

/** A fixed service clock: the page and the direct API calls see the same numbers. */
const T0 = Date.UTC(2025, 5, 2, 12, 0, 0);
// The price history is never read here: no recording (fixtures.ts, recordHistory).
test.use({ recordHistory: false, serviceOptions: { clock: () => T0 }, viewport: { width: 1600, height: 900 } });
test.setTimeout(180_000);

/** Spec 2.8, in the spec's order. */
const SPEC_REASONS = [
  'NOT_POPULAR',
  'NO_ORDERS',
  'NO_LISTINGS',
  'LISTINGS_PRICE',
  'BIG_LISTINGS_DIFFERENCE',
  'BOOST_RISK',
  'NO_THREE_MONTH_SALES',
  'THREE_MONTH_SALES',
] as const;
/** Words the explanation of each reason must use (the spec's meaning, in other words). */
const REASON_WORDS: Record<(typeof SPEC_REASONS)[number], RegExp> = {
  NOT_POPULAR: /rarely|infrequent/i,
  NO_ORDERS: /buy order/i,
  NO_LISTINGS: /lists? it|listing/i,
  LISTINGS_PRICE: /unusual/i,
  BIG_LISTINGS_DIFFERENCE: /gap/i,
  BOOST_RISK: /manipulat|pushed|on purpose/i,
  NO_THREE_MONTH_SALES: /no sales.*three months|3 months/i,
  THREE_MONTH_SALES: /only.*three months|3 months/i,
};
const MINUS = '\u2212';
const TIMEOUT_LOAD = 90_000;

type Rec = PriceRecommendation;
type RecType = 'general' | 'p2p';

// ---- Direct API access (the test's own token, from the key the app uses) ---------------------------

const tokenFor = (service: TestService) => apiToken(service.url, service.separate ? service.userKey : service.demoKey);

async function graphql<T>(service: TestService, query: string, variables: Record<string, unknown>): Promise<T> {
  const body = (await postService(service.url, await tokenFor(service), GRAPHQL_PATH, { query, variables })) as {
    data?: T;
    errors?: unknown;
  };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

/** Answers are the same for the whole worker (frozen clock): fetched once each. */
const cache = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

const REC_FIELDS =
  'market_hash_name suggested_price unstable_reasons total_sales price_difference price_change_percentage liquidity_score';

function gqlRecs(service: TestService, type: RecType): Promise<Rec[]> {
  return once(`${service.url} gql ${type}`, async () => {
    const q = `query($g: Int, $t: RecommendationType) { getPriceRecommendations(game_id: $g, type: $t) { ${REC_FIELDS} } }`;
    return (await graphql<{ getPriceRecommendations: Rec[] }>(service, q, { g: 730, t: type })).getPriceRecommendations;
  });
}

function restRecs(service: TestService, type: RecType, markets: string[]): Promise<Rec[]> {
  return once(`${service.url} rest ${type} ${markets.join(',')}`, async () => {
    return (await postService(service.url, await tokenFor(service), REST_PATHS.priceRecommendations, {
      game_id: 730,
      type,
      markets,
    })) as Rec[];
  });
}

interface Quote {
  market_name: string;
  price: number;
}
/** Best ask / bid inputs: every served market's lowest ask and highest buy order per item (GraphQL, CS2). */
function livePrices(service: TestService): Promise<{ asks: Map<string, Quote[]>; bids: Map<string, Quote[]> }> {
  return once(`${service.url} prices`, async () => {
    const q = `query($a: [String!]!, $b: [String!]!) {
      aggregatedMinPrices(markets: $a) { market_hash_name prices { market_name price } }
      aggregatedMaxOrders(markets: $b) { market_hash_name orders { market_name price } }
    }`;
    const data = await graphql<{
      aggregatedMinPrices: Array<{ market_hash_name: string; prices: Quote[] }>;
      aggregatedMaxOrders: Array<{ market_hash_name: string; orders: Quote[] }>;
    }>(service, q, { a: shownAskMarkets(service.markets), b: shownBidMarkets(service.markets) });
    return {
      asks: new Map(data.aggregatedMinPrices.map((r) => [r.market_hash_name, r.prices])),
      bids: new Map(data.aggregatedMaxOrders.map((r) => [r.market_hash_name, r.orders])),
    };
  });
}

// ---- Independent expectations -------------------------------------------------------------------------

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const countText = (shown: number, total: number) => `${grouped(shown)} of ${grouped(total)} items`;
/** Thousandths as exact money text: 1234567 -> "$1,234.567", -205 -> "-$0.205". */
function exactMoney(v: number): string {
  const a = Math.abs(v);
  return `${v < 0 ? '-' : ''}$${grouped(Math.floor(a / 1000))}.${String(a % 1000).padStart(3, '0')}`;
}
/** Thousandths as the exact decimal a CSV holds: -205 -> "-0.205". */
function decimal(v: number): string {
  const a = Math.abs(v);
  return `${v < 0 ? '-' : ''}${Math.floor(a / 1000)}.${String(a % 1000).padStart(3, '0')}`;
}
/** Percent as displayed: one decimal, more when that would read as zero; "+" on gains when signed. */
function percentText(v: number, signed = false): string {
  let t = v === 0 ? '0.0' : v.toFixed(1);
  if (v !== 0 && !/[1-9]/.test(t)) t = v.toFixed(2);
  if (v !== 0 && !/[1-9]/.test(t)) t = v.toFixed(3);
  return `${signed && v > 0 ? '+' : ''}${t}%`;
}

/** Sorted by a value (desc or asc), ties by name. */
function sortedBy(rows: Rec[], value: (r: Rec) => number, dir: 'asc' | 'desc'): Rec[] {
  const s = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => (value(a) - value(b)) * s || byName(a.market_hash_name, b.market_hash_name));
}

/** Five items, chosen the same way every run: highest and lowest suggested price, the most reasons, a stable one, one NO_ORDERS. */
function pickSample(rows: Rec[]): Rec[] {
  const ok = rows.filter((r) => !r.market_hash_name.includes('"') && r.market_hash_name.trim() === r.market_hash_name);
  const byPrice = sortedBy(ok, (r) => r.suggested_price, 'desc');
  const mostReasons = sortedBy(ok, (r) => r.unstable_reasons.length, 'desc')[0];
  const stable = byPrice.filter((r) => r.unstable_reasons.length === 0);
  const noOrders = byPrice.find((r) => r.unstable_reasons.includes('NO_ORDERS'));
  const picks = [byPrice[0], byPrice[byPrice.length - 1], mostReasons, stable[Math.floor(stable.length / 2)], noOrders];
  const out: Rec[] = [];
  for (const p of picks) if (p && !out.includes(p)) out.push(p);
  expect(out.length).toBeGreaterThanOrEqual(4);
  expect(out.some((r) => r.unstable_reasons.length > 0) && out.some((r) => r.unstable_reasons.length === 0)).toBe(true);
  return out;
}

// ---- Page helpers ---------------------------------------------------------------------------------------

const list = (page: Page) => page.getByTestId('rec-list');
const count = (page: Page) => page.getByTestId('recs-count');
const foot = (page: Page) => page.locator('.rs__foot');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search items' });
const cssString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const rowOf = (page: Page, name: string) => list(page).locator(`.rl__row[data-item=${cssString(name)}]`);
const cell = (row: Locator, key: string) => row.locator(`[data-col="${key}"]`);

/** Opens the page (with URL parameters) and waits for the whole list. */
async function openRecs(page: Page, appUrl: string, total: number, query = ''): Promise<void> {
  await page.goto(`${appUrl}#/recommendations${query}`);
  await expect(count(page)).toHaveText(countText(total, total), { timeout: TIMEOUT_LOAD });
}

/** Waits until the live prices (best ask / bid across the user's markets this service offers) are joined. */
async function pricesLoaded(page: Page, service: TestService): Promise<void> {
  await expect(page.getByTestId('recs-prices')).toHaveText(
    `live prices: ${shownAskMarkets(service.markets).length} ask / ${shownBidMarkets(service.markets).length} bid markets`,
    { timeout: TIMEOUT_LOAD },
  );
}

async function showOnly(page: Page, name: string): Promise<Locator> {
  await searchBox(page).fill(`"${name}"`);
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  return row;
}

/** Scrolls the list across until a column is in sight (the list renders only the columns in sight). */
async function scrollToColumn(page: Page, key: string): Promise<void> {
  await list(page)
    .locator(`[role="columnheader"][data-col="${key}"]`)
    .evaluate((h) => h.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
}

/** The rendered rows' items, in view order. */
async function shownItems(page: Page): Promise<string[]> {
  const rows = await list(page)
    .locator('.rl__row:not(.rl__row--head)')
    .evaluateAll((els) =>
      els.map((e) => [Number(e.getAttribute('aria-rowindex')), e.getAttribute('data-item') ?? ''] as const),
    );
  return rows.sort((a, b) => a[0] - b[0]).map((r) => r[1]);
}

async function chipCodes(row: Locator): Promise<string[]> {
  return (
    await cell(row, 'reasons')
      .locator('.rc-chip')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-code') ?? ''))
  ).sort();
}

/** Every value of one row against the API's row. */
async function expectRow(page: Page, r: Rec): Promise<void> {
  const row = await showOnly(page, r.market_hash_name);
  const what = `${r.market_hash_name}`;
  await expect(cell(row, 'name'), what).toHaveAttribute('title', r.market_hash_name);
  await expect(cell(row, 'suggested'), what).toHaveAttribute('title', exactMoney(r.suggested_price));
  await expect(cell(row, 'sales'), what).toHaveText(grouped(r.total_sales));
  await expect(cell(row, 'diff'), what).toHaveAttribute(
    'title',
    `Current minus suggested: ${exactMoney(r.price_difference)}`,
  );
  await expect(cell(row, 'changePct'), what).toHaveText(percentText(r.price_change_percentage, true));
  await expect(cell(row, 'liquidity'), what).toHaveAttribute('title', `Liquidity score ${r.liquidity_score} of 10000`);
  await expect(cell(row, 'liquidity'), what).toHaveText(percentText(r.liquidity_score / 100));
  await expect.poll(() => chipCodes(row), { message: `${what}: reasons` }).toEqual([...r.unstable_reasons].sort());
  if (r.unstable_reasons.length === 0) await expect(cell(row, 'reasons'), what).toHaveText('Stable');
}

// ---- Tests ------------------------------------------------------------------------------------------------

test('rows equal getPriceRecommendations for sampled items, type general and P2P', async ({
  page,
  appUrl,
  service,
}) => {
  const [general, p2p] = await Promise.all([gqlRecs(service, 'general'), gqlRecs(service, 'p2p')]);
  const sample = pickSample(general);
  const p2pOf = new Map(p2p.map((r) => [r.market_hash_name, r]));
  // The two types differ for the sample: a page that ignored the type would fail below.
  expect(sample.some((r) => p2pOf.get(r.market_hash_name)?.suggested_price !== r.suggested_price)).toBe(true);

  await openRecs(page, appUrl, general.length);
  await expect(page.getByRole('radio', { name: 'General', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(foot(page)).toContainText('general');
  await expect(foot(page)).toContainText('via GraphQL');
  for (const r of sample) await expectRow(page, r);

  await page.getByRole('radio', { name: 'P2P', exact: true }).click();
  await expect(page).toHaveURL(/#\/recommendations\?type=p2p$/);
  await expect(foot(page)).toContainText('P2P', { timeout: TIMEOUT_LOAD });
  await expect(count(page)).toHaveText(/ of [\d,]+ items$/, { timeout: TIMEOUT_LOAD });
  for (const s of sample) {
    const r = p2pOf.get(s.market_hash_name);
    expect(r, `${s.market_hash_name} in the P2P list`).toBeDefined();
    await expectRow(page, r!);
  }
  await searchBox(page).fill('');
  await expect(count(page)).toHaveText(countText(p2p.length, p2p.length));
});

test('a markets filter loads the REST form with those markets; the footer says REST', async ({
  page,
  appUrl,
  service,
}) => {
  const [general, two, one] = await Promise.all([
    gqlRecs(service, 'general'),
    restRecs(service, 'general', ['buff163', 'csfloat']),
    restRecs(service, 'general', ['buff163']),
  ]);
  const generalOf = new Map(general.map((r) => [r.market_hash_name, r]));
  const oneOf = new Map(one.map((r) => [r.market_hash_name, r]));
  // The sample, plus an item whose figure with one market differs from two (which items differ is data).
  const sample = pickSample(two);
  const differs = (r: Rec) =>
    oneOf.has(r.market_hash_name) && oneOf.get(r.market_hash_name)!.suggested_price !== r.suggested_price;
  const extra = sample.some(differs) ? undefined : two.find((r) => differs(r) && !r.market_hash_name.includes('"'));
  if (extra) sample.push(extra);
  expect(
    sample.some((r) => generalOf.get(r.market_hash_name)?.suggested_price !== r.suggested_price),
    'the filter changes the sample',
  ).toBe(true);

  await openRecs(page, appUrl, two.length, '?market=buff163&market=csfloat');
  await expect(foot(page)).toContainText('based on 2 markets');
  await expect(foot(page)).toContainText('via REST');
  await expect(page.getByTestId('rec-markets')).toHaveText(/^2 markets/);
  for (const r of sample) await expectRow(page, r);

  // The disclosure: uncheck CSFloat, leaving BUFF163 only.
  await page.getByTestId('rec-markets').click();
  await expect(page.locator('input[data-slug="buff163"]')).toBeChecked();
  await expect(page.locator('input[data-slug="csfloat"]')).toBeChecked();
  await page.locator('input[data-slug="csfloat"]').uncheck();
  await expect(page).toHaveURL(/#\/recommendations\?market=buff163$/);
  await expect(foot(page)).toContainText('based on 1 market ·', { timeout: TIMEOUT_LOAD });
  const changed = sample.filter((r) => oneOf.has(r.market_hash_name)).map((r) => oneOf.get(r.market_hash_name)!);
  expect(sample.some(differs), 'one market differs from two').toBe(true);
  for (const r of changed) await expectRow(page, r);

  await page.getByRole('button', { name: 'No filter' }).click();
  await expect(page).toHaveURL(/#\/recommendations$/);
  await expect(foot(page)).toContainText('via GraphQL', { timeout: TIMEOUT_LOAD });
  await expect(page.getByTestId('rec-markets')).toHaveText(/^All markets/);
  await expectRow(page, generalOf.get(sample[0]!.market_hash_name)!);
});

test('filters: stable only, a hidden reason, min liquidity, suggested range, text; counts equal the API', async ({
  page,
  appUrl,
  service,
}) => {
  const all = await gqlRecs(service, 'general');
  const total = all.length;
  const expectCount = async (keep: (r: Rec) => boolean) => {
    const expected = all.filter(keep);
    expect(expected.length).toBeGreaterThan(0);
    await expect(count(page)).toHaveText(countText(expected.length, total));
    // The rows in view pass too.
    const ok = new Set(expected.map((r) => r.market_hash_name));
    const shown = await shownItems(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((n) => !ok.has(n))).toEqual([]);
  };
  await openRecs(page, appUrl, total);

  const stableOnly = page.getByRole('checkbox', { name: 'Stable only' });
  await stableOnly.check();
  await expectCount((r) => r.unstable_reasons.length === 0);
  await stableOnly.uncheck();
  await expect(count(page)).toHaveText(countText(total, total));

  // Hide one reason: items traded infrequently.
  const notPopular = page.locator('.rc-toggle', { hasText: 'Traded infrequently' });
  await notPopular.click();
  await expect(notPopular).toHaveAttribute('aria-pressed', 'true');
  const noNotPopular = (r: Rec) => !r.unstable_reasons.includes('NOT_POPULAR');
  await expectCount(noNotPopular);

  await page.getByTestId('rec-min-liquidity').fill('45.5');
  const liquid = (r: Rec) => noNotPopular(r) && r.liquidity_score >= 4550;
  await expectCount(liquid);

  await page.getByLabel('Min suggested', { exact: true }).fill('2.5');
  await page.getByLabel('Max suggested', { exact: true }).fill('40');
  const priced = (r: Rec) => liquid(r) && r.suggested_price >= 2500 && r.suggested_price <= 40_000;
  await expectCount(priced);

  await searchBox(page).fill('redline');
  await expectCount((r) => priced(r) && r.market_hash_name.toLowerCase().includes('redline'));

  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(count(page)).toHaveText(countText(total, total));
  await expect(notPopular).toHaveAttribute('aria-pressed', 'false');
  await expect(searchBox(page)).toHaveValue('');
});

test('sort by suggested price, descending then ascending, equals the API data sorted', async ({
  page,
  appUrl,
  service,
}) => {
  const all = await gqlRecs(service, 'general');
  await openRecs(page, appUrl, all.length);
  const FIRST = 10;
  const check = async (value: (r: Rec) => number, dir: 'asc' | 'desc') => {
    const expected = sortedBy(all, value, dir).slice(0, FIRST + 1);
    const byItem = new Map(all.map((r) => [r.market_hash_name, r]));
    await expect
      .poll(async () => (await shownItems(page)).slice(0, FIRST).map((n) => value(byItem.get(n)!)))
      .toEqual(expected.slice(0, FIRST).map(value));
    // Names where the value is not tied with a neighbour (ties are in name order, compared no further).
    const shown = (await shownItems(page)).slice(0, FIRST);
    for (let k = 0; k < FIRST; k++) {
      const v = value(expected[k]!);
      const tied = (k > 0 && value(expected[k - 1]!) === v) || value(expected[k + 1]!) === v;
      if (!tied) expect(shown[k], `row ${k + 1}`).toBe(expected[k]!.market_hash_name);
    }
  };
  // The default: total sales, most first.
  const sales = page.locator('[role="columnheader"]').filter({ hasText: /^Sales/ });
  await expect(sales).toHaveAttribute('aria-sort', 'descending');
  await check((r) => r.total_sales, 'desc');

  const suggested = page.locator('[role="columnheader"]').filter({ hasText: /^Suggested/ });
  await suggested.getByRole('button').click();
  await expect(suggested).toHaveAttribute('aria-sort', 'descending');
  await expect(sales).toHaveAttribute('aria-sort', 'none');
  await check((r) => r.suggested_price, 'desc');
  const top = await shownItems(page);
  await expect(cell(rowOf(page, top[0]!), 'suggested')).toHaveAttribute(
    'title',
    exactMoney(Math.max(...all.map((r) => r.suggested_price))),
  );

  await suggested.getByRole('button').click();
  await expect(suggested).toHaveAttribute('aria-sort', 'ascending');
  await check((r) => r.suggested_price, 'asc');
});

test('deals preset: buy and sell figures after a buyer and a seller fee equal the API prices; every row passes the margin', async ({
  page,
  appUrl,
  service,
}) => {
  const [all, live] = await Promise.all([gqlRecs(service, 'general'), livePrices(service)]);
  const candidates = all.filter((r) => r.unstable_reasons.length === 0 && r.liquidity_score >= 2000);
  type Deal = {
    name: string;
    market: string;
    price: number;
    feeText: string;
    fee: number;
    after: number;
    suggested: number;
    gain: number;
    ties: Deal[];
  };
  type Fees = UserFees;

  /**
   * Every candidate's best deal on one side with these fees over the default fees (the best over the user's
   * markets this service offers: 28 ask / 3 bid on the published names; Steam's buy orders pay Steam's fee).
   */
  const deals = (side: 'buy' | 'sell', fees: Fees): Map<string, Deal> => {
    const out = new Map<string, Deal>();
    for (const r of candidates) {
      const quotes = (side === 'buy' ? live.asks : live.bids).get(r.market_hash_name) ?? [];
      let best: Deal | null = null;
      for (const q of quotes) {
        const { fee: f, text } = appliedFee(side, q.market_name, q.price, fees);
        const after = side === 'buy' ? q.price + f : q.price - f;
        const gain = side === 'buy' ? r.suggested_price - after : after - r.suggested_price;
        const d: Deal = {
          name: r.market_hash_name,
          market: q.market_name,
          price: q.price,
          feeText: text,
          fee: f,
          after,
          suggested: r.suggested_price,
          gain,
          ties: [],
        };
        if (!best || (side === 'buy' ? after < best.after : after > best.after)) best = d;
        else if (after === best.after) best.ties.push(d);
      }
      if (best) out.set(r.market_hash_name, best);
    }
    return out;
  };
  /** Deals with gain >= margin (basis points) of the suggestion, in exact integers; most gain first, ties by name. */
  const passes = (d: Deal, marginBps: number) => d.gain * 10000 >= marginBps * d.suggested;
  const passing = (m: Map<string, Deal>, marginBps: number) =>
    [...m.values()].filter((d) => passes(d, marginBps)).sort((a, b) => b.gain - a.gain || byName(a.name, b.name));
  const working = (side: 'buy' | 'sell', d: Deal, market = d.market) => {
    const pct = percentText((d.gain / d.suggested) * 100, true);
    return side === 'buy'
      ? `Buy on ${marketName(market)}: ask ${exactMoney(d.price)} + buyer fee ${d.feeText} (${exactMoney(d.fee)}) = ${exactMoney(d.after)}; suggested ${exactMoney(d.suggested)}; suggested ${MINUS} cost = ${exactMoney(d.gain)} (${pct} of the suggestion)`
      : `Sell on ${marketName(market)}: buy order ${exactMoney(d.price)} ${MINUS} seller fee ${d.feeText} (${exactMoney(d.fee)}) = ${exactMoney(d.after)}; suggested ${exactMoney(d.suggested)}; proceeds ${MINUS} suggested = ${exactMoney(d.gain)} (${pct} of the suggestion)`;
  };
  // A tie on another market (the same result there) is shown with that market's own price and fee.
  const titles = (side: 'buy' | 'sell', d: Deal) => [d, ...d.ties].map((t) => working(side, t));
  // Steam's own fee function, as its listing dialog shows it: the seller receives $1.00 of $1.15.
  expect(steamReceives(1150, 1000)).toBe(1000);

  // Fees on the markets the best deals use without fees, so they change the answer.
  const buyTop = passing(deals('buy', {}), 500)[0]!;
  // The seller fee goes on the best sell deal's market other than Steam: Steam keeps its default fee (its own
  // function), which a Steam sale below is checked with.
  const sellTop = passing(deals('sell', {}), 500).find((d) => d.market !== 'steamcommunity')!;
  expect(sellTop, 'a sell deal on a market other than Steam').toBeDefined();
  const fees: Fees = {};
  fees[buyTop.market] = { buyBps: 500, sellBps: 0 };
  fees[sellTop.market] = { buyBps: fees[sellTop.market]?.buyBps ?? 0, sellBps: 250 };
  const buy = deals('buy', fees);
  const sell = deals('sell', fees);
  // An item whose best sale is into Steam's buy order with Steam's default fee (its own function): checked below.
  const steamSale = [...sell.values()]
    .filter(
      (d) =>
        d.market === 'steamcommunity' &&
        d.ties.length === 0 &&
        d.feeText.startsWith('Steam fee (5 % + 10 % game fee, each floored, min. 1 ¢)'),
    )
    .sort((a, b) => byName(a.name, b.name))[0];
  expect(steamSale, 'a sell deal on Steam with its default fee').toBeDefined();
  expect(buy.get(buyTop.name)!.after, 'the buyer fee changes the top buy deal').not.toBe(buyTop.after);
  expect(sell.get(sellTop.name)!.after, 'the seller fee changes the top sell deal').not.toBe(sellTop.after);

  await page.addInitScript((value) => {
    localStorage.setItem('market-desk.pref.grid.fees', value);
  }, JSON.stringify(fees));
  await openRecs(page, appUrl, all.length);
  await pricesLoaded(page, service);

  /** The shown rows' deal titles against the expected ones; each shown row passes the margin. */
  const checkShown = async (side: 'buy' | 'sell', expected: Deal[], marginBps: number) => {
    await expect(count(page)).toHaveText(countText(expected.length, all.length));
    const first = expected[0]!;
    if (expected[1]?.gain !== first.gain) await expect.poll(async () => (await shownItems(page))[0]).toBe(first.name);
    const byItem = new Map(expected.map((d) => [d.name, d]));
    const shown = await shownItems(page);
    expect(shown.length).toBeGreaterThan(3);
    for (const name of shown) {
      const d = byItem.get(name);
      expect(d, `${name} is a ${side} deal`).toBeDefined();
      expect(passes(d!, marginBps), `${name} passes the margin`).toBe(true);
      const title = await cell(rowOf(page, name), `${side}Gain`).getAttribute('title');
      expect(titles(side, d!), name).toContain(title);
    }
  };

  await page.getByRole('radio', { name: 'Buy deals' }).click();
  await expect(page.getByTestId('rec-margin')).toHaveValue('5');
  await expect(page.getByRole('checkbox', { name: 'Stable only' })).toBeChecked();
  await expect(page.getByTestId('rec-min-liquidity')).toHaveValue('20');
  await expect(page.locator('[role="columnheader"]').filter({ hasText: /^Buy gain/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await checkShown('buy', passing(buy, 500), 500);
  // A margin some items meet exactly (gain = 7.2 % of the suggestion): "at least" keeps them.
  await page.getByTestId('rec-margin').fill('7.2');
  await checkShown('buy', passing(buy, 720), 720);

  // Buy to sell keeps the margin.
  await page.getByRole('radio', { name: 'Sell deals' }).click();
  await expect(page.getByTestId('rec-margin')).toHaveValue('7.2');
  await checkShown('sell', passing(sell, 720), 720);
  await page.getByTestId('rec-margin').fill('5');
  await expect(page.locator('[role="columnheader"]').filter({ hasText: /^Sell gain/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await checkShown('sell', passing(sell, 500), 500);

  // The items whose best market now has the fee: their working counts it (with the preset off too).
  await page.getByRole('radio', { name: 'All items' }).click();
  // The gain columns are the last two: out of sight at this width, so not rendered until scrolled to.
  await showOnly(page, buyTop.name);
  await expect(cell(rowOf(page, buyTop.name), 'sellGain')).toHaveCount(0);
  for (const [side, top, m] of [
    ['buy', buyTop, buy],
    ['sell', sellTop, sell],
    ['sell', steamSale!, sell],
  ] as const) {
    const row = await showOnly(page, top.name);
    await scrollToColumn(page, `${side}Gain`);
    await expect.poll(() => cell(row, `${side}Gain`).getAttribute('title')).toBeTruthy();
    expect(titles(side, m.get(top.name)!)).toContain(await cell(row, `${side}Gain`).getAttribute('title'));
    // A rendered cell says which column it is (the cells before it in the row may be out of sight).
    const header = list(page).locator(`[role="columnheader"][data-col="${side}Gain"]`);
    await expect(cell(row, `${side}Gain`)).toHaveAttribute(
      'aria-colindex',
      (await header.getAttribute('aria-colindex'))!,
    );
  }
  await list(page).evaluate((el) => (el.scrollLeft = 0));
});

test('reasons explained: each chip says what its code means; the legend lists the eight spec reasons', async ({
  page,
  appUrl,
  service,
}) => {
  const all = await gqlRecs(service, 'general');
  await openRecs(page, appUrl, all.length);
  const sorted = [...all]
    .filter((r) => !r.market_hash_name.includes('"'))
    .sort((a, b) => byName(a.market_hash_name, b.market_hash_name));
  const explained = new Map<string, string>();
  for (const code of SPEC_REASONS) {
    const item = sorted.find((r) => r.unstable_reasons.includes(code));
    expect(item, `an item with ${code}`).toBeDefined();
    const row = await showOnly(page, item!.market_hash_name);
    const chip = cell(row, 'reasons').locator(`.rc-chip[data-code="${code}"]`);
    await expect(chip).toHaveCount(1);
    const label = (await chip.textContent())?.trim() ?? '';
    const title = (await chip.getAttribute('title')) ?? '';
    expect(label, code).not.toBe('');
    expect(label).not.toContain(code);
    // "Label: a sentence in words" that says what the spec's meaning is.
    expect(title.startsWith(`${label}: `), title).toBe(true);
    const words = title.slice(label.length + 2);
    expect(words.split(/\s+/).length, title).toBeGreaterThanOrEqual(6);
    expect(words, code).toMatch(REASON_WORDS[code]);
    expect(words).not.toContain(code);
    explained.set(code, words);
  }
  expect(new Set(explained.values()).size).toBe(SPEC_REASONS.length);

  const legend = page.getByTestId('reason-legend');
  await legend.locator('summary').click();
  const entries = legend.locator('dt .rc-chip[data-code]');
  await expect(entries).toHaveCount(SPEC_REASONS.length);
  expect(await entries.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')))).toEqual([...SPEC_REASONS]);
  for (const code of SPEC_REASONS) {
    const item = legend.locator('.rlg__item').filter({ has: page.locator(`dt .rc-chip[data-code="${code}"]`) });
    await expect(item.locator('dt code')).toHaveText(code);
    await expect(item.locator('dd')).toHaveText(explained.get(code)!);
  }
});

test("CSV export: BOM, header, CRLF; the view's rows in order with exact decimals equal to the API", async ({
  page,
  appUrl,
  service,
}) => {
  const all = await gqlRecs(service, 'general');
  await openRecs(page, appUrl, all.length);
  await searchBox(page).fill('redline');
  const expected = sortedBy(
    all.filter((r) => r.market_hash_name.toLowerCase().includes('redline')),
    (r) => r.suggested_price,
    'desc',
  );
  expect(expected.length).toBeGreaterThan(10);
  const suggested = page.locator('[role="columnheader"]').filter({ hasText: /^Suggested/ });
  await suggested.getByRole('button').click();
  await expect(suggested).toHaveAttribute('aria-sort', 'descending');
  await expect(count(page)).toHaveText(countText(expected.length, all.length));

  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await waiting;
  expect(download.suggestedFilename()).toMatch(/^market-desk-recommendations-cs2-general-[\d-]+\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  expect(text.endsWith('\r\n')).toBe(true);
  expect(/[^\r]\n/.test(text), 'every line ends in CRLF').toBe(false);
  const lines = text.slice(0, -2).split('\r\n');
  // No item name of this search has a comma or a quote, so a split is a parse.
  expect(expected.every((r) => !/[",]/.test(r.market_hash_name))).toBe(true);
  const [header, ...rows] = lines.map((l) => l.split(','));
  expect(header!.slice(0, 7)).toEqual([
    'Item',
    'Suggested price',
    'Total sales',
    'Price difference',
    'Price change %',
    'Liquidity score (0-10000)',
    'Unstable reasons',
  ]);
  expect(rows.length).toBe(expected.length);
  expect(rows.every((r) => r.length === header!.length)).toBe(true);
  const apiOf = new Map(all.map((r) => [r.market_hash_name, r]));
  const expectedSuggested = expected.map((r) => decimal(r.suggested_price));
  expect(rows.map((r) => r[1])).toEqual(expectedSuggested);
  expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(expected.map((r) => r.market_hash_name)));
  rows.forEach((r, k) => {
    const e = expected[k]!;
    const tied =
      expected[k - 1]?.suggested_price === e.suggested_price || expected[k + 1]?.suggested_price === e.suggested_price;
    if (!tied) expect(r[0], `row ${k + 1}`).toBe(e.market_hash_name);
    const api = apiOf.get(r[0]!)!;
    expect(r.slice(1, 7), r[0]).toEqual([
      decimal(api.suggested_price),
      String(api.total_sales),
      decimal(api.price_difference),
      String(api.price_change_percentage),
      String(api.liquidity_score),
      SPEC_REASONS.filter((c) => api.unstable_reasons.includes(c)).join(' '),
    ]);
  });
  await expect(page.locator('.rs__message')).toContainText(`${expected.length} rows`);
});

test('keyboard: ArrowDown and Enter open the detail panel of that item; A opens its analytics', async ({
  page,
  appUrl,
  service,
}) => {
  const all = await gqlRecs(service, 'general');
  const bySales = sortedBy(all, (r) => r.total_sales, 'desc');
  const second = bySales[1]!;
  expect(bySales[0]!.total_sales).not.toBe(second.total_sales);
  expect(bySales[2]!.total_sales).not.toBe(second.total_sales);
  await openRecs(page, appUrl, all.length);
  await pricesLoaded(page, service);

  await list(page).focus();
  await page.keyboard.press('ArrowDown');
  const active = list(page).locator('.rl__row.is-active');
  await expect(active).toHaveAttribute('data-item', second.market_hash_name);
  await expect(active).toHaveAttribute('aria-rowindex', '3');
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('detail-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(second.market_hash_name);
  await expect(active).toHaveAttribute('aria-selected', 'true');

  await list(page).focus();
  await page.keyboard.press('a');
  await expect.poll(() => new URL(page.url()).hash.split('?')[0]).toBe('#/analytics');
  const params = new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');
  expect(params.get('item')).toBe(second.market_hash_name);
  expect(params.get('view')).toBe('item');
});

test("the detail panel shows trust as the Prices page's does: the best ask's age and the row's confidence", async ({
  page,
  appUrl,
  service,
}) => {
  const all = await gqlRecs(service, 'general');
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRecs(page, appUrl, all.length);
  await pricesLoaded(page, service);
  await list(page).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('detail-panel');
  await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(panel.getByTestId('detail-trust')).toBeVisible();
  await expect(panel.getByTestId('detail-confidence')).toHaveAttribute('data-level', /^(high|medium|low)$/);
  await expect(panel.getByTestId('detail-best-ask-age')).toHaveText(
    /^(unchanged for .+|age unknown yet)(; first seen .+ ago)?$/,
  );
  await page.screenshot({ path: test.info().outputPath('recommendations-detail-trust.png') });
});
