/**
 * The Scanner page's backtest end to end (project "connected": the reference service as its own process,
 * with planted routes and prices that move with its clock): with the backtest open the live routes still
 * count their persistence a poll at a time; a backtest over three polls recorded here reports the planted
 * routes with the durations and taken-after-one-poll figures those polls give, shows its progress, and
 * Cancel stops a run. The finished backtest's screenshot (1440x900) goes to .cache/shots/ (ignored).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { TestService } from './separate-service';
import { refreshEvery } from './refresh-interval';

const EPOCH_MS = 5 * 60_000;
const SHOTS = path.resolve('.cache', 'shots');

interface PlantedRoute {
  item: string;
  buyMarket: string;
  sellMarket: string;
  /** There at odd price epochs only (service/src/sim/route-plants.ts). */
  blinks: boolean;
}

test.use({ serviceOptions: { plantRoutes: 4 } });
test.setTimeout(300_000);

const table = (page: Page) => page.getByTestId('scanner-routes');

/** One poll at the next price epoch: the service clock moves 5 min and the page refreshes. */
async function poll(page: Page, service: TestService): Promise<void> {
  await service.advanceClock(EPOCH_MS);
  const before = await page.getByTestId('scanner-count').getAttribute('data-poll-at');
  // The history keeps whole seconds and the backtest takes changes under 2 s apart for one poll
  // (market/scanner/backtest.ts SAME_POLL_MS): this test's polls are 3 s apart or more, as timed refreshes
  // (15 s at the least) are.
  const wait = Number(before) + 3_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.getByRole('button', { name: 'Refresh prices' }).click();
  await expect
    .poll(() => page.getByTestId('scanner-count').getAttribute('data-poll-at'), { timeout: 60_000 })
    .not.toBe(before);
}

async function routePolls(page: Page): Promise<Map<string, number>> {
  const rows = await table(page)
    .locator('[role="row"][data-route]')
    .evaluateAll((els) =>
      els.map(
        (el) =>
          [
            el.getAttribute('data-route') ?? '',
            Number(el.querySelector('[data-col="polls"]')?.textContent ?? 'NaN'),
          ] as const,
      ),
    );
  return new Map(rows);
}

async function openScanner(page: Page, appUrl: string, backtestFirst = false): Promise<void> {
  // Polls by hand only: each move of the clock is then one poll of the new prices.
  await refreshEvery(page, 0);
  await page.goto(appUrl);
  await expect(page.locator('main')).toBeVisible({ timeout: 90_000 });
  await page.keyboard.press('Control+6');
  await expect(page.getByTestId('scanner-screen')).toBeVisible();
  // The backtest opened before the first poll's routes: its reads run alongside the page's first load.
  if (backtestFirst) await openBacktest(page);
  await expect(page.getByTestId('scanner-rule')).toHaveValue('cross-to-buy-order');
  // The reference service computes no trust before a second poll: take every quote.
  await page.getByTestId('scanner-trusted-only').uncheck();
  await expect(table(page)).toBeVisible({ timeout: 90_000 });
}

async function openBacktest(page: Page): Promise<void> {
  const section = page.getByTestId('scanner-backtest');
  if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  await expect(page.getByTestId('backtest-panel')).toBeVisible();
  await expect(page.getByTestId('backtest-range').or(page.getByTestId('backtest-empty'))).toBeVisible({
    timeout: 30_000,
  });
}

