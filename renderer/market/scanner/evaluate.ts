/**
 * One rule against one item's quotes: the best route (the buy and the sell that leave the most, net of
 * both fees, in cash), or none. The live scan (scan.ts) and the backtest (backtest.ts) fill the same
 * ItemRow, each from its own source, and call evaluateItem, so a rule means the same thing in both.
 * Net of fees is price-arithmetic.ts netAsk / netBid with buyFeeCode / sellFeeCode (Steam's exact function
 * included); the pair is best-quote.ts bestNetPair, as the grid's best pair; trusted quotes are
 * best-quote.ts isTrustedQuote.
 */
import { isTrustedQuote, bestNetPair, type PairPick } from '../model/best-quote';
import {
  buyFeeCode,
  netAsk,
  netBid,
  sellFeeCode,
  steamFeeCode,
  UNKNOWN_FEE_CODE,
  type FeeCode,
  type FeeTable,
} from '../model/price-arithmetic';
import { sideMarkets, STEAM_MARKET, type BuyMode, type ScanRule, type SellMode } from './rules';

/** One item's quotes, NaN = none; flags 0 where no trust is known. Laid out as the snapshot's markets. */
export interface ItemRow {
  ask: Float64Array;
  locked: Float64Array;
  offers: Float64Array;
  bid: Float64Array;
  bidOffers: Float64Array;
  askFlags: Uint8Array;
  bidFlags: Uint8Array;
}

export function newItemRow(askMarkets: number, bidMarkets: number): ItemRow {
  return {
    ask: new Float64Array(askMarkets),
    locked: new Float64Array(askMarkets),
    offers: new Float64Array(askMarkets),
    bid: new Float64Array(bidMarkets),
    bidOffers: new Float64Array(bidMarkets),
    askFlags: new Uint8Array(askMarkets),
    bidFlags: new Uint8Array(bidMarkets),
  };
}

/** Which markets' fees nobody knows (fees.ts feeOrigin 'unknown'), per side. */
export interface UnknownFees {
  buy: ReadonlySet<string>;
  sell: ReadonlySet<string>;
}

/** One side's candidates: a market each, prepared once per snapshot layout. */
interface Side {
  n: number;
  slug: string[];
  /** A market's identity on both sides (its index in the union of ask and bid markets). */
  market: Int32Array;
  /** Column the price is read from (ask column for 'ask' / 'ask-minus-tick', bid column otherwise). */
  col: Int32Array;
  /** Column the depth is read from (-1: not known for this market). */
  depthCol: Int32Array;
  fee: Int32Array;
  feeUnknown: Uint8Array;
  /** Cash value of one unit of this market's money (the wallet ratio for Steam, else 1). */
  value: Float64Array;
}

export interface PreparedRule {
  rule: ScanRule;
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
  buy: Side;
  sell: Side;
  /** Bid column of Steam (its buy-order count scales the other markets' time to sell), -1 when none. */
  steamBidCol: number;
  /** Scratch: per candidate, net value in cash (NaN: left out), the price before fees, locked or not. */
  buyVal: Float64Array;
  buyPrice: Float64Array;
  buyLocked: Uint8Array;
  sellVal: Float64Array;
  sellPrice: Float64Array;
  /** Per sell candidate: the last price netted and its net (Steam's function walks cents; a replay repeats prices). */
  sellMemoPrice: Float64Array;
  sellMemoNet: Float64Array;
  pick: PairPick;
  /** The picked pair's net profit (cash) and ROI. */
  profit: number;
  roi: number;
}

