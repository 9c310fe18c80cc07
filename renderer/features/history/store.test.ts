import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CHUNK_SPAN, DAY, GameRecorder, HOUR, MAX_POINTS, sample, type PollInput } from './model';
import { HistoryStore } from './store';

const NONE = -2147483648;
const BIG = -2147483647;
const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);

function poll(at: number, ask: number[][], bid: number[][] = ask.map(() => [NONE]), names = ask.map((_, i) => `item ${i}`)): PollInput {
  return {
    game: 730,
    at,
    names,
    askMarkets: ['steam', 'buff163'],
    bidMarkets: ['steam'],
    ask: Int32Array.from(ask.flat()),
    bid: Int32Array.from(bid.flat()),
    big: [],
  };
}

describe('GameRecorder (change detection and chunk layout)', () => {
  it('writes a baseline at the first poll, then only changes', () => {
    const r = new GameRecorder(730);
    const a = r.apply(poll(T0, [[100, 200], [300, NONE]], [[90], [NONE]]));
    expect(a.changedItems).toBe(2);
    expect(a.points).toBe(6); // every series of both items
    expect(a.dirty.every((c) => c.b === 1)).toBe(true);
    expect(r.open.size).toBe(0); // baselines are closed at once
    const b = r.apply(poll(T0 + 60_000, [[100, 210], [300, NONE]], [[90], [NONE]]));
    expect(b.points).toBe(1);
    expect(b.dirty.map((c) => c.n)).toEqual(['item 0']);
    const rec = b.dirty[0]!.toRecord();
    expect(rec.b).toBe(0);
    expect(Array.from(rec.s)).toEqual([r.series.indexOf('a:buff163')]);
    expect(Array.from(rec.v)).toEqual([210]);
    // A price that disappears is a change to "no value" (NaN), never 0.
    const c = r.apply(poll(T0 + 120_000, [[100, NONE], [300, NONE]], [[90], [NONE]]));
    expect(c.points).toBe(1);
    expect(Number.isNaN(c.dirty[0]!.v[1]!)).toBe(true);
    expect(c.dirty[0]).toBe(b.dirty[0]); // the same open chunk, appended
  });

  it('keeps values beyond Int32 exactly', () => {
    const r = new GameRecorder(730);
    const p = poll(T0, [[BIG, 5]]);
    p.big = [[0, 0, 9_000_000_000_000]];
    const a = r.apply(p);
    expect(a.dirty[0]!.v).toContain(9_000_000_000_000);
  });

  it('opens a new chunk after CHUNK_SPAN, at a new day (with a baseline) and after MAX_POINTS', () => {
    const r = new GameRecorder(730);
    r.apply(poll(T0, [[1, 1]]));
    const x = r.apply(poll(T0 + 1000, [[2, 1]])).dirty[0]!;
    const y = r.apply(poll(T0 + CHUNK_SPAN + 1000, [[3, 1]])).dirty[0]!;
    expect(y).not.toBe(x);
    expect(y.b).toBe(0);
    const z = r.apply(poll(T0 + DAY, [[4, 1]])).dirty[0]!;
    expect(z.b).toBe(1);
    expect(z.size).toBe(3);
    let last = r.apply(poll(T0 + DAY + 1, [[5, 1]])).dirty[0]!;
    const firstOpen = last;
    for (let i = 0; i < MAX_POINTS + 1; i++) last = r.apply(poll(T0 + DAY + 2 + i, [[6 + i, 1]])).dirty[0]!;
    expect(last).not.toBe(firstOpen);
  });
});

