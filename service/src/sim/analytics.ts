/**
 * Listing, buy-order and (Steam) sales statistics of one market. Per item they combine three layers of the
 * cells the snapshots use: a day aggregate (DayAgg: noon samples of the last 90 completed days, once per day),
 * an hour aggregate (HourAgg: the 24 hour-start samples of the last 24 hours, once per hour) and the current
 * cell. So the current min ask / best bid equal the min-prices / max-orders answers, windows nest by
 * construction (24h in 7d, in 30d, in 90d), and per epoch only one cell per item is evaluated.
 */
import type { BuyOrderAnalytics, ListingAnalytics, SalesAnalytics } from '../../../shared/api/types';
import { ASK, BID, BIDS, CELL_SLOTS, OFFERS, VBID, poisson } from './cells';
import { quantize, type GameSim } from './game-sim';
import { DAYS, noonOf, pastDays, type History } from './history';
import { knot, mix32, salted, unit } from './hash';
import { STEAM_MARKET } from './served';
import type { Snapshot } from './snapshot';
import { medianWithExtra, middleThree, weightedMedian } from './stats';
import { EPOCHS_PER_DAY, EPOCHS_PER_HOUR, HOURS_24 } from './time';
import { count24h, count30d, count7d, count90d, fillParts, PARTS, PARTS_7D, todayCount } from './windows';

const SALT_LIST = 0x11a7;
const SALT_BUYS = 0x22b8;
const SALT_DIP = 0x33c9;
/** Daily samples j (0 = yesterday) belong to: j < 6 -> 7d, j < 29 -> 30d, j < 89 -> 90d (plus the last 24h). */
const IN_7D = 6;
const IN_30D = 29;
const IN_90D = 89;

/**
 * Once per (market, day): summaries of the 90 completed days, indexed by the item's compact slot among the
 * items the market carries (CellModel.slots). Int32 prices use -1 for "none".
 */
export interface DayAgg {
  readonly day: number;
  readonly low7: Int32Array;
  readonly low30: Int32Array;
  readonly low90: Int32Array;
  readonly high7: Int32Array;
  readonly high30: Int32Array;
  readonly high90: Int32Array;
  /** Sell-order price observations (one per day with listings): count, sum, middle three sorted values (-1 = none). */
  readonly sellK: Uint8Array;
  readonly sellSum: Float64Array;
  readonly sellMid: Int32Array;
  readonly sellLatest: Int32Array;
  readonly buyK: Uint8Array;
  readonly buySum: Float64Array;
  readonly buyMid: Int32Array;
  readonly buyLatest: Int32Array;
  /** New listings / buy orders per day, as 24h / 7d window parts (windows.ts, PARTS_7D per item). */
  readonly listParts: Int32Array;
  readonly buyParts: Int32Array;
  /** Steam only: sales-weighted median / mean sale price over the 90 completed days, latest day's price. */
  readonly saleMedian: Int32Array | null;
  readonly saleAvg: Int32Array | null;
  readonly saleLatest: Int32Array | null;
}

/** Once per (market, hour): the last 24 hour-start samples, indexed like DayAgg. */
export interface HourAgg {
  readonly hour: number;
  readonly min24: Int32Array;
  readonly max24: Int32Array;
  /** Most recent hourly ask with listings / bid with orders. */
  readonly latestAsk: Int32Array;
  readonly latestBid: Int32Array;
}

export interface MarketAnalyticsResult {
  /** Item indices (items the market carries), in catalog order. */
  readonly items: number[];
  readonly listings: ListingAnalytics[];
  readonly buyOrders: BuyOrderAnalytics[];
  /** Steam only. */
  readonly sales: SalesAnalytics[] | null;
}

function roundStep(v: number, step: number): number {
  return Math.max(step, Math.round(v / step) * step);
}

function floorStep(v: number, step: number): number {
  return Math.max(1, Math.floor(v / step) * step);
}

