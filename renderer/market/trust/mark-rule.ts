/**
 * The mark price's rule, shared by the derived columns' hot loop (model/price-arithmetic.ts) and the detail
 * panel's account of it (mark.ts); typed arrays only, no imports. mark = the depth-weighted median of the
 * item's trusted asks (net when the grid is), each weighing the square root of its market's offers (at
 * least 1), bounded below by the best trusted bid; no trusted ask: the best trusted bid; neither: NaN. The
 * square root keeps a deep market from deciding alone; the median keeps one odd quote from moving it.
 */

/** An ask's weight from its market's offers (NONE, 0 or less: 1). */
export function depthWeight(offers: number): number {
  return offers > 1 ? Math.sqrt(offers) : 1;
}

/**
 * The lower weighted median of prices[0..len) with weights[0..len): sorts both in place by price, then the
 * first price at which the running weight reaches half the total. NaN when len is 0.
 */
export function weightedMedian(prices: Float64Array, weights: Float64Array, len: number): number {
  if (len === 0) return NaN;
  let total = 0;
  for (let i = 0; i < len; i++) {
    const p = prices[i] as number;
    const w = weights[i] as number;
    total += w;
    let j = i - 1;
    while (j >= 0 && (prices[j] as number) > p) {
      prices[j + 1] = prices[j] as number;
      weights[j + 1] = weights[j] as number;
      j--;
    }
    prices[j + 1] = p;
    weights[j + 1] = w;
  }
  const half = total / 2;
  let run = 0;
  for (let i = 0; i < len; i++) {
    run += weights[i] as number;
    if (run >= half) return prices[i] as number;
  }
  return prices[len - 1] as number;
}

/** The mark from the weighted median of the trusted asks and the best trusted bid (NaN: none). */
export function boundedMark(median: number, bestBid: number): number {
  if (Number.isNaN(median)) return bestBid;
  return bestBid > median ? bestBid : median;
}
