/**
 * The backtest over a history recorded here through the history store's own code (fake-indexeddb): seven
 * 1-minute polls, a route that lasts 3 polls and one that lasts 1.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryStore } from '../history/store';
import type { PollInput } from '../history/recorder';
import { effectiveFees } from '../markets/fees';
import { READY_RULES } from './rules';
import { BacktestCancelled, PollTimes, runBacktest, type BacktestInput } from './backtest';
import { unknownFeeMarkets } from './scan';

const NONE = -2147483648;
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const MIN = 60_000;
const ASKS = ['csfloat', 'skinport'];
const BIDS = ['waxpeer', 'skinport'];
const NAMES = ['background', 'one poll', 'three polls'];

/** One poll: per item [csfloat ask, skinport ask] and [waxpeer bid, skinport bid]. */
function poll(k: number, rows: Record<string, [number[], number[]]>): PollInput {
  const ask: number[] = [];
  const bid: number[] = [];
  for (const n of NAMES) {
    const [a, b] = rows[n] ?? [
      [NONE, NONE],
      [NONE, NONE],
    ];
    ask.push(...a);
    bid.push(...b);
  }
  return {
    game: 730,
    at: T0 + k * MIN,
    names: NAMES,
    askMarkets: ASKS,
    bidMarkets: BIDS,
    ask: Int32Array.from(ask),
    bid: Int32Array.from(bid),
    big: [],
  };
}

/** The background item moves at every poll (as a catalog does), with no route: every poll is seen. */
function background(k: number): [number[], number[]] {
  return [
    [20_000 + k, NONE],
    [10_000, NONE],
  ];
}

const NO_ROUTE: [number[], number[]] = [
  [10_000, NONE],
  [9_000, NONE],
];
// Buy on CSFloat at 10.000, sell into Waxpeer's 12.000 (less 5.9 %: 11.292): 1.292.
const ROUTE: [number[], number[]] = [
  [10_000, NONE],
  [12_000, NONE],
];
// Waxpeer's order up to 12.500 (less 5.9 %, 737.5 -> 738: 11.762): 1.762.
const ROUTE_MORE: [number[], number[]] = [
  [10_000, NONE],
  [12_500, NONE],
];

/** Poll by poll: "three polls" has its route at polls 1-3, "one poll" at poll 2 only. */
const POLLS: Array<Record<string, [number[], number[]]>> = [
  { 'one poll': NO_ROUTE, 'three polls': NO_ROUTE },
  { 'one poll': NO_ROUTE, 'three polls': ROUTE },
  { 'one poll': ROUTE, 'three polls': ROUTE_MORE },
  { 'one poll': NO_ROUTE, 'three polls': ROUTE_MORE },
  { 'one poll': NO_ROUTE, 'three polls': NO_ROUTE },
  { 'one poll': NO_ROUTE, 'three polls': NO_ROUTE },
  { 'one poll': NO_ROUTE, 'three polls': NO_ROUTE },
];

let n = 0;
let store: HistoryStore | null = null;
afterEach(() => store?.close());

async function recorded(): Promise<HistoryStore> {
  store = await HistoryStore.open(`backtest-${n++}`);
  for (let k = 0; k < POLLS.length; k++) await store.record(poll(k, { background: background(k), ...POLLS[k] }));
  return store;
}

function input(over: Partial<BacktestInput> = {}): BacktestInput {
  return {
    game: 730,
    rule: READY_RULES.crossToBuyOrder,
    fees: effectiveFees({}, 730),
    unknownFees: unknownFeeMarkets([...ASKS, ...BIDS], {}, 730),
    from: T0,
    to: T0 + 6 * MIN,
    ...over,
  };
}

describe('runBacktest', () => {
  it('gives each route its polls and minutes, and counts those still there one poll later', async () => {
    const s = await recorded();
    const progress: Array<[number, number]> = [];
    const r = await runBacktest(
      s,
      input(),
      (d, t) => progress.push([d, t]),
      () => false,
    );
    expect(r.polls).toBe(7);
    expect(r.items).toBe(3);
    expect(
      r.routes.map((x) => [x.name, x.start - T0, x.end - T0, x.polls, x.minutes, x.profit, x.profitAfter1]),
    ).toEqual([
      ['three polls', 1 * MIN, 4 * MIN, 3, 3, 1_292, 1_762],
      ['one poll', 2 * MIN, 3 * MIN, 1, 1, 1_292, NaN],
    ]);
    expect(r.afterOne).toEqual({ routes: 1, total: 1_762, perDay: 1_762 });
    expect(r.afterFive).toEqual({ routes: 0, total: 0, perDay: 0 });
    expect(r.carriedIn).toBe(0);
    expect(r.notApplied).toEqual([
      'trusted quotes only (no trust computed yet)',
      'minimum depth (offer and order counts not recorded)',
    ]);
    expect(progress.at(-1)).toEqual([3, 3]);
  });

  it('leaves routes there before the range out (counted apart) and keeps one open at its end', async () => {
    const s = await recorded();
    const r = await runBacktest(
      s,
      input({ from: T0 + 2.5 * MIN, to: T0 + 3.5 * MIN }),
      () => {},
      () => false,
    );
    // Both routes were there at 2.5 minutes: neither appeared in the range.
    expect(r.polls).toBe(1);
    expect(r.routes).toEqual([]);
    expect(r.carriedIn).toBe(2);
    const early = await runBacktest(
      s,
      input({ from: T0, to: T0 + 2.5 * MIN }),
      () => {},
      () => false,
    );
    // Polls at 0, 1 and 2 minutes; both routes still there at the last: open (end NaN), minutes to the last poll.
    expect(early.routes.map((x) => [x.name, x.start - T0, x.end, x.polls, x.minutes, x.profitAfter1])).toEqual([
      ['three polls', 1 * MIN, NaN, 2, 1, 1_762],
      ['one poll', 2 * MIN, NaN, 1, 0, NaN],
    ]);
    expect(early.afterOne.routes).toBe(1);
  });

  it('stops between batches when cancelled', async () => {
    const s = await recorded();
    await expect(
      runBacktest(
        s,
        input(),
        () => {},
        () => true,
      ),
    ).rejects.toBeInstanceOf(BacktestCancelled);
  });
});

describe('PollTimes', () => {
  it('reads one poll from times a second apart (chunks started at different polls round to whole seconds differently)', () => {
    const t = new PollTimes(T0, T0 + 10 * MIN);
    for (const at of [T0 + 400, T0 + 1_300, T0 + MIN - 450, T0 + MIN + 480, T0 + 10 * MIN]) t.add(at);
    expect(Array.from(t.sorted(), (x) => x - T0)).toEqual([0, 59_000, 10 * MIN]);
  });
});
