/**
 * A poll that asked for asks only (bids every Nth poll, when a request limit is tight): the view keeps the
 * last bids, by item name, with their own time; the history records the poll's asks and nothing of bids
 * (no bid is recorded as gone or changed because a poll did not ask for it). Real snapshots, real recorder.
 */
import { describe, expect, it } from 'vitest';
import { GameRecorder, MARK } from '../history/recorder';
import { computeDerived } from '../model/price-arithmetic';
import { cellValue } from '../model/snapshot';
import { ask, order, snapshotOf } from '../model/test-helpers';
import { carryBids, pollOfAnswer } from './carry-bids';

const ASKS = ['steamcommunity', 'buff163'];
const BIDS = ['buff163', 'youpin'];
const T0 = Date.UTC(2026, 0, 5, 9);

const full = snapshotOf(
  [
    { market_hash_name: 'a', prices: [ask('steamcommunity', 10_000), ask('buff163', 9_000)] },
    { market_hash_name: 'b', prices: [ask('buff163', 5_000)] },
  ],
  [
    { market_hash_name: 'a', orders: [order('buff163', 8_000), order('youpin', 8_100)] },
    { market_hash_name: 'b', orders: [order('youpin', 3_000_000_000)] },
  ],
  ASKS,
  BIDS,
  440,
);

/** The next poll: asks only, the items in another order, a new item 'c', and 'a' cheaper on Steam. */
const asksOnly = snapshotOf(
  [
    { market_hash_name: 'c', prices: [ask('steamcommunity', 700)] },
    { market_hash_name: 'b', prices: [ask('buff163', 5_000)] },
    { market_hash_name: 'a', prices: [ask('steamcommunity', 9_500), ask('buff163', 9_000)] },
  ],
  null,
  ASKS,
  [],
  440,
);

describe('carryBids', () => {
  it('keeps the last bids by item name, with their own time; a new item has none yet', () => {
    const s = carryBids(asksOnly, full, T0);
    expect(s.bidMarkets).toEqual(BIDS);
    expect(s.bidsAt).toBe(T0);
    const bid = (name: string, market: string) =>
      cellValue(s, 'bid', s.indexOfName(name) * BIDS.length + (s.bidIndex.get(market) as number));
    expect(bid('a', 'buff163')).toBe(8_000);
    expect(bid('a', 'youpin')).toBe(8_100);
    // A value beyond Int32 is kept exactly.
    expect(bid('b', 'youpin')).toBe(3_000_000_000);
    expect(bid('b', 'buff163')).toBeNull();
    expect(bid('c', 'buff163')).toBeNull();
    // The asks are the new poll's.
    expect(cellValue(s, 'ask', s.indexOfName('a') * ASKS.length)).toBe(9_500);
  });

  it('the history records a poll that asked for asks only as asks only: no bid recorded as changed or gone', () => {
    const rec = new GameRecorder(440);
    rec.apply(pollOfAnswer({ snap: full, at: T0, bidsFresh: true }));
    const next = carryBids(asksOnly, full, T0);
    const { dirty, points } = rec.apply(pollOfAnswer({ snap: next, at: T0 + 60_000, bidsFresh: false }));
    // 'a' on Steam changed (its mark did not: 9,000 before and after), 'c' is new (its
    // baseline: the ask series and its mark); nothing of bids.
    const keys: string[] = [];
    for (const c of dirty) {
      const p = c.points();
      p.t.forEach((t, i) => {
        if (t === T0 + 60_000) keys.push(rec.series[p.s[i] as number] as string);
      });
    }
    expect(keys.sort()).toEqual(['a:steamcommunity', 'a:steamcommunity', 'a:buff163', MARK].sort());
    expect(points).toBe(4);
  });

  it("records the item's mark as computed over every trusted quote, gross of fees, whatever the view's net setting", () => {
    const three = snapshotOf(
      [
        {
          market_hash_name: 'a',
          prices: [ask('steamcommunity', 10_000, 5), ask('buff163', 9_000, 20), ask('youpin', 9_400, 10)],
        },
        { market_hash_name: 'b', prices: [] },
      ],
      [{ market_hash_name: 'a', orders: [order('buff163', 8_000)] }],
      ['steamcommunity', 'buff163', 'youpin'],
      ['buff163'],
      730,
    );
    const gross = computeDerived({ snap: three, askCols: [0, 1, 2], bidCols: [0], fees: {}, net: false }).mark;
    // The view's figures net of a fee: the history keeps the raw, gross mark as it keeps raw quotes.
    three.derived = {
      key: 'net',
      data: computeDerived({
        snap: three,
        askCols: [0, 1, 2],
        bidCols: [0],
        fees: { buff163: { buyBps: 2_000, sellBps: 250 } },
        net: true,
      }),
    };
    const poll = pollOfAnswer({ snap: three, at: T0, bidsFresh: true });
    expect(poll.mark && Array.from(poll.mark)).toEqual(Array.from(gross));
    expect(poll.mark?.[0]).toBeGreaterThanOrEqual(9_000);
    expect(poll.mark?.[0]).toBeLessThanOrEqual(10_000);
    expect(Number.isNaN(poll.mark?.[1])).toBe(true); // The worker's own gross mark, when it sent one (its figures were net), is the one recorded; a poll
    // with carried bids has it dropped with the figures (the bids it was bounded by were not there).
    three.historyMark = Float64Array.from([9_100, NaN]);
    expect(Array.from(pollOfAnswer({ snap: three, at: T0, bidsFresh: true }).mark ?? [])).toEqual([9_100, NaN]);
    expect(carryBids(three, three, T0).historyMark).toBeUndefined();
  });
});
