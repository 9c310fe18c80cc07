/**
 * A rule replayed over the recorded price history (market/history), item by item: each item's chunks decoded
 * in time order and the rule evaluated (evaluate.ts) after every poll that changed a price it reads. A route
 * lives from the poll it appears to the first poll it is gone; "taken after one poll" (and five) counts a
 * route still there at the next poll, its return the net profit then, in cash thousandths. The history keeps
 * prices only (no offers, orders, price_locked, trust or liquidity): those limits cannot apply and the result
 * says so. The README's "Backtest" section gives the details.
 */
import { DAY, decodeInto, PointBuffer, type Chunk } from '../history/chunk-codec';
import type { HistoryStore } from '../history/store';
import { isMarketSeries } from '../history/tiers';
import { netAsk, netBid, type FeeTable } from '../model/price-arithmetic';
import { pickNetted, prepareRule, type LimitsApplied, type PreparedRule, type UnknownFees } from './evaluate';
import type { ScanRule } from './rules';
import { limitsApplied } from './scan';

export interface BacktestInput {
  game: number;
  rule: ScanRule;
  fees: FeeTable;
  unknownFees: UnknownFees;
  /** The range (ms since epoch, both ends included). */
  from: number;
  to: number;
  /** Items to replay (all with history when absent). */
  names?: readonly string[];
}

/** One route's life in the range. */
export interface BacktestRoute {
  name: string;
  buyMarket: string;
  sellMarket: string;
  /** When it appeared and the first poll it was gone (NaN: still there at the range's end). */
  start: number;
  end: number;
  /** Polls it was there (the poll it appeared at counts 1) and minutes from its start to its end (to the last poll when still there). */
  polls: number;
  minutes: number;
  /** Net profit when it appeared, and at one and five polls later (NaN: gone by then). */
  profit: number;
  profitAfter1: number;
  profitAfter5: number;
}

export interface BacktestTaken {
  routes: number;
  /** Sum of their net profits at the poll they were taken (cash thousandths), and that over the range's days. */
  total: number;
  perDay: number;
}

export interface BacktestResult {
  rule: ScanRule;
  game: number;
  from: number;
  to: number;
  items: number;
  polls: number;
  /** Routes that appeared in the range, by start. */
  routes: BacktestRoute[];
  /** Routes already there when the range starts (they did not appear in it: not in `routes`, not counted as taken). */
  carriedIn: number;
  afterOne: BacktestTaken;
  afterFive: BacktestTaken;
  /** The rule's limits the history could not apply, in words. */
  notApplied: string[];
}

export class BacktestCancelled extends Error {
  override readonly name = 'BacktestCancelled';
  constructor() {
    super('The backtest was cancelled.');
  }
}

/** Items read per store transaction (eachItemChunks): progress and a cancel are looked at between batches. */
export const BACKTEST_BATCH = 100;

/** The series layout of a game's history for the replay: each series' side (1 ask, 2 bid, 0 other) and column. */
export interface SeriesLayout {
  askMarkets: string[];
  bidMarkets: string[];
  side: Uint8Array;
  col: Int32Array;
}

export function seriesLayout(series: readonly string[]): SeriesLayout {
  const askMarkets: string[] = [];
  const bidMarkets: string[] = [];
  const side = new Uint8Array(series.length);
  const col = new Int32Array(series.length).fill(-1);
  series.forEach((key, i) => {
    if (!isMarketSeries(key)) return;
    const slug = key.slice(2);
    const list = key.startsWith('a:') ? askMarkets : bidMarkets;
    let k = list.indexOf(slug);
    if (k < 0) k = list.push(slug) - 1;
    side[i] = key.startsWith('a:') ? 1 : 2;
    col[i] = k;
  });
  return { askMarkets, bidMarkets, side, col };
}

/**
 * Chunks keep a point's time as whole seconds after the chunk's start (chunk-codec.ts), and chunks start at
 * different polls, so one poll's time can read up to a second apart in two items' chunks (each within half a
 * second of it). Times this close are one poll (polls are many seconds apart).
 */
const SAME_POLL_MS = 2_000;

/**
 * The poll times seen, one bit a second of the range: marking one is a bit set, where a Set of millisecond
 * times would box every one (7 days: 75 kB). Adjacent seconds marked are one poll (SAME_POLL_MS), at the first.
 */
