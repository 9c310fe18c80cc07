/**
 * What the page benchmarks (bench-grid, bench-recommendations) share: the hosts and browser they run on,
 * the page instrumentation (long tasks, input times), the replayed-response JSON.parse baseline, scroll
 * frames, the heap after a GC, percentiles and the results table.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { startService } from '../../service/src/index';
import { startWebHost, type WebHost } from '../../webhost/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { printBenchJson } from './bench-json';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Row {
  metric: string;
  measured: string;
  goal: string;
  met: boolean | null;
}

export function pct(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
}
export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const mb = (v: number) => `${(v / 1048576).toFixed(1)} MB`;

declare global {
  interface Window {
    __bench: { longTasks: Array<{ start: number; duration: number }>; inputs: number[] };
  }
}

/** The reference service, the web host in front of it (127.0.0.1 only) and Chromium; close() stops all three. */
export async function startBench(): Promise<{ host: WebHost; browser: Browser; close(): Promise<void> }> {
  const service = await startService({ quiet: true, port: 0, host: '127.0.0.1' });
  const host = await startWebHost({
    port: 0,
    keyFile: null,
    staticDir: process.env.MDS_BENCH_STATIC_DIR ?? path.join(ROOT, 'dist', 'renderer'),
    embeddedService: { url: service.url, demoKey: service.demoKey },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return {
    host,
    browser,
    async close() {
      await browser.close();
      await host.close();
      await service.close();
    },
  };
}

/** Long tasks and input times (keydown / mousedown, as the browser stamped them) in window.__bench. */
export async function instrument(page: Page): Promise<void> {
  // tsx keeps function names with an injected __name() helper; the page needs it too.
  await page.addInitScript({ content: 'window.__name = (f) => f;' });
  await page.addInitScript(() => {
    window.__bench = { longTasks: [], inputs: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    // Input times as the browser stamped them (before any handler ran).
    const note = (e: Event) => window.__bench.inputs.push(e.timeStamp);
    window.addEventListener('keydown', note, { capture: true });
    window.addEventListener('mousedown', note, { capture: true });
  });
}

/** The longest long task overlapping [start, end] (0 = none over 50 ms). */
export function longestTask(page: Page, start: number, end: number): Promise<number> {
  return page.evaluate(
    ({ start, end }) =>
      window.__bench.longTasks
        .filter((l) => l.start + l.duration >= start && l.start <= end)
        .reduce((a, l) => Math.max(a, l.duration), 0),
    { start, end },
  );
}

export interface Replay {
  /** JSON.parse of the response text, median of 3. */
  P: number;
  /** fetch() -> the whole response text, median of `fetches`. */
  fetchMs: number;
  bytes: number;
  chars: number;
}

/** A request replayed from the page through the web host's gateway, its text read, then JSON.parse'd. */
export function replayAndParse(
  page: Page,
  req: { url: string; body: string; headers?: Record<string, string>; fetches?: number },
): Promise<Replay> {
  return page.evaluate(
    async ({ url, body, headers, fetches }) => {
      const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] as number;
      const fetchTimes: number[] = [];
      let text = '';
      for (let i = 0; i < fetches; i++) {
        const t0 = performance.now();
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        });
        text = await res.text();
        fetchTimes.push(performance.now() - t0);
        if (!res.ok) throw new Error(`replay: HTTP ${res.status}`);
      }
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const v: unknown = JSON.parse(text);
        times.push(performance.now() - t0);
        if (!v) throw new Error('empty');
      }
      return {
        P: median(times),
        fetchMs: median(fetchTimes),
        bytes: new TextEncoder().encode(text).byteLength,
        chars: text.length,
      };
    },
    { url: req.url, body: req.body, headers: req.headers ?? {}, fetches: Math.max(1, req.fetches ?? 1) },
  );
}

/** The page's JS heap after a full GC (CDP). */
export async function heapAfterGc(page: Page, cdp: CDPSession): Promise<number> {
  await page.waitForTimeout(500);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
  return heap.usedSize;
}

/** Frame intervals (requestAnimationFrame) while `selector` scrolls on every frame: down, across, back up. */
export function scrollFrames(page: Page, selector: string): Promise<number[]> {
  return page.evaluate(async (sel) => {
    const grid = document.querySelector<HTMLElement>(sel);
    if (!grid) throw new Error(`no ${sel}`);
    const deltas: number[] = [];
    const run = (axis: 'top' | 'left', step: number, count: number) =>
      new Promise<void>((resolve) => {
        let last = 0;
        let n = 0;
        const tick = (t: number) => {
          if (last) deltas.push(t - last);
          last = t;
          if (axis === 'top') grid.scrollTop += step;
          else grid.scrollLeft += step;
          if (++n < count) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
    // A fast wheel/trackpad scroll: 90 px a frame (5,400 px/s) down, 40 px across, back up.
    await run('top', 90, 180);
    await run('left', 40, 80);
    await run('top', -90, 120);
    return deltas;
  }, selector);
}

/**
 * Records `page` as a Chrome trace into `file` (Perfetto or chrome://tracing) until the returned function is
 * called: the main thread's and workers' tasks, the user-timing marks, and with `samples` the JS sampling
 * profiler's stacks (which functions the script time went to).
 */
export async function startTrace(page: Page, file: string, samples = false): Promise<() => Promise<unknown>> {
  const browser = page.context().browser();
  if (!browser) throw new Error('No browser to trace');
  await mkdir(path.dirname(file), { recursive: true });
  const categories = ['devtools.timeline', 'blink.user_timing', 'toplevel', 'v8.execute'];
  if (samples) categories.push('disabled-by-default-v8.cpu_profiler', 'disabled-by-default-devtools.timeline');
  await browser.startTracing(page, { path: file, categories });
  return () => browser.stopTracing();
}

export function printTable(title: string, rows: Row[], details: string[]): void {
  const w = [
    Math.max(...rows.map((r) => r.metric.length), 6),
    Math.max(...rows.map((r) => r.measured.length), 8),
    Math.max(...rows.map((r) => r.goal.length), 4),
  ];
  const line = (a: string, b: string, c: string, d: string) =>
    `| ${a.padEnd(w[0]!)} | ${b.padEnd(w[1]!)} | ${c.padEnd(w[2]!)} | ${d.padEnd(12)} |`;
  console.log(`\n${title}\n`);
  console.log(line('metric', 'measured', 'goal', 'result'));
  console.log(line('-'.repeat(w[0]!), '-'.repeat(w[1]!), '-'.repeat(w[2]!), '-'.repeat(12)));
  for (const r of rows)
    console.log(line(r.metric, r.measured, r.goal, r.met === null ? '' : r.met ? 'goal met' : 'NOT MET'));
  console.log('');
  for (const d of details) console.log(d);
  printBenchJson(rows);
}
