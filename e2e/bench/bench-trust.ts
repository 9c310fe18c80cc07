/**
 * Trust (renderer/market/trust) per poll, and how well its signals find what the reference service plants:
 *
 *   npm run bench:trust
 *
 * 1. Time and memory: the trust of a whole CS2 catalog, 30,000 items x 28 ask markets + 3 bid markets, at
 *    each of POLLS polls 5 minutes of service time apart (the simulated market's own prices, one market
 *    frozen, outliers planted), as the data worker runs it (trustOfPoll: ages, stalls, outliers), in Node;
 *    goal under 50 ms a poll. Also computeDerived with and without the trust (the hot loop's cost of the
 *    trusted bests and the mark), and the state kept between polls and the record saved to IndexedDB.
 * 2. Detection: the reference service started in-process with --freeze-market and --plant-outliers (every
 *    4th CS2 item), polled over HTTP (REST, all markets) every 5 minutes of its clock, each answer shaped
 *    as the worker shapes it: the polls until the frozen market is marked stalled, the share of the planted
 *    outliers flagged (in the right direction), and the items flagged that were not planted.
 */
import { cpus, loadavg } from 'node:os';
import { startService } from '../../service/src/index';
import {
  createSimulatedMarket,
  EPOCH_MS,
  type MaxOrderColumns,
  type MinPriceColumns,
} from '../../service/src/sim/index';
import { DEMO_API_KEY } from '../../shared/api/demo';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../../shared/api/schema';
import { computeDerived } from '../../renderer/market/model/price-arithmetic';
import { mergeGrid, shapeBids } from '../../renderer/market/model/shape';
import { shapeAsks } from '../../renderer/market/model/shape-asks';
import { NONE, toSnapshot, type SnapshotData } from '../../renderer/market/model/snapshot';
import { emptyGameTrust, trustOfPoll } from '../../renderer/market/trust/trust';
import { confidenceOf } from '../../renderer/market/trust/confidence';
import { confidenceInput } from '../../renderer/ui/trust/row-confidence';
import { toRecord } from '../../renderer/market/trust/trust-store';
import { TRUST_FLAG, type TrustData } from '../../renderer/market/trust/types';
import { mb, ms, pct, printTable, type Row } from './bench-utils';

const POLLS = Math.max(3, Number(process.env.MDS_BENCH_POLLS ?? 12));
const ITEMS = 30_000;
const FROZEN = 'csfloat';
const PLANTED = 40;
const T0 = Date.UTC(2026, 10, 20, 12);

/** The simulated market's columns as the worker's snapshot (first `n` items; what shaping an answer gives). */
function snapshotOf(min: MinPriceColumns, max: MaxOrderColumns, n: number): SnapshotData {
  const m = min.markets.length;
  const b = max.markets.length;
  const ask = new Int32Array(n * m).fill(NONE);
  const locked = new Int32Array(n * m).fill(NONE);
  const offers = new Int32Array(n * m).fill(NONE);
  const listed = new Uint8Array(n * m);
  for (let c = 0; c < n * m; c++) {
    if ((min.price[c] as number) < 0) continue;
    ask[c] = min.price[c] as number;
    offers[c] = min.offers[c] as number;
    listed[c] = 1;
  }
  const bid = new Int32Array(n * b).fill(NONE);
  const bidOffers = new Int32Array(n * b).fill(NONE);
  const bidListed = new Uint8Array(n * b);
  for (let c = 0; c < n * b; c++) {
    if ((max.price[c] as number) < 0) continue;
    bid[c] = max.price[c] as number;
    bidOffers[c] = max.offers[c] as number;
    bidListed[c] = 1;
  }
  const names = min.names.slice(0, n);
  return {
    game: 730,
    askMarkets: [...min.markets],
    bidMarkets: [...max.markets],
    n,
    names,
    search: names,
    flags: new Uint32Array(n),
    nameRank: Int32Array.from({ length: n }, (_, i) => i),
    byName: Int32Array.from({ length: n }, (_, i) => i),
    ask,
    locked,
    offers,
    listed,
    bid,
    bidOffers,
    bidListed,
    overflow: [],
    notes: { unknownMarkets: [], skippedItems: 0, invalidValues: 0, duplicateNames: 0, duplicateEntries: 0 },
    meta: { transport: 'rest', bytes: 0, bytesDoneAt: 0, parseMs: 0, shapeMs: 0, readyAt: 0 },
  };
}

