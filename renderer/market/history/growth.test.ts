/** What Settings says about the space: growth a day at the current rate, and how many days fit. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY, HOUR } from './chunk-codec';
import type { PollInput } from './recorder';
import { daysThatFit, HistoryStore } from './store';

const D0 = Date.UTC(2025, 0, 10);
const MIN = 60_000;
const open: HistoryStore[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

function poll(at: number, v: number): PollInput {
  return {
    game: 730,
    at,
    names: ['a', 'b'],
    askMarkets: ['steam'],
    bidMarkets: [],
    ask: Int32Array.from([v, v + 1]),
    bid: new Int32Array(0),
    big: [],
  };
}

describe('daysThatFit', () => {
  it('counts the last two days at full resolution and the days before consolidated', () => {
    expect(daysThatFit(500, 100, 20)).toBe(2 + 300 / 20);
    // Without a measured consolidated day: the full rate (not counted on).
    expect(daysThatFit(500, 100, null)).toBe(5);
    // A limit under two full days.
    expect(daysThatFit(150, 100, 20)).toBe(1.5);
    expect(daysThatFit(500, 0, null)).toBe(Infinity);
    expect(daysThatFit(500, 100, 20, 1)).toBe(1 + 400 / 20);
    // Three tiers (daily after 7 days, a Settings choice): 2 full days, 5 hourly (until day 7), then daily.
    expect(daysThatFit(500, 100, 20, 2, 5, 7)).toBe(2 + 5 + (500 - 200 - 100) / 5);
    expect(daysThatFit(250, 100, 20, 2, 5, 7)).toBe(2 + 50 / 20);
    // The default: daily as soon as full resolution ends (no hourly days).
    expect(daysThatFit(500, 100, 20, 2, 5)).toBe(2 + 300 / 5);
    // The bench's figures (a full day 106.7 MB, a daily day 9.6 MB): 30 days and more in 500 MB.
    expect(daysThatFit(500e6, 106.7e6, 65.9e6, 2, 9.6e6)).toBeGreaterThan(30);
    // The daily tier not measured yet counts at the hourly rate, and that at the full rate.
    expect(daysThatFit(500, 100, 20, 2, null)).toBe(2 + 300 / 20);
    expect(daysThatFit(500, 100, null, 2, null)).toBe(5);
  });
});

describe('HistoryStore growth a day', () => {
  it('is unknown at first, then today’s bytes over the time they took, a day long', async () => {
    const s = await HistoryStore.open('growth-1');
    open.push(s);
    await s.record(poll(D0 + 8 * HOUR, 100));
    expect((await s.usage()).perDay).toBeNull();
    let added = 0;
    for (let i = 1; i <= 60; i++) added += (await s.record(poll(D0 + 8 * HOUR + i * MIN, 100 + i))).bytesAdded;
    const u = await s.usage();
    const first = u.bytes - added;
    // 60 minutes of writes after the first: the whole day's bytes (baseline included) over the hour, a day long.
    expect(u.perDay).toBeCloseTo(((first + added) / HOUR) * DAY, 0);
    expect(u.hourlyPerDay).toBeNull();
    // Cleared: unknown again.
    await s.clear();
    expect((await s.usage()).perDay).toBeNull();
  });

  it('measures an hourly day once one is done', async () => {
    const s = await HistoryStore.open('growth-2');
    open.push(s);
    // Five markets: one steady and lowest (the best ask barely moves), four moving at every poll.
    const five = (at: number, v: number): PollInput => ({
      ...poll(at, v),
      names: ['a'],
      askMarkets: ['m0', 'm1', 'm2', 'm3', 'm4'],
      ask: Int32Array.from([10, v, v + 1, v + 2, v + 3]),
    });
    for (let i = 0; i < 120; i++) await s.record(five(D0 + 8 * HOUR + i * MIN, 1000 + (i % 7) * 10));
    await s.record(five(D0 + 3 * DAY, 1));
    const before = await s.usage();
    while (!(await s.consolidateStep(D0 + 3 * DAY)).done);
    const u = await s.usage();
    expect(u.hourlyPerDay).toBeGreaterThan(0);
    expect(u.bytes).toBeLessThan(before.bytes);
  });

  it('reads the hourly day a store measured before: its meta keeps the names it was written with', async () => {
    const s = await HistoryStore.open('growth-3');
    open.push(s);
    await s.record(poll(D0 + 8 * HOUR, 100));
    // The 'growth' entry as this and earlier versions write it: the hourly tier's day under 'coarse…'.
    const tx = s.db.transaction('meta', 'readwrite');
    const growth = (await tx.store.get('growth'))?.growth;
    await tx.store.put({
      key: 'growth',
      growth: { ...growth!, coarseDay: 20_097, coarseBytes: 5_000_000, coarseDone: 5_000_000, dailyDone: 900_000 },
    });
    await tx.done;
    const u = await s.usage();
    expect(u.hourlyPerDay).toBe(5_000_000);
    expect(u.dailyPerDay).toBe(900_000);
  });
});
