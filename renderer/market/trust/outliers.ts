/**
 * Outliers: a quote far from the same item's quotes on the other markets, judged per item and side on the
 * log of the price ("twice" and "half" equally far): over OUTLIER_K robust standard deviations (1.4826 x
 * the median absolute deviation, with floors) from the median of the non-stalled markets' quotes, and at
 * least OUTLIER_MIN_ABS thousandths away. Gross prices: fees differ by a few percent, far under the bar.
 * Typed arrays only, one pass per item. The rule in full: README.md, "Outliers (outliers.ts)".
 */
import { BIG, NONE } from '../model/snapshot';
import { TRUST_FLAG } from './types';

const OUTLIER_K = 5;
const OUTLIER_FLOOR = Math.log(1.1);
const OUTLIER_FLOOR_FEW = Math.log(1.2);
const OUTLIER_FEW_BELOW = 5;
const OUTLIER_MIN_QUOTES = 3;
const OUTLIER_MIN_ABS = 20;
/** 1 / Phi^-1(3/4): makes the MAD a standard deviation for normal data. */
const MAD_SCALE = 1.4826;

function sortPrefix(a: Float64Array, len: number): void {
  for (let i = 1; i < len; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= 0 && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
}

function medianOfSorted(a: Float64Array, len: number): number {
  const h = len >> 1;
  return len % 2 === 1 ? (a[h] as number) : ((a[h - 1] as number) + (a[h] as number)) / 2;
}

/**
 * ORs outlierHigh / outlierLow into `flags` for the cells of one side (n items x m markets, row-major).
 * `used[k]` 1 when market k's quotes count for the median (not stalled). BIG values are never judged.
 */
export function flagOutliers(
  value: Int32Array,
  listed: Uint8Array,
  n: number,
  m: number,
  used: Uint8Array,
  flags: Uint8Array,
): void {
  const logs = new Float64Array(m);
  const dev = new Float64Array(m);
  // No quote can be further than the bar from the median when all of them (the stalled markets' too) lie
  // within the smallest bar of each other: such items, most of them, are not sorted at all.
  const closeRatio = Math.exp(OUTLIER_K * OUTLIER_FLOOR);
  for (let i = 0; i < n; i++) {
    const base = i * m;
    let q = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < m; k++) {
      const cell = base + k;
      if (listed[cell] === 0) continue;
      const v = value[cell] as number;
      if (v === NONE || v === BIG || v <= 0) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      if (used[k] === 1) q++;
    }
    if (q < OUTLIER_MIN_QUOTES || hi <= lo * closeRatio) continue;
    q = 0;
    for (let k = 0; k < m; k++) {
      const cell = base + k;
      if (listed[cell] === 0 || used[k] === 0) continue;
      const v = value[cell] as number;
      if (v === NONE || v === BIG || v <= 0) continue;
      logs[q++] = Math.log(v);
    }
    sortPrefix(logs, q);
    const med = medianOfSorted(logs, q);
    for (let j = 0; j < q; j++) dev[j] = Math.abs((logs[j] as number) - med);
    sortPrefix(dev, q);
    const s = Math.max(MAD_SCALE * medianOfSorted(dev, q), q < OUTLIER_FEW_BELOW ? OUTLIER_FLOOR_FEW : OUTLIER_FLOOR);
    const bar = OUTLIER_K * s;
    const center = Math.exp(med);
    for (let k = 0; k < m; k++) {
      const cell = base + k;
      if (listed[cell] === 0) continue;
      const v = value[cell] as number;
      if (v === NONE || v === BIG || v <= 0) continue;
      const d = Math.log(v) - med;
      if (d > bar && v - center >= OUTLIER_MIN_ABS) flags[cell] = (flags[cell] as number) | TRUST_FLAG.outlierHigh;
      else if (d < -bar && center - v >= OUTLIER_MIN_ABS) flags[cell] = (flags[cell] as number) | TRUST_FLAG.outlierLow;
    }
  }
}
