/** Small allocation-free statistics helpers for the hot loops. */

/** k-th smallest (0-based) of the first n values of a (reorders that prefix): Hoare quickselect. */
function select(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

/** Median of the first n values (n > 0); reorders them. */
export function medianOf(a: Float64Array, n: number): number {
  if (n % 2 === 1) return select(a, n, (n - 1) >> 1);
  const hi = select(a, n, n >> 1);
  // After select, everything below index n/2 is <= hi: the lower middle is their maximum.
  let lo = -Infinity;
  for (let x = 0; x < n >> 1; x++) if (a[x]! > lo) lo = a[x]!;
  return (lo + hi) / 2;
}

/**
 * The three sorted values around the median of the first n values, a[q-1], a[q], a[q+1] with
 * q = floor(n / 2) (NaN where out of range): enough to get the median of the set plus one more value
 * (medianWithExtra) without keeping the set. Reorders the prefix.
 */
export function middleThree(a: Float64Array, n: number, out: Float64Array): void {
  out[0] = out[1] = out[2] = NaN;
  if (n === 0) return;
  const q = n >> 1;
  out[1] = select(a, n, q);
  // After select: a[0..q-1] <= a[q] <= a[q+1..n-1].
  let below = -Infinity;
  for (let x = 0; x < q; x++) if (a[x]! > below) below = a[x]!;
  let above = Infinity;
  for (let x = q + 1; x < n; x++) if (a[x]! < above) above = a[x]!;
  if (q >= 1) out[0] = below;
  if (q + 1 < n) out[2] = above;
}

/** Value at position p (q-1, q or q+1) of the sorted set, from middleThree's A, B, C. */
function pick(p: number, q: number, A: number, B: number, C: number): number {
  return p === q - 1 ? A : p === q ? B : C;
}

/** merged[p] of the sorted set (size k) with x inserted at rank r = #(a < x). */
function mergedAt(p: number, k: number, q: number, A: number, B: number, C: number, x: number): number {
  if (p < k && pick(p, q, A, B, C) < x) return pick(p, q, A, B, C);
  if (p === 0 || pick(p - 1, q, A, B, C) < x) return x;
  return pick(p - 1, q, A, B, C);
}

/** Median of a sorted set of size k (known through middleThree's A, B, C) plus one value x. */
export function medianWithExtra(k: number, A: number, B: number, C: number, x: number): number {
  if (k === 0) return x;
  const q = k >> 1;
  return (mergedAt(k >> 1, k, q, A, B, C, x) + mergedAt((k + 1) >> 1, k, q, A, B, C, x)) / 2;
}

/** Weighted median: the smallest value whose cumulative weight reaches half the total (n <= 127). */
export function weightedMedian(values: Float64Array, weights: Float64Array, n: number, scratch: Float64Array): number {
  let total = 0;
  for (let x = 0; x < n; x++) {
    scratch[x] = values[x]! * 128 + x;
    total += weights[x]!;
  }
  const sorted = scratch.subarray(0, n).sort();
  let acc = 0;
  for (let x = 0; x < n; x++) {
    const idx = sorted[x]! % 128;
    acc += weights[idx]!;
    if (acc * 2 >= total) return values[idx]!;
  }
  return values[n - 1]!;
}
