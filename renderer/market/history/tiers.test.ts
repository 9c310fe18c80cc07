import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY, decodeChunk, HOUR, type Chunk } from './chunk-codec';
import { GameRecorder, type PollInput } from './recorder';
import { sample } from './sampling';
import { HistoryStore } from './store';
import {
  BEST_ASK,
  BEST_BID,
  blockEnd,
  blockStart,
  CONSOLIDATE_AFTER,
  consolidate,
  DAILY_AFTER,
  DAILY_STEP,
  highKey,
  joinDays,
  lowKey,
} from './tiers';

const NONE = -2147483648;
/** A day's start (UTC) and a minute. */
const D0 = Date.UTC(2025, 0, 10);
const MIN = 60_000;

function poll(at: number, rows: Array<[number, number, number]>, names = rows.map((_, i) => `item ${i}`)): PollInput {
  // Per item: steam ask, buff ask, steam bid.
  return {
    game: 730,
    at,
    names,
    askMarkets: ['steam', 'buff163'],
    bidMarkets: ['steam'],
    ask: Int32Array.from(rows.flatMap((r) => [r[0], r[1]])),
    bid: Int32Array.from(rows.map((r) => r[2])),
    big: [],
  };
}

/** A deterministic walk of one item's three prices, one poll a minute (the ask at buff163 sometimes gone). */
function walk(minutes: number, seed = 1): Array<[number, number, number]> {
  let a = seed;
  const rnd = () => (a = (a * 1103515245 + 12345) % 2147483648) / 2147483648;
  let p: [number, number, number] = [10_000, 10_200, 9_500];
  const out: Array<[number, number, number]> = [];
  for (let i = 0; i < minutes; i++) {
    const k = Math.floor(rnd() * 6);
    if (k < 3) {
      const next = [...p] as [number, number, number];
      next[k] =
        k === 1 && rnd() < 0.2
          ? NONE
          : Math.max(1, (p[k] === NONE ? 10_000 : (p[k] as number)) + Math.round((rnd() - 0.5) * 400));
      p = next;
    }
    out.push(p);
  }
  return out;
}

