/**
 * The derived columns' typed arrays (Derived), their check at the worker boundary and their transfer list.
 *
 * Derived: the per-row figures computed from a snapshot for one choice of markets and fees
 * (price-arithmetic.ts computes them), one typed array per figure, index = item. Computed in the worker for the request's
 * settings and transferred with the snapshot, or on the UI thread when the settings change.
 */

/** NaN / -1 mean "none". */
export interface Derived {
  n: number;
  bestAsk: Float64Array;
  /** Index into snap.askMarkets of the best ask, -1 when none. */
  bestAskCol: Int16Array;
  bestBid: Float64Array;
  bestBidCol: Int16Array;
  /** Total buy orders on the best bid's market. */
  bidOrders: Float64Array;
  spread: Float64Array;
  spreadPct: Float64Array;
  /** Chosen markets with an entry for the item. */
  listedCount: Int16Array;
  /** Sum of offers over the chosen markets. */
  totalOffers: Float64Array;
  /** Fee in bps per ask column / bid column (0 when not net). */
  askFee: Int32Array;
  bidFee: Int32Array;
  /**
   * The mark price (thousandths, NaN none): the depth-weighted median of the trusted asks, bounded below by
   * the best trusted bid (../trust/mark-rule.ts). bestAsk/bestBid/spread above are over the trusted quotes
   * (the choice at computeDerived); the all* figures over every quote, flagged or not, for the detail panel.
   */
  mark: Float64Array;
  allBestAsk: Float64Array;
  allBestAskCol: Int16Array;
  allBestBid: Float64Array;
  allBestBidCol: Int16Array;
}

/** Structural check of a Derived that crossed the worker boundary. */
export function isDerived(v: unknown, n: number, m: number, b: number): v is Derived {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  if (d.n !== n) return false;
  const checks: Array<[unknown, new (...a: never[]) => unknown, number]> = [
    [d.bestAsk, Float64Array, n],
    [d.bestAskCol, Int16Array, n],
    [d.bestBid, Float64Array, n],
    [d.bestBidCol, Int16Array, n],
    [d.bidOrders, Float64Array, n],
    [d.spread, Float64Array, n],
    [d.spreadPct, Float64Array, n],
    [d.listedCount, Int16Array, n],
    [d.totalOffers, Float64Array, n],
    [d.askFee, Int32Array, m],
    [d.bidFee, Int32Array, b],
    [d.mark, Float64Array, n],
    [d.allBestAsk, Float64Array, n],
    [d.allBestAskCol, Int16Array, n],
    [d.allBestBid, Float64Array, n],
    [d.allBestBidCol, Int16Array, n],
  ];
  for (const [arr, Ctor, len] of checks)
    if (!(arr instanceof Ctor) || (arr as ArrayLike<number>).length !== len) return false;
  const cols = [
    d.bestAskCol as Int16Array,
    d.bestBidCol as Int16Array,
    d.allBestAskCol as Int16Array,
    d.allBestBidCol as Int16Array,
  ];
  for (let i = 0; i < n; i++) {
    const a = cols[0]![i] as number;
    const bb = cols[1]![i] as number;
    const aa = cols[2]![i] as number;
    const ab = cols[3]![i] as number;
    if (a < -1 || a >= m || bb < -1 || bb >= b || aa < -1 || aa >= m || ab < -1 || ab >= b) return false;
  }
  return true;
}

export function derivedTransferables(d: Derived): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const a of [
    d.bestAsk,
    d.bestAskCol,
    d.bestBid,
    d.bestBidCol,
    d.bidOrders,
    d.spread,
    d.spreadPct,
    d.listedCount,
    d.totalOffers,
    d.askFee,
    d.bidFee,
    d.mark,
    d.allBestAsk,
    d.allBestAskCol,
    d.allBestBid,
    d.allBestBidCol,
  ]) {
    if (a.buffer instanceof ArrayBuffer) out.push(a.buffer);
  }
  return out;
}
