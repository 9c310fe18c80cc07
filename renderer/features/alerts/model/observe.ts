/**
 * What a price snapshot says for one alert: the ask, bid or spread on its market ("any": the best across the
 * game's loaded markets), listed or net of the user's fees; O(markets) per alert, never the catalog. An alert
 * that requires a trusted quote (snap.trust, market/trust/types.ts) leaves out quotes flagged untrusted
 * (outliers; stalled markets' unless the user's switch counts them, as in the grid's bests): "any" takes the
 * best of the others, one market's alert has no value ('untrusted'). Without trust data no quote is flagged.
 * Each quote carries when it last changed, for the firing's history.
 */
import { cellValue, type Snapshot } from '../../../market/model/snapshot';
import { buyFeeCode, netAsk, netBid, sellFeeCode, type FeeTable } from '../../../market/model/price-arithmetic';
import { trustOf } from '../../../market/trust/trust';
import type { QuoteChoice, TrustData } from '../../../market/trust/types';
import { untrustedBits } from '../../../market/model/price-arithmetic';
import type { Derived } from '../../../market/model/derived-columns';
import { derivedForAll } from '../../../market/model/derived-for';
import type { Observation } from './evaluate';
import { ANY_MARKET, type Alert } from './types';

interface Quote {
  price: number;
  market: string;
  /** When it last changed (NaN: unknown). */
  changedAt: number;
}

/** Which quotes count: those with none of the flag bits `mask` (0: all). */
interface Trusted {
  trust: TrustData | null;
  mask: number;
}

const ALL: Trusted = { trust: null, mask: 0 };

function flagged(flags: Uint8Array | undefined, cell: number, mask: number): boolean {
  return flags !== undefined && ((flags[cell] ?? 0) & mask) !== 0;
}

function askOn(snap: Snapshot, item: number, k: number, fees: FeeTable, net: boolean): number | null {
  const v = cellValue(snap, 'ask', item * snap.askMarkets.length + k);
  if (v === null) return null;
  const slug = snap.askMarkets[k] as string;
  return net ? netAsk(v, buyFeeCode(fees[slug])) : v;
}

function bidOn(snap: Snapshot, item: number, k: number, fees: FeeTable, net: boolean): number | null {
  const v = cellValue(snap, 'bid', item * snap.bidMarkets.length + k);
  if (v === null) return null;
  const slug = snap.bidMarkets[k] as string;
  if (!net) return v;
  const n = netBid(v, sellFeeCode(fees[slug]));
  return Number.isNaN(n) ? null : n; // a fee nobody knows: no net bid
}

/** A quote left out because it is flagged untrusted: the caller says 'untrusted' rather than "no price". */
const UNTRUSTED_ONLY = 'untrusted' as const;

/**
 * The best quote of one side on `market` (or across all): the lowest ask or the highest bid, null when there
 * is none, UNTRUSTED_ONLY when there were quotes but all are flagged and only trusted ones count.
 */
function bestOf(
  snap: Snapshot,
  item: number,
  market: string,
  fees: FeeTable,
  net: boolean,
  side: 'ask' | 'bid',
  t: Trusted,
): Quote | null | typeof UNTRUSTED_ONLY {
  const markets = side === 'ask' ? snap.askMarkets : snap.bidMarkets;
  const flags = side === 'ask' ? t.trust?.askFlags : t.trust?.bidFlags;
  const changed = side === 'ask' ? t.trust?.askChangedAt : t.trust?.bidChangedAt;
  const one = market === ANY_MARKET ? undefined : (side === 'ask' ? snap.askIndex : snap.bidIndex).get(market);
  if (market !== ANY_MARKET && one === undefined) return null;
  let best: Quote | null = null;
  let leftOut = false;
  for (let k = one ?? 0; k < (one === undefined ? markets.length : one + 1); k++) {
    const v = side === 'ask' ? askOn(snap, item, k, fees, net) : bidOn(snap, item, k, fees, net);
    if (v === null) continue;
    const cell = item * markets.length + k;
    if (t.mask !== 0 && flagged(flags, cell, t.mask)) {
      leftOut = true;
      continue;
    }
    if (best === null || (side === 'ask' ? v < best.price : v > best.price))
      best = { price: v, market: markets[k] as string, changedAt: changed?.[cell] ?? NaN };
  }
  return best ?? (leftOut ? UNTRUSTED_ONLY : null);
}

const known = (q: Quote | null | typeof UNTRUSTED_ONLY): { price: number; market: string } | null =>
  q === UNTRUSTED_ONLY || q === null ? null : { price: q.price, market: q.market };

/** The lowest ask of the item on `market` (or across all), null when there is none. */
export function bestAsk(
  snap: Snapshot,
  item: number,
  market: string,
  fees: FeeTable,
  net: boolean,
): { price: number; market: string } | null {
  return known(bestOf(snap, item, market, fees, net, 'ask', ALL));
}

/** The highest bid of the item on `market` (or across all), null when there is none. */
export function bestBid(
  snap: Snapshot,
  item: number,
  market: string,
  fees: FeeTable,
  net: boolean,
): { price: number; market: string } | null {
  return known(bestOf(snap, item, market, fees, net, 'bid', ALL));
}

