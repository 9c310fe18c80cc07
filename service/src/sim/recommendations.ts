/**
 * Price recommendations: every field and flag follows from the snapshot and the history by the rules in
 * README.md ("Recommendation rules"). `explainRecommendation` exposes an item's inputs so tests can check
 * each flag against its rule.
 */
import type { PriceRecommendation } from '../../../shared/api/types';
import type { RecommendationType, UnstableReason } from '../../../shared/api/schema';
import type { GameSim } from './game-sim';
import { DAYS, type HourlyHistory, type RecentHistory } from './history';
import { marketKind } from './served';
import type { Snapshot } from './snapshot';
import { HOURS_24 } from './time';
import { salesShare } from './analytics';
import { count90d, PARTS } from './windows';

/** Thresholds of the rules (README.md). */
export const RULES = {
  /** NOT_POPULAR when 90-day sales on the considered markets are below this. */
  notPopularSales: 30,
  /** LISTINGS_PRICE when the lowest ask deviates from the suggested price by more than this (percent). */
  listingsPricePct: 25,
  /** BIG_LISTINGS_DIFFERENCE when the second-cheapest ask exceeds the cheapest by more than this (percent). */
  bigListingsDiffPct: 30,
  /** BOOST_RISK: thin (90-day sales below this) ... */
  boostMaxSales: 300,
  /** ... and the recent peak of the reference price is at least this multiple of its 30-day median. */
  boostSpikeRatio: 1.25,
  /** THREE_MONTH_SALES when the item's history is shorter than this many days. */
  historyDays: 90,
} as const;

/** The inputs of one item's recommendation. */
export interface RecommendationInputs {
  /** Slugs of the considered markets. */
  markets: string[];
  /** 90-day sales per considered market (0 where the market doesn't carry the item). */
  salesByMarket: number[];
  totalSales: number;
  /** Current asks of the considered markets with listings, ascending. */
  asks: number[];
  totalOffers: number;
  /** Best bid among the considered markets with buy orders, or null. */
  bestBid: number | null;
  /** Median of the item's reference price over the last 30 days. */
  refMedian30: number;
  /** Max of the reference price over the last 6 days, the last 24 hours and now. */
  recentPeak: number;
  /** The reference price now. */
  refNow: number;
  ageDays: number;
  /** Sales-weighted price level of the considered markets (1 without sales). */
  level: number;
}

/**
 * The market set a recommendation considers: the game's markets served for min prices, by type (p2p only /
 * all but gambling; kinds from the catalog, an unknown name counts as p2p), then the REST filter.
 */
export function consideredMarkets(
  sim: GameSim,
  type: RecommendationType,
  filter: readonly string[] | undefined,
): number[] {
  const out: number[] = [];
  for (const m of sim.minPriceMarkets) {
    const s = sim.slugs[m]!;
    const kind = marketKind(s);
    const allowed = type === 'p2p' ? kind === 'p2p' : kind !== 'gambling';
    if (allowed && (filter === undefined || filter.includes(s))) out.push(m);
  }
  return out;
}

export interface RecContext {
  sim: GameSim;
  snap: Snapshot;
  recent: RecentHistory;
  hourly: HourlyHistory;
  /** Fraction of today elapsed. */
  frac: number;
}

/** Column of each market in the max-orders snapshot, -1 when it has no buy orders. */
function orderSlots(sim: GameSim): Int32Array {
  const s = new Int32Array(sim.markets.length).fill(-1);
  sim.orderMarkets.forEach((m, k) => {
    s[m] = k;
  });
  return s;
}