/** Sales share of item i on market m relative to Steam (static; Steam = 1). */
export function salesShare(sim: GameSim, i: number, m: number): number {
  const mk = sim.markets[m]!;
  if (mk.slug === STEAM_MARKET) return 1;
  return mk.salesShare * (0.6 + 0.8 * unit(mix32(sim.items.key[i]! ^ mk.key ^ 0x5eed)));
}

function dipKeyOf(sim: GameSim, i: number, m: number): number {
  return salted(sim.items.key[i]! ^ sim.markets[m]!.key, SALT_DIP);
}

/** Steam sale price of a day: between that day's lowest ask and best bid, nearer the ask. */
function salePrice(ask: number, vbid: number): number {
  return Math.round(0.75 * ask + 0.25 * vbid);
}

/**
 * The Steam sales series behind median_price_90d / average_price_90d: per completed day D-1-j (j = 0..89),
 * its sale price and number of sales. For tests and debugging; computeDayAgg computes the same inline.
 */
export function steamSaleSeries(
  sim: GameSim,
  history: History,
  i: number,
  day: number,
): { price: number[]; count: number[] } {
  const out = new Float64Array(CELL_SLOTS);
  const daily = history.dailyFor(day);
  const price: number[] = [];
  const count: number[] = [];
  for (let j = 0; j < pastDays(sim, i); j++) {
    const d = day - 1 - j;
    sim.cells.eval(i, sim.steamIndex, quantize(sim, i, noonOf(d)), daily.ref[i * DAYS + j]!, out);
    price.push(salePrice(out[ASK]!, out[VBID]!));
    count.push(history.steamSalesOn(i, d));
  }
  return { price, count };
}

/** Sell-order observation of a day: a listing a little above that day's lowest ask. */
function sellObs(ask: number, u: number, step: number): number {
  return roundStep(ask * (1.02 + 0.08 * (1 - u)), step);
}

/** Buy-order observation of a day: an order a little below that day's best bid. */
function buyObs(bid: number, u: number, step: number): number {
  return floorStep(bid * (0.98 - 0.08 * (1 - u)), step);
}

/** New listings / buy orders of a day: Poisson around the rate, +-25% day to day. */
function perDay(key: number, rate: number, d: number): number {
  const h = knot(key, d);
  return poisson(rate * (0.75 + 0.5 * ((h & 0x3ff) / 1024)), ((h >>> 10) + 0.5) / 4194304);
}

/** Stores middleThree's values (NaN where absent) as integer prices with -1 for absent. */
function storeMid(dst: Int32Array, base: number, mid: Float64Array): void {
  for (let k = 0; k < 3; k++) dst[base + k] = Number.isNaN(mid[k]!) ? -1 : mid[k]!;
}

function i32(n: number): Int32Array {
  return new Int32Array(n).fill(-1);
}

/** Buffers reused item after item while a day's aggregates are computed. */
interface DayScratch {
  readonly out: Float64Array;
  readonly sells: Float64Array;
  readonly buys: Float64Array;
  readonly salePrices: Float64Array;
  readonly saleWeight: Float64Array;
  readonly scratch: Float64Array;
  readonly mid: Float64Array;
  readonly lists: Int32Array;
  readonly orders: Int32Array;
}

