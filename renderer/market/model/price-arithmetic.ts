/**
 * Price arithmetic: fees, net prices, and the per-row figures of the derived columns (derived-columns.ts)
 * from the snapshot: best ask, best bid, spread, mark, how many markets list the item; with or without
 * fees. All money in integer thousandths; fees in basis points (1/100 of a percent). What "net of fees"
 * means per side (a buyer pays price + buyer fee; a seller receives price - seller fee, or Steam's own
 * function, shared/money/steam-fee.ts): README.md, "Net of fees".
 */
import { STEAM_WALLET_FEE_BPS, steamSellerReceives } from '../../../shared/money/steam-fee';
import { bestNetPair } from './best-quote';
import type { Derived } from './derived-columns';
import { BIG, NONE, cellValue, type Snapshot } from './snapshot';
import { TRUST_FLAG, type QuoteChoice, type TrustData } from '../trust/types';
import { boundedMark, depthWeight, weightedMedian } from '../trust/mark-rule';
import { fitsLayout, trustOf } from '../trust/trust';

export interface MarketFee {
  /** Added to what a buyer pays, in basis points (250 = 2.5 %). */
  buyBps: number;
  /** Deducted from what a seller receives, in basis points. */
  sellBps: number;
  /**
   * Set: the seller's side follows Steam's fee function with this game (publisher) fee; sellBps is unused.
   * null: Steam's function, but the game's fee is not published, so what a seller receives is unknown.
   */
  steamPublisherBps?: number | null;
}
export type FeeTable = Readonly<Record<string, MarketFee>>;

export const MAX_FEE_BPS = 10000;

/**
 * One side's fee of one market as a number the typed arrays and the hot loop carry: 0 or more is a
 * percentage in basis points; below 0 is Steam's function with publisher fee -(code + 1) basis points.
 */
export type FeeCode = number;

export function steamFeeCode(publisherBps: number): FeeCode {
  return -1 - publisherBps;
}

/** A seller fee nobody can know (Steam's function for a game whose publisher fee is not published): no net. Fits an Int32Array. */
export const UNKNOWN_FEE_CODE: FeeCode = -0x80000000;

export function isSteamFee(code: FeeCode): boolean {
  return code < 0 && code !== UNKNOWN_FEE_CODE;
}

export function buyFeeCode(fee: MarketFee | undefined): FeeCode {
  return fee?.buyBps ?? 0;
}

export function sellFeeCode(fee: MarketFee | undefined): FeeCode {
  if (!fee) return 0;
  if (fee.steamPublisherBps === null) return UNKNOWN_FEE_CODE;
  return fee.steamPublisherBps !== undefined ? steamFeeCode(fee.steamPublisherBps) : fee.sellBps;
}

/** A fee code in words: "2.5 %" or "Steam fee (5 % + 10 % game fee, floored, min. 1 ¢ each)". */
export function feeCodeText(code: FeeCode): string {
  if (code === UNKNOWN_FEE_CODE)
    return `Steam fee (${bpsToPercentText(STEAM_WALLET_FEE_BPS)} % + a game fee that is not published: unknown)`;
  return code < 0
    ? `Steam fee (${bpsToPercentText(STEAM_WALLET_FEE_BPS)} % + ${bpsToPercentText(-1 - code)} % game fee, each floored, min. 1 ¢)`
    : `${bpsToPercentText(code)} %`;
}

/** fee = price * bps / 10000, rounded half away from zero, in thousandths. */
export function feeOf(price: number, bps: number): number {
  if (bps === 0 || price === 0) return 0;
  const f = Math.round((Math.abs(price) * bps) / 10000);
  return price < 0 ? -f : f;
}

/** What a buyer pays for a listing at `price` (buyer fees are percentages; Steam's listed price already includes its fees). */
export function netAsk(price: number, code: FeeCode): number {
  return code > 0 ? price + feeOf(price, code) : price;
}

/** What a seller receives when an item sells at `price` (a listing, or into a buy order); NaN when the fee is unknown. */
export function netBid(price: number, code: FeeCode): number {
  if (code === 0) return price;
  if (code === UNKNOWN_FEE_CODE) return NaN;
  if (code < 0) return steamSellerReceives(price, -1 - code);
  return price - feeOf(price, code);
}

/** Spread in percent of the ask; null when the ask is not positive. */
export function spreadPercent(bid: number, ask: number): number | null {
  if (!(ask > 0)) return null;
  return ((bid - ask) / ask) * 100;
}

