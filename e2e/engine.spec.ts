/**
 * The market engine end to end (project "connected": a separate reference service whose frozen clock the
 * test moves, so the prices move between polls): with the refresh at 15 s (the shortest the app offers),
 * only Analytics, then only Portfolio, then only Alerts (no alert) open, the app keeps polling the selected
 * game's prices, and every poll's changed asks are in the price history, read back through the history
 * export (the item's CSV), not the database. One page load; the pages are switched in the app.
 */
import { readFile } from 'node:fs/promises';
import type { Response } from '@playwright/test';
import { REST_PATHS } from '../shared/api/schema';
import type { AggregatedMinPrices } from '../shared/api/types';
import { refreshEvery } from './refresh-interval';
import { expect, test } from './fixtures';
import { rest } from './grid-api';
import { apiToken, showOnly } from './grid-page';
import { shownAskMarkets } from './served-markets';

const NAME = 'AK-47 | Redline (Field-Tested)';
const T0 = Date.UTC(2025, 5, 2, 9, 0, 0);
test.use({ serviceOptions: { clock: () => T0 } });

/** Polls seen per page, at least (the figure: 4 in a minute at 15 s). */
const POLLS = 4;

/** One poll as the test saw it: when it was asked and answered, and the item's asks at the service's clock then. */
interface Poll {
  page: string;
  sent: number;
  answered: number;
  asks: Map<string, number>;
}

const isPricePoll = (r: Response): boolean => /query Grid(Prices|Asks)\b/.test(r.request().postData() ?? '');