describe('consolidate (one item, one day)', () => {
  it('keeps each market’s last value per hour, its low and high, and the best ask and bid at every poll', () => {
    const r = new GameRecorder(730);
    const prices = walk(3 * 60);
    const chunks = new Map<number, Chunk>();
    for (let i = 0; i < prices.length; i++)
      for (const c of r.apply(poll(D0 + 8 * HOUR + i * MIN, [prices[i]!])).dirty) chunks.set(c.st, c.toChunk());
    const full = [...chunks.values()];
    const head = full[0]!;
    const out = consolidate(head, full.map(decodeChunk), r.series, (k) => r.keyIndex(k));
    expect(out).toMatchObject({ g: 730, n: 'item 0', st: head.st, b: 1, r: HOUR });
    expect(out.bytes).toBeLessThan(full.reduce((a, c) => a + c.bytes, 0));
    const pts = decodeChunk(out);
    const at = (key: string) => {
      const s = r.series.indexOf(key);
      const m = new Map<number, number>();
      for (let p = 0; p < pts.s.length; p++) if (pts.s[p] === s) m.set(pts.t[p]!, pts.v[p]!);
      return m;
    };
    // Per hour end: the last value, and the low and high held in the hour (told apart from what is implied).
    const steam = at('a:steam');
    const lows = at(lowKey('a:steam'));
    const highs = at(highKey('a:steam'));
    // Steps are (end - 1 h, end]: the baseline at 8:00 ends the first one.
    expect(steam.get(D0 + 8 * HOUR)).toBe(prices[0]![0]);
    for (let h = 0; h < 3; h++) {
      const end = D0 + (9 + h) * HOUR;
      const inHour = prices.slice(h * 60 + 1, (h + 1) * 60 + 1).map((p) => p[0]);
      const carried = prices[h * 60]![0];
      const held = [carried, ...inHour];
      const last = inHour[inHour.length - 1]!;
      expect(steam.get(end)).toBe(last);
      expect(lows.get(end) ?? Math.min(carried, last)).toBe(Math.min(...held));
      expect(highs.get(end) ?? Math.max(carried, last)).toBe(Math.max(...held));
    }
    // The bests: exactly every poll's (change points), over every market.
    const bestAsk = at(BEST_ASK);
    const bestBid = at(BEST_BID);
    let ba = NaN;
    let bb = NaN;
    for (let i = 0; i < prices.length; i++) {
      const [s1, b1, bid] = prices[i]!;
      const ask = Math.min(...[s1, b1].filter((x) => x !== NONE));
      const t = D0 + 8 * HOUR + i * MIN;
      if (ask !== ba) expect(bestAsk.get(t)).toBe(ask);
      else expect(bestAsk.has(t)).toBe(false);
      if (bid !== bb) expect(bestBid.get(t)).toBe(bid);
      else expect(bestBid.has(t)).toBe(false);
      ba = ask;
      bb = bid;
    }
  });

  it('no best-bid point when the best bid is unchanged (another market’s lower bid moved), one when it moves', () => {
    const r = new GameRecorder(730);
    // Two bid markets: steam's bid stays the best for three polls while buff163's moves below it.
    const bids: Array<[number, number]> = [
      [9_500, 9_000],
      [9_500, 9_100],
      [9_500, 8_900],
      [9_600, 8_900],
      [9_600, 9_700],
    ];
    const chunks = new Map<number, Chunk>();
    bids.forEach(([steam, buff], i) => {
      const p: PollInput = {
        game: 730,
        at: D0 + 8 * HOUR + i * MIN,
        names: ['item 0'],
        askMarkets: ['steam'],
        bidMarkets: ['steam', 'buff163'],
        ask: Int32Array.from([10_000]),
        bid: Int32Array.from([steam, buff]),
        big: [],
      };
      for (const c of r.apply(p).dirty) chunks.set(c.st, c.toChunk());
    });
    const full = [...chunks.values()];
    const pts = decodeChunk(consolidate(full[0]!, full.map(decodeChunk), r.series, (k) => r.keyIndex(k)));
    const seriesAt = (key: string) =>
      new Map(
        Array.from(pts.t, (t, i) => [r.series[pts.s[i]!], t, pts.v[i]!] as const)
          .filter(([k]) => k === key)
          .map(([, t, v]) => [t, v]),
      );
    const best = seriesAt(BEST_BID);
    expect([...best.entries()]).toEqual([
      [D0 + 8 * HOUR, 9_500],
      [D0 + 8 * HOUR + 3 * MIN, 9_600],
      [D0 + 8 * HOUR + 4 * MIN, 9_700],
    ]);
    // The best ask never moved: its baseline point only.
    expect([...seriesAt(BEST_ASK).entries()]).toEqual([[D0 + 8 * HOUR, 10_000]]);
  });
});

