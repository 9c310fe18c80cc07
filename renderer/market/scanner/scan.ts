/**
 * One poll's routes: a rule over a whole snapshot (model/snapshot.ts), an item at a time through
 * evaluate.ts, ranked; and the tracker that tells for how many polls, and since when, each route exists.
 */
import { feeOrigin, type FeeOverride } from '../markets/fees';
import type { FeeTable } from '../model/price-arithmetic';
import { BIG, NONE, type Snapshot } from '../model/snapshot';
import {
  emptyRoute,
  evaluateItem,
  newItemRow,
  prepareRule,
  type ItemRow,
  type LimitsApplied,
  type PreparedRule,
  type RouteCore,
  type UnknownFees,
} from './evaluate';
import type { ScanRule } from './rules';

export interface Route extends RouteCore {
  item: number;
  name: string;
  /** The route's identity across polls: item, buy market, sell market (routeKey). */
  key: string;
  /** Polls in a row it has been found (1 at the poll it appears) and the time of the first (ms). */
  polls: number;
  since: number;
}

export interface ScanInput {
  snap: Snapshot;
  rule: ScanRule;
  fees: FeeTable;
  unknownFees: UnknownFees;
  /** Per item (snapshot order): liquidity_score and Steam's 30-day sales, NaN where not loaded; absent: not loaded at all. */
  liquidityScore?: Float64Array | null;
  steamSales30d?: Float64Array | null;
}

export interface ScanResult {
  routes: Route[];
  /** Limits the rule sets that no loaded figure could apply, in words (shown with the result). */
  notApplied: string[];
}

/**
 * The markets whose fee on a side nobody knows (neither a public page nor the user's figure): routes
 * through them are "fee unknown". The seller's side is unknown where its fee is. The buyer's side is
 * unknown only where nothing at all is published for the market: the fee pages of the cash markets publish
 * the seller's commission and no buyer fee (shared/catalog/fee-schedule.ts: buyer null), so a buyer there
 * pays the listed price, as the grid's net ask already counts it.
 */
export function unknownFeeMarkets(
  markets: readonly string[],
  overrides: Readonly<Record<string, FeeOverride>>,
  game: number,
): UnknownFees {
  const buy = new Set<string>();
  const sell = new Set<string>();
  for (const s of markets) {
    const seller = feeOrigin(s, 'seller', overrides, game) === 'unknown';
    if (seller) sell.add(s);
    if (seller && feeOrigin(s, 'buyer', overrides, game) === 'unknown') buy.add(s);
  }
  return { buy, sell };
}

export function routeKey(name: string, buyMarket: string, sellMarket: string): string {
  return `${name}\u0000${buyMarket}\u0000${sellMarket}`;
}

function value(arr: Int32Array, big: ReadonlyMap<number, number>, cell: number): number {
  const v = arr[cell] as number;
  if (v === NONE) return NaN;
  if (v === BIG) return big.get(cell) ?? NaN;
  return v;
}

/** Copies one item's cells of the snapshot into the row (NaN for none; trust flags where known). */
function fillRow(snap: Snapshot, item: number, row: ItemRow): void {
  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;
  const base = item * m;
  for (let k = 0; k < m; k++) {
    const cell = base + k;
    if (snap.listed[cell] === 0) {
      row.ask[k] = NaN;
      row.locked[k] = NaN;
      row.offers[k] = NaN;
    } else {
      row.ask[k] = value(snap.ask, snap.big.ask, cell);
      row.locked[k] = value(snap.locked, snap.big.locked, cell);
      row.offers[k] = value(snap.offers, snap.big.offers, cell);
    }
  }
  const bb = item * b;
  for (let k = 0; k < b; k++) {
    const cell = bb + k;
    if (snap.bidListed[cell] === 0) {
      row.bid[k] = NaN;
      row.bidOffers[k] = NaN;
    } else {
      row.bid[k] = value(snap.bid, snap.big.bid, cell);
      row.bidOffers[k] = value(snap.bidOffers, snap.big.bidOffers, cell);
    }
  }
  const t = snap.trust;
  if (t && t.askFlags.length === snap.n * m && t.bidFlags.length === snap.n * b) {
    // Element by element: a subarray view per item costs more than the copy.
    for (let k = 0; k < m; k++) row.askFlags[k] = t.askFlags[base + k] as number;
    for (let k = 0; k < b; k++) row.bidFlags[k] = t.bidFlags[bb + k] as number;
  }
}

/** The limits a run can apply, and the words for those it cannot. */
export function limitsApplied(
  rule: ScanRule,
  has: { liquidityScore: boolean; steamSales30d: boolean; trust: boolean; depth: boolean },
): { applied: LimitsApplied; notApplied: string[] } {
  const l = rule.limits;
  const notApplied: string[] = [];
  if (l.minLiquidityScore > 0 && !has.liquidityScore)
    notApplied.push('minimum liquidity score (liquidity_score not loaded)');
  if (l.minSteamSales30d > 0 && !has.steamSales30d)
    notApplied.push("minimum Steam sales (Steam's analytics not loaded)");
  if (l.trustedOnly && !has.trust) notApplied.push('trusted quotes only (no trust computed yet)');
  if ((l.minBuyDepth > 0 || l.minSellDepth > 0) && !has.depth)
    notApplied.push('minimum depth (offer and order counts not recorded)');
  return { applied: { ...has }, notApplied };
}