/** "2.5" -> 250 bps; null when not a number in 0..100 with at most 2 decimals. */
export function parsePercentToBps(text: string): number | null {
  const t = text.trim().replace(/%$/, '').trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{0,2})?$/.test(t)) return null;
  const [u = '0', f = ''] = t.split('.');
  const bps = Number(u) * 100 + Number(f.padEnd(2, '0'));
  return bps <= MAX_FEE_BPS ? bps : null;
}

export function bpsToPercentText(bps: number): string {
  const u = Math.floor(bps / 100);
  const f = bps % 100;
  return f === 0 ? String(u) : `${u}.${String(f).padStart(2, '0').replace(/0$/, '')}`;
}

export interface DeriveInput {
  snap: Snapshot;
  /** Ask market column indices (into snap.askMarkets) shown and considered. */
  askCols: readonly number[];
  /** Bid market column indices (into snap.bidMarkets) considered. */
  bidCols: readonly number[];
  fees: FeeTable;
  net: boolean;
  /**
   * How far each quote can be trusted (../trust); default the snapshot's own. Quotes it flags (outliers; a
   * stalled market's unless includeStalled) are left out of bestAsk, bestBid, spread and the mark; the
   * all* figures take every quote. A trust that does not fit the snapshot's layout is not used.
   */
  trust?: TrustData;
  /** 'trusted' (default) or 'all': every quote counts, flagged or not. */
  quotes?: QuoteChoice;
  /** With 'trusted': a stalled market's quotes count all the same (default false). */
  includeStalled?: boolean;
}

/** The trust flag bits that leave a quote out of the bests for these choices. */
export function untrustedBits(quotes: QuoteChoice = 'trusted', includeStalled = false): number {
  if (quotes === 'all') return 0;
  return TRUST_FLAG.outlierHigh | TRUST_FLAG.outlierLow | (includeStalled ? 0 : TRUST_FLAG.stalledMarket);
}

/** The derived columns of n items, every figure missing (NaN, column -1) until a pass sets it. */
function emptyDerived(n: number, askFee: Int32Array, bidFee: Int32Array): Derived {
  return {
    n,
    bestAsk: new Float64Array(n).fill(NaN),
    bestAskCol: new Int16Array(n).fill(-1),
    bestBid: new Float64Array(n).fill(NaN),
    bestBidCol: new Int16Array(n).fill(-1),
    bidOrders: new Float64Array(n).fill(NaN),
    spread: new Float64Array(n).fill(NaN),
    spreadPct: new Float64Array(n).fill(NaN),
    listedCount: new Int16Array(n),
    totalOffers: new Float64Array(n),
    askFee,
    bidFee,
    mark: new Float64Array(n).fill(NaN),
    allBestAsk: new Float64Array(n).fill(NaN),
    allBestAskCol: new Int16Array(n).fill(-1),
    allBestBid: new Float64Array(n).fill(NaN),
    allBestBidCol: new Int16Array(n).fill(-1),
  };
}

/** One side's pass: the columns considered, each one's fee code, and the flags that leave a quote out (null: none). */
interface SidePass {
  cols: Int32Array;
  fees: Int32Array;
  flags: Uint8Array | null;
  mask: number;
}

function sidePass(cols: readonly number[], feeOf: Int32Array, flags: Uint8Array | null, mask: number): SidePass {
  const c = Int32Array.from(cols);
  const fees = new Int32Array(c.length);
  for (let j = 0; j < c.length; j++) fees[j] = feeOf[c[j] as number] as number;
  return { cols: c, fees, flags, mask };
}

export function computeDerived({
  snap,
  askCols,
  bidCols,
  fees,
  net,
  trust = snap.trust,
  quotes,
  includeStalled,
}: DeriveInput): Derived {
  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;
  const askFee = new Int32Array(m);
  const bidFee = new Int32Array(b);
  if (net) {
    snap.askMarkets.forEach((s, k) => (askFee[k] = buyFeeCode(fees[s])));
    snap.bidMarkets.forEach((s, k) => (bidFee[k] = sellFeeCode(fees[s])));
  }
  const out = emptyDerived(snap.n, askFee, bidFee);
  const fits = fitsLayout(trust, snap.n, m, b);
  const mask = untrustedBits(quotes, includeStalled);
  const use = fits && mask !== 0;
  deriveAsks(snap, sidePass(askCols, askFee, use ? trust.askFlags : null, mask), out);
  if (bidCols.length > 0) deriveBids(snap, sidePass(bidCols, bidFee, use ? trust.bidFlags : null, mask), out);
  return out;
}

