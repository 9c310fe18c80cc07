/**
 * The replay nets only the candidates a change reaches and skips the pick after a change that can only make
 * things worse (backtest.ts ItemReplayer). Checked here against the plain way: every candidate netted and the
 * pair picked again (evaluate.ts pickRoute) after every poll, on a recorded history with ties, gaps and
 * ROI limits, for rules on asks and on bids.
 */
import { describe, expect, it } from 'vitest';
import { decodeChunk, type Chunk } from '../history/chunk-codec';
import { GameRecorder, type PollInput } from '../history/recorder';
import { effectiveFees } from '../markets/fees';
import { mulberry32 } from '../../../shared/random/mulberry32';
import {
  finishRoutes,
  ItemReplayer,
  PollTimes,
  prepareBacktest,
  seriesLayout,
  type PendingRoute,
  type SeriesLayout,
} from './backtest';
import { newItemRow, pickRoute, type LimitsApplied, type PreparedRule } from './evaluate';
import { READY_RULES, type ScanRule } from './rules';
import { unknownFeeMarkets } from './scan';

const NONE = -2147483648;
const ASKS = ['csfloat', 'skinport', 'waxpeer', 'dmarket', 'steamcommunity'];
const BIDS = ['steamcommunity', 'csfloat', 'waxpeer', 'skinport'];
const T0 = Date.UTC(2026, 10, 2);
const MIN = 60_000;
const POLLS = 300;

/** A few items whose prices wander on a coarse grid (so two markets often tie) and vanish now and then. */
function recorded(items: number): { chunks: Chunk[][]; series: string[] } {
  const rnd = mulberry32(5);
  const names = Array.from({ length: items }, (_, i) => `Item ${i}`);
  const ask = new Int32Array(items * ASKS.length);
  const bid = new Int32Array(items * BIDS.length);
  const price = (): number => (rnd() < 0.08 ? NONE : 2_000 + 500 * Math.floor(rnd() * 40));
  for (let c = 0; c < ask.length; c++) ask[c] = price();
  for (let c = 0; c < bid.length; c++) bid[c] = price();
  const rec = new GameRecorder(730);
  const byKey = new Map<string, Chunk>();
  const order: string[][] = names.map(() => []);
  for (let k = 0; k < POLLS; k++) {
    for (let c = 0; c < 6; c++) {
      const arr = rnd() < 0.7 ? ask : bid;
      const at = Math.floor(rnd() * arr.length);
      arr[at] = price();
    }
    const poll: PollInput = {
      game: 730,
      at: T0 + k * MIN,
      names,
      askMarkets: ASKS,
      bidMarkets: BIDS,
      ask,
      bid,
      big: [],
    };
    for (const open of rec.apply(poll).dirty) {
      const key = `${open.n}|${open.st}`;
      if (!byKey.has(key)) order[names.indexOf(open.n)]?.push(key);
      byKey.set(key, open.toChunk());
    }
  }
  return { chunks: order.map((keys) => keys.map((k) => byKey.get(k) as Chunk)), series: rec.series };
}

/** The plain replay: the whole rule after every poll in the range (and at its start). */
function plainReplay(
  p: PreparedRule,
  layout: SeriesLayout,
  applied: LimitsApplied,
  name: string,
  chunks: readonly Chunk[],
  from: number,
  to: number,
  times: PollTimes,
  out: PendingRoute[],
): void {
  const row = newItemRow(layout.askMarkets.length, layout.bidMarkets.length);
  for (const a of [row.ask, row.bid, row.locked, row.offers, row.bidOffers]) a.fill(NaN);
  const liq = { score: NaN, steamSales30d: NaN };
  let open: PendingRoute | null = null;
  let seenBefore = false;
  let looked = false;
  const look = (at: number, carried: boolean): void => {
    const has = pickRoute(p, row, liq, false, applied);
    const b = has ? (p.buy.slug[p.pick.buy] as string) : '';
    const s = has ? (p.sell.slug[p.pick.sell] as string) : '';
    if (open && (!has || open.route.buyMarket !== b || open.route.sellMarket !== s)) {
      if (open.route.name !== '') {
        open.route.end = at;
        out.push(open);
      }
      open = null;
    }
    if (!has) return;
    open ??= {
      route: {
        name: carried ? '' : name,
        buyMarket: b,
        sellMarket: s,
        start: at,
        end: NaN,
        polls: 0,
        minutes: 0,
        profit: p.profit,
        profitAfter1: NaN,
        profitAfter5: NaN,
      },
      t: [],
      p: [],
    };
    open.t.push(at);
    open.p.push(p.profit);
  };
  const points = chunks.map((c) => decodeChunk(c));
  for (const pts of points) {
    for (let q = 0; q < pts.t.length;) {
      const at = pts.t[q] as number;
      if (at > to) break;
      if (at >= from && seenBefore && !looked) {
        looked = true;
        look(from, true);
      }
      for (; q < pts.t.length && pts.t[q] === at; q++) {
        const si = pts.s[q] as number;
        const k = layout.col[si] as number;
        if (k < 0) continue;
        if (layout.side[si] === 1) row.ask[k] = pts.v[q] as number;
        else row.bid[k] = pts.v[q] as number;
      }
      if (at < from) {
        seenBefore = true;
        continue;
      }
      times.add(at);
      looked = true;
      look(at, false);
    }
  }
  const last = open as PendingRoute | null;
  if (last && last.route.name !== '') out.push(last);
}