describe('consolidate to daily steps (the hourly day again, after DAILY_AFTER)', () => {
  /** An item polled every minute over a whole day (from 00:00), its chunks, and its prices. */
  function day(seed: number) {
    const r = new GameRecorder(730);
    const prices = walk(24 * 60, seed);
    const chunks = new Map<number, Chunk>();
    for (let i = 0; i < prices.length; i++)
      for (const c of r.apply(poll(D0 + i * MIN, [prices[i]!])).dirty) chunks.set(c.st, c.toChunk());
    return { r, prices, full: [...chunks.values()].sort((a, b) => a.st - b.st) };
  }
  const seriesAt = (r: GameRecorder, pts: ReturnType<typeof decodeChunk>, key: string) => {
    const s = r.series.indexOf(key);
    const m = new Map<number, number>();
    for (let p = 0; p < pts.s.length; p++) if (pts.s[p] === s) m.set(pts.t[p]!, pts.v[p]!);
    return m;
  };

  it('keeps per market the day’s last (at the day’s last second, no low or high), the bests at every poll, and is the same from the hourly day or the full one', () => {
    const { r, prices, full } = day(7);
    const head = full[0]!;
    const hourly = consolidate(head, full.map(decodeChunk), r.series, (k) => r.keyIndex(k));
    const viaHourly = consolidate(head, [decodeChunk(hourly)], r.series, (k) => r.keyIndex(k), DAILY_STEP);
    const direct = consolidate(head, full.map(decodeChunk), r.series, (k) => r.keyIndex(k), DAILY_STEP);
    expect(viaHourly).toMatchObject({ g: 730, n: 'item 0', st: D0, b: 1, r: DAY });
    expect(viaHourly.bytes).toBeLessThan(hourly.bytes);
    const a = decodeChunk(viaHourly);
    const b = decodeChunk(direct);
    // The same points either way (the hourly lows and highs fold into the day's).
    const asSet = (p: typeof a) => new Set(Array.from(p.t, (t, i) => `${r.series[p.s[i]!]}@${t}=${p.v[i]}`));
    expect(asSet(a)).toEqual(asSet(b));
    const end = D0 + DAY - 1000;
    for (const [col, key] of [
      [0, 'a:steam'],
      [1, 'a:buff163'],
      [2, 'b:steam'],
    ] as const) {
      const vals = prices.map((p) => p[col]);
      const last = vals[vals.length - 1]!;
      // The baseline at 00:00 is part of the day's one step: one point, the day's last.
      expect([...seriesAt(r, a, key).entries()]).toEqual([[end, last === NONE ? NaN : last]]);
      expect(seriesAt(r, a, lowKey(key)).size + seriesAt(r, a, highKey(key)).size).toBe(0);
    }
    // The hourly day has its lows and highs; the daily one not.
    expect(seriesAt(r, decodeChunk(hourly), lowKey('a:steam')).size).toBeGreaterThan(0);
    // Best ask: exactly every poll's change.
    const best = seriesAt(r, a, BEST_ASK);
    let ba = NaN;
    let n = 0;
    for (let i = 0; i < prices.length; i++) {
      const ask = Math.min(...[prices[i]![0], prices[i]![1]].filter((x) => x !== NONE));
      if (ask !== ba) {
        expect(best.get(D0 + i * MIN)).toBe(ask);
        n++;
      }
      ba = ask;
    }
    expect(best.size).toBe(n);
  });

  it('a day with nothing after its baseline keeps the baseline’s values, at the day’s end; NaN (no price) survives', () => {
    const r = new GameRecorder(730);
    const c = r.apply(poll(D0, [[NONE, 5, 1]])).dirty[0]!.toChunk();
    const out = consolidate(c, [decodeChunk(c)], r.series, (k) => r.keyIndex(k), DAILY_STEP);
    const pts = decodeChunk(out);
    const end = D0 + DAY - 1000;
    expect(seriesAt(r, pts, 'a:buff163').get(end)).toBe(5);
    expect(seriesAt(r, pts, 'b:steam').get(end)).toBe(1);
    expect(seriesAt(r, pts, 'a:steam').get(end)).toBeNaN();
    // The markets at the day's end; the bests at their poll.
    expect(
      Array.from(pts.t)
        .filter((_, i) => !r.series[pts.s[i]!]!.startsWith('best:'))
        .every((t) => t === end),
    ).toBe(true);
    expect(seriesAt(r, pts, BEST_ASK).get(D0)).toBe(5);
    expect(DAILY_AFTER).toBe(2 * DAY);
  });
});