export function computeDayAgg(sim: GameSim, history: History, m: number, day: number, withSales: boolean): DayAgg {
  const { slot, count: nc } = sim.cells.slots(m);
  const agg: DayAgg = {
    day,
    low7: i32(nc),
    low30: i32(nc),
    low90: i32(nc),
    high7: i32(nc),
    high30: i32(nc),
    high90: i32(nc),
    sellK: new Uint8Array(nc),
    sellSum: new Float64Array(nc),
    sellMid: i32(nc * 3),
    sellLatest: i32(nc),
    buyK: new Uint8Array(nc),
    buySum: new Float64Array(nc),
    buyMid: i32(nc * 3),
    buyLatest: i32(nc),
    listParts: new Int32Array(nc * PARTS_7D),
    buyParts: new Int32Array(nc * PARTS_7D),
    saleMedian: withSales ? i32(nc) : null,
    saleAvg: withSales ? i32(nc) : null,
    saleLatest: withSales ? i32(nc) : null,
  };
  const s: DayScratch = {
    out: new Float64Array(CELL_SLOTS),
    sells: new Float64Array(DAYS),
    buys: new Float64Array(DAYS),
    salePrices: new Float64Array(DAYS),
    saleWeight: new Float64Array(DAYS),
    scratch: new Float64Array(DAYS),
    mid: new Float64Array(3),
    lists: new Int32Array(8),
    orders: new Int32Array(8),
  };
  const daily = history.dailyFor(day);
  for (let i = 0; i < sim.items.n; i++) {
    const x = slot[i]!;
    if (x < 0) continue;
    aggregateDays(sim, history, m, day, withSales, daily.ref, i, x, agg, s);
    aggregateNewOrders(sim, m, day, i, x, agg, s);
  }
  return agg;
}

/** One item's past days on market m: the windows' extremes, the observations' middle and sums, and Steam's sales. */
function aggregateDays(
  sim: GameSim,
  history: History,
  m: number,
  day: number,
  withSales: boolean,
  ref: ArrayLike<number>,
  i: number,
  x: number,
  agg: DayAgg,
  s: DayScratch,
): void {
  const { out, sells, buys, salePrices, saleWeight } = s;
  const step = sim.markets[m]!.step;
  const nd = pastDays(sim, i);
  const dipKey = dipKeyOf(sim, i, m);
  let low7 = Infinity;
  let low30 = Infinity;
  let low90 = Infinity;
  let high7 = -Infinity;
  let high30 = -Infinity;
  let high90 = -Infinity;
  let nSell = 0;
  let nBuy = 0;
  let sellSum = 0;
  let buySum = 0;
  let nSale = 0;
  let saleSum = 0;
  let saleW = 0;
  for (let j = 0; j < nd; j++) {
    const d = day - 1 - j;
    sim.cells.eval(i, m, quantize(sim, i, noonOf(d)), ref[i * DAYS + j]!, out);
    if (withSales) {
      const w = history.steamSalesOn(i, d);
      if (w > 0) {
        const p = salePrice(out[ASK]!, out[VBID]!);
        if (nSale === 0) agg.saleLatest![x] = p;
        salePrices[nSale] = p;
        saleWeight[nSale++] = w;
        saleSum += p * w;
        saleW += w;
      }
    }
    if (j >= IN_90D) continue;
    const u = unit(knot(dipKey, d));
    if (out[OFFERS]! > 0) {
      const low = roundStep(out[ASK]! * (1 - 0.04 * u), step);
      const obs = sellObs(out[ASK]!, u, step);
      if (nSell === 0) agg.sellLatest[x] = obs;
      sells[nSell++] = obs;
      sellSum += obs;
      if (j < IN_7D && low < low7) low7 = low;
      if (j < IN_30D && low < low30) low30 = low;
      if (low < low90) low90 = low;
    }
    if (out[BIDS]! > 0) {
      const high = floorStep(out[BID]! * (1 + 0.03 * u), step);
      const obs = buyObs(out[BID]!, u, step);
      if (nBuy === 0) agg.buyLatest[x] = obs;
      buys[nBuy++] = obs;
      buySum += obs;
      if (j < IN_7D && high > high7) high7 = high;
      if (j < IN_30D && high > high30) high30 = high;
      if (high > high90) high90 = high;
    }
  }
  // Nested: a longer window's extreme includes the shorter window's.
  low30 = Math.min(low30, low7);
  low90 = Math.min(low90, low30);
  high30 = Math.max(high30, high7);
  high90 = Math.max(high90, high30);
  if (low7 < Infinity) agg.low7[x] = low7;
  if (low30 < Infinity) agg.low30[x] = low30;
  if (low90 < Infinity) agg.low90[x] = low90;
  if (high7 > -Infinity) agg.high7[x] = high7;
  if (high30 > -Infinity) agg.high30[x] = high30;
  if (high90 > -Infinity) agg.high90[x] = high90;
  agg.sellK[x] = nSell;
  agg.sellSum[x] = sellSum;
  middleThree(sells, nSell, s.mid);
  storeMid(agg.sellMid, x * 3, s.mid);
  agg.buyK[x] = nBuy;
  agg.buySum[x] = buySum;
  middleThree(buys, nBuy, s.mid);
  storeMid(agg.buyMid, x * 3, s.mid);
  if (withSales && nSale > 0) {
    agg.saleMedian![x] = weightedMedian(salePrices, saleWeight, nSale, s.scratch);
    agg.saleAvg![x] = Math.round(saleSum / saleW);
  }
}

