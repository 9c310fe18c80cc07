import { describe, expect, it } from 'vitest';
import type { PollStat } from './quote-age';
import { findStalls, STALL_MAX_POLLS } from './stalls';

/** One poll's counts: per market [quoted, comparable, changed]. */
function stat(at: number, counts: Record<string, [number, number, number]>): PollStat {
  const markets = Object.keys(counts);
  const col = (j: number) => Int32Array.from(markets.map((m) => (counts[m] as number[])[j] as number));
  return { at, markets, quoted: col(0), comparable: col(1), changed: col(2) };
}

describe('findStalls', () => {
  it('marks a market none of whose quotes moved while the others changed half of theirs: after one poll', () => {
    const s = [
      stat(1, { a: [20, 0, 0], b: [20, 0, 0], f: [20, 0, 0] }),
      stat(2, { a: [20, 20, 10], b: [20, 20, 10], f: [20, 20, 0] }),
    ];
    const out = findStalls(s, 'ask', []);
    expect(out).toEqual([
      {
        market: 'f',
        side: 'ask',
        reason: 'frozen',
        since: 2,
        polls: 1,
        changedShare: 0,
        othersShare: 0.5,
        itemCount: 20,
        itemCountBefore: 20,
      },
    ]);
  });

  it('needs more polls when the others change slowly (10 % of 20 quotes a poll: 3 polls)', () => {
    const slow = (at: number) => stat(at, { a: [20, 20, 2], b: [20, 20, 2], f: [20, 20, 0] });
    expect(findStalls([slow(1), slow(2)], 'ask', [])).toEqual([]);
    expect(findStalls([slow(1), slow(2), slow(3)], 'ask', []).map((x) => [x.market, x.polls])).toEqual([['f', 3]]);
  });

  it('never marks a market when nothing moves anywhere (all equal quotes), or too seldom within the last polls', () => {
    const still = (at: number) => stat(at, { a: [20, 20, 0], b: [20, 20, 0] });
    expect(findStalls([still(1), still(2), still(3)], 'ask', [])).toEqual([]);
    const rare = Array.from({ length: STALL_MAX_POLLS + 3 }, (_, i) =>
      stat(i, { a: [5, 5, 1], b: [5, 5, 1], f: [4, 4, 0] }),
    );
    // 4 quotes x 20 % x 5 polls = 4 changes expected: under the bar.
    expect(findStalls(rare, 'ask', [])).toEqual([]);
  });

  it('one market only: nothing to compare with, never marked', () => {
    expect(findStalls([stat(1, { a: [50, 50, 0] }), stat(2, { a: [50, 50, 0] })], 'bid', [])).toEqual([]);
  });

  it('a market that moves again is no longer marked; while it stays marked, since is the first poll it was', () => {
    const frozen = (at: number) => stat(at, { a: [20, 20, 10], b: [20, 20, 10], f: [20, 20, 0] });
    const first = findStalls([frozen(1)], 'ask', []);
    const second = findStalls([frozen(1), frozen(2)], 'ask', first);
    expect(second[0]?.since).toBe(1);
    expect(
      findStalls([frozen(1), frozen(2), stat(3, { a: [20, 20, 10], b: [20, 20, 10], f: [20, 20, 1] })], 'ask', second),
    ).toEqual([]);
  });

  it('marks a market whose item count fell by more than half while the others held; not when all fell', () => {
    const before = stat(1, { a: [100, 0, 0], b: [100, 0, 0], c: [100, 0, 0] });
    const fell = findStalls([before, stat(2, { a: [100, 100, 1], b: [100, 100, 1], c: [40, 40, 1] })], 'ask', []);
    expect(fell.map((x) => [x.market, x.reason, x.itemCount, x.itemCountBefore])).toEqual([
      ['c', 'count-fell', 40, 100],
    ]);
    expect(findStalls([before, stat(2, { a: [40, 40, 1], b: [40, 40, 1], c: [40, 40, 1] })], 'ask', [])).toEqual([]);
  });

  it('stays marked through quiet polls (nothing moves anywhere, e.g. between the service repricing) until its own quotes move', () => {
    const busy = (at: number) => stat(at, { a: [20, 20, 10], b: [20, 20, 10], f: [20, 20, 0] });
    const quiet = (at: number) => stat(at, { a: [20, 20, 0], b: [20, 20, 0], f: [20, 20, 0] });
    let stats = [busy(1)];
    let prev = findStalls(stats, 'ask', []);
    for (let p = 2; p <= 9; p++) {
      stats = [...stats, quiet(p)].slice(-STALL_MAX_POLLS);
      prev = findStalls(stats, 'ask', prev);
      expect(prev.map((x) => [x.market, x.since])).toEqual([['f', 1]]);
    }
    expect(findStalls([...stats, stat(10, { a: [20, 20, 0], b: [20, 20, 0], f: [20, 20, 2] })], 'ask', prev)).toEqual(
      [],
    );
  });
});
