/**
 * The page side of bench-portfolio.ts, bundled by the bench with esbuild and run in Chromium:
 *  - value(): a CS2-sized price snapshot (30,000 items x 36 ask + 7 bid markets, the catalog's own market
 *    names, so the shipped fee schedule and Steam's fee function apply) "arrives" and 5,000 holdings are
 *    valued as the page values them (valuation/measures.ts valueAllSliced, net of fees, with
 *    recommendations and Steam numbers): the time from the snapshot to the totals, and the longest
 *    main-thread task meanwhile (PerformanceObserver 'longtask');
 *  - series(): 30 days of price history for the held items written through the app's recorder and store,
 *    then the value-over-time read (market/history/portfolio-series.ts readPortfolio over the store, what
 *    the history worker runs) for the 30-day range.
 */
import { syntheticInventory } from '../../shared/steam/test-fixtures';
import { importSteamInventoryText } from '../../renderer/features/portfolio/model/import/steam-inventory';
import { MARKETS, MAX_ORDER_MARKETS } from '../../shared/catalog/markets';
import { effectiveFees, feeOrigin } from '../../renderer/market/markets/fees';
import { toSnapshot, NONE, type SnapshotData } from '../../renderer/market/model/snapshot';
import { benchSnapshotData } from './bench-snapshot';
import { GameRecorder, type PollInput } from '../../renderer/market/history/recorder';
import { HistoryStore } from '../../renderer/market/history/store';
import { DAY } from '../../renderer/market/history/chunk-codec';
import type { Chunk } from '../../renderer/market/history/chunk-codec';
import { readPortfolio } from '../../renderer/market/history/portfolio-series';
import { prepareValuation, valueAllSliced } from '../../renderer/features/portfolio/valuation/measures';
import { seriesRequest } from '../../renderer/features/portfolio/valuation/value-over-time';
import type { HoldingRow } from '../../renderer/features/portfolio/model/types';
import { mulberry32 } from '../../shared/random/mulberry32';

const ASK = MARKETS.filter((m) => m.games.includes(730))
  .map((m) => m.slug)
  .slice(0, 36);
const BID = MAX_ORDER_MARKETS.slice(0, 7);
const name = (i: number) => `Synthetic item ${i} | Skin (Field-Tested)`;

function snapshotData(n: number, seed: number): SnapshotData {
  const r = mulberry32(seed);
  const m = ASK.length;
  const b = BID.length;
  const ask = new Int32Array(n * m);
  const locked = new Int32Array(n * m);
  const offers = new Int32Array(n * m);
  const listed = new Uint8Array(n * m);
  for (let i = 0; i < n * m; i++) {
    const has = r() > 0.15;
    listed[i] = has ? 1 : 0;
    ask[i] = has ? 1000 + Math.floor(r() * 500_000) : NONE;
    locked[i] = has && r() < 0.3 ? (ask[i] as number) - 100 : NONE;
    offers[i] = has ? 1 + Math.floor(r() * 50) : NONE;
  }
  const bid = new Int32Array(n * b);
  const bidOffers = new Int32Array(n * b);
  const bidListed = new Uint8Array(n * b);
  for (let i = 0; i < n * b; i++) {
    const has = r() > 0.3;
    bidListed[i] = has ? 1 : 0;
    bid[i] = has ? 900 + Math.floor(r() * 450_000) : NONE;
    bidOffers[i] = has ? 1 + Math.floor(r() * 20) : NONE;
  }
  const names = Array.from({ length: n }, (_, i) => name(i));
  return benchSnapshotData({
    game: 730,
    askMarkets: ASK,
    bidMarkets: BID,
    names,
    ask,
    locked,
    offers,
    listed,
    bid,
    bidOffers,
    bidListed,
  });
}

