import { describe, expect, it } from 'vitest';
import { emptyGameTrust, isTrustData, trustOf, trustOfPoll } from './trust';
import { grid, type Table } from './test-grid';
import { TRUST_FLAG } from './types';

const M = ['a', 'b', 'c', 'frozen'];

/** 20 items on 4 markets; at poll p every market but 'frozen' moves half its items' asks. */
function poll(p: number, frozenMoves = false): Table {
  const t: Table = {};
  for (let i = 0; i < 20; i++) {
    const moved = i % 2 === p % 2 ? 10 * p : 0;
    t[`item ${i}`] = {
      a: 10_000 + moved,
      b: 10_100 + moved,
      c: 9_900 + moved,
      frozen: 10_000 + (frozenMoves ? moved : 0),
    };
  }
  return t;
}

describe('trustOfPoll', () => {
  it('marks the frozen market stalled once the others moved enough, flags its cells, and keeps the others trusted', () => {
    const g = emptyGameTrust(730);
    const t1 = trustOfPoll(g, grid(poll(1), M), 1_000);
    expect(t1.stalls).toEqual([]);
    expect(t1.polls).toBe(1);
    const t2 = trustOfPoll(g, grid(poll(2), M), 2_000);
    expect(t2.stalls.map((s) => [s.market, s.reason, s.since, s.polls])).toEqual([['frozen', 'frozen', 2_000, 1]]);
    expect(t2.askFlags[3]).toBe(TRUST_FLAG.stalledMarket);
    expect([...t2.askFlags.subarray(0, 3)]).toEqual([0, 0, 0]);
    const t3 = trustOfPoll(g, grid(poll(3, true), M), 3_000);
    expect(t3.stalls).toEqual([]);
  });

  it('a poll of a few markets (another page) leaves a stalled market it did not ask for marked, since kept', () => {
    const g = emptyGameTrust(730);
    trustOfPoll(g, grid(poll(1), M), 1_000);
    trustOfPoll(g, grid(poll(2), M), 2_000);
    const only = (t: Table) =>
      Object.fromEntries(Object.entries(t).map(([k, v]) => [k, { a: v.a as number, b: v.b as number }]));
    const few = trustOfPoll(g, grid(only(poll(3)), ['a', 'b']), 3_000);
    expect(few.stalls).toEqual([]);
    const back = trustOfPoll(g, grid(poll(4), M), 4_000);
    expect(back.stalls.map((s) => [s.market, s.since])).toEqual([['frozen', 2_000]]);
  });

  it('flags an outlier in its cell, high, and only it', () => {
    const g = emptyGameTrust(730);
    const t = poll(1);
    t['item 3'] = { a: 10_000, b: 10_100, c: 9_900, frozen: 40_000 };
    const d = trustOfPoll(g, grid(t, M), 1_000);
    const flagged = [...d.askFlags].flatMap((f, cell) => (f ? [[cell, f]] : []));
    expect(flagged).toEqual([[3 * 4 + 3, TRUST_FLAG.outlierHigh]]);
  });

  it('missing bids: a poll of asks only has empty bid arrays that fit its snapshot', () => {
    const g = emptyGameTrust(730);
    const snap = grid(poll(1), M);
    const d = trustOfPoll(g, snap, 1_000);
    expect(d.bidFlags.length).toBe(0);
    expect(isTrustData(d, snap.n, 4, 0)).toBe(true);
    expect(trustOf({ ...snap, trust: d })).toBe(d);
    expect(trustOf({ ...snap, bidMarkets: ['a'], trust: d })).toBeUndefined();
  });

  it('isTrustData refuses arrays of the wrong kind or length, and bad stalls', () => {
    const g = emptyGameTrust(730);
    const d = trustOfPoll(g, grid(poll(1), M), 1_000);
    expect(isTrustData(d, 20, 4, 0)).toBe(true);
    expect(isTrustData(d, 21, 4, 0)).toBe(false);
    expect(isTrustData({ ...d, askFlags: new Int8Array(80) }, 20, 4, 0)).toBe(false);
    expect(isTrustData({ ...d, stalls: [{ market: 'a' }] }, 20, 4, 0)).toBe(false);
    expect(isTrustData({ ...d, storeProblem: 3 }, 20, 4, 0)).toBe(false);
  });
});

describe("carryBids keeps the bids' trust with the bids", () => {
  it('a poll of asks only gets the last bids and their flags and ages, row by row by name', async () => {
    const { carryBids } = await import('../engine/carry-bids');
    const g = emptyGameTrust(730);
    const withBids = grid({ x: { a: 100 }, y: { a: 200 } }, ['a'], { x: { a: 90 }, y: { a: 190 } }, ['a']);
    const last = { ...withBids, trust: trustOfPoll(g, withBids, 1_000) };
    last.trust.bidFlags[1] = TRUST_FLAG.outlierHigh;
    const asksOnly = grid({ y: { a: 200 }, x: { a: 100 }, z: { a: 5 } }, ['a']);
    const carried = carryBids({ ...asksOnly, trust: trustOfPoll(g, asksOnly, 2_000) }, last, 1_000);
    const t = trustOf(carried);
    expect(t).toBeDefined();
    expect([...(t?.bidFlags ?? [])]).toEqual([TRUST_FLAG.outlierHigh, 0, 0]);
    expect(t?.bidChangedAt.length).toBe(3);
    expect(t?.askFirstSeenAt[2]).toBe(2_000);
  });
});
