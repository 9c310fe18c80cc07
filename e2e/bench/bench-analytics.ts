/**
 * Analytics benchmark: a whole game's Steam analytics (and one marketplace's order analytics) in the
 * market view, in Chromium, through the web host's gateway to the reference service.
 *
 *   npm run bench:analytics       (builds dist/, then runs this)
 *   MDS_BENCH_RUNS=3 …            more page loads (the worst counts)
 *
 * The goal: a market view ready within 1 s of its data arriving. "Data arriving" is the last
 * byte of the response (the network's time for it, from the worker's Resource Timing: the worker reads and
 * summarizes rows while the answer downloads, so anything it still had to do after that byte counts).
 * "Ready" is MarketView's 'analytics:painted' mark: every chart of the view drawn with that data and a
 * frame painted after its last change (charts mount progressively, so that is after the last one). The
 * figure is the time between the two, in one clock; its parts: the worker after the last byte, and the
 * UI from the catalog's delivery ('analytics:data') to painted. Also printed: the response size, download
 * time, drawn marks, and the longest main-thread task after the data arrived.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { startService } from '../../service/src/index';
import { marketName } from '../../shared/catalog/markets';
import { startWebHost } from '../../webhost/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { printBenchJson } from './bench-json';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Math.max(1, Number(process.env.MDS_BENCH_RUNS ?? 2));

interface Load {
  bytes: number;
  download: number;
  /** Worker, after the last byte: rows still to read, the summary. */
  worker: number;
  deliverToPaint: number;
  /** Last byte to painted. */
  ready: number;
  longest: number;
  points: number;
  /** Charts of the view drawn when 'analytics:painted' was marked, of all. */
  drawnAtPaint: string;
}

async function loadOnce(page: Page, url: string): Promise<Load> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('analytics:painted').length > 0, undefined, {
    timeout: 180_000,
  });
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const data = performance.getEntriesByName('analytics:data')[0] as PerformanceMark;
    const painted = performance.getEntriesByName('analytics:painted')[0] as PerformanceMark;
    const t = data.detail as { download: number; read: number; summarize: number; arrivedAt: number };
    const w = window as unknown as { __long: { start: number; duration: number }[]; __drawnAtPaint: string };
    const arrived = t.arrivedAt - performance.timeOrigin;
    const longest = Math.max(0, ...w.__long.filter((l) => l.start + l.duration > arrived).map((l) => l.duration));
    const points = document.querySelectorAll(
      '.recharts-surface .recharts-rectangle, .recharts-surface .recharts-symbols, .recharts-surface .recharts-dot',
    ).length;
    const meta = document.querySelector('[data-testid="analytics-meta"]')?.textContent ?? '';
    const mbText = /([\d.]+) MB/.exec(meta)?.[1];
    return {
      bytes: mbText ? Number(mbText) * 1e6 : 0,
      download: t.download,
      worker: t.read + t.summarize,
      deliverToPaint: painted.startTime - data.startTime,
      ready: painted.startTime - arrived,
      longest,
      points,
      drawnAtPaint: w.__drawnAtPaint,
    };
  });
}

async function main(): Promise<void> {
  const service = await startService({ quiet: true, port: 0, host: '127.0.0.1' });
  const host = await startWebHost({
    port: 0,
    keyFile: null,
    staticDir: path.join(ROOT, 'dist', 'renderer'),
    embeddedService: { url: service.url, demoKey: service.demoKey },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const out: string[][] = [];
  let failed = false;
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx keeps function names with an injected __name() helper; the page needs it too.
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    await context.addInitScript(() => {
      const w = window as unknown as { __long: { start: number; duration: number }[]; __drawnAtPaint: string };
      w.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__long.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      // A check on the mark: how many of the view's charts had their chart drawn when it was made.
      new PerformanceObserver((list) => {
        if (!list.getEntries().some((e) => e.name === 'analytics:painted')) return;
        const frames = [...document.querySelectorAll('.chart-frame')];
        w.__drawnAtPaint = `${frames.filter((f) => f.querySelector('.recharts-wrapper svg.recharts-surface')).length}/${frames.length}`;
      }).observe({ type: 'mark' });
    });
    const page = await context.newPage();
    for (const [label, hash] of [
      ['CS2 on Steam', '#/analytics?source=steam'],
      [`CS2 on ${marketName('buff163')}`, '#/analytics?source=buff163'],
    ] as const) {
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i++) loads.push(await loadOnce(page, `${host.launchUrl}${hash}`));
      const worst = (f: (l: Load) => number) => Math.max(...loads.map(f));
      const ready = worst((l) => l.ready);
      const allDrawn = loads.every((l) => /^(\d+)\/\1$/.test(l.drawnAtPaint));
      failed ||= ready > 1000 || !allDrawn;
      out.push([
        label,
        `${(loads[0]!.bytes / 1e6).toFixed(1)} MB`,
        `${worst((l) => l.download).toFixed(0)} ms`,
        `${worst((l) => l.worker).toFixed(0)} ms`,
        `${worst((l) => l.deliverToPaint).toFixed(0)} ms`,
        `**${ready.toFixed(0)} ms** (goal <= 1000: ${ready <= 1000 ? 'met' : 'NOT MET'})`,
        loads.map((l) => l.ready.toFixed(0)).join(', '),
        loads.map((l) => l.drawnAtPaint).join(', '),
        String(loads[0]!.points),
        worst((l) => l.longest) === 0 ? 'none over 50 ms' : `${worst((l) => l.longest).toFixed(0)} ms`,
      ]);
    }
  } finally {
    await browser.close();
    await host.close();
    await service.close();
  }
  console.log(`\nAnalytics market view benchmark (Chromium via the web host, worst of ${RUNS} runs)\n`);
  const head = [
    'view',
    'response',
    'download',
    'worker after the last byte',
    'delivered -> painted',
    'data arrived -> ready',
    'each run',
    'charts drawn at the mark',
    'drawn marks',
    'longest main-thread task',
  ];
  console.log(`| ${head.join(' | ')} |`);
  console.log('|---|---:|---:|---:|---:|---:|---|---|---:|---|');
  for (const cells of out) console.log(`| ${cells.join(' | ')} |`);
  printBenchJson(
    out.flatMap((cells) => cells.slice(1).map((measured, k) => ({ metric: `${cells[0]}: ${head[k + 1]}`, measured }))),
  );
  if (failed) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