/** Every item's best route under the rule, ranked (rankRoutes' default order); persistence not yet set (polls 1, since NaN). */
export function scanSnapshot(input: ScanInput, prepared?: PreparedRule): ScanResult {
  const { rule, ...rest } = input;
  return scanSnapshotRules(rest, [rule], prepared ? [prepared] : undefined)[0] as ScanResult;
}

/** Several rules over one snapshot in one pass over its items (each item's row is read once for all). */
export function scanSnapshotRules(
  input: Omit<ScanInput, 'rule'>,
  rules: readonly ScanRule[],
  prepared?: readonly PreparedRule[],
): ScanResult[] {
  const { snap } = input;
  const ps = rules.map(
    (rule, r) => prepared?.[r] ?? prepareRule(rule, snap.askMarkets, snap.bidMarkets, input.fees, input.unknownFees),
  );
  const hasTrust = !!snap.trust && snap.trust.askFlags.length === snap.n * snap.askMarkets.length;
  const score = input.liquidityScore ?? null;
  const sales = input.steamSales30d ?? null;
  const limits = rules.map((rule) =>
    limitsApplied(rule, { liquidityScore: !!score, steamSales30d: !!sales, trust: hasTrust, depth: true }),
  );
  const results: ScanResult[] = limits.map((l) => ({ routes: [], notApplied: l.notApplied }));
  const live = ps.map((p) => p.buy.n > 0 && p.sell.n > 0);
  const row = newItemRow(snap.askMarkets.length, snap.bidMarkets.length);
  const liq = { score: NaN, steamSales30d: NaN };
  const out = emptyRoute();
  if (!live.some(Boolean)) return results;
  for (let i = 0; i < snap.n; i++) {
    fillRow(snap, i, row);
    liq.score = score ? (score[i] ?? NaN) : NaN;
    liq.steamSales30d = sales ? (sales[i] ?? NaN) : NaN;
    for (let r = 0; r < ps.length; r++) {
      if (
        !live[r] ||
        !evaluateItem(ps[r] as PreparedRule, row, liq, hasTrust, (limits[r] as { applied: LimitsApplied }).applied, out)
      )
        continue;
      (results[r] as ScanResult).routes.push(toRoute(out, i, snap.names[i] ?? ''));
    }
  }
  for (const res of results) rankRoutes(res.routes);
  return results;
}

/** A found route as its own object (one literal shape, so the many a poll can hold stay cheap). */
function toRoute(o: RouteCore, item: number, name: string): Route {
  return {
    item,
    name,
    key: routeKey(name, o.buyMarket, o.sellMarket),
    polls: 1,
    since: NaN,
    buyMarket: o.buyMarket,
    buyMode: o.buyMode,
    buyPrice: o.buyPrice,
    buyFee: o.buyFee,
    buyNet: o.buyNet,
    sellMarket: o.sellMarket,
    sellMode: o.sellMode,
    sellPrice: o.sellPrice,
    sellFee: o.sellFee,
    sellNet: o.sellNet,
    profit: o.profit,
    roi: o.roi,
    buyDepth: o.buyDepth,
    sellDepth: o.sellDepth,
    sellDays: o.sellDays,
    locked: o.locked,
    feeUnknown: o.feeUnknown,
    trusted: o.trusted,
  };
}

export type RouteColumn =
  | 'name'
  | 'buyMarket'
  | 'buyPrice'
  | 'sellMarket'
  | 'sellPrice'
  | 'profit'
  | 'roi'
  | 'buyDepth'
  | 'sellDepth'
  | 'sellDays'
  | 'polls'
  | 'since';

/**
 * Sorts routes in place by a column (missing values, NaN, last in either direction); ties by net profit
 * (highest first), then by name, so the order is stable across polls. Default: net profit, highest first.
 */
export function rankRoutes(routes: Route[], column: RouteColumn = 'profit', dir: 'asc' | 'desc' = 'desc'): Route[] {
  const sign = dir === 'asc' ? 1 : -1;
  return routes.sort((a, b) => {
    const x = a[column];
    const y = b[column];
    let c = 0;
    if (typeof x === 'string' && typeof y === 'string') c = sign * x.localeCompare(y);
    else {
      const xn = x as number;
      const yn = y as number;
      if (xn !== xn || yn !== yn) c = xn !== xn ? (yn !== yn ? 0 : 1) : -1;
      else if (xn !== yn) c = sign * (xn < yn ? -1 : 1);
    }
    return c || b.profit - a.profit || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  });
}

/**
 * Persistence: for how many polls in a row, and since when, each route (routeKey) has been found. A poll's
 * routes are given in order; a route missing from a poll is dropped, and starts again at 1 if it comes back.
 * One tracker per rule (a route of another rule is another route).
 */
export class RouteTracker {
  private seen = new Map<string, { polls: number; since: number }>();

  update(routes: Route[], at: number): void {
    const next = new Map<string, { polls: number; since: number }>();
    for (const r of routes) {
      const prev = this.seen.get(r.key);
      const s = prev ? { polls: prev.polls + 1, since: prev.since } : { polls: 1, since: at };
      next.set(r.key, s);
      r.polls = s.polls;
      r.since = s.since;
    }
    this.seen = next;
  }

  get size(): number {
    return this.seen.size;
  }
}
