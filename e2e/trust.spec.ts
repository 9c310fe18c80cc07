/**
 * Trust in every number, end to end (project "connected": the reference service as its own process, prices
 * moving with its clock, one market frozen with `--freeze-market` and outliers planted with
 * `--plant-outliers`, listed by GET /__admin/outliers/730). Each poll moves the service clock one price epoch
 * (5 min) and refreshes: the frozen market is marked stalled (column header, status bar, Markets dialog)
 * within the documented polls (market/trust/stalls.ts STALL_MAX_POLLS after the first) and left out of the
 * best ask until "Stalled markets" is on; the planted outliers are flagged in their rows and detail panels,
 * and "All quotes" brings them back into the best ask; after a reload the quote ages are the ones observed
 * before it. Screenshots at 1280x800 and 900x700 go to .cache/shots/ (ignored).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { REST_PATHS } from '../shared/api/schema';
import type { AggregatedMinPrices } from '../shared/api/types';
import { marketName } from '../shared/catalog/markets';
import { STALL_MAX_POLLS } from '../renderer/market/trust/stalls';
import { expect, test } from './fixtures';
import { apiToken, grid, openGrid, postService, rowOf, search } from './grid-page';
import type { TestService } from './separate-service';
import { refreshEvery } from './refresh-interval';

const FROZEN = 'dmarket';
const PLANTED = 12;
const EPOCH_MS = 5 * 60_000;
const SHOTS = path.resolve('.cache', 'shots');
const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 700 },
] as const;

// The price history is never read here: no recording (fixtures.ts, recordHistory).
test.use({
  recordHistory: false,
  serviceOptions: { freezeMarkets: [FROZEN], plantOutliers: PLANTED },
  viewport: SIZES[0],
});
test.setTimeout(420_000);

interface Planted {
  item: string;
  market: string;
  factor: number;
}

async function plantedOutliers(service: TestService): Promise<Planted[]> {
  const res = await fetch(`${service.url}/__admin/outliers/730`);
  expect(res.status).toBe(200);
  return (await res.json()) as Planted[];
}

async function minPrices(service: TestService): Promise<Map<string, AggregatedMinPrices>> {
  const token = await apiToken(service.url, service.separate ? service.userKey : service.demoKey);
  const rows = (await postService(service.url, token, REST_PATHS.minPrices, {
    game_id: 730,
    markets: service.markets.minPrices,
  })) as AggregatedMinPrices[];
  return new Map(rows.map((r) => [r.market_hash_name, r]));
}

const panel = (page: Page) => page.getByTestId('detail-panel');

/** Polls observed for the game so far, as the open detail panel says ("(12 so far)"); 0 before it says. */
async function pollsSoFar(page: Page): Promise<number> {
  const text =
    (await panel(page)
      .getByTestId('detail-trust')
      .textContent()
      .catch(() => '')) ?? '';
  const m = /\(([\d,]+) so far\)/.exec(text);
  return m ? Number(m[1]!.replace(/,/g, '')) : 0;
}

/** One poll at the next price epoch: the service clock moves 5 min, the page refreshes, the trust counts it. */
async function poll(page: Page, service: TestService): Promise<void> {
  const before = await pollsSoFar(page);
  await service.advanceClock(EPOCH_MS);
  await page.getByRole('button', { name: 'Refresh prices' }).click();
  await expect.poll(() => pollsSoFar(page), { timeout: 60_000 }).toBeGreaterThan(before);
}

async function showOne(page: Page, name: string): Promise<Locator> {
  await search(page).fill(`"${name}"`);
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  return row;
}