function trustBytes(t: TrustData): number {
  return [t.askChangedAt, t.askFirstSeenAt, t.askLastQuotedAt, t.bidChangedAt, t.askFlags, t.bidFlags].reduce(
    (a, x) => a + x.byteLength,
    0,
  );
}

function stateBytes(g: ReturnType<typeof emptyGameTrust>): number {
  let sum = 0;
  for (const s of [g.ages.ask, g.ages.bid])
    sum +=
      s.value.byteLength +
      s.changedAt.byteLength +
      s.firstSeenAt.byteLength +
      s.lastQuotedAt.byteLength +
      s.rowLastPoll.byteLength;
  return sum;
}

function recordBytes(r: ReturnType<typeof toRecord>): number {
  let sum = r.names.reduce((a, n) => a + 2 * n.length, 0);
  for (const s of [r.ask, r.bid])
    sum +=
      s.value.byteLength +
      s.changedAt.byteLength +
      s.firstSeenAt.byteLength +
      s.lastQuotedAt.byteLength +
      s.rowLastPoll.byteLength;
  return sum;
}

/** Collects garbage when Node runs with --expose-gc (npm run bench:trust does), so one poll's timing does not pay for the last one's garbage. */
function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function timing(rows: Row[], details: string[]): void {
  const market = createSimulatedMarket({ seed: 1, freezeMarkets: [FROZEN], plantOutliers: PLANTED });
  const game = market.game(730);
  const n = Math.min(ITEMS, game.names.length);
  // The polls' snapshots first (the worker has each one before its trust is computed), then a warm-up run.
  const snaps = Array.from({ length: POLLS }, (_, p) =>
    snapshotOf(game.minPrices(T0 + p * EPOCH_MS), game.maxOrders(T0 + p * EPOCH_MS), n),
  );
  const warm = emptyGameTrust(730);
  for (let p = 0; p < Math.min(3, POLLS); p++) trustOfPoll(warm, snaps[p] as SnapshotData, T0 + p * EPOCH_MS);
  const g = emptyGameTrust(730);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let firstMs = 0;
  const derivePlain: number[] = [];
  const deriveTrust: number[] = [];
  const confidenceAll: number[] = [];
  collect();
  const heap0 = process.memoryUsage();
  snaps.forEach((snap, p) => {
    const t = T0 + p * EPOCH_MS;
    collect();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    snap.trust = trustOfPoll(g, snap, t);
    const dt = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    if (p === 0) firstMs = dt;
    else {
      times.push(dt);
      cpuTimes.push((c1.user + c1.system) / 1000);
    }
    const s = toSnapshot(snap);
    const askCols = s.askMarkets.map((_, k) => k);
    const bidCols = s.bidMarkets.map((_, k) => k);
    collect();
    const d0 = performance.now();
    computeDerived({ snap: s, askCols, bidCols, fees: {}, net: false, quotes: 'all' });
    const d1 = performance.now();
    const dt2 = computeDerived({ snap: s, askCols, bidCols, fees: {}, net: false });
    const d2 = performance.now();
    // Every row's confidence, as sorting by Trust or "Hide low confidence" asks for it on the page.
    for (let i = 0; i < s.n; i++) confidenceOf(confidenceInput(s, dt2, i, null, 86_400_000));
    const d3 = performance.now();
    if (p > 0) {
      derivePlain.push(d1 - d0);
      deriveTrust.push(d2 - d1);
      confidenceAll.push(d3 - d2);
    }
  });
  collect();
  const heap1 = process.memoryUsage();
  const last = snaps[snaps.length - 1] as SnapshotData;
  const m = last.askMarkets.length;
  const b = last.bidMarkets.length;
  const med = pct(times, 50);
  const max = Math.max(...times);
  rows.push({
    metric: `trustOfPoll, ${n.toLocaleString('en')} items x ${m} ask + ${b} bid markets, median / max of ${times.length} polls`,
    measured: `${ms(med)} / ${ms(max)}`,
    goal: '< 50 ms',
    met: med < 50,
  });
  rows.push({
    metric: 'trustOfPoll, CPU time of the process (median; on a shared machine wall time waits for the cores)',
    measured: ms(pct(cpuTimes, 50)),
    goal: '< 50 ms',
    met: pct(cpuTimes, 50) < 50,
  });
  rows.push({
    metric: 'trustOfPoll, first poll of a run (state allocated)',
    measured: ms(firstMs),
    goal: '',
    met: null,
  });
  rows.push({ metric: 'computeDerived, all quotes (median)', measured: ms(pct(derivePlain, 50)), goal: '', met: null });
  rows.push({
    metric: 'computeDerived, trusted quotes + mark (median)',
    measured: ms(pct(deriveTrust, 50)),
    goal: '',
    met: null,
  });
  rows.push({
    metric: "every row's confidence (sort by Trust, Hide low confidence; on the page), median",
    measured: ms(pct(confidenceAll, 50)),
    goal: '< 50 ms',
    met: pct(confidenceAll, 50) < 50,
  });
  const r0 = performance.now();
  const rec = toRecord(g.ages, g.stalls, Date.now());
  const recMs = performance.now() - r0;
  rows.push({ metric: 'state kept between polls (typed arrays)', measured: mb(stateBytes(g)), goal: '', met: null });
  rows.push({
    metric: "one poll's TrustData (transferred with the snapshot)",
    measured: last.trust ? mb(trustBytes(last.trust)) : '—',
    goal: '',
    met: null,
  });
  rows.push({
    metric: 'record saved to IndexedDB (at most once a minute)',
    measured: `${mb(recordBytes(rec))}, built in ${ms(recMs)}`,
    goal: '',
    met: null,
  });
  details.push(
    `Heap used ${mb(heap0.heapUsed)} -> ${mb(heap1.heapUsed)}, array buffers ${mb(heap0.arrayBuffers)} -> ${mb(heap1.arrayBuffers)} over the ${POLLS} polls (their trust kept on the snapshots).`,
  );
  details.push(
    `Garbage collected before each timed step: ${typeof (globalThis as { gc?: unknown }).gc === 'function' ? 'yes' : 'no (run with node --expose-gc)'}. Load average (1, 5, 15 min) at the end: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} on ${cpus().length} cores.`,
  );
}