function side(
  rule: ScanRule,
  which: 'buy' | 'sell',
  mode: BuyMode | SellMode,
  askMarkets: readonly string[],
  bidMarkets: readonly string[],
  fees: FeeTable,
  unknown: UnknownFees,
): Side {
  const onAsks = mode === 'ask' || mode === 'ask-minus-tick';
  const cols = onAsks ? askMarkets : bidMarkets;
  const slugs = sideMarkets(rule, which, cols);
  const ids = new Map<string, number>();
  for (const s of askMarkets) if (!ids.has(s)) ids.set(s, ids.size);
  for (const s of bidMarkets) if (!ids.has(s)) ids.set(s, ids.size);
  const kept: Array<{ slug: string; col: number; depthCol: number; fee: FeeCode; feeUnknown: boolean }> = [];
  for (const slug of slugs) {
    let fee = which === 'buy' ? buyFeeCode(fees[slug]) : sellFeeCode(fees[slug]);
    const feeUnknown = (which === 'buy' ? unknown.buy : unknown.sell).has(slug) || fee === UNKNOWN_FEE_CODE;
    if (feeUnknown && !rule.includeFeeUnknown) continue;
    // Kept "fee unknown": Steam's own 5 % without the game's fee, so the net is an upper bound.
    if (fee === UNKNOWN_FEE_CODE) fee = steamFeeCode(0);
    // Depth: offers on the buy market's listings; buy orders on the sell market.
    const depthCol = which === 'buy' ? askMarkets.indexOf(slug) : bidMarkets.indexOf(slug);
    kept.push({ slug, col: cols.indexOf(slug), depthCol, fee, feeUnknown });
  }
  return {
    n: kept.length,
    slug: kept.map((k) => k.slug),
    market: Int32Array.from(kept, (k) => ids.get(k.slug) ?? -1),
    col: Int32Array.from(kept, (k) => k.col),
    depthCol: Int32Array.from(kept, (k) => k.depthCol),
    fee: Int32Array.from(kept, (k) => k.fee),
    feeUnknown: Uint8Array.from(kept, (k) => (k.feeUnknown ? 1 : 0)),
    value: Float64Array.from(kept, (k) => (k.slug === STEAM_MARKET ? rule.walletRatio : 1)),
  };
}

/** A rule laid over a snapshot's markets and fees: done once per poll (or per backtest), not per item. */
export function prepareRule(
  rule: ScanRule,
  askMarkets: readonly string[],
  bidMarkets: readonly string[],
  fees: FeeTable,
  unknown: UnknownFees,
): PreparedRule {
  const buy = side(rule, 'buy', rule.buy, askMarkets, bidMarkets, fees, unknown);
  const sell = side(rule, 'sell', rule.sell, askMarkets, bidMarkets, fees, unknown);
  return {
    rule,
    askMarkets,
    bidMarkets,
    buy,
    sell,
    steamBidCol: bidMarkets.indexOf(STEAM_MARKET),
    buyVal: new Float64Array(buy.n),
    buyPrice: new Float64Array(buy.n),
    buyLocked: new Uint8Array(buy.n),
    sellVal: new Float64Array(sell.n),
    sellPrice: new Float64Array(sell.n),
    sellMemoPrice: new Float64Array(sell.n).fill(NaN),
    sellMemoNet: new Float64Array(sell.n),
    pick: { buy: -1, sell: -1 },
    profit: NaN,
    roi: NaN,
  };
}

/** Per-item figures from outside the quotes; NaN where not loaded for the item. */
export interface ItemLiquidity {
  /** The service's liquidity_score (0..10000). */
  score: number;
  /** Steam's sales over the last 30 days (SteamAnalytics sales.last_30d). */
  steamSales30d: number;
}

/** Which item-level limits could be applied (a figure not loaded at all cannot limit anything). */
export interface LimitsApplied {
  liquidityScore: boolean;
  steamSales30d: boolean;
  trust: boolean;
  depth: boolean;
}

/** A route's figures before its item's name and its persistence are attached. */
export interface RouteCore {
  buyMarket: string;
  buyMode: BuyMode;
  /** The price acted on, before fees (thousandths, the market's own money). */
  buyPrice: number;
  buyFee: FeeCode;
  /** What the buyer pays, fees included (own money). */
  buyNet: number;
  sellMarket: string;
  sellMode: SellMode;
  sellPrice: number;
  sellFee: FeeCode;
  /** What the seller receives, fees deducted (own money). */
  sellNet: number;
  /** In cash (Steam's side at the wallet ratio), rounded to a thousandth. */
  profit: number;
  /** profit / the buy side's cash cost. */
  roi: number;
  /** Offers on the buy market, buy orders on the sell market; NaN: unknown. */
  buyDepth: number;
  sellDepth: number;
  /** Expected days until it sells (0: into a buy order at once); NaN: unknown. See expectedSellDays. */
  sellDays: number;
  locked: boolean;
  feeUnknown: boolean;
  /** Every quote used is trusted (null: no trust known for this poll). */
  trusted: boolean | null;
}

