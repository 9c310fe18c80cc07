/**
 * Market discovery benchmark: what finding a service's refused min-price names costs, in requests, bytes
 * read and time, with the app's own code (renderer/market/markets: MarketDiscovery, discoverRefused,
 * httpProbe) against the reference service started as its own process on 127.0.0.1.
 *
 *   npm run bench:discovery
 *   MDS_BENCH_SEED=7 npm run bench:discovery     another shuffled order
 *
 * The service serves the 28 published min-price names; the app asks for its 36 (the 8 unconfirmed
 * candidates are refused). For each error style ('named': the 400 names the first refused name; 'opaque':
 * "Bad Request" only), and for opaque errors from a service that takes at most 10 names a request, it runs discovery for CS2 (game 730, the largest catalog) in two orders: the app's own
 * (MarketDiscovery.run: published first, candidates last) and a seeded shuffle (discoverRefused directly,
 * since MarketDiscovery would sort it). The "full answer" is one successful request read whole: what a
 * probe would cost if its success were not cancelled after the first bytes. Exits non-zero when a run does
 * not find exactly the 8 candidates.
 */
import { mulberry32 } from '../../shared/random/mulberry32';
import { performance } from 'node:perf_hooks';
import { MIN_PRICE_MARKETS, PUBLISHED_MIN_PRICE_MARKETS, publishedMarkets } from '../../shared/catalog/markets';
import { REST_PATHS, TOKEN_HEADER } from '../../shared/api/schema';
import { createPreferenceStore, memoryStorage } from '../../renderer/lib/preferences';
import type { FetchFn } from '../../renderer/api/http';
import { discoverRefused, type DiscoveryResult, type Probe } from '../../renderer/market/markets/discovery';
import { MarketDiscovery } from '../../renderer/market/markets/market-discovery';
import { httpProbe, type ProbeStats } from '../../renderer/market/markets/probe';
import { closeAgent, postJson, token } from '../../service/bench/bench-client';
import { startSeparateService, type TestService } from '../separate-service';

const GAME = 730;
const RUNS = 5;
const SEED = Number(process.env.MDS_BENCH_SEED ?? 1);
/** The whole benchmark stops (non-zero) after this long. */
const DEADLINE_MS = 5 * 60_000;
const EXPECTED_REFUSED = MIN_PRICE_MARKETS.filter((n) => !PUBLISHED_MIN_PRICE_MARKETS.includes(n));

type Style = 'named' | 'opaque';
/** A service as the benchmark starts it: an error style, and a list-size limit (`--max-markets-per-request`). */
interface Setup {
  style: Style;
  limit?: number;
}
const SETUPS: readonly Setup[] = [{ style: 'named' }, { style: 'opaque' }, { style: 'opaque', limit: 10 }];

/** One discovery run. */
interface Run {
  result: DiscoveryResult | null;
  stats: ProbeStats;
  /** Probes the service answered (each cancelled after its first bytes). */
  answered: number;
  ms: number;
  error?: unknown;
}

/** A case: the same discovery RUNS times (requests and bytes are the same each time; time is the median). */
interface Figures {
  label: string;
  runs: Run[];
}

function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const rand = mulberry32(seed);
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Probes go to the app's gateway (a path, the host adds the token); here straight to the service. */
function serviceFetch(base: string, apiToken: string): FetchFn {
  return (input, init) =>
    fetch(base + input, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), [TOKEN_HEADER]: apiToken },
    });
}

const kb = (b: number) => `${(b / 1e3).toFixed(1)} kB`;
const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;

/** An httpProbe to the service, counting the probes it answered. */
function countingProbe(fetchFn: FetchFn, stats: ProbeStats, answered: { n: number }): Probe {
  const probe = httpProbe('minPrices', GAME, stats, fetchFn);
  return async (names, signal) => {
    const out = await probe(names, signal);
    if (out.ok) answered.n++;
    return out;
  };
}

/** The app's order, through MarketDiscovery (it sorts published names first, candidates last). */
async function appOrder(fetchFn: FetchFn): Promise<Run> {
  let stats: ProbeStats = { requests: 0, bytes: 0 };
  const answered = { n: 0 };
  const discovery = new MarketDiscovery({
    store: createPreferenceStore(memoryStorage()),
    probe: (_op, _game, s) => {
      stats = s;
      return countingProbe(fetchFn, s, answered);
    },
  });
  const t0 = performance.now();
  const result = await discovery.run('bench', GAME, 'minPrices', MIN_PRICE_MARKETS);
  return { result, stats, answered: answered.n, ms: performance.now() - t0, error: discovery.lastError?.error };
}

/** The refused names spread through the list: a seeded shuffle, straight to discoverRefused (MarketDiscovery would sort it). */
async function shuffledOrder(fetchFn: FetchFn): Promise<Run> {
  const stats: ProbeStats = { requests: 0, bytes: 0 };
  const answered = { n: 0 };
  const t0 = performance.now();
  try {
    const result = await discoverRefused(shuffled(MIN_PRICE_MARKETS, SEED), countingProbe(fetchFn, stats, answered));
    return { result, stats, answered: answered.n, ms: performance.now() - t0 };
  } catch (error) {
    return { result: null, stats, answered: answered.n, ms: performance.now() - t0, error };
  }
}

