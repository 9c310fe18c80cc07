import { describe, expect, it } from 'vitest';
import { NONE } from '../model/snapshot';
import { flagOutliers } from './outliers';
import { TRUST_FLAG } from './types';

/** Flags of one item's quotes (NONE = no quote); `stalled` columns do not count for the median. */
function flagsOf(prices: number[], stalled: number[] = []): number[] {
  const m = prices.length;
  const value = Int32Array.from(prices);
  const listed = Uint8Array.from(prices.map((p) => (p === NONE ? 0 : 1)));
  const used = Uint8Array.from(prices.map((_, k) => (stalled.includes(k) ? 0 : 1)));
  const flags = new Uint8Array(m);
  flagOutliers(value, listed, 1, m, used, flags);
  return [...flags];
}

const H = TRUST_FLAG.outlierHigh;
const L = TRUST_FLAG.outlierLow;

describe('flagOutliers', () => {
  it('flags one quote three times the others, high; and one a third of them, low', () => {
    expect(flagsOf([10_000, 10_100, 9_900, 10_000, 30_000])).toEqual([0, 0, 0, 0, H]);
    expect(flagsOf([10_000, 10_100, 9_900, 10_000, 3_000])).toEqual([0, 0, 0, 0, L]);
  });

  it('all equal quotes: nothing flagged (the spread is floored, never zero)', () => {
    expect(flagsOf([5_000, 5_000, 5_000, 5_000, 5_000, 5_000])).toEqual([0, 0, 0, 0, 0, 0]);
    expect(flagsOf([5_000, 5_000, 5_000, 5_000, 6_000])).toEqual([0, 0, 0, 0, 0]);
  });

  it('one or two markets only: never judged', () => {
    expect(flagsOf([1_000])).toEqual([0]);
    expect(flagsOf([1_000, 50_000])).toEqual([0, 0]);
    expect(flagsOf([1_000, NONE, 50_000])).toEqual([0, 0, 0]);
  });

  it('few markets (3-4): a wider bar; twice the others is not flagged, three times is', () => {
    expect(flagsOf([1_000, 1_010, 2_000])).toEqual([0, 0, 0]);
    expect(flagsOf([1_000, 1_010, 3_000])).toEqual([0, 0, H]);
  });

  it('a cent on the cheapest items is no outlier (at least 20 thousandths from the median)', () => {
    expect(flagsOf([5, 5, 5, 5, 20])).toEqual([0, 0, 0, 0, 0]);
    expect(flagsOf([10, 10, 10, 10, 40])).toEqual([0, 0, 0, 0, H]);
  });

  it('a stalled market does not count for the median but is judged', () => {
    // Without column 3 the others are 3 quotes near 1 000; its 5 000 is flagged.
    expect(flagsOf([1_000, 1_000, 1_000, 5_000, 5_000], [3, 4])).toEqual([0, 0, 0, H, H]);
  });
});