describe('HistoryStore tiers', () => {
  const open: HistoryStore[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  let seq = 0;

  /** Two items polled every 10 minutes for three days; item 1 followed. */
  async function threeDays(name: string) {
    const s = await HistoryStore.open(name);
    open.push(s);
    await s.setFollowed(730, 'watchlist', ['item 1']);
    const a = walk(3 * 144, 3);
    const b = walk(3 * 144, 5);
    for (let i = 0; i < a.length; i++) await s.record(poll(D0 + i * 10 * MIN, [a[i]!, b[i]!]));
    return s;
  }

  async function chunksIn(name: string): Promise<Chunk[]> {
    const db = await openDB(name);
    const all = (await db.getAll('chunks')) as Chunk[];
    db.close();
    return all;
  }

  it('consolidates days older than 48 hours (not the followed item), keeps the bests exact, and says the resolution', async () => {
    const name = `tiers-${++seq}`;
    const s = await threeDays(name);
    const end = D0 + 3 * DAY;
    // Days 0 and 1 ended 48 hours or more before `now`: they are consolidated; day 2 is not.
    const now = D0 + 4 * DAY;
    const range = [D0, end] as const;
    const before0 = await s.readItem(730, 'item 0', ...range, 432);
    const before1 = await s.readItem(730, 'item 1', ...range, 432);
    expect(before0.resolution).toEqual([{ from: D0, to: end, resolutionMs: 0 }]);
    const usage0 = await s.usage();

    let steps = 0;
    for (;;) {
      steps++;
      const p = await s.consolidateStep(now, 1, CONSOLIDATE_AFTER, 7 * DAY);
      if (p.done) break;
    }
    expect(steps).toBeGreaterThan(2);
    const recs = await chunksIn(name);
    const item0 = recs.filter((r) => r.n === 'item 0').sort((x, y) => x.st - y.st);
    expect(item0.filter((r) => 'r' in r && r.r === HOUR).map((r) => r.st)).toEqual([D0, D0 + DAY]);
    expect(item0.some((r) => r.st >= D0 + 2 * DAY && 'r' in r && r.r)).toBe(false);
    expect(recs.filter((r) => r.n === 'item 1').some((r) => 'r' in r && r.r)).toBe(false);

    const after0 = await s.readItem(730, 'item 0', ...range, 432);
    expect(after0.resolution).toEqual([
      { from: D0, to: D0 + 2 * DAY, resolutionMs: HOUR },
      { from: D0 + 2 * DAY, to: end, resolutionMs: 0 },
    ]);
    expect(after0.resolutionMs).toBe(HOUR);
    // Every poll's best ask and bid, through the consolidated days too.
    expect(Array.from(after0.bestAsk)).toEqual(Array.from(before0.bestAsk));
    expect(Array.from(after0.bestBid)).toEqual(Array.from(before0.bestBid));
    // A market's own values are exact at each hour's end.
    const k = after0.series.indexOf('a:steam');
    const hourly = (h: typeof after0) =>
      Array.from(h.values[h.series.indexOf('a:steam')]!).filter(
        (_, j) => (h.times[j]! - D0) % HOUR === 0 && h.times[j]! < D0 + 2 * DAY,
      );
    expect(k).toBeGreaterThanOrEqual(0);
    expect(hourly(after0)).toEqual(hourly(before0));
    // The followed item is untouched.
    expect(await s.readItem(730, 'item 1', ...range, 432)).toEqual(before1);
    // Smaller, and the counter is the chunks' sum.
    const u = await s.usage();
    expect(u.bytes).toBeLessThan(usage0.bytes);
    expect(u.bytes).toBe(recs.reduce((a, r) => a + r.bytes, 0));
    expect(u.chunks).toBe(recs.length);
    // Nothing more to do at that time; and reading only some markets takes theirs, hourly.
    expect(await s.consolidateStep(now, undefined, CONSOLIDATE_AFTER, 7 * DAY)).toEqual({
      items: 0,
      done: true,
      bytesSaved: 0,
    });
    const steamOnly = await s.readItem(730, 'item 0', ...range, 432, (key) => key === 'a:steam');
    expect(steamOnly.series).toEqual(['a:steam']);
  });

  it('after 7 days (a Settings choice), consolidates hourly days again to daily steps in one block chunk, and a read says all three resolutions', async () => {
    const name = `tiers-daily-${++seq}`;
    const s = await HistoryStore.open(name);
    open.push(s);
    await s.setFollowed(730, 'watchlist', ['item 1']);
    const every = 30;
    const n = (10 * DAY) / (every * MIN);
    const a = walk(n, 11);
    const b = walk(n, 13);
    for (let i = 0; i < n; i++) await s.record(poll(D0 + i * every * MIN, [a[i]!, b[i]!]));
    const end = D0 + 10 * DAY;
    const before = await s.readItem(730, 'item 0', D0, end, 480);
    // At day 10: days 0-2 ended 7 days or more before (daily), days 3-7 48 hours or more before (hourly), days 8-9 not.
    const now = D0 + 10 * DAY;
    let items = 0;
    for (;;) {
      const p = await s.consolidateStep(now, 1, CONSOLIDATE_AFTER, 7 * DAY);
      items += p.items;
      if (p.done) break;
    }
    const recs = await chunksIn(name);
    const item0 = recs.filter((r) => r.n === 'item 0');
    const stepOf = (st: number) => item0.filter((r) => r.st === st).map((r) => ('r' in r && r.r) || 0);
    // Days 0-2 share a block (days since the epoch, in sevens): one chunk.
    expect(stepOf(D0)).toEqual([DAY]);
    expect(stepOf(D0 + DAY)).toEqual([]);
    expect(stepOf(D0 + 2 * DAY)).toEqual([]);
    for (let d = 3; d < 8; d++) expect(stepOf(D0 + d * DAY)).toEqual([HOUR]);
    expect(item0.filter((r) => r.st >= D0 + 8 * DAY).every((r) => !('r' in r && r.r))).toBe(true);
    // 8 hourly days, then 3 of them again daily; the followed item never.
    expect(items).toBe(11);
    expect(recs.filter((r) => r.n === 'item 1').some((r) => 'r' in r && r.r)).toBe(false);
    const after = await s.readItem(730, 'item 0', D0, end, 480);
    expect(after.resolution).toEqual([
      { from: D0, to: D0 + 3 * DAY, resolutionMs: DAY },
      { from: D0 + 3 * DAY, to: D0 + 8 * DAY, resolutionMs: HOUR },
      { from: D0 + 8 * DAY, to: end, resolutionMs: 0 },
    ]);
    expect(after.resolutionMs).toBe(DAY);
    expect(Array.from(after.bestAsk)).toEqual(Array.from(before.bestAsk));
    // The store's counters are the chunks' sums; the daily day is measured for the forecast.
    const u = await s.usage();
    expect(u.bytes).toBe(recs.reduce((x, r) => x + r.bytes, 0));
    expect(u.dailyPerDay).toBeGreaterThan(0);
    expect(await s.consolidateStep(now, undefined, CONSOLIDATE_AFTER, 7 * DAY)).toEqual({
      items: 0,
      done: true,
      bytesSaved: 0,
    });
  });

  it('by default (daily after 2 days) takes days to daily as soon as they leave full resolution, into one block chunk', async () => {
    const name = `tiers-daily-soon-${++seq}`;
    const s = await threeDays(name);
    const now = D0 + 4 * DAY;
    const before = await s.readItem(730, 'item 0', D0, D0 + 3 * DAY, 432);
    while (!(await s.consolidateStep(now, 10)).done);
    const recs = await chunksIn(name);
    // Days 0 and 1 ended 48 hours or more before: hourly first, then daily in the same run, day 1 appended
    // to day 0's chunk (the same block).
    expect(recs.filter((r) => 'r' in r && r.r).map((r) => [r.n, r.st, (r as { r: number }).r])).toEqual([
      ['item 0', D0, DAY],
    ]);
    const after = await s.readItem(730, 'item 0', D0, D0 + 3 * DAY, 432);
    expect(after.resolution[0]).toMatchObject({ resolutionMs: DAY });
    // Every poll's best ask and bid still; each market's value exact at each day's end.
    expect(Array.from(after.bestAsk)).toEqual(Array.from(before.bestAsk));
    const at = (h: typeof after, t: number) => h.values[h.series.indexOf('a:steam')]![h.times.indexOf(t)];
    for (const t of [D0 + DAY, D0 + 2 * DAY]) expect(at(after, t)).toBe(at(before, t));
    const u = await s.usage();
    expect(u.bytes).toBe(recs.reduce((x, r) => x + r.bytes, 0));
    expect(u.chunks).toBe(recs.length);
  });

  it('goes on after a restart where it stopped', async () => {
    const name = `tiers-resume-${++seq}`;
    const s = await threeDays(name);
    const now = D0 + 4 * DAY;
    const one = await s.consolidateStep(now, 1, CONSOLIDATE_AFTER, 7 * DAY);
    expect(one).toMatchObject({ items: 1, done: false });
    s.close();
    const again = await HistoryStore.open(name);
    open.push(again);
    let items = 0;
    for (;;) {
      const p = await again.consolidateStep(now, 1, CONSOLIDATE_AFTER, 7 * DAY);
      items += p.items;
      if (p.done) break;
    }
    // Day 0's item 0 was done before the restart: day 0 of item 1 is followed, day 1 of item 0 is left.
    expect(items).toBe(1);
    const recs = await chunksIn(name);
    expect(recs.filter((r) => 'r' in r && r.r).map((r) => [r.n, r.st])).toEqual([
      ['item 0', D0],
      ['item 0', D0 + DAY],
    ]);
  });
});

describe('sample across tiers', () => {
  it('a read without consolidated chunks is all poll resolution; none without history', () => {
    const r = new GameRecorder(730);
    const c = r.apply(poll(D0, [[1, 2, 3]])).dirty[0]!.toChunk();
    expect(sample([c], r.series, D0, D0 + HOUR, 2).resolution).toEqual([{ from: D0, to: D0 + HOUR, resolutionMs: 0 }]);
    expect(sample([], [], D0, D0 + HOUR, 2)).toMatchObject({ resolution: [], resolutionMs: 0 });
    expect(CONSOLIDATE_AFTER).toBe(48 * HOUR);
  });
});

describe('block chunks and the retention', () => {
  it('a block chunk of daily days stays until its whole block is older than the days kept', async () => {
    const s = await HistoryStore.open('tiers-block-retention');
    await s.setFollowed(730, 'watchlist', ['item 1']);
    const a = walk(3 * 144, 3);
    const b = walk(3 * 144, 5);
    for (let i = 0; i < a.length; i++) await s.record(poll(D0 + i * 10 * MIN, [a[i]!, b[i]!]));
    while (!(await s.consolidateStep(D0 + 4 * DAY)).done);
    const end = blockEnd(D0);
    expect(blockStart(D0)).toBeLessThanOrEqual(D0);
    expect(end).toBeGreaterThan(D0 + 2 * DAY);
    // Keep 1 day at a time when day 0 is out, day 1 not: item 0's block (days 0-1) stays, the followed
    // item's day 0 goes.
    expect(await s.enforce({ retentionDays: 1, capBytes: 1e12 }, D0 + 2 * DAY + HOUR)).toBeGreaterThan(0);
    const left = async () => {
      const db = await openDB('tiers-block-retention');
      const all = (await db.getAll('chunks')) as Chunk[];
      db.close();
      return all;
    };
    expect((await left()).filter((r) => r.n === 'item 0' && r.st === D0)).toHaveLength(1);
    expect((await left()).some((r) => r.n === 'item 1' && r.st < D0 + DAY)).toBe(false);
    // Not looked at again within the hour; an hour later the followed item's day 1 goes, the block stays;
    // when its block is out, it goes.
    expect(await s.enforce({ retentionDays: 1, capBytes: 1e12 }, D0 + 2 * DAY + 2 * MIN)).toBe(0);
    expect(await s.enforce({ retentionDays: 1, capBytes: 1e12 }, D0 + 3 * DAY + HOUR)).toBeGreaterThan(0);
    expect((await left()).some((r) => r.n === 'item 1' && r.st < D0 + 2 * DAY)).toBe(false);
    expect((await left()).filter((r) => r.n === 'item 0' && r.st === D0)).toHaveLength(1);
    expect(await s.enforce({ retentionDays: 1, capBytes: 1e12 }, end + DAY)).toBeGreaterThan(0);
    expect((await left()).some((r) => r.n === 'item 0' && r.st === D0)).toBe(false);
    const u = await s.usage();
    expect(u.bytes).toBe((await left()).reduce((x, r) => x + r.bytes, 0));
    s.close();
  });

  it('joinDays appends a daily day to a block: the points of both, the block’s key; edge values survive', () => {
    const r = new GameRecorder(730);
    const daily = (at: number, row: [number, number, number]) => {
      const c = r.apply(poll(at, [row])).dirty[0]!.toChunk();
      return consolidate(c, [decodeChunk(c)], r.series, (k) => r.keyIndex(k), DAILY_STEP);
    };
    const day0 = daily(D0, [1, 2 ** 31 - 1, NONE]);
    const day1 = daily(D0 + DAY, [0, 1, 5]);
    const both = joinDays(day0, day1);
    expect(both).toMatchObject({ g: 730, n: 'item 0', st: D0, b: 1, r: DAY, c: day0.c + day1.c });
    expect(both.bytes).toBeLessThan(day0.bytes + day1.bytes);
    const p = decodeChunk(both);
    const a = decodeChunk(day0);
    const b = decodeChunk(day1);
    expect(Array.from(p.t)).toEqual([...a.t, ...b.t]);
    expect(Array.from(p.s)).toEqual([...a.s, ...b.s]);
    expect(Array.from(p.v)).toEqual([...a.v, ...b.v]);
    const at = (t: number, key: string) =>
      p.v[Array.from(p.t).findIndex((x, k) => x === t && r.series[p.s[k]!] === key)];
    expect([at(D0 + DAY - 1000, 'a:steam'), at(D0 + DAY - 1000, 'a:buff163'), at(D0 + DAY - 1000, 'b:steam')]).toEqual([
      1,
      2 ** 31 - 1,
      NaN,
    ]);
    expect([
      at(D0 + 2 * DAY - 1000, 'a:steam'),
      at(D0 + 2 * DAY - 1000, 'a:buff163'),
      at(D0 + 2 * DAY - 1000, 'b:steam'),
    ]).toEqual([0, 1, 5]);
  });
});