/**
 * Per item: listed count, offers, the best ask (trusted and all) and the mark from the trusted asks.
 * The hot loop reads the typed arrays directly (one item x ~40 markets at a time); values beyond
 * Int32 (BIG) take the slow path through the overflow map.
 */
function deriveAsks(snap: Snapshot, pass: SidePass, out: Derived): void {
  const { n, listed, ask, offers, big } = snap;
  const m = snap.askMarkets.length;
  const hasBig = snap.overflow.length > 0;
  const { cols: ac, fees: afee, flags: af, mask } = pass;
  const nc = ac.length;
  // The trusted asks of one item and their depth weights, for the mark.
  const mp = new Float64Array(nc);
  const mw = new Float64Array(nc);
  for (let i = 0; i < n; i++) {
    const base = i * m;
    let best = Infinity;
    let bestK = -1;
    let count = 0;
    let offersSum = 0;
    let allBest = Infinity;
    let allK = -1;
    let q = 0;
    for (let c = 0; c < nc; c++) {
      const k = ac[c] as number;
      const cell = base + k;
      if (listed[cell] === 0) continue;
      count++;
      let o = offers[cell] as number;
      if (o !== NONE) {
        if (o === BIG && hasBig) o = big.offers.get(cell) ?? 0;
        offersSum += o;
      }
      let v = ask[cell] as number;
      if (v === NONE) continue;
      if (v === BIG && hasBig) {
        const exact = big.ask.get(cell);
        if (exact === undefined) continue;
        v = exact;
      }
      const fee = afee[c] as number;
      if (fee !== 0) v = netAsk(v, fee);
      if (v < allBest) {
        allBest = v;
        allK = k;
      }
      if (af !== null && ((af[cell] as number) & mask) !== 0) continue;
      if (v < best) {
        best = v;
        bestK = k;
      }
      mp[q] = v;
      mw[q] = depthWeight(o);
      q++;
    }
    out.listedCount[i] = count;
    out.totalOffers[i] = offersSum;
    if (bestK >= 0) {
      out.bestAsk[i] = best;
      out.bestAskCol[i] = bestK;
    }
    if (allK >= 0) {
      out.allBestAsk[i] = allBest;
      out.allBestAskCol[i] = allK;
    }
    out.mark[i] = weightedMedian(mp, mw, q);
  }
}

/**
 * Per item, after deriveAsks: the best bid (trusted and all), its orders, the spread against the best
 * ask, and the mark bounded below by the best trusted bid.
 */
function deriveBids(snap: Snapshot, pass: SidePass, out: Derived): void {
  const { n, bidListed, bid, bidOffers, big } = snap;
  const b = snap.bidMarkets.length;
  const hasBig = snap.overflow.length > 0;
  const { cols: bc, fees: bfee, flags: bf, mask } = pass;
  const nb = bc.length;
  for (let i = 0; i < n; i++) {
    const bbase = i * b;
    let top = -Infinity;
    let topK = -1;
    let allTop = -Infinity;
    let allTopK = -1;
    for (let c = 0; c < nb; c++) {
      const k = bc[c] as number;
      const cell = bbase + k;
      if (bidListed[cell] === 0) continue;
      let v = bid[cell] as number;
      if (v === NONE) continue;
      if (v === BIG && hasBig) {
        const exact = big.bid.get(cell);
        if (exact === undefined) continue;
        v = exact;
      }
      const fee = bfee[c] as number;
      if (fee !== 0) v = netBid(v, fee);
      if (v > allTop) {
        allTop = v;
        allTopK = k;
      }
      if (bf !== null && ((bf[cell] as number) & mask) !== 0) continue;
      if (v > top) {
        top = v;
        topK = k;
      }
    }
    if (allTopK >= 0) {
      out.allBestBid[i] = allTop;
      out.allBestBidCol[i] = allTopK;
    }
    if (topK < 0) continue;
    out.mark[i] = boundedMark(out.mark[i] as number, top);
    out.bestBid[i] = top;
    out.bestBidCol[i] = topK;
    const cell = bbase + topK;
    let o = bidOffers[cell] as number;
    if (o !== NONE) {
      if (o === BIG && hasBig) o = big.bidOffers.get(cell) ?? NaN;
      out.bidOrders[i] = o;
    }
    if ((out.bestAskCol[i] as number) >= 0) {
      const best = out.bestAsk[i] as number;
      out.spread[i] = top - best;
      out.spreadPct[i] = best > 0 ? ((top - best) / best) * 100 : NaN;
    }
  }
}