async function measure(setup: Setup, svc: TestService): Promise<Figures[]> {
  const style = `${setup.style} errors${setup.limit ? `, at most ${setup.limit} names a request` : ''}`;
  const apiToken = await token(svc.url, svc.demoKey);
  const fetchFn = serviceFetch(svc.url, apiToken);
  const cases: Array<{ label: string; run: (f: FetchFn) => Promise<Run> }> = [
    { label: `${style}, app order (published first)`, run: appOrder },
    { label: `${style}, shuffled (seed ${SEED})`, run: shuffledOrder },
  ];
  const out: Figures[] = [];
  for (const c of cases) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await c.run(fetchFn));
    out.push({ label: c.label, runs });
  }
  return out;
}

/** One successful answer read whole (also warms the service's snapshot before the timed runs). */
async function fullAnswer(svc: TestService): Promise<{ bytes: number; ms: number }> {
  const apiToken = await token(svc.url, svc.demoKey);
  const r = await postJson(
    svc.url,
    REST_PATHS.minPrices,
    { game_id: GAME, markets: PUBLISHED_MIN_PRICE_MARKETS },
    { [TOKEN_HEADER]: apiToken },
  );
  if (r.status !== 200) throw new Error(`full answer: HTTP ${r.status}`);
  return { bytes: r.bytes, ms: r.ms };
}

interface Row {
  label: string;
  requests: number;
  answered: number;
  bytes: number;
  ms: number;
  fullBytes: number;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error(`bench:discovery: no result after ${DEADLINE_MS / 1000} s, stopping`);
    process.exit(1);
  }, DEADLINE_MS);
  deadline.unref();

  console.log(
    `\nMarket discovery benchmark: min prices, game ${GAME} (CS2), ${MIN_PRICE_MARKETS.length} names of which ${EXPECTED_REFUSED.length} refused`,
  );
  console.log(
    `(reference service in its own process on 127.0.0.1, serving the ${PUBLISHED_MIN_PRICE_MARKETS.length} published names; refused: ${EXPECTED_REFUSED.join(', ')})\n`,
  );
  const rows: Row[] = [];
  let failed = false;
  // Read from the first service (no size limit: one request takes the 28 names).
  let full: { bytes: number; ms: number } | null = null;
  for (const setup of SETUPS) {
    const svc = await startSeparateService({
      markets: publishedMarkets(),
      errorStyle: setup.style,
      ...(setup.limit ? { maxMarketsPerRequest: setup.limit } : {}),
    });
    try {
      if (!full) {
        full = await fullAnswer(svc);
        console.log(
          `full answer (28 published names, read whole): ${mb(full.bytes)} in ${(full.ms / 1000).toFixed(2)} s\n`,
        );
      }
      for (const f of await measure(setup, svc)) {
        const first = f.runs[0]!;
        const wrong = f.runs.find(
          (r) =>
            r.result === null ||
            !sameSet(r.result.refused, EXPECTED_REFUSED) ||
            r.result.limit !== (setup.limit ?? null),
        );
        // The algorithm is deterministic; bytes depend only on how the answers arrive in chunks.
        const varies = f.runs.some(
          (r) => r.stats.requests !== first.stats.requests || r.stats.bytes !== first.stats.bytes,
        );
        failed ||= wrong !== undefined;
        const row: Row = {
          label: f.label,
          requests: first.stats.requests,
          answered: first.answered,
          bytes: first.stats.bytes,
          ms: median(f.runs.map((r) => r.ms)),
          fullBytes: full.bytes,
        };
        rows.push(row);
        console.log(
          `${f.label}, ${MIN_PRICE_MARKETS.length} names, ${EXPECTED_REFUSED.length} refused: ${row.requests} requests (${row.answered} answered), ${kb(row.bytes)} read ` +
            `(full answer would be ${mb(full.bytes)}), ${(row.ms / 1000).toFixed(2)} s` +
            (varies
              ? `  (varied: ${f.runs.map((r) => `${r.stats.requests} req ${kb(r.stats.bytes)}`).join('; ')})`
              : '') +
            (wrong
              ? `  WRONG: refused ${wrong.result ? JSON.stringify(wrong.result.refused) : `nothing (${String(wrong.error)})`}`
              : ''),
        );
      }
    } finally {
      await svc.close();
    }
  }
  closeAgent();
  console.log(
    `\n| case (${MIN_PRICE_MARKETS.length} names, ${EXPECTED_REFUSED.length} refused) | requests (answered) | read | time, median of ${RUNS} |`,
  );
  console.log('|---|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.label} | ${r.requests} (${r.answered}) | ${kb(r.bytes)} | ${(r.ms / 1000).toFixed(2)} s |`);
  clearTimeout(deadline);
  if (failed) {
    console.error('\nbench:discovery: a run did not find exactly the expected refused names');
    process.exitCode = 1;
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