async function detection(rows: Row[], details: string[]): Promise<void> {
  let now = T0;
  const svc = await startService({
    quiet: true,
    clock: () => now,
    catalogSlice: { every: 4 },
    freezeMarkets: [FROZEN],
    plantOutliers: PLANTED,
    admin: true,
  });
  try {
    const tokenRes = await fetch(svc.url + GRAPHQL_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation T($k: String) { createSubscriptionToken(api_key: $k) }',
        variables: { k: DEMO_API_KEY },
      }),
    });
    const token = ((await tokenRes.json()) as { data: { createSubscriptionToken: string } }).data
      .createSubscriptionToken;
    const planted = (await (
      await fetch(`${svc.url}/__admin/outliers/730`, { headers: { host: `127.0.0.1:${svc.port}` } })
    ).json()) as Array<{ item: string; market: string; factor: number }>;
    const markets = await (async () => {
      const { defaultServedMarkets } = await import('../../service/src/sim/index');
      return defaultServedMarkets();
    })();
    const askMarkets = markets.minPrices;
    const bidMarkets = markets.maxOrders;
    const post = async (path: string, ms: readonly string[]): Promise<unknown> => {
      const r = await fetch(svc.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
        body: JSON.stringify({ game_id: 730, markets: ms }),
      });
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return r.json();
    };
    const g = emptyGameTrust(730);
    let stalledAt: number | null = null;
    let flaggedShare = 0;
    let falseItems = 0;
    let judged = 0;
    let n = 0;
    const perPoll: string[] = [];
    for (let p = 0; p < POLLS; p++) {
      now = T0 + p * EPOCH_MS;
      const asks = shapeAsks(await post(REST_PATHS.minPrices, askMarkets), askMarkets, 'aggregatedMinPrices');
      const bids = shapeBids(await post(REST_PATHS.maxOrders, bidMarkets), bidMarkets, 'aggregatedMaxOrders');
      const snap = toSnapshot(
        mergeGrid(asks, bids, {
          game: 730,
          meta: { transport: 'rest', bytes: 0, bytesDoneAt: 0, parseMs: 0, shapeMs: 0, readyAt: 0 },
        }),
      );
      const t = trustOfPoll(g, snap, now);
      n = snap.n;
      const m = snap.askMarkets.length;
      if (stalledAt === null && t.stalls.some((s) => s.market === FROZEN && s.side === 'ask')) stalledAt = p;
      const plantedCells = new Set<number>();
      let hit = 0;
      for (const o of planted) {
        const i = snap.indexOfName(o.item);
        const k = snap.askIndex.get(o.market);
        if (i < 0 || k === undefined) continue;
        plantedCells.add(i);
        const want = o.factor > 1 ? TRUST_FLAG.outlierHigh : TRUST_FLAG.outlierLow;
        if ((t.askFlags[i * m + k] as number) & want) hit++;
      }
      flaggedShare = planted.length > 0 ? hit / planted.length : 0;
      falseItems = 0;
      judged = 0;
      for (let i = 0; i < snap.n; i++) {
        if (plantedCells.has(i)) continue;
        let quoted = 0;
        let flagged = false;
        for (let k = 0; k < m; k++) {
          if (snap.listed[i * m + k] === 1 && snap.ask[i * m + k] !== NONE) quoted++;
          if ((t.askFlags[i * m + k] as number) & (TRUST_FLAG.outlierHigh | TRUST_FLAG.outlierLow)) flagged = true;
        }
        if (quoted >= 3) judged++;
        if (flagged) falseItems++;
      }
      perPoll.push(
        `poll ${p + 1}: stalls [${t.stalls.map((s) => `${s.market} (${s.side}, ${s.reason}, ${s.polls} poll(s))`).join(', ')}], planted flagged ${hit}/${planted.length}, other items flagged ${falseItems}`,
      );
    }
    rows.push({
      metric: `polls until the frozen market (${FROZEN}) is marked stalled (5 min apart)`,
      measured: stalledAt === null ? `not within ${POLLS}` : `${stalledAt + 1} (the first poll has nothing to compare)`,
      goal: '<= 6 (5 intervals)',
      met: stalledAt !== null && stalledAt + 1 <= 6,
    });
    rows.push({
      metric: `planted outliers flagged (${planted.length}, at the last poll)`,
      measured: `${(flaggedShare * 100).toFixed(1)} %`,
      goal: '',
      met: null,
    });
    rows.push({
      metric: `other items with a flagged ask (of ${judged.toLocaleString('en')} quoted on >= 3 markets)`,
      measured: `${falseItems} (${((falseItems / Math.max(1, judged)) * 100).toFixed(2)} %)`,
      goal: '',
      met: null,
    });
    details.push(
      `Detection run: reference service in-process, every 4th CS2 item (${n.toLocaleString('en')} items), ${askMarkets.length} ask + ${bidMarkets.length} bid markets over REST, ${POLLS} polls 5 min of service time apart.`,
    );
    details.push(...perPoll);
  } finally {
    await svc.close();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const details: string[] = [
    `Node ${process.version}; in Node, the code the data worker runs (renderer/market/trust/trust.ts); a machine that may be shared: compare runs on a quiet machine.`,
  ];
  timing(rows, details);
  await detection(rows, details);
  printTable('Trust per poll (Node)', rows, details);
}

void main();
