/**
 * The market view's figures from a whole game's analytics (about 30,000 items): top items, movers, price against
 * volume, distributions, liquidity. Charts draw only these aggregates (a few hundred points at most, the scatter
 * at most SCATTER_MAX), so a whole catalog stays fast. Pure: runs in the analytics worker, tested in Node.
 * Steam: volume = sales in 30 days, price = 90-day median sale price, latest = the latest median sold. A
 * marketplace has no sales: volume = sell orders listed in 7 days, price = 90-day median sell-order price,
 * latest = the latest sell order. Money is integer thousandths; turnover = volume x price, also thousandths.
 */
import type { MarketOrderAnalyticsRow, SteamAnalyticsRow } from '../../../../shared/api/types';

export const TOP_N = 20;
const MOVERS_N = 10;
export const SCATTER_MAX = 600;
/** Movers need some trading behind them, or one odd sale tops the list. */
const MOVER_MIN_VOLUME = 5;
const PRICE_BINS = 24;

export type AnalyticsSource = { kind: 'steam' } | { kind: 'market'; market: string };

export interface ItemFigures {
  name: string;
  volume: number | null;
  price: number | null;
  latest: number | null;
}

interface TopItem {
  name: string;
  volume: number;
  price: number;
  /** volume x price, thousandths. */
  turnover: number;
}

interface Mover {
  name: string;
  latest: number;
  median90: number;
  /** (latest - median90) / median90 x 100. */
  changePct: number;
  volume: number;
}

export interface Bin {
  /** Lower and upper bound (money in thousandths, or counts); the bin holds from <= v < to. */
  from: number;
  to: number;
  count: number;
}

export interface LiquidityClass {
  label: string;
  count: number;
}

export interface MarketSummary {
  items: number;
  /** Items with a usable volume and price. */
  priced: number;
  topByVolume: TopItem[];
  topByTurnover: TopItem[];
  gainers: Mover[];
  losers: Mover[];
  /** Price against volume, both > 0; the most traded items first, then an even sample of the rest. */
  scatter: { name: string; price: number; volume: number }[];
  priceBins: Bin[];
  volumeBins: Bin[];
  liquidity: LiquidityClass[];
}

function steamFigures(row: SteamAnalyticsRow): ItemFigures {
  return {
    name: row.market_hash_name,
    volume: row.sales.last_30d,
    price: row.sales.median_price_90d,
    latest: row.sales.latest_median_price_sold,
  };
}

function marketFigures(row: MarketOrderAnalyticsRow): ItemFigures {
  return {
    name: row.market_hash_name,
    volume: row.listings.sell_orders_last_7d,
    price: row.listings.median_sell_price_90d,
    latest: row.listings.latest_sell_order_price,
  };
}

/** Liquidity classes: when the item last traded (Steam sales) or was last listed (a marketplace). */
function steamLiquidity(rows: readonly SteamAnalyticsRow[]): LiquidityClass[] {
  const c = [0, 0, 0, 0, 0];
  for (const r of rows) {
    const s = r.sales;
    if ((s.last_24h ?? 0) > 0) c[0]!++;
    else if ((s.last_7d ?? 0) > 0) c[1]!++;
    else if ((s.last_30d ?? 0) > 0) c[2]!++;
    else if ((s.last_90d ?? 0) > 0) c[3]!++;
    else c[4]!++;
  }
  return [
    { label: 'Sold in the last 24 h', count: c[0]! },
    { label: 'Last sale 1–7 days ago', count: c[1]! },
    { label: 'Last sale 7–30 days ago', count: c[2]! },
    { label: 'Last sale 30–90 days ago', count: c[3]! },
    { label: 'No sale in 90 days', count: c[4]! },
  ];
}