/** New listings and buy orders per day (rates follow sales and depth); only 24h / 7d are reported. */
function aggregateNewOrders(
  sim: GameSim,
  m: number,
  day: number,
  i: number,
  x: number,
  agg: DayAgg,
  s: DayScratch,
): void {
  const model = sim.items;
  const mk = sim.markets[m]!;
  const key = model.key[i]!;
  const vol = model.vol[i]! * salesShare(sim, i, m);
  const lRate = vol * 1.1 + model.depth[i]! * mk.depth * 0.05;
  const bRate = vol * 0.9 + model.depth[i]! * mk.buyDepth * 0.05;
  const listKey = salted(key ^ mk.key, SALT_LIST);
  const buysKey = salted(key ^ mk.key, SALT_BUYS);
  const nd7 = Math.min(pastDays(sim, i), 7);
  for (let j = 0; j < nd7; j++) {
    s.lists[j] = perDay(listKey, lRate, day - 1 - j);
    s.orders[j] = perDay(buysKey, bRate, day - 1 - j);
  }
  fillParts(agg.listParts, x * PARTS_7D, perDay(listKey, lRate, day), s.lists, nd7, PARTS_7D);
  fillParts(agg.buyParts, x * PARTS_7D, perDay(buysKey, bRate, day), s.orders, nd7, PARTS_7D);
}

export function computeHourAgg(sim: GameSim, history: History, m: number, hour: number): HourAgg {
  const { items: model, cells } = sim;
  const n = model.n;
  const { slot, count: nc } = cells.slots(m);
  const hourly = history.hourlyFor(hour);
  const agg: HourAgg = { hour, min24: i32(nc), max24: i32(nc), latestAsk: i32(nc), latestBid: i32(nc) };
  const out = new Float64Array(CELL_SLOTS);
  for (let i = 0; i < n; i++) {
    const x = slot[i]!;
    if (x < 0) continue;
    let min = Infinity;
    let max = -Infinity;
    for (let j = 0; j < HOURS_24; j++) {
      cells.eval(i, m, quantize(sim, i, (hour - j) * EPOCHS_PER_HOUR), hourly.ref[i * HOURS_24 + j]!, out);
      if (out[OFFERS]! > 0) {
        if (out[ASK]! < min) min = out[ASK]!;
        if (agg.latestAsk[x] === -1) agg.latestAsk[x] = out[ASK]!;
      }
      if (out[BIDS]! > 0) {
        if (out[BID]! > max) max = out[BID]!;
        if (agg.latestBid[x] === -1) agg.latestBid[x] = out[BID]!;
      }
    }
    if (min < Infinity) agg.min24[x] = min;
    if (max > -Infinity) agg.max24[x] = max;
  }
  return agg;
}

/** Min of two prices where -1 means none. */
function minOf(a: number, b: number): number {
  return a < 0 ? b : b < 0 ? a : Math.min(a, b);
}

/** Max of two prices where -1 means none. */
function maxOf(a: number, b: number): number {
  return Math.max(a, b);
}

