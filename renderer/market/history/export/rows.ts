/**
 * A streamed export's rows, a batch at a time: columns in typed arrays (no object or string per row), the
 * item as an index into the export's item list and the market and side as an index into the game's
 * series list (export-rows.ts' columnsOf names them). Rows come item after item (the store's key order),
 * each item's in time order, then market and side.
 */
import { decodeInto, PointBuffer, type Chunk } from '../chunk-codec';
import { columnsOf, selected } from '../export-rows';

export class RowBatch {
  rows = 0;
  readonly time: Float64Array;
  readonly item: Int32Array;
  /** Series index of the row's (market, side); see SeriesColumns. */
  readonly series: Int32Array;
  /** Integer thousandths; NaN: no price (null in Parquet, empty in CSV). */
  readonly price: Float64Array;
  readonly low: Float64Array;
  readonly high: Float64Array;
  readonly resolution: Float64Array;
  constructor(readonly capacity: number) {
    this.time = new Float64Array(capacity);
    this.item = new Int32Array(capacity);
    this.series = new Int32Array(capacity);
    this.price = new Float64Array(capacity);
    this.low = new Float64Array(capacity);
    this.high = new Float64Array(capacity);
    this.resolution = new Float64Array(capacity);
  }
  get full(): boolean {
    return this.rows >= this.capacity;
  }
}

/** Per series index: its row's market and side, or null (a low or high, or a series not selected). */
export interface SeriesColumns {
  market: Array<string | null>;
  side: Array<string | null>;
  /** Order of (market, side) within one time of one item. */
  rank: Int32Array;
  /** Per series index, the index of the series a low/high belongs to and which (1 low, 2 high); else -1/0. */
  extremeOf: Int32Array;
  extremeKind: Uint8Array;
}

export function seriesColumns(series: readonly string[], markets: ReadonlySet<string> | null): SeriesColumns {
  const n = series.length;
  const market: Array<string | null> = new Array<string | null>(n).fill(null);
  const side: Array<string | null> = new Array<string | null>(n).fill(null);
  const extremeOf = new Int32Array(n).fill(-1);
  const extremeKind = new Uint8Array(n);
  const at = new Map<string, number>();
  series.forEach((k, i) => at.set(k, i));
  for (let i = 0; i < n; i++) {
    const key = series[i] as string;
    if (!selected(key, markets)) continue;
    const lo = key.endsWith('|lo');
    if (lo || key.endsWith('|hi')) {
      const base = at.get(key.slice(0, -3));
      if (base !== undefined) {
        extremeOf[i] = base;
        extremeKind[i] = lo ? 1 : 2;
      }
      continue;
    }
    const c = columnsOf(key);
    if (!c) continue;
    market[i] = c.market;
    side[i] = c.side;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => cmp(market[a], market[b]) || cmp(side[a], side[b]),
  );
  const rank = new Int32Array(n);
  order.forEach((s, r) => (rank[s] = r));
  return { market, side, rank, extremeOf, extremeKind };
}

function cmp(a: string | null | undefined, b: string | null | undefined): number {
  return a === b ? 0 : (a ?? '') < (b ?? '') ? -1 : 1;
}

/** The rows of one item gathered from its chunks (every stream), sorted, then copied into batches. */
export class ItemRows {
  private t = new Float64Array(1024);
  private s = new Int32Array(1024);
  private v = new Float64Array(1024);
  private lo = new Float64Array(1024);
  private hi = new Float64Array(1024);
  private r = new Float64Array(1024);
  private order: number[] = [];
  private readonly pts = new PointBuffer();
  /** Row of (seconds into the current chunk, series), for its lows and highs. */
  private readonly rowAt = new Map<number, number>();
  count = 0;
  first = Infinity;
  last = -Infinity;

  constructor(private readonly cols: SeriesColumns) {}

  reset(): void {
    this.count = 0;
    this.first = Infinity;
    this.last = -Infinity;
  }

  /** Adds a chunk's points in [from, to]; returns the span added (for the provenance), or null. */
  addChunk(c: Chunk, from: number, to: number): { from: number; to: number } | null {
    const n = decodeInto(c, this.pts);
    const { t, s, v } = this.pts;
    const res = ('r' in c && c.r) || 0;
    const { market, extremeOf, extremeKind } = this.cols;
    const nSeries = market.length;
    let first = Infinity;
    let last = -Infinity;
    let extremes = false;
    this.rowAt.clear();
    for (let p = 0; p < n; p++) {
      const at = t[p] as number;
      if (at < from || at > to) continue;
      const si = s[p] as number;
      if (si >= nSeries) continue;
      if (market[si] === null) {
        if ((extremeKind[si] as number) !== 0) extremes = true;
        continue;
      }
      this.grow();
      const row = this.count++;
      this.t[row] = at;
      this.s[row] = si;
      this.v[row] = v[p] as number;
      this.lo[row] = NaN;
      this.hi[row] = NaN;
      this.r[row] = res;
      if (res !== 0) this.rowAt.set(((at - c.st) / 1000) * 65536 + si, row);
      if (at < first) first = at;
      if (at > last) last = at;
    }
    if (extremes && res !== 0) {
      for (let p = 0; p < n; p++) {
        const si = s[p] as number;
        const kind = si < nSeries ? (extremeKind[si] as number) : 0;
        const x = v[p] as number;
        if (kind === 0 || Number.isNaN(x)) continue;
        const row = this.rowAt.get((((t[p] as number) - c.st) / 1000) * 65536 + (extremeOf[si] as number));
        if (row !== undefined) (kind === 1 ? this.lo : this.hi)[row] = x;
      }
    }
    if (first > last) return null;
    this.first = Math.min(this.first, first);
    this.last = Math.max(this.last, last);
    return { from: first, to: last };
  }

  private grow(): void {
    if (this.count < this.t.length) return;
    const size = this.t.length * 2;
    const g = <T extends Float64Array | Int32Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.t = g(this.t, (k) => new Float64Array(k));
    this.s = g(this.s, (k) => new Int32Array(k));
    this.v = g(this.v, (k) => new Float64Array(k));
    this.lo = g(this.lo, (k) => new Float64Array(k));
    this.hi = g(this.hi, (k) => new Float64Array(k));
    this.r = g(this.r, (k) => new Float64Array(k));
  }

  /**
   * Copies the rows in order into `batch` from row `start` on; returns how many were copied (fewer when the
   * batch filled: the caller writes it and calls again with `start` moved on).
   */
  copyInto(batch: RowBatch, item: number, start: number): number {
    if (start === 0) this.sort();
    let k = start;
    while (k < this.count && !batch.full) {
      const i = this.order[k] as number;
      const row = batch.rows++;
      batch.time[row] = this.t[i] as number;
      batch.item[row] = item;
      batch.series[row] = this.s[i] as number;
      batch.price[row] = this.v[i] as number;
      batch.low[row] = this.lo[i] as number;
      batch.high[row] = this.hi[i] as number;
      batch.resolution[row] = this.r[i] as number;
      k++;
    }
    return k - start;
  }

  private sort(): void {
    const order = this.order;
    order.length = this.count;
    for (let i = 0; i < this.count; i++) order[i] = i;
    const { t, s } = this;
    const { rank } = this.cols;
    order.sort(
      (a, b) =>
        (t[a] as number) - (t[b] as number) || (rank[s[a] as number] as number) - (rank[s[b] as number] as number),
    );
  }
}