function holdings(count: number, distinct: number, catalog: number, seed: number, now: number): HoldingRow[] {
  const r = mulberry32(seed);
  const pick = Array.from({ length: distinct }, () => Math.floor(r() * catalog));
  return Array.from({ length: count }, (_, i) => {
    const q = 1 + Math.floor(r() * 5);
    return {
      holding: {
        id: `h${i}`,
        game: 730,
        name: name(pick[i % distinct] as number),
        quantity: q,
        unitCost: 1000 + Math.floor(r() * 300_000),
        fee: null,
        acquired: '2026-01-01',
        place: null,
        lockedUntil: r() < 0.1 ? now + Math.floor(r() * 7) * DAY : null,
        note: '',
        origin: 'manual',
        created: 0,
        updated: 0,
      },
      remaining: q,
      costBasis: q * (1000 + Math.floor(r() * 300_000)),
      known: true,
    };
  });
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

export interface ValueFigures {
  holdings: number;
  catalog: number;
  /** From the snapshot's arrival (toSnapshot of the worker's data) to the totals, per run. */
  ms: { median: number; max: number; first: number };
  longestTaskMs: number;
  longTasks: number;
  priced: number;
}

async function value(count: number, catalog: number): Promise<ValueFigures> {
  const now = Date.UTC(2026, 10, 25);
  const data = snapshotData(catalog, 3);
  const rows = holdings(count, count, catalog, 5, now);
  const fees = effectiveFees({}, 730);
  const steamNames = new Map(
    rows.map((r, i) => [r.holding.name, { medianLatest: 1000 + i, avgDailyVolume: (i % 40) / 4 }]),
  );
  let longest = 0;
  let tasks = 0;
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      tasks++;
      longest = Math.max(longest, e.duration);
    }
  });
  obs.observe({ type: 'longtask', buffered: false });
  const runs: number[] = [];
  let priced = 0;
  for (let k = 0; k < 7; k++) {
    // Each run is a fresh arrival: a new snapshot object (its name index not built yet).
    const fresh = { ...data };
    await new Promise((r) => setTimeout(r, 30));
    const t0 = performance.now();
    const snap = toSnapshot(fresh);
    const ctx = prepareValuation({
      snap,
      askMarkets: ASK,
      bidMarkets: BID,
      fees,
      feeKnown: (slug, side) => feeOrigin(slug, side, {}, 730) !== 'unknown',
      net: true,
      recs: { suggested: (n) => ({ price: n.length * 100, reasons: [] }) },
      steam: { get: (n) => steamNames.get(n) ?? null },
      now,
    });
    const v = await valueAllSliced(ctx, rows);
    runs.push(performance.now() - t0);
    priced = v.totals.holdings - v.totals.measures.listLowest.missing;
  }
  await new Promise((r) => setTimeout(r, 100));
  obs.disconnect();
  return {
    holdings: count,
    catalog,
    ms: { median: median(runs.slice(1)), max: Math.max(...runs.slice(1)), first: runs[0] ?? NaN },
    longestTaskMs: longest,
    longTasks: tasks,
    priced,
  };
}

export interface SeriesFigures {
  /** The IndexedDB reads alone (every item's chunks, requests in flight together). */
  rawMs: number;
  holdings: number;
  items: number;
  polls: number;
  records: number;
  /** Reading and combining the 30-day range, per run. */
  ms: { median: number; max: number; first: number };
  slots: number;
  points: number;
}

/**
 * `items` held items (of `count` holdings) polled every `everyMin` minutes for 30 days, 1 % of their
 * prices changing at each poll, written through the recorder; then the 30-day value series is read.
 */