function marketLiquidity(rows: readonly MarketOrderAnalyticsRow[]): LiquidityClass[] {
  const c = [0, 0, 0, 0];
  for (const r of rows) {
    const listed24 = (r.listings.sell_orders_last_24h ?? 0) > 0;
    const listed7 = (r.listings.sell_orders_last_7d ?? 0) > 0;
    const bids7 = (r.buyOrders.buy_orders_last_7d ?? 0) > 0;
    if (listed24) c[0]!++;
    else if (listed7 && bids7) c[1]!++;
    else if (listed7 || bids7) c[2]!++;
    else c[3]!++;
  }
  return [
    { label: 'Listed in the last 24 h', count: c[0]! },
    { label: 'Listings and buy orders in 7 days', count: c[1]! },
    { label: 'Only listings or only buy orders in 7 days', count: c[2]! },
    { label: 'Nothing in 7 days', count: c[3]! },
  ];
}

/**
 * The top n by key, highest first, ties in the order they came in, fed one item at a time (so a catalog
 * can be summarized while it downloads). A kept item is placed by binary search: re-sorting the list on
 * every newcomer cost tens of ms for the scatter's n = 200.
 */
class Top<T> {
  readonly items: T[] = [];
  private readonly keys: number[] = [];
  constructor(private readonly n: number) {}

  offer(item: T, key: number): void {
    const { items, keys, n } = this;
    if (items.length === n && !(key > keys[n - 1]!)) return;
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! >= key) lo = mid + 1;
      else hi = mid;
    }
    if (items.length === n) {
      items.pop();
      keys.pop();
    }
    items.splice(lo, 0, item);
    keys.splice(lo, 0, key);
  }
}

/** Log-spaced bins between the smallest and largest positive value (prices span 4 orders of magnitude). */
export function logBins(values: readonly number[], bins: number): Bin[] {
  const positive = values.filter((v) => v > 0);
  if (positive.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const v of positive) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === max) return [{ from: min, to: max + 1, count: positive.length }];
  const lo = Math.log10(min);
  const step = (Math.log10(max) - lo) / bins;
  const edges = Array.from({ length: bins + 1 }, (_, i) => Math.round(10 ** (lo + i * step)));
  edges[0] = min;
  edges[bins] = max + 1;
  const out: Bin[] = edges.slice(0, -1).map((from, i) => ({ from, to: edges[i + 1]!, count: 0 }));
  for (const v of positive) {
    const i = Math.min(bins - 1, Math.max(0, Math.floor((Math.log10(v) - lo) / step)));
    // Rounding of the edges can put v just outside bin i: move it to the bin whose range holds it.
    let k = i;
    while (k > 0 && v < out[k]!.from) k--;
    while (k < bins - 1 && v >= out[k]!.to) k++;
    out[k]!.count++;
  }
  return out;
}

/** Count bins 0, 1, 2–3, 4–7, 8–15, …: volumes are counts with a long tail. */
export function powerOfTwoBins(values: readonly number[]): Bin[] {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  const out: Bin[] = [{ from: 0, to: 1, count: 0 }];
  for (let from = 1; from <= max; from *= 2) out.push({ from, to: from * 2, count: 0 });
  for (const v of values) {
    if (v < 0) continue;
    const i = v === 0 ? 0 : Math.floor(Math.log2(v)) + 1;
    out[Math.min(i, out.length - 1)]!.count++;
  }
  return out;
}

const topItem = (f: ItemFigures): TopItem => ({
  name: f.name,
  volume: f.volume!,
  price: f.price!,
  turnover: f.volume! * f.price!,
});
const mover = (f: ItemFigures): Mover => ({
  name: f.name,
  latest: f.latest!,
  median90: f.price!,
  changePct: ((f.latest! - f.price!) / f.price!) * 100,
  volume: f.volume!,
});

/**
 * The summary built item by item: add() keeps only running top-N lists and the numbers the bins need
 * (no object per item), finish() does the rest. The worker adds rows as they download.
 */