/** One item's polls through the recorder: [csfloat ask, skinport ask] and [csfloat bid, waxpeer bid] at each. */
function handMade(polls: Array<[number[], number[]]>): { chunks: Chunk[]; series: string[] } {
  const rec = new GameRecorder(730);
  const byKey = new Map<number, Chunk>();
  polls.forEach(([a, b], k) => {
    const poll: PollInput = {
      game: 730,
      at: T0 + k * MIN,
      names: ['Hand'],
      askMarkets: ['csfloat', 'skinport'],
      bidMarkets: ['csfloat', 'waxpeer'],
      ask: Int32Array.from(a),
      bid: Int32Array.from(b),
      big: [],
    };
    for (const open of rec.apply(poll).dirty) byKey.set(open.st, open.toChunk());
  });
  return { chunks: [...byKey.values()], series: rec.series };
}

describe('ItemReplayer', () => {
  it('finds a route that appears when the best pair gets worse and a pair of less profit but a better ROI then passes', () => {
    // Buy on Skinport at 10.700, sell into CSFloat's 12.000 (less 2 %: 11.760): 1.060, ROI 9.9 %, under 10 %.
    // Buy on CSFloat at 10.000, sell into Waxpeer's 11.700 (less 5.9 %: 11.010): 1.010, ROI 10.1 %: less profit, not picked.
    // Skinport's ask rises to 10.800: its pair falls to 960, CSFloat -> Waxpeer is the best and passes.
    const h = handMade([
      [
        [10_000, 10_700],
        [12_000, 11_700],
      ],
      [
        [10_000, 10_800],
        [12_000, 11_700],
      ],
      [
        [10_000, 10_800],
        [12_000, 11_700],
      ],
    ]);
    const layout = seriesLayout(h.series);
    const rule = { ...READY_RULES.crossToBuyOrder, limits: { ...READY_RULES.crossToBuyOrder.limits, minRoi: 0.1 } };
    const input = {
      game: 730,
      rule,
      fees: effectiveFees({}, 730),
      unknownFees: unknownFeeMarkets(['csfloat', 'skinport', 'waxpeer'], {}, 730),
      from: T0,
      to: T0 + 2 * MIN,
    };
    const { prepared, applied } = prepareBacktest(input, layout);
    const times = new PollTimes(input.from, input.to);
    const found: PendingRoute[] = [];
    new ItemReplayer(prepared, layout, applied).replay('Hand', h.chunks, input.from, input.to, times, found);
    expect(
      finishRoutes(found, times, input.from, input.to).routes.map((r) => [
        r.buyMarket,
        r.sellMarket,
        r.start - T0,
        r.profit,
      ]),
    ).toEqual([['csfloat', 'waxpeer', MIN, 1_010]]);
  });

  const h = recorded(12);
  const layout = seriesLayout(h.series);
  const fees = effectiveFees({}, 730);
  const unknownFees = unknownFeeMarkets([...ASKS, ...BIDS], {}, 730);
  const rules: ScanRule[] = [
    READY_RULES.crossToBuyOrder,
    READY_RULES.crossToListing,
    READY_RULES.cashToSteam,
    {
      ...READY_RULES.crossToBuyOrder,
      buy: 'bid-plus-tick',
      limits: { ...READY_RULES.crossToBuyOrder.limits, minRoi: 0.02 },
    },
    { ...READY_RULES.crossToListing, limits: { ...READY_RULES.crossToListing.limits, minRoi: 0.4, minProfit: 200 } },
    // The buy price range (before fees) and locked listings allowed (none are recorded: the ask alone).
    {
      ...READY_RULES.crossToBuyOrder,
      limits: { ...READY_RULES.crossToBuyOrder.limits, priceMin: 5_000, priceMax: 12_000, locked: 'allow' },
    },
  ];
  for (const rule of rules) {
    for (const [from, to] of [
      [T0, T0 + POLLS * MIN],
      [T0 + 40.5 * MIN, T0 + 200 * MIN],
    ] as const) {
      it(`finds the routes the whole rule after every poll finds (${rule.buy} -> ${rule.sell}, ROI >= ${rule.limits.minRoi}, from poll ${(from - T0) / MIN})`, () => {
        const input = { game: 730, rule, fees, unknownFees, from, to };
        const a = prepareBacktest(input, layout);
        const b = prepareBacktest(input, layout);
        const replayer = new ItemReplayer(a.prepared, layout, a.applied);
        const fastTimes = new PollTimes(from, to);
        const plainTimes = new PollTimes(from, to);
        const fast: PendingRoute[] = [];
        const plain: PendingRoute[] = [];
        h.chunks.forEach((chunks, i) => {
          replayer.replay(`Item ${i}`, chunks, from, to, fastTimes, fast);
          plainReplay(b.prepared, layout, b.applied, `Item ${i}`, chunks, from, to, plainTimes, plain);
        });
        const got = finishRoutes(fast, fastTimes, from, to);
        const want = finishRoutes(plain, plainTimes, from, to);
        expect(want.routes.length).toBeGreaterThan(3);
        expect(got).toEqual(want);
      });
    }
  }
});