async function series(count: number, items: number, everyMin: number): Promise<SeriesFigures> {
  indexedDB.deleteDatabase('bench-portfolio');
  const store = await HistoryStore.open('bench-portfolio');
  const r = mulberry32(9);
  const m = ASK.length;
  const b = BID.length;
  const names = Array.from({ length: items }, (_, i) => name(i));
  const ask = new Int32Array(items * m);
  const bid = new Int32Array(items * b);
  for (let i = 0; i < ask.length; i++) ask[i] = r() < 0.15 ? NONE : 1000 + Math.floor(r() * 500_000);
  for (let i = 0; i < bid.length; i++) bid[i] = r() < 0.3 ? NONE : 900 + Math.floor(r() * 450_000);
  const rec = new GameRecorder(730);
  const t0 = Date.UTC(2026, 9, 26);
  const polls = Math.floor((30 * 1440) / everyMin);
  const final = new Map<string, Chunk>();
  for (let p = 0; p < polls; p++) {
    const changes = Math.round((ask.length + bid.length) * 0.01);
    for (let j = 0; j < changes; j++) {
      const cell = Math.floor(r() * (ask.length + bid.length));
      if (cell < ask.length) ask[cell] = 1000 + Math.floor(r() * 500_000);
      else bid[cell - ask.length] = 900 + Math.floor(r() * 450_000);
    }
    const poll: PollInput = {
      game: 730,
      at: t0 + p * everyMin * 60_000,
      names,
      askMarkets: ASK,
      bidMarkets: BID,
      ask: ask.slice(),
      bid: bid.slice(),
      big: [],
    };
    const res = rec.apply(poll);
    for (const ch of res.dirty) final.set(`${ch.n}|${ch.st}`, ch.toChunk());
  }
  const records = [...final.values()];
  for (let i = 0; i < records.length; i += 2000) {
    const tx = store.db.transaction(['chunks', 'meta'], 'readwrite');
    for (const x of records.slice(i, i + 2000)) void tx.objectStore('chunks').put(x);
    if (i === 0) void tx.objectStore('meta').put({ key: 'series:730', list: rec.series.slice() });
    await tx.done;
  }
  const now = t0 + polls * everyMin * 60_000;
  const rows = holdings(count, items, items, 13, now);
  const fees = effectiveFees({}, 730);
  const req = seriesRequest(
    rows,
    {
      game: 730,
      askMarkets: ASK,
      bidMarkets: BID,
      fees,
      feeKnown: (slug, side) => feeOrigin(slug, side, {}, 730) !== 'unknown',
      net: true,
    },
    '30d',
    now,
  );
  const runs: number[] = [];
  let slots = 0;
  let points = 0;
  for (let k = 0; k < 5; k++) {
    const s = performance.now();
    const out = await readPortfolio(store, req);
    runs.push(performance.now() - s);
    slots = out.times.length;
    points = out.points;
  }
  const raws: number[] = [];
  for (let k = 0; k < 3; k++) {
    const s = performance.now();
    await Promise.all(req.items.map((it) => store.chunksOf(730, it.name, req.from, req.to)));
    raws.push(performance.now() - s);
  }
  store.close();
  return {
    rawMs: median(raws),
    holdings: count,
    items: req.items.length,
    polls,
    records: records.length,
    ms: { median: median(runs.slice(1)), max: Math.max(...runs.slice(1)), first: runs[0] ?? NaN },
    slots,
    points,
  };
}

export interface InventoryFigures {
  assets: number;
  bytes: number;
  groups: number;
  ms: { median: number; max: number; first: number };
}

/** A saved Steam inventory file of `n` assets (400 kinds, a fifth trade-locked) read and grouped, 5 times. */
async function inventory(n: number): Promise<InventoryFigures> {
  const text = JSON.stringify(syntheticInventory(n));
  const runs: number[] = [];
  let groups = 0;
  for (let k = 0; k < 5; k++) {
    const s = performance.now();
    const preview = importSteamInventoryText(text, { game: 730, now: Date.UTC(2026, 10, 25) });
    runs.push(performance.now() - s);
    if (preview.fatal) throw new Error(preview.fatal);
    groups = preview.rows.length;
    await new Promise((r) => setTimeout(r, 0));
  }
  return {
    assets: n,
    bytes: text.length,
    groups,
    ms: { median: median(runs), max: Math.max(...runs), first: runs[0] ?? NaN },
  };
}

declare global {
  interface Window {
    __portfolioBench: { value: typeof value; series: typeof series; inventory: typeof inventory };
  }
}
window.__portfolioBench = { value, series, inventory };
