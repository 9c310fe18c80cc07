import { describe, expect, it } from 'vitest';
import type { SampledHistory } from '../../market/history/sampling';
import { STEAM_MEDIAN_KEYS } from '../../market/history/steam';
import { DAY } from '../../market/history/chunk-codec';
import { changesTable, chartData, chartLines, rangeFrom } from './history-view';

const steamKey = STEAM_MEDIAN_KEYS[0] as string;

function sampled(): SampledHistory {
  const times = Float64Array.from([1000, 2000, 3000]);
  return {
    series: ['a:m1', 'a:m2', 'a:m3', 'a:m4', 'b:m1', steamKey],
    start: 500,
    times,
    values: [
      Float64Array.from([10, 10, 40]),
      Float64Array.from([20, 20, 20]),
      Float64Array.from([30, 30, 30]),
      Float64Array.from([5, 5, NaN]), // no ask at the end: not among the lowest asks
      Float64Array.from([8, 8, 8]),
      Float64Array.from([NaN, 15, 15]),
    ],
    bestAsk: Float64Array.from([5, 5, 20]),
    bestBid: Float64Array.from([8, 8, 8]),
    first: 900,
    last: 3000,
    points: 12,
    resolution: [],
    resolutionMs: 0,
  };
}

describe('history chart figures', () => {
  it('draws the three lowest asks at the end of the range, or every market', () => {
    const top = chartData(sampled(), false, null)!;
    expect(top.shown).toEqual(['a:m2', 'a:m3', 'a:m1']);
    expect(top.steam).toEqual([steamKey]);
    expect(top.start).toBe(500);
    expect(top.end).toBe(3000);
    expect(top.rows[0]).toEqual({
      t: 1000,
      bestAsk: 5,
      bestBid: 8,
      'a:m2': 20,
      'a:m3': 30,
      'a:m1': 10,
      [steamKey]: null,
    });
    const all = chartData(sampled(), true, null)!;
    expect(all.shown).toEqual(['a:m1', 'a:m2', 'a:m3', 'a:m4', 'b:m1']);
  });

  it('has nothing to draw without history', () => {
    expect(chartData(null, false, null)).toBeNull();
    expect(chartData({ ...sampled(), first: null }, false, null)).toBeNull();
  });

  it('lists only the rows where a best or a Steam median changes, newest first', () => {
    const table = changesTable(chartData(sampled(), false, null))!;
    expect(table.cols.map((c) => c.key)).toEqual(['bestAsk', 'bestBid', steamKey]);
    expect(table.rows.map((r) => r.t)).toEqual([3000, 2000, 1000]);
    expect(table.total).toBe(3);
    const noSteam = { ...sampled(), series: ['a:m1'], values: [Float64Array.from([1, 1, 1])] };
    expect(changesTable(chartData(noSteam, false, null))!.rows.map((r) => r.t)).toEqual([3000, 1000]);
  });

  it('orders the legend: bests, Steam medians, then the markets (bids dashed)', () => {
    const lines = chartLines(chartData(sampled(), true, null), (slug) => slug.toUpperCase());
    expect(lines.map((l) => l.name)).toEqual([
      'Best ask',
      'Best bid',
      expect.any(String),
      'M1 ask',
      'M2 ask',
      'M3 ask',
      'M4 ask',
      'M1 bid',
    ]);
    expect(lines.at(-1)?.dash).toBe('4 3');
    expect(chartLines(null, String)).toEqual([]);
  });

  it('starts a range its length before its end, and "All" at 0', () => {
    expect(rangeFrom('24h', 10 * DAY)).toBe(9 * DAY);
    expect(rangeFrom('all', 10 * DAY)).toBe(0);
  });
});
