/**
 * One item on every market at once: each ask market's lowest price (aggregatedMinPrices) and each bid
 * market's highest buy order (aggregatedMaxOrders), read from the grid's snapshot (the same load as the
 * grid: one fetch and parse for both screens). Money in thousandths as the API sends it, not net of fees:
 * the strip shows the market, not a trade. A market without a price is null ("—"), never 0, and not drawn.
 */
import { cellValue, type Snapshot } from '../../../market/model/snapshot';
import type { ChartData } from '../../../ui/charts/types';

type Side = 'ask' | 'bid';

export interface Quote {
  slug: string;
  side: Side;
  /** Lowest ask / highest buy order; null when the market has no price for the item. */
  price: number | null;
  /** Asks: the lowest trade-locked price, when the market has one (spec 2.3). Always null for bids. */
  locked: number | null;
  /** Asks: offers; bids: buy orders on the market (spec 2.2: all of them, not only at the top price). */
  offers: number | null;
  /** The cheapest ask or the best bid (every market tied at that price). */
  marked: boolean;
}

export interface ItemStrip {
  /** In the snapshot's market order. */
  asks: Quote[];
  bids: Quote[];
  cheapest: number | null;
  best: number | null;
  /** cheapest - best, like the ladder's spread (item-figures.ts); negative when the book is crossed. */
  spread: number | null;
}

/** The item's quotes on every market of the snapshot; null when the snapshot has no such item. */
export function readItemStrip(snap: Snapshot, name: string): ItemStrip | null {
  const item = snap.indexOfName(name);
  if (item < 0) return null;
  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;
  const asks = snap.askMarkets.map((slug, k): Quote => {
    const cell = item * m + k;
    return {
      slug,
      side: 'ask',
      price: cellValue(snap, 'ask', cell),
      locked: cellValue(snap, 'locked', cell),
      offers: cellValue(snap, 'offers', cell),
      marked: false,
    };
  });
  const bids = snap.bidMarkets.map((slug, k): Quote => {
    const cell = item * b + k;
    return {
      slug,
      side: 'bid',
      price: cellValue(snap, 'bid', cell),
      locked: null,
      offers: cellValue(snap, 'bidOffers', cell),
      marked: false,
    };
  });
  const cheapest = extreme(asks, Math.min);
  const best = extreme(bids, Math.max);
  for (const q of asks) q.marked = q.price !== null && q.price === cheapest;
  for (const q of bids) q.marked = q.price !== null && q.price === best;
  return { asks, bids, cheapest, best, spread: cheapest !== null && best !== null ? cheapest - best : null };
}

function extreme(quotes: readonly Quote[], pick: (...v: number[]) => number): number | null {
  const prices = quotes.flatMap((q) => (q.price === null ? [] : [q.price]));
  return prices.length ? pick(...prices) : null;
}

const byPrice = (dir: 1 | -1) => (x: Quote, y: Quote) =>
  (x.price === null ? 1 : 0) - (y.price === null ? 1 : 0) || dir * ((x.price ?? 0) - (y.price ?? 0));

/**
 * The strip's table and CSV: one row per market and side, asks cheapest first, then bids best first;
 * markets without a price last on their side (price "—", not drawn). Array.sort is stable: ties keep
 * the catalog's order.
 */
export function stripTable(strip: ItemStrip, nameOf: (slug: string) => string): ChartData {
  const row = (q: Quote) => ({
    market: nameOf(q.slug),
    side: q.side === 'ask' ? 'Ask' : 'Bid',
    price: q.price,
    offers: q.offers,
    marked: q.marked ? (q.side === 'ask' ? 'Cheapest ask' : 'Best bid') : '',
  });
  return {
    columns: [
      { key: 'market', label: 'Market', kind: 'text' },
      { key: 'side', label: 'Side', kind: 'text' },
      { key: 'price', label: 'Price', kind: 'money' },
      { key: 'offers', label: 'Offers', kind: 'count' },
      { key: 'marked', label: 'Marked', kind: 'text' },
    ],
    rows: [...[...strip.asks].sort(byPrice(1)), ...[...strip.bids].sort(byPrice(-1))].map(row),
  };
}

export interface StripPoint {
  /** Price, thousandths. */
  x: number;
  /** Row of the market, 0 at the top. */
  y: number;
  quote: Quote;
}

export interface StripPlot {
  /** Market slugs, one row each from the top: those with a price, by their ask (else bid), cheapest first. */
  rows: string[];
  asks: StripPoint[];
  bids: StripPoint[];
  /** Price axis: nice bounds around every drawn price, and its ticks. */
  domain: [number, number];
  ticks: number[];
}

/** Where each drawn quote goes: a row per market, so every mark is labelled by its market on the axis. */
export function stripPlot(strip: ItemStrip): StripPlot {
  const priced = (qs: readonly Quote[]) =>
    new Map(qs.flatMap((q) => (q.price === null ? [] : [[q.slug, q.price] as const])));
  const ask = priced(strip.asks);
  const bid = priced(strip.bids);
  const slugs = [...new Set([...ask.keys(), ...bid.keys()])];
  const key = (s: string) => ask.get(s) ?? bid.get(s) ?? 0;
  const rows = slugs
    .map((s, i) => ({ s, i }))
    .sort((p, q) => key(p.s) - key(q.s) || p.i - q.i)
    .map((p) => p.s);
  const rowOf = new Map(rows.map((s, i) => [s, i]));
  const points = (qs: readonly Quote[]) =>
    qs.flatMap((q) => (q.price === null ? [] : [{ x: q.price, y: rowOf.get(q.slug) ?? 0, quote: q }]));
  const asks = points(strip.asks);
  const bids = points(strip.bids);
  const all = [...asks, ...bids].map((p) => p.x);
  const { domain, ticks } = all.length
    ? niceAxis(Math.min(...all), Math.max(...all))
    : { domain: [0, 1000] as [number, number], ticks: [0, 1000] };
  return { rows, asks, bids, domain, ticks };
}

/**
 * Bounds and ticks for a price axis over [lo, hi] (thousandths): steps of 1, 2, 2.5 or 5 x 10^k thousandths
 * (whole thousandths, about `count` of them), with room so a mark at either end is not cut in half.
 */
export function niceAxis(lo: number, hi: number, count = 5): { domain: [number, number]; ticks: number[] } {
  const span = hi - lo || Math.max(Math.abs(hi) * 0.1, 10);
  const pad = span * 0.04;
  const raw = (span + 2 * pad) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(
    1,
    Math.round([1, 2, 2.5, 5, 10].map((s) => s * mag).find((s) => s >= raw && Number.isInteger(s)) ?? 10 * mag),
  );
  const from = Math.floor((lo - pad) / step) * step;
  const to = Math.ceil((hi + pad) / step) * step;
  const ticks: number[] = [];
  for (let t = from; t <= to + step / 2; t += step) ticks.push(Math.round(t));
  return { domain: [from, to], ticks };
}
