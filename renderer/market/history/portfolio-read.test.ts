import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { steamFeeCode } from '../model/price-arithmetic';
import { DAY, HOUR, type Chunk } from './chunk-codec';
import { readPortfolio, type PortfolioSeriesRequest } from './portfolio-series';
import { combinePortfolio } from './testing/portfolio-reference';
import type { PollInput } from './recorder';
import { HistoryStore } from './store';
import { mulberry32 } from '../../../shared/random/mulberry32';

const NONE = -2147483648;
const MIN = 60_000;
const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);
const ASKS = ['steam', 'buff163', 'skinport'];
const BIDS = ['steam', 'buff163'];

function poll(at: number, names: string[], ask: number[][], bid: number[][]): PollInput {
  return {
    game: 730,
    at,
    names,
    askMarkets: ASKS,
    bidMarkets: BIDS,
    ask: Int32Array.from(ask.flat()),
    bid: Int32Array.from(bid.flat()),
    big: [],
  };
}

/** The reference: every item read and sampled by readItem, then combinePortfolio (the chart's earlier read). */
async function reference(store: HistoryStore, req: PortfolioSeriesRequest) {
  const keys = new Set([...req.asks.map((m) => `a:${m.slug}`), ...req.bids.map((m) => `b:${m.slug}`)]);
  const histories = await Promise.all(
    req.items.map((it) => store.readItem(req.game, it.name, req.from, req.to, req.slots, (k) => keys.has(k))),
  );
  return combinePortfolio(req, histories);
}

/** The chunks of a range as a cursor walks back to the baseline before it (at most 200), then the range. */
async function walkedBack(store: HistoryStore, name: string, from: number, to: number): Promise<string[]> {
  const tx = store.db.transaction('chunks', 'readonly');
  const before: Chunk[] = [];
  let cursor = await tx.store.openCursor(
    IDBKeyRange.bound([730, name, -Infinity], [730, name, from], false, true),
    'prev',
  );
  while (cursor && before.length < 200) {
    before.push(cursor.value);
    if (cursor.value.b) break;
    cursor = await cursor.continue();
  }
  const inRange = await tx.store.getAll(IDBKeyRange.bound([730, name, from], [730, name, to]));
  await tx.done;
  return before
    .reverse()
    .concat(inRange)
    .map((c) => `${c.n}@${c.st}`);
}

let dbn = 0;
let store: HistoryStore | null = null;
afterEach(() => store?.close());