/** Median of the day observations plus today's observation x (-1 = none); `none` when there are none. */
function obsMedian(k: number, mid: Int32Array, base: number, x: number, none: number): number {
  const A = mid[base]!;
  const B = mid[base + 1]!;
  const C = mid[base + 2]!;
  if (x >= 0) return Math.round(medianWithExtra(k, A, B, C, x));
  if (k === 0) return none;
  return Math.round(k % 2 === 1 ? B : (A + B) / 2);
}

/** Mean of the day observations plus today's observation x (-1 = none); `none` when there are none. */
function obsMean(k: number, sum: number, x: number, none: number): number {
  if (x >= 0) return Math.round((sum + x) / (k + 1));
  return k === 0 ? none : Math.round(sum / k);
}

export function computeMarketAnalytics(
  sim: GameSim,
  history: History,
  snap: Snapshot,
  dayAgg: DayAgg,
  hourAgg: HourAgg,
  m: number,
  e: number,
): MarketAnalyticsResult {
  const day = dayAgg.day;
  const at: AnalyticsAt = {
    m,
    e,
    day,
    frac: (e - day * EPOCHS_PER_DAY) / EPOCHS_PER_DAY,
    salesParts: history.recentFor(day).salesParts,
    snapRef: snap.ref,
    d: dayAgg,
    h: hourAgg,
    out: new Float64Array(CELL_SLOTS),
  };
  const result: MarketAnalyticsResult = {
    items: [],
    listings: [],
    buyOrders: [],
    sales: dayAgg.saleMedian !== null ? [] : null,
  };
  const { slot } = sim.cells.slots(m);
  for (let i = 0; i < sim.items.n; i++) {
    const x = slot[i]!;
    if (x < 0) continue;
    result.items.push(i);
    itemAnalytics(sim, at, i, x, result);
  }
  return result;
}

/** What one market's analytics are computed at: the epoch, the day's and hour's aggregates, a cell buffer. */
interface AnalyticsAt {
  readonly m: number;
  readonly e: number;
  readonly day: number;
  /** How far into the day e is (0..1). */
  readonly frac: number;
  readonly salesParts: Int32Array;
  readonly snapRef: ArrayLike<number>;
  readonly d: DayAgg;
  readonly h: HourAgg;
  readonly out: Float64Array;
}

