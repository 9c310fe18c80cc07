/**
 * Price history benchmark: the app's history store (renderer/market/history) in Chromium's IndexedDB on
 * a synthetic CS2-sized catalog (30,000 items x 36 ask + 7 bid markets).
 *
 *   npm run bench:history
 *   MDS_BENCH_WEEK_ITEMS=30000 …   simulate the week on the whole catalog (slow; default 3,000 items, scaled)
 *
 * Prints: the write cost of one full-catalog poll (the session's first, a baseline; then a poll with 1 %
 * of prices changed: time, bytes added, bytes written, right after the baseline and again 6 hours on,
 * once the baseline's record has closed), one item's 30-day history read time at 30 days
 * of 1-minute polls (goal: under 20 ms), the store's size after a simulated week, and the write cost of a
 * full-catalog Steam medians record (the analytics market view's load: first of a session, then with 10 %
 * of the medians changed, then unchanged).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import type { ReadFigures, SteamFigures, WeekFigures, WriteFigures } from './history-bench-page';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ORIGIN = 'http://history-bench.localhost';
const WEEK_ITEMS = Math.max(100, Number(process.env.MDS_BENCH_WEEK_ITEMS ?? 3000));
const FULL = 30_000;

const mb = (b: number) => `${(b / 1e6).toFixed(2)} MB`;
const kb = (b: number) => `${(b / 1e3).toFixed(0)} kB`;

async function main(): Promise<void> {
  const bundle = await build({
    entryPoints: [path.join(HERE, 'history-bench-page.ts')],
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
        body: '<!doctype html><title>history bench</title><script src="/bench.js"></script>',
      });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => typeof window.__historyBench === 'object');

    const w = await page.evaluate((n) => window.__historyBench.writeCost(n), FULL);
    const r = await page.evaluate(() => window.__historyBench.readCost());
    const wk = await page.evaluate((n) => window.__historyBench.week(n), WEEK_ITEMS);
    const st = await page.evaluate((n) => window.__historyBench.steamCost(n), FULL);
    print(w, r, wk, st);
    if (r.readMs.median >= 20) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

function print(w: WriteFigures, r: ReadFigures, wk: WeekFigures, st: SteamFigures): void {
  const scale = FULL / wk.items;
  console.log(
    `\nPrice history benchmark (Chromium IndexedDB, the app's store; ${w.items.toLocaleString('en-US')} items, ${w.cells.toLocaleString('en-US')} price cells)\n`,
  );
  console.log('| figure | value |');
  console.log('|---|---:|');
  console.log(
    `| first poll of a session (baseline of every item): time | ${w.baseline.ms.toFixed(0)} ms (diff ${w.baseline.diffMs.toFixed(0)} ms) |`,
  );
  console.log(
    `| first poll: bytes added, records | ${mb(w.baseline.bytes)}, ${w.baseline.records.toLocaleString('en-US')} |`,
  );
  console.log(
    `| poll with 1 % of prices changed (${w.poll.points.toLocaleString('en-US')} changes, ${w.poll.changedItems.toLocaleString('en-US')} items): time | ${w.poll.ms.toFixed(0)} ms (diff ${w.poll.diffMs.toFixed(0)} ms, IndexedDB transaction ${w.poll.writeMs.toFixed(0)} ms) |`,
  );
  console.log(
    `| poll with 1 %: bytes added / bytes written (open chunks rewritten) | ${kb(w.poll.bytesAdded)} / ${kb(w.poll.bytesWritten)} |`,
  );
  console.log(
    `| the same 6 hours on, the baseline's record closed (3 of a day's 4 records hold changes only): time | ${w.later.ms.toFixed(0)} ms (diff ${w.later.diffMs.toFixed(0)} ms, IndexedDB transaction ${w.later.writeMs.toFixed(0)} ms), ${kb(w.later.bytesWritten)} written |`,
  );
  console.log(
    `| one item's 30-day history read (${r.polls.toLocaleString('en-US')} polls, ${r.points.toLocaleString('en-US')} points in ${r.records} records), sampled to 240 slots | **${r.readMs.median.toFixed(1)} ms** median, ${r.readMs.max.toFixed(1)} ms max (goal < 20 ms: ${r.readMs.median < 20 ? 'met' : 'NOT MET'}) |`,
  );
  console.log(
    `| the same, IndexedDB reads only | ${r.rawMs.median.toFixed(1)} ms median, ${r.rawMs.max.toFixed(1)} ms max |`,
  );
  console.log(`| that item's 30 days stored | ${kb(r.storeBytes)} |`);
  console.log(
    `| store after a simulated week (1-minute polls, 1 % changed each; ${wk.items.toLocaleString('en-US')} items simulated${scale !== 1 ? `, x${scale.toFixed(0)} for ${FULL.toLocaleString('en-US')}` : ''}) | **${mb(wk.bytes * scale)}** (${Math.round(wk.records * scale).toLocaleString('en-US')} records; daily baselines ${mb(wk.perDayBaseline * scale)} a day; simulated in ${(wk.ms / 1000).toFixed(0)} s) |`,
  );
  console.log(
    `| growth a day at this rate (days 2-7; daily baselines included), changes a day | ${mb(wk.perDay * scale)}, ${Math.round(wk.changesPerDay * scale).toLocaleString('en-US')} |`,
  );
  const items = st.items.toLocaleString('en-US');
  console.log(
    `| Steam medians of the whole catalog (${items} items x 2), first load of a session (baseline): write | **${st.baseline.ms.toFixed(0)} ms** (${mb(st.baseline.bytes)}, ${st.baseline.records.toLocaleString('en-US')} records, ${st.baseline.points.toLocaleString('en-US')} points) |`,
  );
  console.log(
    `| Steam medians, a later load with 10 % changed (${st.changed.points.toLocaleString('en-US')} changes): write | **${st.changed.ms.toFixed(0)} ms** (${kb(st.changed.bytes)} added, ${kb(st.changed.bytesWritten)} written, ${st.changed.records.toLocaleString('en-US')} records) |`,
  );
  console.log(
    `| Steam medians, a load with nothing changed | ${st.unchanged.ms.toFixed(0)} ms, ${st.unchanged.points} points written |`,
  );
  console.log(
    `| Steam medians made from the rows (analytics worker) / one thread hop (structured clone) | ${st.extractMs.toFixed(1)} ms / ${st.cloneMs.toFixed(1)} ms |`,
  );
  const coarse = (wk.consolidatedPerDay ?? NaN) * scale;
  console.log(
    `| a day consolidated hourly (last/low/high per market, best ask and bid at every poll; kept so only when daily comes later than 2 days, a Settings choice; ${wk.items.toLocaleString('en-US')} items in ${(wk.consolidateMs ?? NaN).toFixed(0)} ms) | ${mb(coarse)} |`,
  );
  console.log(
    `| a day consolidated again to daily steps (after 2 days: each market's daily last, best ask and bid at every poll), in 7-day block records | ${mb(wk.dailyPerDay * scale)} (alone ${mb(wk.dailyAlone * scale)}, appended to its block ${mb(wk.dailyAppended * scale)}) |`,
  );
  // The goal lines, printed exactly so. Days: as Settings forecasts them under the default settings (store.ts,
  // daysThatFit): the last 48 hours at full resolution, daily before. Bytes per change: a full-resolution
  // day's records (daily baselines and record overheads included) over its changes.
  const days = wk.daysFit;
  console.log(
    `| days that fit in 500 MB with every market at every refresh for 24 hours (then hourly for a day) | ${wk.daysFit24h.toFixed(1)} |`,
  );
  console.log('');
  console.log(`days that fit in 500 MB: ${days.toFixed(1)}`);
  console.log(`bytes per change: ${(wk.perDay / wk.changesPerDay).toFixed(2)}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