describe('readPortfolio (each item valued straight from its chunks)', () => {
  it('takes a price recorded at a slot end at that slot', async () => {
    store = await HistoryStore.open(`pr-${dbn++}`);
    for (let k = 0; k <= 6; k++)
      await store.record(poll(T0 + k * 10 * MIN, ['X'], [[1000 + k, NONE, NONE]], [[NONE, NONE]]));
    const req: PortfolioSeriesRequest = {
      game: 730,
      items: [{ name: 'X', quantity: 3 }],
      from: T0,
      to: T0 + 60 * MIN,
      slots: 6,
      asks: ASKS.map((slug) => ({ slug, sellCode: 0, known: true })),
      bids: [],
    };
    const r = await readPortfolio(store, req);
    expect(Array.from(r.times)).toEqual([1, 2, 3, 4, 5, 6].map((j) => T0 + j * 10 * MIN));
    expect(Array.from(r.listLowest)).toEqual([1001, 1002, 1003, 1004, 1005, 1006].map((v) => v * 3));
    expect(Array.from(r.sellNowMissing)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(r).toEqual(await reference(store, req));
  });

  it('gives combinePortfolio’s numbers over readItem: no history, gaps, missing prices, unknown fees, ties, old baselines', async () => {
    store = await HistoryStore.open(`pr-${dbn++}`);
    const r = mulberry32(7);
    const names = ['early', 'late', 'gappy', 'flaky', 'tied', 'old'];
    const state = new Map(names.map((n) => [n, { ask: [5000, 5200, 5100], bid: [4000, 4100] }]));
    const start = T0 - 5 * DAY;
    const end = T0 + 3 * DAY;
    for (let at = start; at <= end; at += 30 * MIN) {
      // Who is polled: 'late' from the second day of the range, 'gappy' with two days missing, 'old' only
      // long before the range and late in it (its baseline before the range is older than a read's look-back).
      const here = names.filter((n) => {
        if (n === 'late') return at >= T0 + DAY + 7 * HOUR;
        if (n === 'gappy') return at < T0 - DAY || at >= T0 + DAY;
        if (n === 'old') return at < T0 - 4 * DAY || at >= T0 + 2 * DAY;
        return true;
      });
      if (here.length === 0) continue;
      const ask: number[][] = [];
      const bid: number[][] = [];
      for (const n of here) {
        const s = state.get(n)!;
        for (let k = 0; k < 3; k++) if (r() < 0.2) s.ask[k] = r() < 0.15 ? NONE : 4000 + Math.floor(r() * 3000);
        for (let k = 0; k < 2; k++) if (r() < 0.2) s.bid[k] = r() < 0.15 ? NONE : 3000 + Math.floor(r() * 2000);
        // Equal lowest asks on two markets of different fees: the tie goes to the series read first.
        if (n === 'tied') s.ask[2] = s.ask[1] = Math.min(s.ask[1] === NONE ? 9999 : (s.ask[1] ?? 9999), 4500);
        // No price anywhere for hours at a time, over slot ends.
        if (n === 'flaky' && Math.floor((at - start) / (5 * HOUR)) % 3 === 1) {
          ask.push([NONE, NONE, NONE]);
          bid.push([NONE, NONE]);
          continue;
        }
        ask.push(s.ask.slice());
        bid.push(s.bid.slice());
      }
      await store.record(poll(at, here, ask, bid), { retentionDays: 365, capBytes: 1e12 });
    }
    const items = [...names, 'never'].map((name, i) => ({ name, quantity: i + 1 }));
    const net = (known: (slug: string) => boolean): Pick<PortfolioSeriesRequest, 'asks' | 'bids'> => ({
      asks: [
        { slug: 'steam', sellCode: steamFeeCode(1000), known: known('steam') },
        { slug: 'buff163', sellCode: 250, known: known('buff163') },
        { slug: 'skinport', sellCode: 800, known: known('skinport') },
      ],
      bids: [
        { slug: 'steam', sellCode: steamFeeCode(1000), known: true },
        { slug: 'buff163', sellCode: 250, known: known('buff163') },
      ],
    });
    const gross = {
      asks: ASKS.map((slug) => ({ slug, sellCode: 0, known: true })),
      bids: BIDS.map((slug) => ({ slug, sellCode: 0, known: true })),
    };
    const ranges: Array<[number, number, number]> = [
      [T0, T0 + 3 * DAY, 180],
      [T0 + DAY, T0 + 2 * DAY, 96],
      [T0 + 2 * DAY + 13 * MIN, T0 + 2 * DAY + 3 * HOUR, 7],
      [0, end, 200],
    ];
    for (const markets of [net(() => true), net((slug) => slug !== 'buff163'), gross]) {
      for (const [from, to, slots] of ranges) {
        const req: PortfolioSeriesRequest = { game: 730, items, from, to, slots, ...markets };
        const got = await readPortfolio(store, req);
        expect(got.noHistory).toContain('never');
        expect(got).toEqual(await reference(store, req));
      }
    }
    // The items' chunks: back to the last baseline before the range (an old one walked back to), then the range.
    for (const [from, to] of ranges) {
      const got: string[][] = [];
      await store.eachItemChunks(730, names, from, to, (i, chunks) => (got[i] = chunks.map((c) => `${c.n}@${c.st}`)));
      for (const [i, n] of names.entries()) expect(got[i]).toEqual(await walkedBack(store, n, from, to));
    }
  });
});
