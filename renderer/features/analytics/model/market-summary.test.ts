import { describe, expect, it } from 'vitest';
import { logBins, powerOfTwoBins, SCATTER_MAX, summarize, TOP_N, type ItemFigures } from './market-summary';

const item = (
  name: string,
  volume: number | null,
  price: number | null,
  latest: number | null = price,
): ItemFigures => ({ name, volume, price, latest });

describe('market summary', () => {
  it('top by volume and by turnover (volume x price, thousandths), hand-checked', () => {
    const s = summarize(
      [
        item('a', 10, 1_000),
        item('b', 3, 50_000),
        item('c', 100, 200),
        item('d', null, 5_000),
        item('e', 7, null),
        item('f', 0, 9_000),
      ],
      [],
    );
    expect(s.items).toBe(6);
    expect(s.priced).toBe(4); // a, b, c, f (d and e lack a volume or a price)
    expect(s.topByVolume.map((t) => t.name)).toEqual(['c', 'a', 'b', 'f']);
    expect(s.topByTurnover.map((t) => [t.name, t.turnover])).toEqual([
      ['b', 150_000],
      ['c', 20_000],
      ['a', 10_000],
      ['f', 0],
    ]);
  });

  it('keeps only the top N, in order, from a large catalog', () => {
    const many = Array.from({ length: 5000 }, (_, i) => item(`i${i}`, (i * 7919) % 5003, 1000 + i));
    const s = summarize(many, []);
    const expected = [...many]
      .sort((a, b) => b.volume! - a.volume!)
      .slice(0, TOP_N)
      .map((x) => x.name);
    expect(s.topByVolume.map((t) => t.name)).toEqual(expected);
  });

  it('movers: the gap of latest to the 90-day median in percent, only with enough volume', () => {
    const s = summarize(
      [
        item('up', 10, 1_000, 1_500),
        item('down', 10, 2_000, 1_000),
        item('thin', 1, 1_000, 9_000),
        item('flat', 50, 1_000, 1_000),
      ],
      [],
    );
    expect(s.gainers).toEqual([{ name: 'up', latest: 1_500, median90: 1_000, changePct: 50, volume: 10 }]);
    expect(s.losers).toEqual([{ name: 'down', latest: 1_000, median90: 2_000, changePct: -50, volume: 10 }]);
  });

  it('the scatter is capped and holds the most traded items', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => item(`i${i}`, i + 1, 1000));
    const s = summarize(many, []);
    expect(s.scatter.length).toBe(SCATTER_MAX);
    expect(s.scatter[0]!.name).toBe('i19999');
    expect(new Set(s.scatter.map((p) => p.name)).size).toBe(SCATTER_MAX);
  });
});

describe('bins', () => {
  it('log bins hold every positive value exactly once, each within its bin', () => {
    const values = [1, 5, 10, 999, 1_000, 25_000, 1_000_000, 0, -3];
    const bins = logBins(values, 6);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(7);
    expect(bins[0]!.from).toBe(1);
    expect(bins.at(-1)!.to).toBe(1_000_001);
    for (const v of values.filter((x) => x > 0)) {
      expect(bins.filter((b) => v >= b.from && v < b.to)).toHaveLength(1);
    }
  });

  it('power-of-two count bins: 0, 1, 2–3, 4–7 …', () => {
    expect(powerOfTwoBins([0, 0, 1, 2, 3, 4, 9])).toEqual([
      { from: 0, to: 1, count: 2 },
      { from: 1, to: 2, count: 1 },
      { from: 2, to: 4, count: 2 },
      { from: 4, to: 8, count: 1 },
      { from: 8, to: 16, count: 1 },
    ]);
  });
});