async function openDetails(page: Page, name: string): Promise<void> {
  const row = await showOne(page, name);
  // Just after a reload the first poll re-renders the rows: a click on a row replaced meanwhile is pressed again.
  await expect(async () => {
    await row.getByRole('button', { name: `Open details for ${name}` }).click();
    await expect(panel(page).getByRole('heading', { level: 2 })).toHaveText(name, { timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
}

/** Scrolls the grid sideways until the market's column header is rendered; its aria-colindex. */
async function marketColumn(page: Page, slug: string): Promise<number> {
  const head = page.locator(`[role="columnheader"][data-colid="m:${slug}"]`);
  for (let x = 0; x < 40 && (await head.count()) === 0; x++) {
    await grid(page).evaluate((el, step) => {
      el.scrollLeft = step * 400;
    }, x);
    await page.waitForTimeout(50);
  }
  await expect(head).toHaveCount(1);
  await head.scrollIntoViewIfNeeded();
  return Number(await head.getAttribute('aria-colindex'));
}

/** The row's best ask cell, the grid scrolled back to its first columns. */
async function bestAsk(page: Page, row: Locator): Promise<Locator> {
  await grid(page).evaluate((el) => {
    el.scrollLeft = 0;
  });
  return row.locator('[aria-colindex="3"]');
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

/** "45 s", "3 min", "1 h 2 min" (lib/duration.ts) in ms, rounded down as the text is. */
function spanMs(text: string): number {
  const m = /(?:(\d+) days?)?\s*(?:(\d+) h)?\s*(?:(\d+) min)?\s*(?:(\d+) s)?/.exec(text.trim());
  if (!m) return NaN;
  return ((Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 60_000 + Number(m[4] ?? 0) * 1000;
}

test('a frozen market is marked stalled and left out; planted outliers flagged, "All quotes" brings them back; ages kept over a reload', async ({
  page,
  appUrl,
  service,
}) => {
  const planted = await plantedOutliers(service);
  expect(planted.length, 'the service planted outliers in the e2e catalog').toBeGreaterThan(0);
  const low = planted.find((p) => p.factor < 1);
  expect(low, 'one planted outlier is far below its other markets').toBeTruthy();
  // Polls by hand only: each move of the clock is then one poll of the new prices.
  await refreshEvery(page, 0);
  await openGrid(page, appUrl);
  const firstLoadAt = Date.now();
  await openDetails(page, low!.item);
  await expect.poll(() => pollsSoFar(page), { timeout: 60_000 }).toBeGreaterThan(0);

  // The stall: marked within STALL_MAX_POLLS polls after the first one that can compare.
  const status = page.getByTestId('status-stalled');
  let polls = 0;
  while ((await status.count()) === 0 && polls < STALL_MAX_POLLS + 1) {
    await poll(page, service);
    polls++;
  }
  test.info().annotations.push({ type: 'polls until the frozen market was marked', description: String(polls) });
  await expect(status).toContainText(marketName(FROZEN));
  await expect(status).toContainText('stalled since');
  expect(polls).toBeLessThanOrEqual(STALL_MAX_POLLS + 1);
  await expect(panel(page).getByTestId('detail-stalls')).toContainText(`${marketName(FROZEN)} asks stalled since`);

  // Its header says so (and why, on hover).
  await search(page).fill('');
  const frozenCol = await marketColumn(page, FROZEN);
  const head = page.locator(`[role="columnheader"][data-colid="m:${FROZEN}"]`);
  await expect(head).toHaveAttribute('data-stalled', 'true');
  await expect(head).toHaveAttribute('title', /Stalled: stalled since .*none of its asks moved/);
  await shoot(page, 'trust-grid-stalled-column');

  // Left out of the best ask: an item whose lowest ask is the frozen market's shows another market's.
  const api = await minPrices(service);
  const cheapestFrozen = [...api.values()].find((r) => {
    const f = r.prices.find((p) => p.market_name === FROZEN)?.price;
    const others = r.prices.filter((p) => p.market_name !== FROZEN && p.price !== null).map((p) => p.price!);
    return (
      f != null && others.length > 1 && f < Math.min(...others) && !planted.some((p) => p.item === r.market_hash_name)
    );
  });
  expect(cheapestFrozen, 'an item whose lowest ask is on the frozen market').toBeTruthy();
  const frozenPrice = cheapestFrozen!.prices.find((p) => p.market_name === FROZEN)!.price!;
  let row = await showOne(page, cheapestFrozen!.market_hash_name);
  await marketColumn(page, FROZEN);
  await expect(row.locator(`[aria-colindex="${frozenCol}"]`)).toHaveClass(/is-stalled/);
  await expect(await bestAsk(page, row)).not.toHaveAttribute('data-value', String(frozenPrice));
  await page.getByTestId('include-stalled').check();
  await expect(await bestAsk(page, row)).toHaveAttribute('data-value', String(frozenPrice));
  await page.getByTestId('include-stalled').uncheck();
  await expect(await bestAsk(page, row)).not.toHaveAttribute('data-value', String(frozenPrice));

  // The planted outliers: flagged in their rows and detail panels.
  for (const p of planted.slice(0, 6)) {
    row = await showOne(page, p.item);
    const col = await marketColumn(page, p.market);
    const cell = row.locator(`[aria-colindex="${col}"]`);
    // The flags come with the trust judgement of the poll, after its prices: on a loaded machine, later.
    await expect(cell, `${p.item} on ${p.market}`).toHaveClass(/is-outlier/, { timeout: 30_000 });
    await expect(cell).toHaveClass(p.factor > 1 ? /is-outlier-high/ : /is-outlier-low/);
    await expect(cell).toHaveAttribute('aria-label', p.factor > 1 ? /far above/ : /far below/);
    await row.getByRole('button', { name: `Open details for ${p.item}` }).click();
    const line = panel(page)
      .locator('.dp__table tbody tr')
      .filter({ has: page.locator('th', { hasText: marketName(p.market) }) });
    await expect(line.locator('td').first()).toHaveClass(/is-flagged/);
    await expect(line.locator('td').first()).toHaveClass(p.factor > 1 ? /is-outlier-high/ : /is-outlier-low/);
  }

  // "All quotes" brings the far-below outlier back into the best ask; the panel shows both bests meanwhile.
  row = await showOne(page, low!.item);
  const lowCol = await marketColumn(page, low!.market);
  const lowPrice = await row.locator(`[aria-colindex="${lowCol}"]`).getAttribute('data-value');
  expect(lowPrice).not.toBeNull();
  await expect(await bestAsk(page, row)).not.toHaveAttribute('data-value', lowPrice!);
  await row.getByRole('button', { name: `Open details for ${low!.item}` }).click();
  await expect(panel(page).getByTestId('detail-all-best-ask')).toContainText(`on ${marketName(low!.market)}`);
  await expect(panel(page).getByTestId('detail-mark')).toContainText('Mark:');
  await expect(panel(page).getByTestId('detail-best-ask-age')).toHaveText(
    /^(unchanged for .+|age unknown yet)(; first seen .+ ago)?$/,
  );
  await expect(panel(page).getByTestId('detail-confidence')).toBeVisible();
  await shoot(page, 'trust-detail-panel');
  await panel(page).locator('.dp__table').scrollIntoViewIfNeeded();
  await shoot(page, 'trust-detail-markets');
  await page.getByTestId('quotes-choice').selectOption('all');
  await expect(await bestAsk(page, row)).toHaveAttribute('data-value', lowPrice!);
  await expect(panel(page).getByTestId('detail-all-best-ask')).toHaveCount(0);
  await page.getByTestId('quotes-choice').selectOption('trusted');
  await expect(await bestAsk(page, row)).not.toHaveAttribute('data-value', lowPrice!);

  // The Trust column: a badge per row, the reasons on hover; "Hide low confidence" filters.
  await page.getByRole('button', { name: 'Close details' }).click();
  await search(page).fill('redline');
  await grid(page).evaluate((el) => {
    el.scrollLeft = 0;
  });
  const badge = page.locator('[role="gridcell"][aria-colindex="9"]').first();
  await expect(badge).toHaveText(/^[\u25CF\u25CB]{3} (High|Medium|Low)$/);
  await badge.hover();
  await expect(badge).toHaveAttribute('title', /^Confidence (high|medium|low): /);
  // With all quotes the far-below outlier is the best ask: that row's confidence is low, and the filter hides it.
  await page.getByTestId('quotes-choice').selectOption('all');
  row = await showOne(page, low!.item);
  await grid(page).evaluate((el) => {
    el.scrollLeft = 0;
  });
  await expect(row.locator('[aria-colindex="9"]')).toHaveText(/Low$/);
  await page.getByTestId('filter-hide-low-confidence').check();
  await expect(rowOf(page, low!.item)).toHaveCount(0);
  await page.getByTestId('filter-hide-low-confidence').uncheck();
  await expect(rowOf(page, low!.item)).toHaveCount(1);
  await page.getByTestId('quotes-choice').selectOption('trusted');
  await search(page).fill('');
  await shoot(page, 'trust-grid');

  // The Markets dialog marks the frozen market.
  await page.getByRole('button', { name: 'Markets & fees', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Markets and fees' });
  const frozenLine = dialog.locator(`tr[data-slug="${FROZEN}"]`);
  await expect(frozenLine.getByTestId('market-stalled')).toContainText('stalled since');
  await frozenLine.scrollIntoViewIfNeeded();
  await shoot(page, 'trust-markets-dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A restart keeps the quote ages: after a reload, the planted quote (there since the start) was first seen
  // before it, at least as long ago as the first load (a fresh start would say a few seconds).
  const RUN_MS = 130_000;
  if (Date.now() - firstLoadAt < RUN_MS) await page.waitForTimeout(RUN_MS - (Date.now() - firstLoadAt));
  await page.reload();
  await expect(grid(page)).toBeVisible({ timeout: 90_000 });
  await openDetails(page, low!.item);
  await expect.poll(() => pollsSoFar(page), { timeout: 60_000 }).toBeGreaterThan(1);
  await marketColumn(page, low!.market);
  const cell = rowOf(page, low!.item).locator(`[aria-colindex="${lowCol}"]`);
  await cell.hover();
  const title = (await cell.getAttribute('title')) ?? '';
  const seen = /first seen (.+?) ago/.exec(title);
  expect(seen, title).not.toBeNull();
  // The text rounds down to the minute past one minute.
  expect(spanMs(seen![1]!) + 60_000, title).toBeGreaterThanOrEqual(Date.now() - firstLoadAt);
});
