/**
 * The market engine's polls and history records, page by page (a benchmark, run by hand: `npm run
 * bench:engine-polls`; needs a build). Against the reference service started as its own process (the way a
 * user does), its clock frozen and moved 10 minutes every 5 s so the prices move between polls, behind
 * the web host with a user's key. The refresh is set to 15 s; each page (Prices, Analytics,
 * Recommendations, Alerts with no alert, Portfolio with nothing held, Settings) is opened alone in its own
 * browser context (its own storage, its own web host), and one more context opens Prices and then hides
 * its page: headless Chromium never hides a tab (another tab in front, a minimized window: still
 * "visible"), so the page is told it is hidden (document.visibilityState 'hidden' and a visibilitychange
 * event): what the app does about it is measured, not a browser's timer throttling (the desktop's is
 * modelled by the fake Electron: electron/main/main-bundle.test.ts). All contexts run at the same time for
 * BENCH_MINUTES (2 by default: the app has no fake clock, so the minutes are real; BENCH_MINUTES=10 for
 * ten); counting starts when every page is open.
 *
 * Per context: price polls answered (the service's GraphQL grid query), recommendation lists answered,
 * all requests to the service (token renewals included), and the polls recorded in the price history:
 * the distinct times of the game's history points, read from the history database after the run (a poll
 * whose prices moved has at least one change). Then the month forecast for the default settings and for a
 * 10,000-requests-a-month plan (shared/budget/planner, as Settings computes it).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { decodeChunk, type EncodedChunk } from '../../renderer/market/history/chunk-codec';
import { REFRESH_INTERVALS } from '../../renderer/lib/preferences';
import { refreshEvery } from '../refresh-interval';
import { feedsToday, requestBudget } from '../../renderer/market/request-plan';
import { formatCount, formatInterval } from '../../shared/budget/planner';
import { RequestMeter } from '../../backend/request-meter';
import { startWebHost, type WebHost } from '../../webhost/server';
import { fileUsageStore, USAGE_FILE_NAME } from '../../webhost/usage-file';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { startSeparateService } from '../separate-service';
import { ROOT } from './bench-utils';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 2);
const INTERVAL_S = 15;
const T0 = Date.UTC(2025, 5, 2, 9, 0, 0);
const OUT = path.join(ROOT, '.cache', 'bench-engine-polls');
const MOVE_EVERY_MS = 5_000;

interface Case {
  label: string;
  route: string;
  hidden?: boolean;
}
const CASES: Case[] = [
  { label: 'Prices', route: 'prices' },
  { label: 'Analytics', route: 'analytics' },
  { label: 'Recommendations', route: 'recommendations' },
  { label: 'Alerts (no alert)', route: 'alerts' },
  { label: 'Portfolio (empty)', route: 'portfolio' },
  { label: 'Settings', route: 'settings' },
  { label: 'Prices, tab hidden', route: 'prices', hidden: true },
];

interface Counts {
  pricePolls: number;
  recLists: number;
  requests: number;
  visibility: string;
  recorded: number;
  points: number;
}

function watch(context: BrowserContext, counts: Counts): void {
  context.on('response', (r) => {
    const body = r.request().postData() ?? '';
    if (!r.ok()) return;
    if (/query Grid(Prices|Asks|Bids)\b/.test(body)) counts.pricePolls++;
    else if (/query RecommendationList\b/.test(body)) counts.recLists++;
  });
}

/** The game's history chunks as stored (encoded points), read in the page. */
async function historyChunks(page: Page, game: number): Promise<EncodedChunk[]> {
  const raw = await page.evaluate(
    (g) =>
      new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const open = indexedDB.open('market-desk-history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const req = db.transaction('chunks').objectStore('chunks').getAll();
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            const rows = (req.result as Array<Record<string, unknown>>).filter((r) => r.g === g);
            db.close();
            // As base64 text: a number array of megabytes crosses to Node far slower.
            const b64 = (d: Uint8Array) => {
              let s = '';
              for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode(...d.subarray(i, i + 0x8000));
              return btoa(s);
            };
            resolve(rows.map((r) => ({ ...r, d: b64(r.d as Uint8Array) })));
          };
        };
      }),
    game,
  );
  return raw.map((r) => ({ ...r, d: new Uint8Array(Buffer.from(r.d as string, 'base64')) }) as unknown as EncodedChunk);
}