describe('sample', () => {
  it('carries values across slots and computes best ask and bid', () => {
    const r = new GameRecorder(730);
    const recs = [
      r.apply(poll(T0, [[100, 200]], [[50]])).dirty[0]!.toRecord(),
      r.apply(poll(T0 + 10 * 60_000, [[100, 80]], [[50]])).dirty[0]!.toRecord(),
    ];
    const s = sample(recs, r.series, T0 - HOUR, T0 + 20 * 60_000, 4);
    expect(s.first).toBe(T0);
    // slots end at T0 + 5, 10, 15, 20 min
    expect(Array.from(s.bestAsk)).toEqual([100, 80, 80, 80]);
    expect(Array.from(s.bestBid)).toEqual([50, 50, 50, 50]);
    expect(s.series).toEqual(['a:steam', 'a:buff163', 'b:steam']);
    const onlySteam = sample(recs, r.series, T0, T0 + 20 * 60_000, 2, (k) => k === 'a:steam');
    expect(onlySteam.series).toEqual(['a:steam']);
    expect(Array.from(onlySteam.bestAsk)).toEqual([100, 100]);
  });

  it('has no slots without history', () => {
    const s = sample([], [], 0, 1000, 10);
    expect(s.first).toBeNull();
    expect(s.times.length).toBe(0);
  });
});

describe('HistoryStore (IndexedDB, fake-indexeddb)', () => {
  let store: HistoryStore | null = null;
  let dbn = 0;
  afterEach(() => store?.close());

  it('records, reads back across sessions, and accounts usage', async () => {
    const name = `t-${dbn++}`;
    store = await HistoryStore.open(name);
    await store.record(poll(T0, [[100, 200], [300, 400]]));
    const r2 = await store.record(poll(T0 + 60_000, [[110, 200], [300, 400]]));
    expect(r2.points).toBe(1);
    expect(r2.changedItems).toBe(1);
    // An older or equal time is ignored (a poll seen twice).
    expect((await store.record(poll(T0 + 60_000, [[1, 1], [1, 1]]))).points).toBe(0);
    const u = await store.usage();
    expect(u.chunks).toBe(3);
    expect(u.bytes).toBeGreaterThan(0);
    store.close();
    // A new session (reload): history is there; the first poll is a baseline again.
    store = await HistoryStore.open(name);
    const h = await store.readItem(730, 'item 0', T0 - HOUR, T0 + 2 * 60_000, 2);
    expect(Array.from(h.bestAsk)).toEqual([110, 110]);
    const r3 = await store.record(poll(T0 + 3 * 60_000, [[120, 200], [300, 400]]));
    expect(r3.changedItems).toBe(2);
    const all = await store.readItem(730, 'item 0', 0, T0 + 3 * 60_000, 3);
    expect(all.first).toBe(T0);
    // slots end at T0 + 1, 2, 3 min
    expect(Array.from(all.bestAsk)).toEqual([110, 110, 120]);
    const sparks = await store.readSparks(730, ['item 1', 'nothing'], T0, T0 + 3 * 60_000, 3, ['buff163']);
    expect(Array.from(sparks[0]!)).toEqual([400, 400, 400]);
    expect(sparks[1]).toBeNull();
  });

  it('drops the oldest chunks past the retention and over the cap; clear empties it', async () => {
    store = await HistoryStore.open(`t-${dbn++}`);
    for (let d = 0; d < 5; d++) await store.record(poll(T0 + d * DAY, [[100 + d, 200], [300, 400]]));
    expect((await store.usage()).chunks).toBe(10);
    const dropped = await store.enforce({ retentionDays: 2, capBytes: 1e9 }, T0 + 4 * DAY);
    expect(dropped).toBe(4); // days 0 and 1 (older than 2 days), 2 items each
    const u = await store.usage();
    expect(u.chunks).toBe(6);
    expect(u.oldest).toBe(T0 + 2 * DAY);
    const one = u.bytes / 6;
    await store.enforce({ retentionDays: 30, capBytes: one * 3 }, T0 + 4 * DAY);
    const after = await store.usage();
    expect(after.bytes).toBeLessThanOrEqual(one * 3 * 0.9 + 1);
    expect(after.oldest).toBe(T0 + 4 * DAY); // oldest first: only the last day remains
    await store.clear();
    expect((await store.usage()).chunks).toBe(0);
    // After a clear the next poll is a baseline.
    expect((await store.record(poll(T0 + 5 * DAY, [[1, 2], [3, 4]]))).points).toBe(6);
  });
});