export class PollTimes {
  private readonly bits: Uint8Array;
  constructor(
    private readonly from: number,
    to: number,
  ) {
    this.bits = new Uint8Array(Math.floor(Math.max(0, to - from) / 8000) + 2);
  }
  add(at: number): void {
    const s = Math.floor((at - this.from) / 1000);
    if (s >= 0 && s >>> 3 < this.bits.length) this.bits[s >>> 3] = (this.bits[s >>> 3] as number) | (1 << (s & 7));
  }
  /** One time per poll, in order (ms). */
  sorted(): Float64Array {
    const out: number[] = [];
    let prev = -2;
    this.bits.forEach((byte, i) => {
      for (let b = 0; byte && b < 8; b++) {
        if (!(byte & (1 << b))) continue;
        const sec = i * 8 + b;
        if (sec !== prev + 1) out.push(this.from + sec * 1000);
        prev = sec;
      }
    });
    return Float64Array.from(out);
  }
}

/** How many samples of a route's profit are kept: its start and its item's next five changes cover five polls on. */
const SAMPLES = 6;

interface Open {
  /** There already at the range's start (found by the look at the state the range starts in). */
  carried: boolean;
  buyMarket: string;
  sellMarket: string;
  start: number;
  t: number[];
  p: number[];
}

/** A route found by a replay, its profit samples kept until the polls are known (finishRoutes). */
export interface PendingRoute {
  route: BacktestRoute;
  t: number[];
  p: number[];
}

/**
 * Replays one item's chunks (one stream, in time order) over [from, to]: its routes, and every poll time
 * seen (added to `times`). Each route's polls and minutes are filled later (finishRoutes), when all polls are known.
 */
export class ItemReplayer {
  private readonly buf = new PointBuffer();
  /**
   * Per series: the buy and the sell candidate whose price it is (-1: none; a market is on a side's list once).
   * A change is netted into its candidate alone, and the pair is picked again only after a change that can
   * alter it: the other candidates' nets still hold (the history has no depth, trust or liquidity to change them).
   */
  private readonly buyOf: Int32Array;
  private readonly sellOf: Int32Array;
  /**
   * Whether a change that leaves a candidate worse (a dearer buy, a lower sale, one gone) can be skipped:
   * every pair's profit then falls or stays, so the route picked (the most profit) stays the most and keeps
   * passing, and with none, none can appear; unless a minimum ROI other than 0 lets a pair of less profit
   * but better ROI pass once the best falls (with 0, passing is profit >= max(minimum, 0), costs being positive).
   */
  private readonly worseKeepsNone: boolean;
  /**
   * A candidate netted straight from the changed value: what netBuyCandidate / netSellCandidate do, less
   * the checks of what the history does not record (trust, depth, price_locked: "locked only" buys nothing).
   */
  private readonly buyAdd: number;
  private readonly sellAdd: number;
  private readonly buyMin: number;
  private readonly buyMax: number;
  constructor(
    private readonly p: PreparedRule,
    layout: SeriesLayout,
    applied: LimitsApplied,
  ) {
    // Candidates are netted from the recorded prices alone (replay): nothing else can be applied.
    if (applied.trust || applied.depth || applied.liquidityScore || applied.steamSales30d)
      throw new Error('The history records prices only: no trust, depth or liquidity limit applies to a replay.');
    const buyOnAsks = p.rule.buy === 'ask';
    const sellOnAsks = p.rule.sell === 'ask-minus-tick';
    const find = (cols: Int32Array, n: number, onAsks: boolean, side: number, k: number): number => {
      if (side !== (onAsks ? 1 : 2)) return -1;
      for (let i = 0; i < n; i++) if (cols[i] === k) return i;
      return -1;
    };
    this.buyOf = Int32Array.from(layout.side, (side, i) =>
      find(p.buy.col, p.buy.n, buyOnAsks, side, layout.col[i] as number),
    );
    this.sellOf = Int32Array.from(layout.side, (side, i) =>
      find(p.sell.col, p.sell.n, sellOnAsks, side, layout.col[i] as number),
    );
    const l = p.rule.limits;
    this.worseKeepsNone = l.minRoi === 0;
    this.buyAdd = p.rule.buy === 'ask' ? 0 : p.rule.tickThousandths;
    this.sellAdd = p.rule.sell === 'bid' ? 0 : -p.rule.tickThousandths;
    this.buyMin = l.locked === 'only' ? Infinity : (l.priceMin ?? -Infinity);
    this.buyMax = l.priceMax ?? Infinity;
  }