for (const backtestFirst of [true, false])
  test(`with the backtest open${backtestFirst ? ' from the start' : ''}, the live routes still count their persistence a poll at a time`, async ({
    page,
    appUrl,
    service,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openScanner(page, appUrl, backtestFirst);
    await openBacktest(page);
    const first = await routePolls(page);
    expect(first.size).toBeGreaterThan(0);
    for (let k = 1; k <= 2; k++) {
      await poll(page, service);
      const now = await routePolls(page);
      const kept = [...now].filter(([key]) => first.has(key));
      expect(kept.length).toBeGreaterThan(0);
      // A route there at every poll so far has counted each one.
      expect(kept.filter(([, polls]) => polls === k + 1).length).toBeGreaterThan(0);
      expect([...now.values()].every((p) => p >= 1 && p <= k + 1)).toBe(true);
    }
  });

async function serviceNow(service: TestService): Promise<number> {
  const res = await fetch(`${service.url}/__admin/clock`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { nowMs: number }).nowMs;
}

/**
 * Moves the service clock to 2 s into the next odd price epoch: the test's polls (each one epoch on) then
 * have minutes of real time before the clock crosses an epoch on its own.
 */
async function toOddEpochStart(service: TestService): Promise<void> {
  const now = await serviceNow(service);
  let next = Math.floor(now / EPOCH_MS) + 1;
  if (next % 2 === 0) next++;
  await service.advanceClock(next * EPOCH_MS + 2_000 - now);
}

const dollars = (t: string) => Math.round(Number(t.replace(/[$,?\s]/g, '')) * 1000);

test('a backtest over the polls recorded here reports the planted routes: durations and taken after one poll', async ({
  page,
  appUrl,
  service,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await toOddEpochStart(service);
  const planted = (await (await fetch(`${service.url}/__admin/routes/730`)).json()) as PlantedRoute[];
  await openScanner(page, appUrl);
  // Only the planted routes (an ask at half another market's buy order) pass a 50 % net ROI.
  await page.getByLabel('Min ROI (%)').fill('50');
  await page.getByLabel('Min ROI (%)').press('Tab');
  const key = (r: { item: string; buyMarket: string; sellMarket: string }) =>
    `${r.item}\u0000${r.buyMarket}\u0000${r.sellMarket}`;
  const plantedKeys = new Set(planted.map(key));
  const liveRows = async () =>
    table(page)
      .locator('[role="row"][data-route]')
      .evaluateAll((els) =>
        els.map((el) => ({
          key: el.getAttribute('data-route') ?? '',
          profit: el.querySelector('[data-col="profit"]')?.textContent ?? '',
        })),
      );
  await expect
    .poll(async () => (await liveRows()).every((r) => plantedKeys.has(r.key)), { timeout: 30_000 })
    .toBe(true);

  // Three polls at epochs odd, even, odd: the steady routes there at all three, the blinking one at the first and the last.
  const pollAt: number[] = [Number(await page.getByTestId('scanner-count').getAttribute('data-poll-at'))];
  const live: Array<Awaited<ReturnType<typeof liveRows>>> = [await liveRows()];
  for (let k = 1; k < 3; k++) {
    await poll(page, service);
    pollAt.push(Number(await page.getByTestId('scanner-count').getAttribute('data-poll-at')));
    live.push(await liveRows());
  }
  // The planted routes the page can see (their buy market is among the user's markets).
  const shown = planted.filter((p) => live[0]!.some((r) => r.key === key(p)));
  const steady = shown.filter((p) => !p.blinks);
  const blink = shown.find((p) => p.blinks);
  expect(steady.length).toBeGreaterThan(0);
  expect(blink).toBeDefined();
  expect(live.map((rows) => rows.some((r) => r.key === key(blink!)))).toEqual([true, false, true]);
  for (const rows of live) for (const p of steady) expect(rows.some((r) => r.key === key(p))).toBe(true);

  // What these polls give: each steady route appears at the first poll and is there to the end (3 polls,
  // taken after one poll at its second poll's net); the blinking one appears twice, for one poll each.
  const expectedRoutes = steady.length + 2;
  const takenTotal = steady.reduce((sum, p) => sum + dollars(live[1]!.find((r) => r.key === key(p))!.profit), 0);
  const minutes = (a: number, b: number) => (pollAt[b]! - pollAt[a]!) / 60_000;

  await openBacktest(page);
  await page.getByTestId('backtest-range').selectOption('all');
  // Every progress line the panel shows, however briefly (the run over this slice of a catalog is quick).
  await page.getByTestId('backtest-panel').evaluate((panel) => {
    const seen: string[] = ((window as unknown as { __progress: string[] }).__progress = []);
    new MutationObserver(() => {
      const t = panel.querySelector('[data-testid="backtest-progress"]')?.textContent;
      if (t && seen[seen.length - 1] !== t) seen.push(t);
    }).observe(panel, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('backtest-run').click();
  await expect(page.getByTestId('backtest-result')).toBeVisible({ timeout: 60_000 });
  const progress = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
  expect(progress.some((t) => /^Replaying items: [\d,]+ of [\d,]+ \(\d+ %\)$/.test(t))).toBe(true);

  await expect(page.getByTestId('backtest-routes-count')).toHaveText(String(expectedRoutes));
  const routes = await page
    .getByTestId('backtest-routes')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  expect(routes).toHaveLength(expectedRoutes);
  const byItem = (item: string) => routes.filter((r) => r[0] === item);
  for (const p of steady) {
    const [r] = byItem(p.item);
    expect(byItem(p.item)).toHaveLength(1);
    // Polls; minutes from the first poll to the last (chunks keep whole seconds: within 0.1 min).
    expect(r![4]).toBe('3');
    expect(Math.abs(Number(r![5]) - minutes(0, 2))).toBeLessThanOrEqual(0.1);
    expect(dollars(r![7]!)).toBe(dollars(live[1]!.find((x) => x.key === key(p))!.profit));
  }
  const blinks = byItem(blink!.item);
  expect(blinks.map((r) => r[4])).toEqual(['1', '1']);
  expect(Math.abs(Number(blinks[0]![5]) - minutes(0, 1))).toBeLessThanOrEqual(0.1);
  expect(blinks[1]![5]).toBe('0.0');
  expect(blinks.map((r) => r[7])).toEqual(['—', '—']);
  const afterOne = (await page.getByTestId('backtest-after-one').textContent()) ?? '';
  const [count, total] = afterOne.split(', ');
  expect(Number(count)).toBe(steady.length);
  // The page sums exact thousandths and rounds once; the test sums the cents shown: each addend is off by at
  // most half a cent.
  expect(Math.abs(dollars(total!) - takenTotal)).toBeLessThanOrEqual(5 * steady.length);
  await expect(page.getByTestId('backtest-settings')).toContainText('50');
  await expect(page.getByTestId('backtest-not-applied')).toBeVisible();

  // The chart's axis says what it counts, in money.
  const chart = page.getByTestId('backtest-chart');
  await expect(chart.locator('.recharts-label')).toHaveText('Net return per day');
  const ticks = await chart
    .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  for (const t of ticks) expect(t).toMatch(/^\$[\d,]+(\.\d+)?$/);

  mkdirSync(SHOTS, { recursive: true });
  // The result alone (its summary line, chart and tables), whatever the page's scroll.
  await page.getByTestId('backtest-result').screenshot({ path: path.join(SHOTS, 'scanner-backtest.png') });

  // Nothing of the live routes table draws over the result, wherever the page is scrolled: every point of the
  // result's visible part hits the result itself.
  for (const block of ['start', 'end'] as const) {
    await page.getByTestId('backtest-result').evaluate((el, b) => el.scrollIntoView({ block: b }), block);
    const covered = await page.getByTestId('backtest-result').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hits: string[] = [];
      for (let y = Math.max(r.top, 0) + 4; y < Math.min(r.bottom, innerHeight); y += 6)
        for (const x of [r.left + 8, (r.left + r.right) / 2, r.right - 8]) {
          const hit = document.elementFromPoint(x, y);
          if (hit && !el.contains(hit))
            hits.push(`${hit.className || hit.tagName} at ${Math.round(x)},${Math.round(y)}`);
        }
      return hits;
    });
    expect(covered.slice(0, 5)).toEqual([]);
  }

  // Cancel while it runs: pressed as soon as the button shows (in the page, so before the first batches end).
  await page.getByTestId('backtest-panel').evaluate(
    (panel) =>
      new Promise<void>((resolve, reject) => {
        (panel.querySelector('[data-testid="backtest-run"]') as HTMLButtonElement).click();
        const started = performance.now();
        const look = () => {
          const cancel = panel.querySelector<HTMLButtonElement>('[data-testid="backtest-cancel"]');
          if (cancel) {
            cancel.click();
            resolve();
          } else if (performance.now() - started > 5_000) reject(new Error('no Cancel button while running'));
          else requestAnimationFrame(look);
        };
        look();
      }),
  );
  await expect(page.getByTestId('backtest-cancelled')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('backtest-result')).toHaveCount(0);
  await expect(page.getByTestId('backtest-run')).toBeEnabled();
});
