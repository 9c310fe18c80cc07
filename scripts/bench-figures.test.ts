/**
 * bench:turns' reading of what the benches print (rows from excerpts of real runs of bench:grid,
 * bench:recommendations, bench:analytics and bench:history) and its statistics: medians, the run-to-run
 * spread and the verdict against it; plus the turn order and the commands it runs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printBenchJson } from '../e2e/bench/bench-json';
import {
  compareFigure,
  compareRuns,
  figureName,
  figuresOfOutput,
  figuresOfRow,
  median,
  reportTables,
  rowsOfOutput,
  spread,
  type Figure,
} from './bench-figures.mjs';
import { benchCommand, parseOptions, readLog, turnOrder } from './bench-turns.mjs';

const GRID = `
Price grid benchmark: CS2 whole catalog, 28 ask markets + 3 bid markets, Chromium via the web host

| metric                                                                      | measured                                                                                                   | goal                          | result       |
| --------------------------------------------------------------------------- | ---------------------------------------------------------------------------------------------------------- | ----------------------------- | ------------ |
| response bytes received                                                     | 39.0 MB (40,856,533 B)                                                                                     | —                             |              |
| P = JSON.parse of that response text                                        | 908.8 ms                                                                                                   | —                             |              |
| response bytes received -> first grid paint                                 | 1688.1 ms (1.86 x P)                                                                                       | <= 2.5 x P (2272.0 ms)        | goal met     |
| longest main-thread task while loading                                      | none over 50 ms                                                                                            | <= 50 ms (no task over 50 ms) | goal met     |
| filter keystroke -> results painted, p95 (52 keys)                          | 64.7 ms (median 20.9 ms, max 86.2 ms)                                                                      | < 16 ms                       | NOT MET      |
| filter keystroke's own main-thread work, median / p95                       | 5.3 ms / 32.0 ms (measured 14.2 ms / 40.9 ms less the floor's 8.8 ms; style 2.4 ms, layout 11.8 ms at p95) | p95 < 16 ms (one frame)       | NOT MET      |
| scroll frame, p95 (377 frames)                                              | 50.0 ms                                                                                                    | <= 20 ms                      | NOT MET      |

run 1: load-start -> bytes done 4496.3 ms, bytes done -> painted 1688.1 ms, longest task 272.0 ms
`;

const RECS_ROWS = `
| metric                                                                                        | measured                           | goal                                       | result       |
| --------------------------------------------------------------------------------------------- | ---------------------------------- | ------------------------------------------ | ------------ |
| items / response bytes received                                                               | 37,525 items, 7.5 MB (7,815,269 B) | —                                          |              |
| load start -> first list paint (opened by address, a new page)                                | 706.6 ms (0.30 x (F + P))          | <= 1.5 x (F + P) (3510.6 ms)               | goal met     |
| load start -> first list paint (from Prices, list loading alone)                              | 2137.9 ms (0.91 x (F + P))         | <= 1.5 x (F + P) (3510.6 ms)               | goal met     |
| floor: the same rows' HTML put in a fresh list -> painted (no worker, no React; median of 10) | 37.4 ms                            | —                                          |              |
`;

const ANALYTICS = `
Analytics market view benchmark (Chromium via the web host, worst of 2 runs)

| view | response | download | worker after the last byte | delivered -> painted | data arrived -> ready | each run | charts drawn at the mark | drawn marks | longest main-thread task |
|---|---:|---:|---:|---:|---:|---|---|---:|---|
| CS2 on Steam | 33.6 MB | 36525 ms | 1100 ms | 6846 ms | **8129 ms** (goal <= 1000: NOT MET) | 7118, 8129 | 7/7, 7/7 | 712 | 1232 ms |
`;

const HISTORY = `
| figure | value |
|---|---:|
| poll with 1 % of prices changed (300,000 changes, 24,660 items): time | 812 ms (diff 120 ms, IndexedDB transaction 610 ms) |
| a day consolidated hourly (last/low/high per market; 3,000 items in 1234 ms) | 4.20 MB |

days that fit in 500 MB: 31.2
bytes per change: 2.41
`;

describe('figureName', () => {
  it('drops the parenthesized parts holding numbers (counts, timings) and keeps the others', () => {
    expect(figureName('filter keystroke -> results painted, p95 (52 keys)')).toBe(
      'filter keystroke -> results painted, p95',
    );
    expect(figureName('load start -> first list paint (opened by address, a new page)')).toBe(
      'load start -> first list paint (opened by address, a new page)',
    );
    expect(figureName('a day consolidated hourly (last/low/high (daily later); 3,000 items in 1234 ms) x')).toBe(
      'a day consolidated hourly x',
    );
  });
});

describe('figuresOfRow', () => {
  it('reads the first number with a unit, and a ratio to a floor as a figure of its own', () => {
    expect(figuresOfRow('response bytes received -> first grid paint', '1688.1 ms (1.86 x P)')).toEqual([
      { name: 'response bytes received -> first grid paint', value: 1688.1, unit: 'ms', better: 'lower' },
      { name: 'response bytes received -> first grid paint [x P]', value: 1.86, unit: 'x', better: 'lower' },
    ]);
    expect(figuresOfRow('load start', '706.6 ms (0.30 x (F + P))').map((f) => [f.name, f.value])).toEqual([
      ['load start', 706.6],
      ['load start [x (F + P)]', 0.3],
    ]);
  });

  it('splits "median / p95" pairs, skips words before the first unit, reads "none over 50 ms" as at most 50', () => {
    expect(
      figuresOfRow(
        "filter keystroke's own main-thread work, median / p95",
        '5.3 ms / 32.0 ms (measured 14.2 ms / 40.9 ms)',
      ).map((f) => [f.name, f.value]),
    ).toEqual([
      ["filter keystroke's own main-thread work, median", 5.3],
      ["filter keystroke's own main-thread work, p95", 32],
    ]);
    expect(
      figuresOfRow('poll with 1 %: bytes added / bytes written (open chunks rewritten)', '55 kB / 3646 kB').map((f) => [
        f.name,
        f.value,
        f.unit,
      ]),
    ).toEqual([
      ['poll with 1 %: bytes added', 55, 'kB'],
      ['poll with 1 %: bytes written (open chunks rewritten)', 3646, 'kB'],
    ]);
    expect(figuresOfRow('items / response bytes received', '37,525 items, 7.5 MB (7,815,269 B)')).toEqual([
      { name: 'items / response bytes received', value: 7.5, unit: 'MB', better: 'lower' },
    ]);
    expect(figuresOfRow('longest task', 'none over 50 ms')).toEqual([
      { name: 'longest task', value: 50, unit: 'ms', better: 'lower', atMost: true },
    ]);
  });

  it('takes bare numbers as counts, except the figures whose direction is known; lists and fractions are not figures', () => {
    expect(figuresOfRow('X: drawn marks', '712')[0]?.better).toBe('info');
    expect(figuresOfRow('days that fit in 500 MB', '31.2')[0]).toEqual({
      name: 'days that fit in 500 MB',
      value: 31.2,
      unit: '',
      better: 'higher',
    });
    expect(figuresOfRow('bytes per change', '2.41')[0]?.better).toBe('lower');
    expect(figuresOfRow('X: each run', '7118, 8129')).toEqual([]);
    expect(figuresOfRow('X: charts drawn at the mark', '7/7, 7/7')).toEqual([]);
  });
});

describe('rowsOfOutput / figuresOfOutput', () => {
  it('reads the metric tables of bench:grid and bench:recommendations', () => {
    const grid = figuresOfOutput(GRID);
    expect([...grid.keys()]).toEqual([
      'response bytes received',
      'P = JSON.parse of that response text',
      'response bytes received -> first grid paint',
      'response bytes received -> first grid paint [x P]',
      'longest main-thread task while loading',
      'filter keystroke -> results painted, p95',
      "filter keystroke's own main-thread work, median",
      "filter keystroke's own main-thread work, p95",
      'scroll frame, p95',
    ]);
    expect(grid.get('scroll frame, p95')?.value).toBe(50);
    const recs = figuresOfOutput(RECS_ROWS);
    expect(recs.get('load start -> first list paint (from Prices, list loading alone) [x (F + P)]')?.value).toBe(0.91);
    expect(recs.get("floor: the same rows' HTML put in a fresh list -> painted")?.value).toBe(37.4);
  });

  it("reads bench:analytics' table of a row per view, and bench:history's figure table and goal lines", () => {
    const a = figuresOfOutput(ANALYTICS);
    expect(a.get('CS2 on Steam: data arrived -> ready')).toEqual({
      name: 'CS2 on Steam: data arrived -> ready',
      value: 8129,
      unit: 'ms',
      better: 'lower',
    });
    expect(a.get('CS2 on Steam: download')?.value).toBe(36525);
    expect(a.has('CS2 on Steam: each run')).toBe(false);
    const h = figuresOfOutput(HISTORY);
    expect([...h.entries()].map(([k, f]) => [k, f.value, f.better])).toEqual([
      ['poll with 1 % of prices changed: time', 812, 'lower'],
      ['a day consolidated hourly', 4.2, 'lower'],
      ['days that fit in 500 MB', 31.2, 'higher'],
      ['bytes per change', 2.41, 'lower'],
    ]);
  });

  describe('the BENCH_JSON line', () => {
    afterEach(() => vi.restoreAllMocks());
    it('gives the same figures as the table it repeats, and is preferred to the text', () => {
      const rows = rowsOfOutput(GRID);
      const lines: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((s: string) => void lines.push(s));
      printBenchJson(rows, { MDS_BENCH_JSON: '1' });
      printBenchJson(rows, {});
      expect(lines).toHaveLength(1);
      expect(figuresOfOutput(`${lines[0]}\n`)).toEqual(figuresOfOutput(GRID));
      // With the line, stray text (a pipe in a details line) cannot add rows.
      expect(rowsOfOutput(`${GRID}| stray | 1 ms |\n|---|---|\n| x | 2 ms |\n${lines[0]}`)).toEqual(rows);
    });
  });

  it('numbers a figure printed twice', () => {
    expect([...figuresOfOutput('bytes per change: 1\nbytes per change: 2\n').keys()]).toEqual([
      'bytes per change',
      'bytes per change #2',
    ]);
  });
});

describe('statistics', () => {
  it('median and spread ((max - min) / median)', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(spread([90, 100, 110])).toBeCloseTo(0.2);
    expect(spread([5])).toBe(0);
    expect(spread([0, 1, 0])).toBeNaN();
  });

  it('flags a figure worse only beyond the larger spread of the two sides, in the direction that is better', () => {
    // before spread 20 %, after 10 %: 15 % slower is within, 25 % slower is worse, 25 % faster is better.
    expect(compareFigure([90, 100, 110], [110, 115, 120], 'lower').verdict).toBe('same');
    const worse = compareFigure([90, 100, 110], [120, 125, 130], 'lower');
    expect(worse.verdict).toBe('worse');
    expect(worse.change).toBeCloseTo(0.25);
    expect(worse.ratio).toBeCloseTo(1.25);
    expect(worse.tolerance).toBeCloseTo(0.2);
    expect(compareFigure([90, 100, 110], [70, 75, 80], 'lower').verdict).toBe('better');
    expect(compareFigure([30, 30], [20, 20], 'higher').verdict).toBe('worse');
    expect(compareFigure([1, 2], [50, 60], 'info').verdict).toBe('info');
    expect(compareFigure([], [5], 'lower').verdict).toBe('only after');
    expect(compareFigure([0, 0], [0, 0], 'lower').verdict).toBe('same');
  });

  it('compares runs per bench and figure, and writes them as markdown', () => {
    const figs = (v: number): Map<string, Figure> =>
      new Map([['t', { name: 't', value: v, unit: 'ms', better: 'lower' }]]);
    const runs = [
      { bench: 'grid', side: 'before' as const, figures: figs(100) },
      { bench: 'grid', side: 'after' as const, figures: figs(150) },
      { bench: 'grid', side: 'after' as const, figures: figs(140) },
      { bench: 'grid', side: 'before' as const, figures: figs(105) },
    ];
    const [c] = compareRuns(runs);
    expect(c).toMatchObject({
      bench: 'grid',
      name: 't',
      beforeValues: [100, 105],
      afterValues: [150, 140],
      before: 102.5,
      after: 145,
      verdict: 'worse',
    });
    const md = reportTables(compareRuns(runs));
    expect(md).toContain(
      '| t | ms | 103 | 145 | 1.41 | 5 % / 7 % | **WORSE** by 41 % (> spread 7 %) | 100, 105; 150, 140 |',
    );
  });
});

describe('bench:turns', () => {
  it('alternates the sides ABBA', () => {
    expect([0, 1, 2, 3].map((t) => turnOrder(t).join(','))).toEqual([
      'before,after',
      'after,before',
      'before,after',
      'after,before',
    ]);
  });

  it("runs a tree's own bench command without its build", () => {
    expect(benchCommand('node scripts/build.mjs && tsx e2e/bench/bench-grid.ts')).toBe('tsx e2e/bench/bench-grid.ts');
    expect(benchCommand('tsx e2e/bench/bench-history.ts')).toBe('tsx e2e/bench/bench-history.ts');
  });

  it('takes the refs, turns and benches from the command line or the environment, and needs a before', () => {
    expect(parseOptions(['--before', 'abc', '--turns=2', '--benches', 'bench:grid,history'], {})).toMatchObject({
      before: 'abc',
      after: 'HEAD',
      turns: 2,
      benches: ['grid', 'history'],
    });
    expect(parseOptions([], { BEFORE: 'v1', AFTER: 'v2', N: '5' })).toMatchObject({
      before: 'v1',
      after: 'v2',
      turns: 5,
      benches: ['grid', 'recommendations', 'analytics', 'history'],
    });
    expect(() => parseOptions([], {})).toThrow(/--before/);
    expect(() => parseOptions(['--before', 'a', '--turns', '0'], {})).toThrow(/--turns/);
    expect(() => parseOptions(['--befor', 'a'], {})).toThrow(/Unknown option/);
    expect(parseOptions(['--from-logs'], {}).fromLogs).toBe(true);
  });

  it("reads a run's log back: its output without the stderr, its time and exit", () => {
    const log = `$ tsx e2e/bench/bench-grid.ts   (in /x/before)\n# exit 1, 56.5 s, load 3.79\n\n${GRID}\n--- stderr ---\nwarning: slow\n`;
    const r = readLog(log);
    expect(r).toMatchObject({ ms: 56_500, code: 1, load: 3.79 });
    expect(figuresOfOutput(r.out)).toEqual(figuresOfOutput(GRID));
    expect(r.out).not.toContain('warning');
  });
});