/** The ask shown in one market cell (net or not), or null. */
export function shownAsk(snap: Snapshot, d: Derived, item: number, k: number): number | null {
  const v = cellValue(snap, 'ask', item * snap.askMarkets.length + k);
  if (v === null) return null;
  const fee = d.askFee[k] ?? 0;
  return fee ? netAsk(v, fee) : v;
}

export function shownLocked(snap: Snapshot, d: Derived, item: number, k: number): number | null {
  const v = cellValue(snap, 'locked', item * snap.askMarkets.length + k);
  if (v === null) return null;
  const fee = d.askFee[k] ?? 0;
  return fee ? netAsk(v, fee) : v;
}

export function shownBid(snap: Snapshot, d: Derived, item: number, k: number): number | null {
  const v = cellValue(snap, 'bid', item * snap.bidMarkets.length + k);
  if (v === null) return null;
  const fee = d.bidFee[k] ?? 0;
  if (!fee) return v;
  const net = netBid(v, fee);
  return Number.isNaN(net) ? null : net;
}

export interface ArbitragePair {
  buyCol: number;
  sellCol: number;
  buy: number;
  sell: number;
  profit: number;
  percent: number | null;
}

/**
 * Best arbitrage pair for one item: buy at an ask on one market, sell into a buy order on a different
 * market, maximizing sell - buy (with fees when net; best-quote.ts bestNetPair, the scanner's too). null
 * without a pair.
 */
export function bestArbitrage(
  snap: Snapshot,
  d: Derived,
  item: number,
  askCols: readonly number[],
  bidCols: readonly number[],
  choice: { quotes?: QuoteChoice; includeStalled?: boolean } = {},
): ArbitragePair | null {
  // Trusted quotes only unless asked otherwise, as the best ask and bid (computeDerived): an untrusted quote
  // is no quote here.
  const t = trustOf(snap);
  const mask = t ? untrustedBits(choice.quotes, choice.includeStalled) : 0;
  const m = snap.askMarkets.length;
  const nb = snap.bidMarkets.length;
  const trusted = (flags: Uint8Array | undefined, cell: number): boolean => !t || ((flags?.[cell] ?? 0) & mask) === 0;
  const buy = askCols.map((a) => (trusted(t?.askFlags, item * m + a) ? (shownAsk(snap, d, item, a) ?? NaN) : NaN));
  const sell = bidCols.map((k) => (trusted(t?.bidFlags, item * nb + k) ? (shownBid(snap, d, item, k) ?? NaN) : NaN));
  // A market's identity on both sides: its ask column, or past them for a market that only has bids.
  const sellMarket = bidCols.map((k) => snap.askIndex.get(snap.bidMarkets[k] ?? '') ?? m + k);
  const pick = { buy: -1, sell: -1 };
  if (!bestNetPair(buy, askCols, buy.length, sell, sellMarket, sell.length, false, pick)) return null;
  const b = buy[pick.buy] as number;
  const s = sell[pick.sell] as number;
  return {
    buyCol: askCols[pick.buy] as number,
    sellCol: bidCols[pick.sell] as number,
    buy: b,
    sell: s,
    profit: s - b,
    percent: spreadPercent(s, b),
  };
}

/**
 * Identity of a Derived: which columns, which fees, net or not. Same on both sides of the worker. Net
 * counts every market's fee, not only the chosen columns' (each market's own cell is shown net too); net
 * with no fee anywhere computes exactly what gross does, so it has gross's key and either is reused.
 */
export function derivedKey(
  snap: Pick<Snapshot, 'askMarkets' | 'bidMarkets'>,
  askCols: readonly number[],
  bidCols: readonly number[],
  fees: FeeTable,
  net: boolean,
  choice: { quotes?: QuoteChoice; includeStalled?: boolean } = {},
): string {
  let feePart = '';
  if (net) {
    for (const slug of snap.askMarkets) {
      const code = buyFeeCode(fees[slug]);
      if (code !== 0) feePart += `|a:${slug}:${code}`;
    }
    for (const slug of snap.bidMarkets) {
      const code = sellFeeCode(fees[slug]);
      if (code !== 0) feePart += `|b:${slug}:${code}`;
    }
  }
  // The default quote choice (trusted, stalled left out) keeps the key it had before there was a choice.
  const bits = untrustedBits(choice.quotes, choice.includeStalled);
  const quotePart = bits === untrustedBits() ? '' : `|q:${bits}`;
  return `${feePart ? 'net' : 'gross'}|${askCols.join(',')}|${bidCols.join(',')}${feePart}${quotePart}`;
}
