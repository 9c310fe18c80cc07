/**
 * Portfolio benchmark, in Chromium like the other benches (the page's own code bundled with esbuild):
 *
 *   npm run bench:portfolio
 *
 * Prints a table with the goals:
 *  - 5,000 holdings valued within 100 ms of the prices arriving (a CS2-sized snapshot: 30,000 items x 36
 *    ask + 7 bid markets, net of fees, recommendations and Steam numbers), with no main-thread task over
 *    50 ms;
 *  - a Steam inventory file of 5,000 assets parsed and grouped within 1 s (the import's own parser,
 *    features/portfolio/model/import/steam-inventory.ts, on the text as a browser saves it);
 *  - the value-over-time chart's 30 days of history ready within 1 s (read and combined as the history
 *    worker does).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import type { InventoryFigures, SeriesFigures, ValueFigures } from './portfolio-bench-page';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ORIGIN = 'http://portfolio-bench.localhost';
const HOLDINGS = 5000;
const CATALOG = 30_000;
/** Distinct items among the holdings for the history read (a 5,000-lot portfolio of 1,000 items), and the poll interval. */
const SERIES_ITEMS = Math.max(10, Number(process.env.MDS_BENCH_SERIES_ITEMS ?? 1000));
const POLL_MINUTES = Math.max(1, Number(process.env.MDS_BENCH_POLL_MINUTES ?? 10));

async function main(): Promise<void> {
  const bundle = await build({
    entryPoints: [path.join(HERE, 'portfolio-bench-page.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    platform: 'browser',
  });
  const js = bundle.outputFiles[0]?.text ?? '';
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, (route) => {
      const url = route.request().url();
      if (url.endsWith('/bench.js')) return route.fulfill({ contentType: 'text/javascript', body: js });
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>portfolio bench</title><script src="/bench.js"></script>',
      });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => typeof window.__portfolioBench === 'object');
    const v = await page.evaluate(([h, c]) => window.__portfolioBench.value(h, c), [HOLDINGS, CATALOG] as const);
    const s = await page.evaluate(([h, i, p]) => window.__portfolioBench.series(h, i, p), [
      HOLDINGS,
      SERIES_ITEMS,
      POLL_MINUTES,
    ] as const);
    const inv = await page.evaluate((n) => window.__portfolioBench.inventory(n), 5000);
    const ok = print(v, s, inv);
    if (!ok) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

function print(v: ValueFigures, s: SeriesFigures, inv: InventoryFigures): boolean {
  const valueOk = v.ms.max <= 100;
  const taskOk = v.longestTaskMs <= 50;
  const seriesOk = s.ms.max <= 1000;
  const invOk = inv.ms.max <= 1000;
  console.log(`\nPortfolio benchmark (Chromium, the page's own code)\n`);
  console.log('| figure | value | goal |');
  console.log('|---|---:|---|');
  console.log(
    `| ${v.holdings.toLocaleString('en-US')} holdings valued from the prices' arrival (${v.catalog.toLocaleString('en-US')} items x 36 + 7 markets, net, 5 measures, liquidity, totals; ${v.priced.toLocaleString('en-US')} priced) | **${v.ms.median.toFixed(1)} ms** median, ${v.ms.max.toFixed(1)} ms max (first ${v.ms.first.toFixed(1)} ms) | < 100 ms: ${valueOk ? 'met' : 'NOT MET'} |`,
  );
  console.log(
    `| longest main-thread task meanwhile (longtask entries: ${v.longTasks}) | **${v.longestTaskMs.toFixed(0)} ms** | ≤ 50 ms: ${taskOk ? 'met' : 'NOT MET'} |`,
  );
  console.log(
    `| Steam inventory file of ${inv.assets.toLocaleString('en-US')} assets (${(inv.bytes / 1e6).toFixed(1)} MB of JSON) parsed and grouped into ${inv.groups} holdings | **${inv.ms.median.toFixed(0)} ms** median, ${inv.ms.max.toFixed(0)} ms max (first ${inv.ms.first.toFixed(0)} ms) | < 1 s: ${invOk ? 'met' : 'NOT MET'} |`,
  );
  console.log(
    `| value over time, 30 days (${s.holdings.toLocaleString('en-US')} holdings of ${s.items.toLocaleString('en-US')} items, ${POLL_MINUTES}-minute polls: ${s.polls.toLocaleString('en-US')} polls, ${s.records.toLocaleString('en-US')} records, ${s.points.toLocaleString('en-US')} points) read and combined into ${s.slots} slots | **${s.ms.median.toFixed(0)} ms** median, ${s.ms.max.toFixed(0)} ms max (first ${s.ms.first.toFixed(0)} ms) | < 1 s: ${seriesOk ? 'met' : 'NOT MET'} |`,
  );
  console.log(`| the same, IndexedDB reads only | ${s.rawMs.toFixed(0)} ms | |`);
  return valueOk && taskOk && seriesOk && invOk;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