/** Which sides of a market the snapshot has: a one-market alert needs its side loaded. */
function marketLoaded(snap: Snapshot, market: string, side: 'ask' | 'bid' | 'both'): boolean {
  if (market === ANY_MARKET)
    return side === 'ask'
      ? snap.askMarkets.length > 0
      : side === 'bid'
        ? snap.bidMarkets.length > 0
        : snap.askMarkets.length > 0 && snap.bidMarkets.length > 0;
  const a = snap.askIndex.has(market);
  const b = snap.bidIndex.has(market);
  return side === 'ask' ? a : side === 'bid' ? b : a && b;
}

function sideOf(alert: Pick<Alert, 'condition'>): 'ask' | 'bid' | 'both' {
  const c = alert.condition;
  switch (c.kind) {
    case 'ask-below':
      return 'ask';
    case 'bid-above':
      return 'bid';
    case 'spread-above':
      return 'both';
    case 'change':
      return c.side;
    case 'mark':
      // The mark is made from the asks (and bounded by the bid: market/trust/mark.ts).
      return 'ask';
  }
}

const NOTHING = { value: null, price: null, market: null } as const;

/** The user's choice of the quotes the bests (and the mark) are taken from (market/trust-prefs.ts). */
export interface QuoteSettings {
  quotes?: QuoteChoice;
  includeStalled?: boolean;
}

/** The item's mark price (thousandths; null: none), for the alert's net switch. */
export type MarkOf = (item: number, net: boolean) => number | null;

/**
 * The snapshot's marks (Derived.mark: trusted quotes, market/trust/mark-rule.ts) over all its markets, the
 * derived figures taken once per net switch and only when a mark alert asks (the worker's own when they fit).
 */
export function marksOf(snap: Snapshot, fees: FeeTable, choice: QuoteSettings = {}): MarkOf {
  const byNet = new Map<boolean, Derived>();
  return (item, net) => {
    let d = byNet.get(net);
    if (!d) {
      d = derivedForAll(snap, fees, net, choice);
      byNet.set(net, d);
    }
    const v = d.mark[item];
    return v === undefined || !Number.isFinite(v) ? null : v;
  };
}

const age = (q: Quote): number | null => (Number.isFinite(q.changedAt) ? q.changedAt : null);

export function observe(
  snap: Snapshot,
  alert: Pick<Alert, 'item' | 'market' | 'condition' | 'net' | 'requireTrusted'>,
  fees: FeeTable,
  markOf?: MarkOf,
  settings: Pick<QuoteSettings, 'includeStalled'> = {},
): Observation {
  const item = snap.indexOfName(alert.item);
  if (item < 0) return { ...NOTHING, missing: 'item' };
  if (!marketLoaded(snap, alert.market, sideOf(alert))) return { ...NOTHING, missing: 'market' };
  const c = alert.condition;
  const net = alert.net;
  // The alert's own switch decides whether flags count; the user's stalled switch, whether stalled markets are flagged.
  const t: Trusted = {
    trust: trustOf(snap) ?? null,
    mask: alert.requireTrusted ? untrustedBits('trusted', settings.includeStalled) : 0,
  };
  const side = (s: 'ask' | 'bid') => bestOf(snap, item, alert.market, fees, net, s, t);
  const quote = (q: Quote | null | typeof UNTRUSTED_ONLY): Observation =>
    q === UNTRUSTED_ONLY
      ? { ...NOTHING, missing: 'untrusted' }
      : q
        ? { value: q.price, price: q.price, market: q.market, missing: null, changedAt: age(q) }
        : { ...NOTHING, missing: 'price' };
  switch (c.kind) {
    case 'ask-below':
      return quote(side('ask'));
    case 'bid-above':
      return quote(side('bid'));
    case 'change':
      return quote(side(c.side));
    case 'mark': {
      // Made from trusted quotes only, whatever the alert's switch: no one market, so no one quote's age.
      const m = markOf ? markOf(item, net) : null;
      return m === null || !Number.isFinite(m)
        ? { ...NOTHING, missing: 'price' }
        : { value: m, price: m, market: null, missing: null, changedAt: null };
    }
    case 'spread-above': {
      // As the grid: buy at the best ask, sell into the best bid; bid − ask (in % of the ask).
      const a = side('ask');
      const b = side('bid');
      if (a === UNTRUSTED_ONLY || b === UNTRUSTED_ONLY) return { ...NOTHING, missing: 'untrusted' };
      if (!a || !b) return { ...NOTHING, missing: 'price' };
      const spread = b.price - a.price;
      const market = alert.market === ANY_MARKET ? `${a.market}→${b.market}` : a.market;
      // The history names the ask's quote (the side bought).
      if (c.unit === 'money') return { value: spread, price: a.price, market, missing: null, changedAt: age(a) };
      if (!(a.price > 0)) return { ...NOTHING, missing: 'price' };
      return { value: (spread / a.price) * 100, price: a.price, market, missing: null, changedAt: age(a) };
    }
  }
}
