import { describe, expect, it } from 'vitest';
import { pickValues } from './engine';

describe('pickValues (many items of a whole-game answer)', () => {
  it('reads each path per item in the order asked, NaN where there is no finite number', () => {
    const rows = new Map<string, unknown>([
      ['A', { sales: { avg_daily_volume: 2.5, latest_median_price_sold: 1_200 } }],
      ['B', { sales: { avg_daily_volume: null, latest_median_price_sold: '7' } }],
      ['C', { sales: null }],
    ]);
    const r = pickValues(
      rows,
      ['C', 'A', 'missing', 'B'],
      ['sales.latest_median_price_sold', 'sales.avg_daily_volume'],
    );
    expect(Array.from(r.found)).toEqual([1, 1, 0, 1]);
    expect(Array.from(r.values[0]!)).toEqual([NaN, 1_200, NaN, NaN]);
    expect(Array.from(r.values[1]!)).toEqual([NaN, 2.5, NaN, NaN]);
  });
});