test('only Analytics, Portfolio or Alerts open: the prices are polled every 15 s and each poll is in the history', async ({
  page,
  appUrl,
  service,
}) => {
  test.setTimeout(360_000);
  await refreshEvery(page, 15);
  const markets = shownAskMarkets(service.markets, 730);
  const itemAsks = async (): Promise<Map<string, number>> => {
    // A fresh token each time: the service's clock moves on by hours, past a token's lifetime.
    const token = await apiToken(service.url, service.demoKey);
    const rows = await rest<AggregatedMinPrices[]>(service.url, token, REST_PATHS.minPrices, { game_id: 730, markets });
    const row = rows.find((r) => r.market_hash_name === NAME);
    return new Map((row?.prices ?? []).map((p) => [p.market_name, p.price]));
  };

  // Every answered price poll of the page (its worker's requests are the page's). Sent: the browser's own
  // clock, as the request left; this process hears of it later, after the market may have moved.
  const answered: Array<{ sent: number; answered: number }> = [];
  page.context().on('response', (r) => {
    if (isPricePoll(r) && r.ok()) answered.push({ sent: r.request().timing().startTime, answered: Date.now() });
  });

  const polls: Poll[] = [];
  /** Waits for `n` more answered polls; after each, the service's market moves (the next poll sees new asks). */
  let since = 0;
  const watch = async (label: string, n: number) => {
    for (let i = 0; i < n; i++) {
      // A poll sent after the market last moved (one under way then may carry either price); 15 s apart,
      // the first may be at once; 30 s is the bound of a late one.
      const next = () => answered.find((a) => a.sent > since) ?? null;
      await expect.poll(next, { timeout: 30_000, intervals: [250] }).not.toBeNull();
      const at = next() as { sent: number; answered: number };
      polls.push({ page: label, ...at, asks: await itemAsks() });
      await service.advanceClock(30 * 60_000);
      since = Date.now();
    }
  };

  const started = Date.now();
  await page.goto(`${appUrl}#/analytics`);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible({ timeout: 60_000 });
  await watch('analytics', POLLS);
  await page.evaluate(() => void (location.hash = '#/portfolio'));
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({ timeout: 30_000 });
  await watch('portfolio', POLLS);
  await page.evaluate(() => void (location.hash = '#/alerts'));
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible({ timeout: 30_000 });
  await watch('alerts', POLLS);
  const minutes = (Date.now() - started) / 60_000;

  // The history, as the user exports it: the item's CSV from its detail panel (Prices).
  await page.evaluate(() => void (location.hash = '#/prices'));
  const row = await showOnly(page, NAME);
  await row.getByRole('button', { name: `Open details for ${NAME}` }).click();
  const section = page.getByTestId('detail-panel').getByTestId('history-section');
  const ranges = section.getByRole('radiogroup', { name: 'History range' });
  await ranges.getByRole('radio', { name: '7d' }).click();
  // Each file of the export is its own download (the web host streams it as the page writes it).
  const downloading = page.waitForEvent('download', {
    predicate: (d) => d.suggestedFilename() === 'price-history-730.csv',
    timeout: 60_000,
  });
  await section.getByTestId('history-export-item').getByRole('button', { name: 'Export this item' }).click();
  const csvDownload = await downloading;
  expect(await csvDownload.failure()).toBeNull();
  const csv = new TextDecoder()
    .decode(await readFile((await csvDownload.path()) as string))
    .trim()
    .split('\r\n')
    .slice(1);
  const asks = csv
    .map((line) => line.split(','))
    .map((f) => ({
      ms: Number(f[1]),
      market: f[f.length - 6] as string,
      side: f[f.length - 5],
      price: f[f.length - 4] === '' ? null : Number(f[f.length - 4]),
    }))
    .filter((r) => r.side === 'ask');

  // Each poll's changed asks (all of them at the first: the item's baseline) are in the history, at that poll's time.
  let changed = 0;
  polls.forEach((poll, i) => {
    const before = i === 0 ? new Map<string, number>() : (polls[i - 1] as Poll).asks;
    for (const [market, price] of poll.asks) {
      if (before.get(market) === price) continue;
      changed++;
      // Stamped when the answer was read and shaped (seconds after its first bytes on a loaded machine), and
      // before the next poll was sent (the engine sends it an interval after this one ended).
      const until = (polls[i + 1] as Poll | undefined)?.sent ?? poll.answered + 60_000;
      const found = asks.find(
        (r) => r.market === market && r.price === price && r.ms >= poll.sent - 1000 && r.ms <= until,
      );
      const near = asks
        .filter((r) => r.market === market && Math.abs(r.ms - poll.answered) < 120_000)
        .map((r) => `${r.price}@${new Date(r.ms).toISOString()}`);
      expect(
        found,
        `${poll.page} poll ${i}: ${market} ask ${price}, sent ${new Date(poll.sent).toISOString()}, answered ${new Date(poll.answered).toISOString()}; recorded near: ${near.join(' ')}`,
      ).toBeDefined();
    }
  });
  // The market did move between the polls (else the check above proves little).
  expect(changed).toBeGreaterThan(polls[0]?.asks.size ?? 0);
  console.log(
    `engine e2e: ${polls.length} polls in ${minutes.toFixed(1)} min (${POLLS} per page), ${changed} changed asks of the item, all in the history export`,
  );
});

test('no view open: when the service comes back, the failed price poll is made again at once, not an interval later', async ({
  page,
  appUrl,
  service,
}) => {
  // A 15-minute interval: within this test, only the recovery can bring a second good poll.
  await refreshEvery(page, 900);
  const polls: Array<{ ok: boolean }> = [];
  page.context().on('response', (r) => {
    if (isPricePoll(r)) polls.push({ ok: r.ok() });
  });
  await service.setFaults({ errorRate: 1 });
  // Settings: no page shows prices; only the desk's own need (the selected game) polls.
  await page.goto(`${appUrl}#/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 60_000 });
  // The first poll and its two retries (after 2 and 4 s) fail; then the engine would wait the interval.
  await expect.poll(() => polls.filter((p) => !p.ok).length, { timeout: 60_000 }).toBe(3);
  await page.waitForTimeout(10_000);
  expect(polls.filter((p) => !p.ok)).toHaveLength(3);
  await service.setFaults({ errorRate: 0 });
  // The host's reconnect tries back off to at most 30 s: the service is seen back within that, then polled.
  await expect.poll(() => polls.filter((p) => p.ok).length, { timeout: 60_000 }).toBe(1);
});