class SummaryBuilder {
  private items = 0;
  private readonly prices: number[] = [];
  private readonly volumes: number[] = [];
  private readonly traded: ItemFigures[] = [];
  private readonly topVolume = new Top<ItemFigures>(TOP_N);
  private readonly topTurnover = new Top<ItemFigures>(TOP_N);
  private readonly head = new Top<ItemFigures>(Math.min(200, SCATTER_MAX));
  private readonly gainers = new Top<ItemFigures>(MOVERS_N);
  private readonly losers = new Top<ItemFigures>(MOVERS_N);

  add(f: ItemFigures): void {
    this.items++;
    if (f.volume !== null && f.volume >= 0) this.volumes.push(f.volume);
    if (f.volume === null || f.price === null || f.price <= 0) return;
    this.prices.push(f.price);
    this.topVolume.offer(f, f.volume);
    this.topTurnover.offer(f, f.volume * f.price);
    if (f.volume > 0) {
      this.traded.push(f);
      this.head.offer(f, f.volume);
    }
    if (f.latest !== null && f.latest > 0 && f.volume >= MOVER_MIN_VOLUME) {
      const changePct = ((f.latest - f.price) / f.price) * 100;
      if (changePct > 0) this.gainers.offer(f, changePct);
      else if (changePct < 0) this.losers.offer(f, -changePct);
    }
  }

  finish(liquidity: LiquidityClass[]): MarketSummary {
    // The scatter: the most traded items, then an even sample of the other traded ones.
    const head = this.head.items;
    const inHead = new Set(head.map((f) => f.name));
    const rest = this.traded.filter((f) => !inHead.has(f.name));
    const room = SCATTER_MAX - head.length;
    const stride = rest.length > room ? rest.length / room : 1;
    const sample: ItemFigures[] = [];
    for (let i = 0; i < rest.length && sample.length < room; i += stride) sample.push(rest[Math.floor(i)]!);
    return {
      items: this.items,
      priced: this.prices.length,
      topByVolume: this.topVolume.items.map(topItem),
      topByTurnover: this.topTurnover.items.map(topItem),
      gainers: this.gainers.items.map(mover),
      losers: this.losers.items.map(mover),
      scatter: [...head, ...sample].map((f) => ({ name: f.name, price: f.price!, volume: f.volume! })),
      priceBins: logBins(this.prices, PRICE_BINS),
      volumeBins: powerOfTwoBins(this.volumes),
      liquidity,
    };
  }
}

export function summarize(figures: readonly ItemFigures[], liquidity: LiquidityClass[]): MarketSummary {
  const b = new SummaryBuilder();
  for (const f of figures) b.add(f);
  return b.finish(liquidity);
}

/** A catalog's summary, fed rows in batches as they are read. */
export interface CatalogSummarizer<Row> {
  add(rows: readonly Row[]): void;
  finish(): MarketSummary;
}

function summarizer<Row>(
  figures: (row: Row) => ItemFigures,
  liquidity: (rows: readonly Row[]) => LiquidityClass[],
): CatalogSummarizer<Row> {
  const builder = new SummaryBuilder();
  let classes: LiquidityClass[] | null = null;
  return {
    add(rows) {
      for (const r of rows) builder.add(figures(r));
      const batch = liquidity(rows);
      classes = classes ? classes.map((c, i) => ({ label: c.label, count: c.count + batch[i]!.count })) : batch;
    },
    finish: () => builder.finish(classes ?? liquidity([])),
  };
}

export const steamSummarizer = (): CatalogSummarizer<SteamAnalyticsRow> => summarizer(steamFigures, steamLiquidity);
export const marketSummarizer = (): CatalogSummarizer<MarketOrderAnalyticsRow> =>
  summarizer(marketFigures, marketLiquidity);

export function summarizeSteam(rows: readonly SteamAnalyticsRow[]): MarketSummary {
  const s = steamSummarizer();
  s.add(rows);
  return s.finish();
}
