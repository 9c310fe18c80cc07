import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkName, CHUNK_SPAN, DAY, decodeChunk, HOUR, MAX_POINTS } from './chunk-codec';
import { GameRecorder, MARK, packNames, type PollInput, type ValuesInput } from './recorder';
import { sample } from './sampling';
import { steamMedians, STEAM_MEDIAN_KEYS } from './steam';
import { HistoryStore } from './store';

const NONE = -2147483648;
const BIG = -2147483647;
const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);

function poll(
  at: number,
  ask: number[][],
  bid: number[][] = ask.map(() => [NONE]),
  names = ask.map((_, i) => `item ${i}`),
): PollInput {
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
    const a = r.apply(
      poll(
        T0,
        [
          [100, 200],
          [300, NONE],
        ],
        [[90], [NONE]],
      ),
    );
    expect(a.changedItems).toBe(2);
    expect(a.points).toBe(6); // every series of both items
    expect(a.dirty.every((c) => c.b === 1)).toBe(true);
    expect(r.open.size).toBe(2); // a baseline chunk goes on with the item's changes
    const b = r.apply(
      poll(
        T0 + 60_000,
        [
          [100, 210],
          [300, NONE],
        ],
        [[90], [NONE]],
      ),
    );
    expect(b.points).toBe(1);
    expect(b.dirty.map((c) => c.n)).toEqual(['item 0']);
    const rec = b.dirty[0]!.toChunk();
    expect(rec.b).toBe(1);
    const pts = decodeChunk(rec);
    // The baseline's three series at T0, then the one change.
    expect(Array.from(pts.t)).toEqual([T0, T0, T0, T0 + 60_000]);
    expect(pts.s[3]).toBe(r.series.indexOf('a:buff163'));
    expect(pts.v[3]).toBe(210);
    // A price that disappears is a change to "no value" (NaN), never 0.
    const c = r.apply(
      poll(
        T0 + 120_000,
        [
          [100, NONE],
          [300, NONE],
        ],
        [[90], [NONE]],
      ),
    );
    expect(c.points).toBe(1);
    expect(Number.isNaN(c.dirty[0]!.v.at(-1)!)).toBe(true);
    expect(c.dirty[0]).toBe(b.dirty[0]); // the same open chunk, appended
  });

  it('records the mark as its own series: in the baseline, then only when it changes', () => {
    const r = new GameRecorder(730);
    const asks = [
      [100, 200],
      [300, NONE],
    ];
    const withMark = (at: number, mark: number[]): PollInput => ({ ...poll(at, asks), mark: Float64Array.from(mark) });
    const a = r.apply(withMark(T0, [150, NaN]));
    expect(a.points).toBe(8); // two asks, a bid and the mark of each item
    const mi = r.series.indexOf(MARK);
    expect(mi).toBeGreaterThanOrEqual(0);
    expect(r.apply(withMark(T0 + 60_000, [150, NaN])).points).toBe(0);
    const c = r.apply(withMark(T0 + 120_000, [160, NaN]));
    expect(c.points).toBe(1);
    expect(c.dirty.map((x) => x.n)).toEqual(['item 0']);
    const pts = decodeChunk(c.dirty[0]!.toChunk());
    expect([pts.s.at(-1), pts.v.at(-1), pts.t.at(-1)]).toEqual([mi, 160, T0 + 120_000]);
    // A mark that goes (no trusted ask left) is a change to "no value", never 0.
    const d = r.apply(withMark(T0 + 180_000, [NaN, NaN]));
    expect(d.points).toBe(1);
    expect(Number.isNaN(d.dirty[0]!.v.at(-1)!)).toBe(true);
    // A poll without a mark (an older build's) records nothing of it.
    expect(r.apply(poll(T0 + 240_000, asks)).points).toBe(0);
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
    let last = r.apply(poll(T0 + DAY + 1000, [[5, 1]])).dirty[0]!;
    const firstOpen = last;
    for (let i = 0; i < MAX_POINTS + 1; i++) last = r.apply(poll(T0 + DAY + (2 + i) * 1000, [[6 + i, 1]])).dirty[0]!;
    expect(last).not.toBe(firstOpen);
  });
});

