import { describe, expect, it } from 'vitest';
import { chartFormat } from '../../../ui/charts/format';
import { summarize, type ItemFigures } from './market-summary';
import { labelsFor, marketData, marketFrames } from './market-tables';

const item = (name: string, volume: number | null, price: number | null, latest = price): ItemFigures => ({
  name,
  volume,
  price,
  latest,
});
const f = chartFormat({ decimals: 2, symbol: '$' });

describe('market view tables and frames', () => {
  it('tables draw the summary, frozen (recharts would walk and freeze them otherwise)', () => {
    const s = summarize([item('a', 10, 1_000, 1_500), item('b', 3, 50_000), item('c', null, 5_000)], []);
    const d = marketData(s, labelsFor(true), f);
    expect(d.topVolume.columns.map((c) => c.label)).toEqual(['Item', 'Sales in 30 days', 'Median sale price, 90 days']);
    expect(d.topVolume.rows).toEqual([
      { name: 'a', volume: 10, price: 1_000 },
      { name: 'b', volume: 3, price: 50_000 },
    ]);
    expect(d.topTurnover.rows[0]).toEqual({ name: 'b', turnover: 150_000, volume: 3, price: 50_000 });
    expect(d.movers.rows.find((r) => r.name === 'a')?.changePct).toBe(50);
    expect(Object.isFrozen(d.topVolume.rows)).toBe(true);
    expect(Object.isFrozen(d.topVolume.rows[0])).toBe(true);
  });

  it('without a summary every table is empty; a marketplace names volume and price by sell orders', () => {
    const l = labelsFor(false);
    const d = marketData(null, l, f);
    expect(Object.values(d).every((t) => t.rows.length === 0)).toBe(true);
    expect(d.volumeBins.columns[0]?.label).toBe('Sell orders in 7 days');
    const frames = marketFrames(d, l, false);
    expect(frames.map((x) => x.id)).toEqual([
      'top-volume',
      'top-turnover',
      'movers',
      'price-volume',
      'price-distribution',
      'volume-distribution',
      'liquidity',
    ]);
    expect(frames.find((x) => x.id === 'price-volume')?.subtitle).toBe(
      'Log scales; the most traded items and an even sample of the rest',
    );
    expect(frames.find((x) => x.id === 'liquidity')?.subtitle).toBe('Listing and buy-order activity');
  });
});