async function main(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  // A slice of the catalog (every 8th item) keeps seven contexts parsing every 15 s within two cores.
  const service = await startSeparateService({ clock: () => T0, catalogSlice: { every: 8 } });
  const hosts: WebHost[] = [];
  /** Requests the context's web host sent to the service so far (its usage file, written at each request). */
  const usageOf = (file: string): number =>
    new RequestMeter({ store: fileUsageStore(file) }).snapshot(`${service.url}/api/v2/graphql`).last30Days;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const runs: Array<{ c: Case; counts: Counts; page: Page; usageFile: string }> = [];
  try {
    for (const c of CASES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      // tsx keeps function names with an injected __name() helper; the page needs it too (bench-utils.ts).
      await context.addInitScript({ content: 'window.__name = (f) => f;' });
      await refreshEvery(context, INTERVAL_S);
      const counts: Counts = { pricePolls: 0, recLists: 0, requests: 0, visibility: 'visible', recorded: 0, points: 0 };
      watch(context, counts);
      // A web host each: its back end counts that context's requests to the service (its usage file).
      const dir = path.join(OUT, String(hosts.length));
      const host = await startWebHost({
        port: 0,
        keyFile: path.join(dir, 'web-key'),
        baseUrl: service.url,
        apiKey: service.userKey,
        staticDir: process.env.MDS_BENCH_STATIC_DIR ?? path.join(ROOT, 'dist', 'renderer'),
        embeddedService: { url: service.url, demoKey: service.demoKey },
      });
      hosts.push(host);
      const page = await context.newPage();
      await page.goto(`${host.launchUrl}#/${c.route}`);
      console.error(`opened ${c.label}`);
      runs.push({ c, counts, page, usageFile: path.join(dir, USAGE_FILE_NAME) });
    }
    for (const { c, page } of runs) {
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
      if (c.hidden) {
        await page.evaluate(() => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
          Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
          document.dispatchEvent(new Event('visibilitychange'));
        });
      }
    }
    // Counting starts now, for every context at once.
    for (const { counts } of runs) Object.assign(counts, { pricePolls: 0, recLists: 0 });
    const started = Date.now();
    const startUsage = runs.map(({ usageFile }) => usageOf(usageFile));
    console.error(`all open; running ${MINUTES} min`);
    const end = Date.now() + MINUTES * 60_000;
    // The market moves between any two polls: 10 service minutes every 5 s (bounded: one step per 5 s).
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, Math.min(MOVE_EVERY_MS, end - Date.now())));
      await service.advanceClock(10 * 60_000);
    }
    const ended = Date.now();
    const polled = runs.map(({ counts }) => ({ ...counts }));
    // The last polls' records reach the database (the history worker writes after the answer); requests are read after it too.
    await new Promise((r) => setTimeout(r, 10_000));
    console.error('reading the history');
    for (const [i, { page, counts, usageFile }] of runs.entries()) {
      Object.assign(counts, { pricePolls: polled[i]?.pricePolls, recLists: polled[i]?.recLists });
      // Read after the settle: a few of the last seconds' requests may be in it.
      counts.requests = usageOf(usageFile) - (startUsage[i] ?? 0);
      counts.visibility = await page.evaluate(() => document.visibilityState);
      const chunks = await historyChunks(page, 730);
      const times = new Set<number>();
      for (const ch of chunks) {
        const p = decodeChunk(ch);
        p.t.forEach((t) => {
          if (t < started || t > ended) return;
          counts.points++;
          times.add(t);
        });
      }
      counts.recorded = times.size;
    }
  } finally {
    await browser.close();
    for (const h of hosts) await h.close();
    await service.close();
  }

  console.log(
    `\nEngine polls at ${INTERVAL_S} s for ${MINUTES} min (real time, all pages at once), the reference service as its own process, prices moving every ${MOVE_EVERY_MS / 1000} s\n`,
  );
  console.log(
    '| Page open | Price polls | Polls recorded in the history | History points | Recommendation lists | All requests to the service | Tab |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const { c, counts } of runs) {
    console.log(
      `| ${c.label} | ${counts.pricePolls} | ${counts.recorded} | ${formatCount(counts.points)} | ${counts.recLists} | ${counts.requests} | ${counts.visibility} |`,
    );
  }

  // The month forecast, as Settings computes it (no request counted yet).
  const nowMs = Date.now();
  const none = { perMinute: null, perMonth: null, stated: [] };
  const plan10k = { ...none, perMonth: 10_000 };
  const rows: Array<[string, number, readonly number[], typeof none]> = [
    ['Default: every 1 min, CS2', 60, [], none],
    ['Every 15 s, CS2', 15, [], none],
    ['Every 15 s, CS2, Recommendations open', 15, [730], none],
    ['Every 1 min, TF2 (asks and bids: two requests)', 60, [], none],
  ];
  console.log('\n| Settings | Requests a month | What the planner does |');
  console.log('| --- | --- | --- |');
  for (const [label, seconds, lists, limits] of rows) {
    const game = label.includes('TF2') ? 440 : 730;
    const b = requestBudget({ nowMs, seconds, feeds: feedsToday(game, [], lists), limits, last30Days: 0 });
    console.log(`| ${label} | ${formatCount(b.plan.monthlyForecast)} | ${b.plan.sentence ?? 'as asked'} |`);
  }
  for (const game of [730, 440]) {
    const feeds = feedsToday(game, []);
    const b = requestBudget({ nowMs, seconds: 60, feeds, limits: plan10k, last30Days: 0 });
    const name = game === 730 ? 'CS2' : 'TF2';
    console.log(
      `| 10,000 a month, ${name}, refresh left at 1 min | ${formatCount(b.plan.monthlyForecast)} | ${b.plan.sentence ?? 'as asked'} |`,
    );
    if (b.advice) {
      const advised = requestBudget({
        nowMs,
        seconds: b.advice.intervalMs / 1000,
        feeds,
        limits: plan10k,
        last30Days: 0,
      });
      console.log(
        `| 10,000 a month, ${name}, the advised refresh (${formatInterval(b.advice.intervalMs)}) | ${formatCount(advised.plan.monthlyForecast)} | ${advised.plan.sentence ?? 'as asked'} |`,
      );
    } else
      console.log(
        `| 10,000 a month, ${name}: no refresh choice (${REFRESH_INTERVALS.join(', ')} s) fits as it is | | |`,
      );
  }
}

await main();
