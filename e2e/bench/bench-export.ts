/**
 * Price history export benchmark, on the bench:history workload (e2e/bench/history-bench-page.ts: a
 * synthetic CS2-sized catalog, 1-minute polls, 1 % of the price cells changed each poll) recorded into
 * the app's store in Chromium's IndexedDB, then exported for every item as CSV and as Parquet.
 *
 *   npm run bench:export
 *   MDS_BENCH_EXPORT_ITEMS=3000 MDS_BENCH_EXPORT_HOURS=2 …   a smaller store (default 30,000 items, 24 hours)
 *   MDS_BENCH_EXPORT_ITEMS=3000 MDS_BENCH_EXPORT_DAYS=30 …   30 days, consolidated at each day's end as the
 *                                                          app does (what the app keeps after 30 days)
 *   MDS_BENCH_EXPORT_IMPL=before,streamed                  which exports to run (default streamed; "before"
 *                                                          is the in-memory export, which holds every row)
 *   MDS_BENCH_EXPORT_PROFILE=1                             also a CPU profile of each export: self time by function
 *
 * Prints per export: rows, rows a second, output size, time to the first byte handed to the file and to
 * the first progress report, and the page's peak JavaScript heap (performance.memory, precise) over the
 * heap before the export. The export runs on the page's thread here (the app runs it in a worker: the
 * same code, so the same figures for that worker).
 * Goals (issue: exports at the scale of what the app keeps): Parquet ≥ 500,000 rows/s, CSV ≥ 1,000,000
 * rows/s, peak memory under 300 MB whatever the size, progress within 1 s.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import type { FillFigures, RunFigures } from './export-bench-page';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ORIGIN = 'http://export-bench.localhost';
const ITEMS = Math.max(10, Number(process.env.MDS_BENCH_EXPORT_ITEMS ?? 30_000));
/** MDS_BENCH_EXPORT_DAYS: days of polls with the store's consolidation at each day's end (as the app keeps them); else MDS_BENCH_EXPORT_HOURS of polls. */
const DAYS = Math.max(0, Number(process.env.MDS_BENCH_EXPORT_DAYS ?? 0));
const HOURS = DAYS > 0 ? DAYS * 24 : Math.max(1, Number(process.env.MDS_BENCH_EXPORT_HOURS ?? 24));
const IMPLS = (process.env.MDS_BENCH_EXPORT_IMPL ?? 'streamed')
  .split(',')
  .filter((x): x is 'before' | 'streamed' => x === 'before' || x === 'streamed');
/** MDS_BENCH_EXPORT_PROFILE=1: a CPU profile of each export (Chrome DevTools Protocol), its self time by function printed. */
const PROFILE = process.env.MDS_BENCH_EXPORT_PROFILE === '1';
const FORMATS = (process.env.MDS_BENCH_EXPORT_FORMATS ?? 'csv,parquet')
  .split(',')
  .filter((x): x is 'csv' | 'parquet' => x === 'csv' || x === 'parquet');

const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
const n = (x: number) => Math.round(x).toLocaleString('en-US');

async function main(): Promise<void> {
  const bundle = await build({
    entryPoints: [path.join(HERE, 'export-bench-page.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    platform: 'browser',
  });
  const js = bundle.outputFiles[0]?.text ?? '';
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(0);
    await page.route(`${ORIGIN}/**`, (route) => {
      const url = route.request().url();
      if (url.endsWith('/bench.js')) return route.fulfill({ contentType: 'text/javascript', body: js });
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>export bench</title><script src="/bench.js"></script>',
      });
    });
    await page.goto(`${ORIGIN}/`);
    await page.waitForFunction(() => typeof window.__exportBench === 'object');
    const f: FillFigures = await page.evaluate(
      ([i, h, d]) => window.__exportBench.fill(i as number, h as number, d as boolean),
      [ITEMS, HOURS, DAYS > 0] as const,
    );
    console.log(
      `\nPrice history export benchmark (Chromium; the app's store filled with ${n(f.items)} items x 43 series, ${n(f.polls)} 1-minute polls, 1 % changed each: ${n(f.points)} change points in ${n(f.records)} records, ${mb(f.bytes)}${DAYS > 0 ? ", consolidated at each day's end as the app does" : ''}; filled in ${(f.ms / 1000).toFixed(0)} s)\n`,
    );
    console.log(
      '| export | rows | time | rows/s | output | first byte | first progress | peak JS heap (over before) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
    const profiles: string[] = [];
    for (const impl of IMPLS) {
      for (const format of FORMATS) {
        if (cdp) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
          await cdp.send('Profiler.start');
        }
        const r: RunFigures = await page.evaluate(
          ([a, b, h]) => window.__exportBench.run(a as 'before' | 'streamed', b as 'csv' | 'parquet', h as number),
          [impl, format, HOURS] as const,
        );
        if (cdp)
          profiles.push(
            `\n${impl} ${format}: self time by function (CPU profile, top 12)\n${selfTimes((await cdp.send('Profiler.stop')).profile as CpuProfile)}`,
          );
        console.log(
          `| ${r.impl} ${r.format} | ${n(r.rows)} | ${(r.ms / 1000).toFixed(1)} s | **${n((r.rows / r.ms) * 1000)}** | ${mb(r.bytes)} | ${(r.firstByteMs / 1000).toFixed(2)} s | ${(r.firstProgressMs / 1000).toFixed(2)} s | ${mb(r.heapPeak)} (${mb(r.heapPeak - r.heapBefore)}) |`,
        );
      }
    }
    for (const text of profiles) console.log(text);
  } finally {
    await browser.close();
  }
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }>;
  samples: number[];
  timeDeltas: number[];
}

/** The functions the samples fell in (self time), largest first. */
function selfTimes(profile: CpuProfile): string {
  const byNode = new Map(profile.nodes.map((x) => [x.id, x]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const f = byNode.get(id)?.callFrame;
    const key = f ? `${f.functionName || '(anonymous)'} ${f.url ? `bench.js:${f.lineNumber + 1}` : ''}`.trim() : '?';
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(
      ([k, us]) => `  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`,
    )
    .join('\n');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