  /** Returns how many routes were there already at `from` (left out of `routes`). */
  replay(
    name: string,
    chunks: readonly Chunk[],
    from: number,
    to: number,
    times: PollTimes,
    routes: PendingRoute[],
  ): number {
    this.p.buyVal.fill(NaN);
    this.p.sellVal.fill(NaN);
    let open: Open | null = null;
    let carried = 0;
    let seenBefore = false;
    let evaluatedFrom = false;
    const step = (at: number, carriedIn = false): void => {
      const p = this.p;
      const has = pickNetted(p);
      const buyMarket = has ? (p.buy.slug[p.pick.buy] as string) : '';
      const sellMarket = has ? (p.sell.slug[p.pick.sell] as string) : '';
      if (open && (!has || open.buyMarket !== buyMarket || open.sellMarket !== sellMarket)) {
        if (open.carried) carried++;
        else routes.push(closed(name, open, at));
        open = null;
      }
      if (!has) return;
      if (!open) open = { carried: carriedIn, buyMarket, sellMarket, start: at, t: [], p: [] };
      if (open.t.length < SAMPLES) {
        open.t.push(at);
        open.p.push(p.profit);
      }
    };
    for (const c of chunks) {
      const n = decodeInto(c, this.buf);
      const { t, s, v } = this.buf;
      let q = 0;
      while (q < n) {
        const at = t[q] as number;
        if (at > to) break;
        // The state the range starts in (a route there already starts at `from`).
        if (at >= from && seenBefore && !evaluatedFrom) {
          evaluatedFrom = true;
          step(from, true);
        }
        let touched = false;
        for (; q < n && t[q] === at; q++)
          if (this.change(s[q] as number, v[q] as number, open !== null)) touched = true;
        if (at < from) {
          seenBefore = true;
          continue;
        }
        times.add(at);
        // The first look in the range always evaluates; later, only a change the rule reads can change its route.
        if (touched || !evaluatedFrom) step(at);
        evaluatedFrom = true;
      }
      if (q < n) break;
    }
    if (seenBefore && !evaluatedFrom) step(from, true);
    const last = open as Open | null;
    if (last?.carried) carried++;
    else if (last) routes.push(closed(name, last, NaN));
    return carried;
  }

  /**
   * Nets one recorded change into its buy and sell candidates; true when it can change the item's route
   * (`routeOpen`: the item has a route now).
   */
  private change(si: number, value: number, routeOpen: boolean): boolean {
    const pv = this.p;
    let touched = false;
    // A series the rule does not read (or beyond the layout: a damaged chunk) changes nothing.
    const bi = this.buyOf[si] ?? -1;
    const sj = this.sellOf[si] ?? -1;
    if (bi >= 0) {
      const was = pv.buyVal[bi] as number;
      const price = value + this.buyAdd;
      const now =
        price === price && price > 0 && price >= this.buyMin && price <= this.buyMax
          ? netAsk(price, pv.buy.fee[bi] as number) * (pv.buy.value[bi] as number)
          : NaN;
      pv.buyVal[bi] = now;
      // A cheaper buy (or a new one) may make or change the route; a dearer one only where it is the route's.
      if (now < was || (was !== was && now === now) || (routeOpen ? bi === pv.pick.buy : !this.worseKeepsNone))
        touched = true;
    }
    if (sj >= 0) {
      const was = pv.sellVal[sj] as number;
      const price = value + this.sellAdd;
      let now = NaN;
      if (price === price && price > 0) {
        if (pv.sellMemoPrice[sj] !== price) {
          pv.sellMemoPrice[sj] = price;
          pv.sellMemoNet[sj] = netBid(price, pv.sell.fee[sj] as number);
        }
        now = (pv.sellMemoNet[sj] as number) * (pv.sell.value[sj] as number);
      }
      pv.sellVal[sj] = now;
      if (now > was || (was !== was && now === now) || (routeOpen ? sj === pv.pick.sell : !this.worseKeepsNone))
        touched = true;
    }
    return touched;
  }
}

function closed(name: string, o: Open, end: number): PendingRoute {
  return {
    route: {
      name,
      buyMarket: o.buyMarket,
      sellMarket: o.sellMarket,
      start: o.start,
      end,
      polls: 0,
      minutes: 0,
      profit: o.p[0] as number,
      profitAfter1: NaN,
      profitAfter5: NaN,
    },
    t: o.t,
    p: o.p,
  };
}