export function recommendationInputs(ctx: RecContext, markets: readonly number[], i: number): RecommendationInputs {
  const { sim, snap, recent, hourly } = ctx;
  const M = sim.markets.length;
  const mp = snap.minPrices;
  const mo = snap.maxOrders;
  const K = mo.markets.length;
  const slots = orderSlots(sim);
  const s90 = count90d(recent.salesParts, i * PARTS, ctx.frac);
  const salesByMarket: number[] = [];
  const asks: number[] = [];
  let totalSales = 0;
  let totalOffers = 0;
  let bestBid = -1;
  let levelSum = 0;
  for (const m of markets) {
    const c = i * M + m;
    const s = sim.cells.carried[c] === 1 ? Math.floor(s90 * salesShare(sim, i, m)) : 0;
    salesByMarket.push(s);
    totalSales += s;
    levelSum += s * sim.markets[m]!.level;
    const p = mp.price[c]!;
    if (p >= 0) {
      asks.push(p);
      totalOffers += mp.offers[c]!;
    }
    const k = slots[m]!;
    if (k >= 0 && mo.price[i * K + k]! > bestBid) bestBid = mo.price[i * K + k]!;
  }
  asks.sort((a, b) => a - b);
  let peak = Math.max(recent.refMax6[i]!, snap.ref[i]!);
  for (let j = 0; j < HOURS_24; j++) peak = Math.max(peak, hourly.ref[i * HOURS_24 + j]!);
  const age = sim.items.ageDays[i]!;
  return {
    markets: markets.map((m) => sim.slugs[m]!),
    salesByMarket,
    totalSales,
    asks,
    totalOffers,
    bestBid: bestBid >= 0 ? bestBid : null,
    refMedian30: recent.refMedian30[i]!,
    recentPeak: peak,
    refNow: snap.ref[i]!,
    ageDays: age === 0 ? DAYS : age,
    level: totalSales > 0 ? levelSum / totalSales : 1,
  };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** liquidity_score: 65% from daily sales (log scale, 2,000/day = full), 35% from listings (20,000 = full). */
function liquidityScore(totalSales90: number, totalOffers: number): number {
  const sales = Math.log10(1 + totalSales90 / 90) / Math.log10(1 + 2000);
  const depth = Math.log10(1 + totalOffers) / Math.log10(1 + 20000);
  const s = 0.65 * Math.min(1, sales) + 0.35 * Math.min(1, depth);
  return Math.max(0, Math.min(10000, Math.round(s * 10000)));
}

/** The rules, on scalar inputs (the bulk path avoids per-item arrays). */
function decide(
  name: string,
  totalSales: number,
  totalOffers: number,
  lowest: number,
  second: number,
  bestBid: number,
  refMedian30: number,
  level: number,
  recentPeak: number,
  ageDays: number,
  refNow: number,
): PriceRecommendation {
  // The spec has no null in a recommendation: without sales, listings or buy orders the suggestion falls back
  // to the reference price itself; the difference is measured against the lowest ask, else the best bid,
  // else the suggestion (0).
  let suggested: number;
  if (totalSales > 0 && Number.isFinite(refMedian30)) suggested = Math.max(1, Math.round(refMedian30 * level));
  else
    suggested =
      lowest >= 0
        ? lowest
        : bestBid >= 0
          ? bestBid
          : Math.max(1, Math.round(Number.isFinite(refMedian30) ? refMedian30 : refNow));
  const current = lowest >= 0 ? lowest : bestBid >= 0 ? bestBid : suggested;
  const diff = current - suggested;
  const pct = round2((diff / suggested) * 100);
  const reasons: UnstableReason[] = [];
  if (totalSales < RULES.notPopularSales) reasons.push('NOT_POPULAR');
  if (bestBid < 0) reasons.push('NO_ORDERS');
  if (lowest < 0) reasons.push('NO_LISTINGS');
  if (totalSales > 0 && lowest >= 0 && Math.abs(pct) > RULES.listingsPricePct) reasons.push('LISTINGS_PRICE');
  if (lowest >= 0 && second >= 0 && (second - lowest) * 100 > RULES.bigListingsDiffPct * lowest)
    reasons.push('BIG_LISTINGS_DIFFERENCE');
  if (totalSales < RULES.boostMaxSales && recentPeak >= RULES.boostSpikeRatio * refMedian30) reasons.push('BOOST_RISK');
  if (totalSales === 0) reasons.push('NO_THREE_MONTH_SALES');
  if (ageDays < RULES.historyDays) reasons.push('THREE_MONTH_SALES');
  return {
    market_hash_name: name,
    suggested_price: suggested,
    unstable_reasons: reasons,
    total_sales: totalSales,
    price_difference: diff,
    price_change_percentage: pct,
    liquidity_score: liquidityScore(totalSales, totalOffers),
  };
}

/** Recommendations for every item of the game over the considered markets. */
export function recommendAll(ctx: RecContext, markets: readonly number[]): PriceRecommendation[] {
  const { sim, snap, recent, hourly, frac } = ctx;
  const n = sim.items.n;
  const M = sim.markets.length;
  const mp = snap.minPrices;
  const mo = snap.maxOrders;
  const K = mo.markets.length;
  const slots = orderSlots(sim);
  const ms = Int32Array.from(markets);
  const levels = Float64Array.from(markets, (m) => sim.markets[m]!.level);
  const out = new Array<PriceRecommendation>(n);
  for (let i = 0; i < n; i++) {
    const s90 = count90d(recent.salesParts, i * PARTS, frac);
    let totalSales = 0;
    let totalOffers = 0;
    let levelSum = 0;
    let lowest = -1;
    let second = -1;
    let bestBid = -1;
    for (let x = 0; x < ms.length; x++) {
      const m = ms[x]!;
      const c = i * M + m;
      if (sim.cells.carried[c] === 0) continue;
      if (s90 > 0) {
        const s = Math.floor(s90 * salesShare(sim, i, m));
        totalSales += s;
        levelSum += s * levels[x]!;
      }
      const p = mp.price[c]!;
      if (p >= 0) {
        totalOffers += mp.offers[c]!;
        if (lowest < 0 || p < lowest) {
          second = lowest;
          lowest = p;
        } else if (second < 0 || p < second) second = p;
      }
      const k = slots[m]!;
      if (k >= 0 && mo.price[i * K + k]! > bestBid) bestBid = mo.price[i * K + k]!;
    }
    let peak = Math.max(recent.refMax6[i]!, snap.ref[i]!);
    for (let j = 0; j < HOURS_24; j++) peak = Math.max(peak, hourly.ref[i * HOURS_24 + j]!);
    const age = sim.items.ageDays[i]!;
    out[i] = decide(
      sim.names[i]!,
      totalSales,
      totalOffers,
      lowest,
      second,
      bestBid,
      recent.refMedian30[i]!,
      totalSales > 0 ? levelSum / totalSales : 1,
      peak,
      age === 0 ? DAYS : age,
      snap.ref[i]!,
    );
  }
  return out;
}