/**
 * Expected days to sell one item: 0 into a buy order. A listing at the lowest ask minus a tick is first in
 * line, so it sells with the market's next sale: on Steam, 30 / its 30-day sales (the mean gap between sales);
 * on another market, whose sales the service does not give, Steam's gap scaled by Steam's buy orders over
 * that market's (its share of the demand, by buy orders). NaN when a figure is missing; Infinity with no sales.
 */
function expectedSellDays(
  mode: SellMode,
  market: string,
  steamSales30d: number,
  steamOrders: number,
  marketOrders: number,
): number {
  if (mode === 'bid') return 0;
  if (!(steamSales30d >= 0)) return NaN;
  const steamDays = steamSales30d > 0 ? 30 / steamSales30d : Infinity;
  if (market === STEAM_MARKET) return steamDays;
  if (!(steamOrders > 0) || !(marketOrders >= 0)) return NaN;
  if (marketOrders === 0) return Infinity;
  return steamDays * (steamOrders / marketOrders);
}

/**
 * The best route of one item under a prepared rule, written to `out`; false when none passes the limits.
 * `hasTrust`: the row's flags are real (trusted-only is applied); `applied` says which limits could be.
 */
export function evaluateItem(
  p: PreparedRule,
  row: ItemRow,
  liq: ItemLiquidity,
  hasTrust: boolean,
  applied: LimitsApplied,
  out: RouteCore,
): boolean {
  if (!pickRoute(p, row, liq, hasTrust, applied)) return false;
  const r = p.rule;
  const b = p.buy;
  const s = p.sell;
  const i = p.pick.buy;
  const j = p.pick.sell;
  const bdc = b.depthCol[i] as number;
  const sdc = s.depthCol[j] as number;
  const sellDepth = sdc >= 0 ? (row.bidOffers[sdc] as number) : NaN;
  const steamOrders = p.steamBidCol >= 0 ? (row.bidOffers[p.steamBidCol] as number) : NaN;
  out.buyMarket = b.slug[i] as string;
  out.buyMode = r.buy;
  out.buyPrice = p.buyPrice[i] as number;
  out.buyFee = b.fee[i] as number;
  out.buyNet = netAsk(out.buyPrice, out.buyFee);
  out.sellMarket = s.slug[j] as string;
  out.sellMode = r.sell;
  out.sellPrice = p.sellPrice[j] as number;
  out.sellFee = s.fee[j] as number;
  out.sellNet = p.sellMemoNet[j] as number;
  out.profit = p.profit;
  out.roi = p.roi;
  out.buyDepth = bdc >= 0 ? (row.offers[bdc] as number) : NaN;
  out.sellDepth = sellDepth;
  out.sellDays = expectedSellDays(r.sell, out.sellMarket, liq.steamSales30d, steamOrders, sellDepth);
  out.locked = p.buyLocked[i] === 1;
  out.feeUnknown = b.feeUnknown[i] === 1 || s.feeUnknown[j] === 1;
  out.trusted = hasTrust ? quoteTrusted(p, row, i, j) : null;
  return true;
}

/**
 * The route's pair only (p.pick, p.profit, p.roi), without the route's other figures: what the backtest
 * needs at every change, and the first half of evaluateItem.
 */
export function pickRoute(
  p: PreparedRule,
  row: ItemRow,
  liq: ItemLiquidity,
  hasTrust: boolean,
  applied: LimitsApplied,
): boolean {
  const l = p.rule.limits;
  if (applied.liquidityScore && l.minLiquidityScore > 0 && !(liq.score >= l.minLiquidityScore)) return false;
  if (applied.steamSales30d && l.minSteamSales30d > 0 && !(liq.steamSales30d >= l.minSteamSales30d)) return false;
  const trusted = l.trustedOnly && hasTrust;
  for (let i = 0; i < p.buy.n; i++) netBuyCandidate(p, row, i, trusted, applied);
  for (let j = 0; j < p.sell.n; j++) netSellCandidate(p, row, j, trusted, applied);
  return pickNetted(p);
}