/** The first index of a sorted array whose value is >= x. */
function lowerBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Fills each route's polls, minutes and taken profits from the polls seen, and sums what could be taken. */
export function finishRoutes(
  pending: readonly PendingRoute[],
  times: PollTimes,
  from: number,
  to: number,
): { polls: number; routes: BacktestRoute[]; afterOne: BacktestTaken; afterFive: BacktestTaken } {
  const polls = times.sorted();
  const last = polls.length ? (polls[polls.length - 1] as number) : NaN;
  // A range under a day counts as one: scaling minutes up to a day would claim returns nobody saw.
  const days = Math.max(to - from, DAY) / DAY;
  const one = { routes: 0, total: 0, perDay: 0 };
  const five = { routes: 0, total: 0, perDay: 0 };
  const routes: BacktestRoute[] = [];
  for (const { route: r, t, p } of pending) {
    routes.push(r);
    const si = lowerBound(polls, r.start - SAME_POLL_MS + 1);
    const ei = Number.isNaN(r.end) ? polls.length : lowerBound(polls, r.end - SAME_POLL_MS + 1);
    r.polls = ei - si;
    r.minutes = ((Number.isNaN(r.end) ? last : r.end) - r.start) / 60_000;
    const at = (k: number): number => {
      if (si + k >= ei) return NaN;
      const when = (polls[si + k] as number) + SAME_POLL_MS - 1;
      let j = -1;
      while (j + 1 < t.length && (t[j + 1] as number) <= when) j++;
      return j >= 0 ? (p[j] as number) : NaN;
    };
    r.profitAfter1 = at(1);
    r.profitAfter5 = at(5);
    if (!Number.isNaN(r.profitAfter1)) {
      one.routes++;
      one.total += r.profitAfter1;
    }
    if (!Number.isNaN(r.profitAfter5)) {
      five.routes++;
      five.total += r.profitAfter5;
    }
  }
  one.perDay = one.total / days;
  five.perDay = five.total / days;
  routes.sort((a, b) => a.start - b.start || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { polls: polls.length, routes, afterOne: one, afterFive: five };
}

/** The rule laid over the history's markets, and the limits it cannot apply there. */
export function prepareBacktest(
  input: BacktestInput,
  layout: SeriesLayout,
): { prepared: PreparedRule; applied: LimitsApplied; notApplied: string[] } {
  const { applied, notApplied } = limitsApplied(input.rule, {
    liquidityScore: false,
    steamSales30d: false,
    trust: false,
    depth: false,
  });
  if (input.rule.limits.locked === 'only')
    notApplied.push('locked listings only (price_locked is not recorded: no route can be found)');
  if (input.rule.limits.locked === 'allow')
    notApplied.push('locked listings allowed (price_locked is not recorded: tradable asks only)');
  // Offers and orders are not recorded: the depth limits are left out rather than failing every route.
  const rule = { ...input.rule, limits: { ...input.rule.limits, minBuyDepth: 0, minSellDepth: 0 } };
  const prepared = prepareRule(rule, layout.askMarkets, layout.bidMarkets, input.fees, input.unknownFees);
  return { prepared, applied, notApplied };
}

/**
 * The backtest over a history store: items read a batch at a time (one transaction each), progress after
 * each batch, `cancelled` looked at between batches (BacktestCancelled).
 */
export async function runBacktest(
  store: HistoryStore,
  input: BacktestInput,
  onProgress: (done: number, total: number) => void,
  cancelled: () => boolean,
): Promise<BacktestResult> {
  const layout = seriesLayout(await store.seriesOf(input.game));
  const names = input.names ?? (await store.itemNames(input.game));
  const { prepared, applied, notApplied } = prepareBacktest(input, layout);
  const replayer = new ItemReplayer(prepared, layout, applied);
  const times = new PollTimes(input.from, input.to);
  const pending: PendingRoute[] = [];
  let carriedIn = 0;
  for (let i = 0; i < names.length; i += BACKTEST_BATCH) {
    if (cancelled()) throw new BacktestCancelled();
    const batch = names.slice(i, i + BACKTEST_BATCH);
    const got: Chunk[][] = new Array<Chunk[]>(batch.length);
    await store.eachItemChunks(input.game, batch, input.from, input.to, (k, chunks) => (got[k] = chunks));
    batch.forEach(
      (name, k) => (carriedIn += replayer.replay(name, got[k] ?? [], input.from, input.to, times, pending)),
    );
    onProgress(Math.min(i + BACKTEST_BATCH, names.length), names.length);
    // Let a cancel message in between batches.
    await new Promise((r) => setTimeout(r, 0));
  }
  if (cancelled()) throw new BacktestCancelled();
  const done = finishRoutes(pending, times, input.from, input.to);
  return {
    rule: input.rule,
    game: input.game,
    from: input.from,
    to: input.to,
    items: names.length,
    polls: done.polls,
    routes: done.routes,
    carriedIn,
    afterOne: done.afterOne,
    afterFive: done.afterFive,
    notApplied,
  };
}