/** One item's listings, buy orders and (Steam) sales analytics, appended to `result`. */
function itemAnalytics(sim: GameSim, at: AnalyticsAt, i: number, x: number, result: MarketAnalyticsResult): void {
  const { m, e, day, frac, d, h, out } = at;
  const step = sim.markets[m]!.step;
  sim.cells.eval(i, m, quantize(sim, i, e), at.snapRef[i]!, out);
  const ask = out[ASK]!;
  const offers = out[OFFERS]!;
  const bid = out[BIDS]! > 0 ? out[BID]! : -1;
  const bids = out[BIDS]!;
  const dipKey = dipKeyOf(sim, i, m);
  const uToday = unit(knot(dipKey, day));

  const min24 = minOf(offers > 0 ? ask : -1, h.min24[x]!);
  const max24 = maxOf(bid, h.max24[x]!);
  const todayAsk = offers > 0 ? ask : h.latestAsk[x]!;
  const todayBid = bid >= 0 ? bid : h.latestBid[x]!;
  const sellToday = todayAsk >= 0 ? sellObs(todayAsk, uToday, step) : -1;
  const buyToday = todayBid >= 0 ? buyObs(todayBid, uToday, step) : -1;
  const base = i * PARTS;
  const b7 = x * PARTS_7D;
  const spreadU = unit(mix32(dipKey ^ e));
  const maxSell =
    offers > 1 ? roundStep(ask * (1 + 2.5 * (1 - Math.exp(-(offers - 1) / 15)) * (0.6 + 0.4 * spreadU)), step) : ask;
  const minBuy = bids > 1 ? floorStep(bid * (1 - 0.6 * (1 - Math.exp(-(bids - 1) / 10))), step) : bid;
  const min7 = minOf(min24, d.low7[x]!);
  const min30 = minOf(min7, d.low30[x]!);
  const min90 = minOf(min30, d.low90[x]!);
  const max7 = maxOf(max24, d.high7[x]!);
  const max30 = maxOf(max7, d.high30[x]!);
  const max90 = maxOf(max30, d.high90[x]!);
  // The spec types every price here as an Integer, never null. An empty window reports the next longer
  // window's value, an empty book the 24h value; with nothing in 90 days, the cell's quote (the ask a
  // listing / the bid an order would have now). Windows still nest, and the values stay plausible.
  const lo90 = min90 >= 0 ? min90 : ask;
  const lo30 = min30 >= 0 ? min30 : lo90;
  const lo7 = min7 >= 0 ? min7 : lo30;
  const lo24 = min24 >= 0 ? min24 : lo7;
  const minSellNow = offers > 0 ? ask : lo24;
  const vbid = out[VBID]!;
  const hi90 = max90 >= 0 ? max90 : vbid;
  const hi30 = max30 >= 0 ? max30 : hi90;
  const hi7 = max7 >= 0 ? max7 : hi30;
  const hi24 = max24 >= 0 ? max24 : hi7;
  const maxBuyNow = bid >= 0 ? bid : hi24;
  const { listings, buyOrders, sales } = result;

  listings.push({
    sell_orders_last_7d: count7d(d.listParts, b7, frac),
    sell_orders_last_24h: count24h(d.listParts, b7, frac),
    median_sell_price_90d: obsMedian(d.sellK[x]!, d.sellMid, x * 3, sellToday, lo90),
    average_sell_price_90d: obsMean(d.sellK[x]!, d.sellSum[x]!, sellToday, lo90),
    latest_sell_order_price: sellToday >= 0 ? sellToday : d.sellLatest[x]! >= 0 ? d.sellLatest[x]! : lo90,
    min_sell_order_price: minSellNow,
    max_sell_order_price: offers > 0 ? Math.max(maxSell, ask) : minSellNow,
    min_sell_order_price_90d: lo90,
    min_sell_order_price_30d: lo30,
    min_sell_order_price_7d: lo7,
    min_sell_order_price_24h: lo24,
  });
  buyOrders.push({
    buy_orders_last_7d: count7d(d.buyParts, b7, frac),
    buy_orders_last_24h: count24h(d.buyParts, b7, frac),
    median_buy_price_90d: obsMedian(d.buyK[x]!, d.buyMid, x * 3, buyToday, hi90),
    average_buy_price_90d: obsMean(d.buyK[x]!, d.buySum[x]!, buyToday, hi90),
    latest_buy_order_price: buyToday >= 0 ? buyToday : d.buyLatest[x]! >= 0 ? d.buyLatest[x]! : hi90,
    min_buy_order_price: bid >= 0 ? Math.min(minBuy, bid) : maxBuyNow,
    max_buy_order_price: maxBuyNow,
    max_buy_order_price_90d: hi90,
    max_buy_order_price_30d: hi30,
    max_buy_order_price_7d: hi7,
    max_buy_order_price_24h: hi24,
  });
  if (sales) {
    const sp = at.salesParts;
    const last90d = count90d(sp, base, frac);
    const todaySale = salePrice(ask, vbid);
    const has = last90d > 0;
    const med = d.saleMedian![x]!;
    const avg = d.saleAvg![x]!;
    const latestDay = d.saleLatest![x]!;
    sales.push({
      last_90d: last90d,
      last_30d: count30d(sp, base, frac),
      last_7d: count7d(sp, base, frac),
      last_24h: count24h(sp, base, frac),
      avg_daily_volume: Math.round((last90d / pastDays(sim, i)) * 100) / 100,
      // Over the 90 completed days; today's sales alone when those had none; with no sale in 90 days
      // (the spec has no null here) the price a sale would have today.
      median_price_90d: has && med >= 0 ? med : todaySale,
      average_price_90d: has && avg >= 0 ? avg : todaySale,
      latest_median_price_sold: has && todayCount(sp, base, frac) === 0 && latestDay >= 0 ? latestDay : todaySale,
    });
  }
}