/** One buy candidate's net cash cost into p.buyVal[i] (NaN: left out by the side's limits), from the row. */
function netBuyCandidate(p: PreparedRule, row: ItemRow, i: number, trusted: boolean, applied: LimitsApplied): void {
  const r = p.rule;
  const l = r.limits;
  const b = p.buy;
  p.buyVal[i] = NaN;
  const col = b.col[i] as number;
  let price: number;
  let locked = 0;
  if (r.buy === 'ask') {
    if (trusted && !isTrustedQuote(row.askFlags[col] as number)) return;
    price = row.ask[col] as number;
    const lp = row.locked[col] as number;
    // price_locked may equal price on a market that does not tell locked items apart: no discount then.
    if (l.locked === 'only') {
      if (!(lp < price)) return;
      price = lp;
      locked = 1;
    } else if (l.locked === 'allow' && lp < price) {
      price = lp;
      locked = 1;
    }
  } else {
    if (trusted && !isTrustedQuote(row.bidFlags[col] as number)) return;
    price = (row.bid[col] as number) + r.tickThousandths;
  }
  if (price !== price || price <= 0) return;
  if (l.priceMin !== null && price < l.priceMin) return;
  if (l.priceMax !== null && price > l.priceMax) return;
  const dc = b.depthCol[i] as number;
  if (applied.depth && l.minBuyDepth > 0 && !(dc >= 0 && (row.offers[dc] as number) >= l.minBuyDepth)) return;
  p.buyPrice[i] = price;
  p.buyLocked[i] = locked;
  p.buyVal[i] = netAsk(price, b.fee[i] as number) * (b.value[i] as number);
}

/** One sell candidate's net cash proceeds into p.sellVal[j] (NaN: left out by the side's limits), from the row. */
function netSellCandidate(p: PreparedRule, row: ItemRow, j: number, trusted: boolean, applied: LimitsApplied): void {
  const r = p.rule;
  const s = p.sell;
  p.sellVal[j] = NaN;
  const col = s.col[j] as number;
  let price: number;
  if (r.sell === 'bid') {
    if (trusted && !isTrustedQuote(row.bidFlags[col] as number)) return;
    price = row.bid[col] as number;
  } else {
    if (trusted && !isTrustedQuote(row.askFlags[col] as number)) return;
    price = (row.ask[col] as number) - r.tickThousandths;
  }
  if (price !== price || price <= 0) return;
  const dc = s.depthCol[j] as number;
  if (
    applied.depth &&
    r.limits.minSellDepth > 0 &&
    !(dc >= 0 && (row.bidOffers[dc] as number) >= r.limits.minSellDepth)
  )
    return;
  p.sellPrice[j] = price;
  if (p.sellMemoPrice[j] !== price) {
    p.sellMemoPrice[j] = price;
    p.sellMemoNet[j] = netBid(price, s.fee[j] as number);
  }
  p.sellVal[j] = (p.sellMemoNet[j] as number) * (s.value[j] as number);
}

/**
 * The best pair of the candidates as netted (p.buyVal, p.sellVal) and the pair's limits (profit, ROI). The
 * backtest nets only the candidates a change reached (a replay changes one price or two at a poll) and calls
 * this; pickRoute nets them all first.
 */
export function pickNetted(p: PreparedRule): boolean {
  const l = p.rule.limits;
  if (!bestNetPair(p.buyVal, p.buy.market, p.buy.n, p.sellVal, p.sell.market, p.sell.n, p.rule.sameMarket, p.pick))
    return false;
  const cost = p.buyVal[p.pick.buy] as number;
  const profit = Math.round((p.sellVal[p.pick.sell] as number) - cost);
  const roi = cost > 0 ? profit / cost : NaN;
  if (profit < l.minProfit || !(roi >= l.minRoi)) return false;
  p.profit = profit;
  p.roi = roi;
  return true;
}

function quoteTrusted(p: PreparedRule, row: ItemRow, i: number, j: number): boolean {
  const bf = p.rule.buy === 'ask' ? row.askFlags : row.bidFlags;
  const sf = p.rule.sell === 'bid' ? row.bidFlags : row.askFlags;
  return isTrustedQuote(bf[p.buy.col[i] as number] as number) && isTrustedQuote(sf[p.sell.col[j] as number] as number);
}

export function emptyRoute(): RouteCore {
  return {
    buyMarket: '',
    buyMode: 'ask',
    buyPrice: NaN,
    buyFee: 0,
    buyNet: NaN,
    sellMarket: '',
    sellMode: 'bid',
    sellPrice: NaN,
    sellFee: 0,
    sellNet: NaN,
    profit: NaN,
    roi: NaN,
    buyDepth: NaN,
    sellDepth: NaN,
    sellDays: NaN,
    locked: false,
    feeUnknown: false,
    trusted: null,
  };
}