describe('sample', () => {
  it('carries values across slots and computes best ask and bid', () => {
    const r = new GameRecorder(730);
    const recs = [
      r.apply(poll(T0, [[100, 200]], [[50]])).dirty[0]!.toChunk(),
      r.apply(poll(T0 + 10 * 60_000, [[100, 80]], [[50]])).dirty[0]!.toChunk(),
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
    await store.record(
      poll(T0, [
        [100, 200],
        [300, 400],
      ]),
    );
    const r2 = await store.record(
      poll(T0 + 60_000, [
        [110, 200],
        [300, 400],
      ]),
    );
    expect(r2.points).toBe(1);
    expect(r2.changedItems).toBe(1);
    // An older or equal time is ignored (a poll seen twice).
    expect(
      (
        await store.record(
          poll(T0 + 60_000, [
            [1, 1],
            [1, 1],
          ]),
        )
      ).points,
    ).toBe(0);
    const u = await store.usage();
    expect(u.chunks).toBe(2); // the change went on in item 0's baseline chunk
    expect(u.bytes).toBeGreaterThan(0);
    store.close();
    // A new session (reload): history is there, and the day's chunks are read back, so the first poll
    // writes what changed since the last one recorded (no baseline of every item again).
    store = await HistoryStore.open(name);
    const h = await store.readItem(730, 'item 0', T0 - HOUR, T0 + 2 * 60_000, 2);
    expect(Array.from(h.bestAsk)).toEqual([110, 110]);
    const r3 = await store.record(
      poll(T0 + 3 * 60_000, [
        [120, 200],
        [300, 400],
      ]),
    );
    expect(r3.changedItems).toBe(1);
    expect(r3.points).toBe(1);
    expect((await store.usage()).chunks).toBe(2); // item 0's day chunk went on
    const all = await store.readItem(730, 'item 0', 0, T0 + 3 * 60_000, 3);
    expect(all.first).toBe(T0);
    // slots end at T0 + 1, 2, 3 min
    expect(Array.from(all.bestAsk)).toEqual([110, 110, 120]);
    const sparks = await store.readSparks(730, ['item 1', 'nothing'], T0, T0 + 3 * 60_000, 3, ['buff163']);
    expect(Array.from(sparks[0]!)).toEqual([400, 400, 400]);
    expect(sparks[1]).toBeNull();
  });

  it('reads a store recorded without the mark, then records the mark beside it and reads it back', async () => {
    const name = `t-${dbn++}`;
    store = await HistoryStore.open(name);
    // An older build's history: asks and bids only, no mark series.
    await store.record(
      poll(T0, [
        [100, 200],
        [300, 400],
      ]),
    );
    store.close();
    store = await HistoryStore.open(name);
    const old = await store.readItem(730, 'item 0', T0 - HOUR, T0, 1);
    expect(Array.from(old.bestAsk)).toEqual([100]);
    expect(old.series).not.toContain(MARK);
    await store.record({
      ...poll(T0 + 60_000, [
        [100, 200],
        [300, 400],
      ]),
      mark: Float64Array.from([150, 350]),
    });
    const r = await store.record({
      ...poll(T0 + 120_000, [
        [100, 200],
        [300, 400],
      ]),
      mark: Float64Array.from([150, 360]),
    });
    expect(r.points).toBe(1); // item 1's mark moved; nothing else
    store.close();
    store = await HistoryStore.open(name);
    const h = await store.readItem(730, 'item 1', T0 - HOUR, T0 + 120_000, 3);
    const m = h.values[h.series.indexOf(MARK)]!;
    expect(Array.from(m.slice(1))).toEqual([350, 360]);
    expect(Array.from(h.bestAsk)).toEqual([300, 300, 300]);
  });

  it('drops the oldest chunks past the retention and over the cap; clear empties it', async () => {
    store = await HistoryStore.open(`t-${dbn++}`);
    for (let d = 0; d < 5; d++)
      await store.record(
        poll(T0 + d * DAY, [
          [100 + d, 200],
          [300, 400],
        ]),
      );
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
    expect(
      (
        await store.record(
          poll(T0 + 5 * DAY, [
            [1, 2],
            [3, 4],
          ]),
        )
      ).points,
    ).toBe(6);
    // Cleared by the user at a time: prices loaded before it, handed over after it, are not history.
    await store.clear(T0 + 7 * DAY);
    expect(
      (
        await store.record(
          poll(T0 + 7 * DAY - 1_000, [
            [1, 2],
            [3, 4],
          ]),
        )
      ).points,
    ).toBe(0);
    expect((await store.usage()).chunks).toBe(0);
    expect(
      (
        await store.record(
          poll(T0 + 7 * DAY + 1_000, [
            [1, 2],
            [3, 4],
          ]),
        )
      ).points,
    ).toBe(6);
  });
});

/** Steam analytics rows as the analytics worker or the detail panel read them (null: no value). */
function steamRows(
  medians: Array<[latest: number | null, m90: number | null]>,
  names = medians.map((_, i) => `item ${i}`),
) {
  return medians.map(([latest, m90], i) => ({
    market_hash_name: names[i] as string,
    sales: { latest_median_price_sold: latest, median_price_90d: m90 },
  }));
}
const [LATEST, M90] = STEAM_MEDIAN_KEYS as [string, string];

describe('Steam medians (a values stream of the same history)', () => {
  it('makes a ValuesInput of Steam rows, leaving out rows without sales; names cross threads as one string', () => {
    const v = steamMedians(730, T0, [
      ...steamRows([
        [100, 90],
        [null, 80],
      ]),
      { market_hash_name: 'a marketplace row' },
    ]);
    expect(v.stream).toBe('s');
    expect(v.fields.map((f) => `s:${f}`)).toEqual([LATEST, M90]);
    expect(v.names).toBe(packNames(['item 0', 'item 1']));
    expect(typeof v.names).toBe('string');
    expect(Array.from(v.values)).toEqual([100, 90, NaN, 80]);
  });

  it("records a baseline in the item's own Steam chunks, then only changes; an unchanged load adds nothing", () => {
    const r = new GameRecorder(730);
    r.apply(poll(T0, [[100, 200]]));
    const a = r.applyValues(steamMedians(730, T0 + 1000, steamRows([[500, 450]])));
    expect(a.points).toBe(2);
    expect(a.dirty).toHaveLength(1);
    expect(a.dirty[0]!.b).toBe(1);
    expect(a.dirty[0]!.n).toBe(chunkName('item 0', 's'));
    expect(r.series.slice(-2)).toEqual([LATEST, M90]);
    // The same medians again: nothing.
    expect(r.applyValues(steamMedians(730, T0 + 2000, steamRows([[500, 450]]))).points).toBe(0);
    // One median moves: one point, after the baseline in the Steam stream's chunk.
    const c = r.applyValues(steamMedians(730, T0 + 3000, steamRows([[510, 450]])));
    expect(c.points).toBe(1);
    const rec = c.dirty[0]!.toChunk();
    expect(rec.n).toBe(chunkName('item 0', 's'));
    const pts = decodeChunk(rec);
    expect(pts.s.length).toBe(3);
    expect(pts.s[2]).toBe(r.series.indexOf(LATEST));
    expect(pts.v[2]).toBe(510);
    // A median that disappears is a change to "no value", never 0.
    const d = r.applyValues(steamMedians(730, T0 + 4000, steamRows([[510, null]])));
    expect(d.points).toBe(1);
    expect(Number.isNaN(d.dirty[0]!.v.at(-1)!)).toBe(true);
    // The grid's polls are not disturbed: their next change goes to the asks' and bids' own chunks.
    const p = r.apply(poll(T0 + 5000, [[101, 200]]));
    expect(p.points).toBe(1);
    expect(p.dirty[0]!.n).toBe('item 0');
  });

  it('records an item only at a time after its last Steam point (loads may arrive in any order)', () => {
    const r = new GameRecorder(730);
    r.applyValues(steamMedians(730, T0 + 10_000, steamRows([[500, 450]], ['item 0'])));
    // An older answer (e.g. a detail panel's kept whole-game answer): left out for that item only.
    const old = r.applyValues(
      steamMedians(
        730,
        T0 + 5_000,
        steamRows(
          [
            [400, 400],
            [300, 300],
          ],
          ['item 0', 'item 1'],
        ),
      ),
    );
    expect(old.dirty.map((c) => c.n)).toEqual([chunkName('item 1', 's')]);
    expect(old.points).toBe(2);
  });
});

describe('HistoryStore with Steam medians', () => {
  let store: HistoryStore | null = null;
  let dbn = 0;
  afterEach(() => store?.close());

  it('records medians as change points beside the asks and bids; reads return them with the prices', async () => {
    const name = `s-${dbn++}`;
    store = await HistoryStore.open(name);
    await store.record(
      poll(
        T0,
        [
          [100, 200],
          [300, 400],
        ],
        [[90], [NONE]],
      ),
    );
    const first = await store.record(
      steamMedians(
        730,
        T0 + 60_000,
        steamRows([
          [1000, 900],
          [2000, 1900],
        ]),
      ),
    );
    expect(first.points).toBe(4);
    expect(first.changedItems).toBe(2);
    // Unchanged medians add nothing.
    const same = await store.record(
      steamMedians(
        730,
        T0 + 2 * 60_000,
        steamRows([
          [1000, 900],
          [2000, 1900],
        ]),
      ),
    );
    expect(same.points).toBe(0);
    expect(same.bytesWritten).toBe(0);
    // A poll at an earlier time than the Steam load is still recorded (the streams are independent).
    expect(
      (
        await store.record(
          poll(
            T0 + 30_000,
            [
              [110, 200],
              [300, 400],
            ],
            [[90], [NONE]],
          ),
        )
      ).points,
    ).toBe(1);
    const moved = await store.record(
      steamMedians(
        730,
        T0 + 3 * 60_000,
        steamRows([
          [1100, 900],
          [2000, 1900],
        ]),
      ),
    );
    expect(moved.points).toBe(1);
    expect(moved.changedItems).toBe(1);
    expect((await store.usage()).chunks).toBe(2 + 2); // price and Steam baselines (the changes went on in them)

    // slots end at T0 + 1, 2, 3, 4 min
    const h = await store.readItem(730, 'item 0', T0 - HOUR, T0 + 4 * 60_000, 4);
    expect(h.first).toBe(T0);
    expect(h.series).toEqual(expect.arrayContaining(['a:steam', 'a:buff163', 'b:steam', LATEST, M90]));
    const at = (k: string) => Array.from(h.values[h.series.indexOf(k)]!);
    expect(at(LATEST)).toEqual([1000, 1000, 1100, 1100]);
    expect(at(M90)).toEqual([900, 900, 900, 900]);
    // The medians are not asks or bids: the bests are the markets'.
    expect(Array.from(h.bestAsk)).toEqual([110, 110, 110, 110]);
    expect(Array.from(h.bestBid)).toEqual([90, 90, 90, 90]);
    // Only what is asked for is read: the Steam medians alone, or the asks alone (sparklines).
    const onlySteam = await store.readItem(730, 'item 0', T0 - HOUR, T0 + 4 * 60_000, 4, (k) => k.startsWith('s:'));
    expect(onlySteam.series).toEqual([LATEST, M90]);
    expect(onlySteam.first).toBe(T0 + 60_000);
    expect((await store.readSparks(730, ['item 0'], T0, T0 + 4 * 60_000, 2, ['steam']))[0]).toEqual(
      Float64Array.from([110, 110]),
    );

    // A new session: the series list and both streams are read back; a 1-hour range later still shows the
    // medians (carried from the last Steam baseline), and the next Steam load goes on from the day's chunks:
    // the same medians add nothing, a moved one its point.
    store.close();
    store = await HistoryStore.open(name);
    const later = await store.readItem(730, 'item 0', T0 + 3 * HOUR, T0 + 4 * HOUR, 2);
    expect(Array.from(later.values[later.series.indexOf(LATEST)]!)).toEqual([1100, 1100]);
    expect(later.start).toBe(T0 + 3 * HOUR);
    const again = await store.record(steamMedians(730, T0 + 4 * HOUR, steamRows([[1100, 900]])));
    expect(again.points).toBe(0);
    const next = await store.record(steamMedians(730, T0 + 5 * HOUR, steamRows([[1200, 900]])));
    expect([next.points, next.changedItems]).toEqual([1, 1]);
  });

  it('keeps the Steam chunks under the same retention, cap and clear', async () => {
    store = await HistoryStore.open(`s-${dbn++}`);
    for (let d = 0; d < 3; d++) await store.record(steamMedians(730, T0 + d * DAY, steamRows([[1000 + d, 900]])));
    expect((await store.usage()).chunks).toBe(3); // a baseline a day
    expect(await store.enforce({ retentionDays: 1, capBytes: 1e9 }, T0 + 2 * DAY)).toBe(1);
    const h = await store.readItem(730, 'item 0', T0 + DAY, T0 + 2 * DAY, 2);
    expect(Array.from(h.values[h.series.indexOf(LATEST)]!)).toEqual([1001, 1002]);
    await store.clear();
    expect((await store.usage()).chunks).toBe(0);
    const v: ValuesInput = steamMedians(730, T0 + 3 * DAY, steamRows([[1, 1]]));
    expect((await store.record(v)).points).toBe(2);
  });
});
