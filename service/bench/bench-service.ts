/**
 * `npm run bench:service`: speed and memory of the reference service.
 *
 *  1. In-process, full CS2 catalog, fixed clock: aggregatedMinPrices over all served markets (28) and
 *     aggregatedMaxOrders over all served (3), through GraphQL and REST. Server time (median, measured inside the
 *     server from request arrival to the last body byte handed to the socket), client-observed time, and
 *     the JSON.stringify floor for the same result object in the same run. Goal: server <= 3x floor.
 *  2. Embedded start-up to first answer: a fresh child process (tsx, and the esbuild bundle the app ships)
 *     that starts the service, creates a token and answers aggregatedMinPrices (all 28 served markets).
 *  3. Resident memory with all four games loaded and every operation answered once. Goal: <= 300 MB.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEMO_API_KEY } from '../../shared/api/demo';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../../shared/api/schema';
import { startService, type ResponseInfo } from '../src/index';
import { runOperation, validateArgs, type DataOperation, type Transport } from '../src/server/operations';
import { materialize } from '../src/server/serialize';
import { createSimulatedMarket, defaultServedMarkets } from '../src/sim/index';

/** The names the service serves by default (the published ones). */
const SERVED = defaultServedMarkets();
const MIN_PRICE_MARKETS = SERVED.minPrices;
const MAX_ORDER_MARKETS = SERVED.maxOrders;
import { closeAgent, postJson, token } from './bench-client';

const RUNS = 5;
const RATIO_GOAL = 3;
const RSS_GOAL_MB = 300;
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = join(repo, 'service', 'data');

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (n: number, d = 0): string => n.toFixed(d);
const verdict = (ok: boolean): string => (ok ? 'MET' : 'NOT MET');

interface Case {
  label: string;
  /** Whether the <= 3x goal applies (min prices / max orders); the other rows are for information. */
  goal: boolean;
  transport: Transport;
  op: DataOperation;
  path: string;
  body: unknown;
  args: Record<string, unknown>;
  field: string;
}

const cases: Case[] = [
  {
    label: `GraphQL aggregatedMinPrices (${MIN_PRICE_MARKETS.length})`,
    goal: true,
    transport: 'graphql',
    op: 'aggregatedMinPrices',
    path: GRAPHQL_PATH,
    field: 'aggregatedMinPrices',
    body: {
      query:
        'query($m: [String!]!) { aggregatedMinPrices(markets: $m) { market_hash_name prices { market_name offers price price_locked } } }',
      variables: { m: MIN_PRICE_MARKETS },
    },
    args: { markets: MIN_PRICE_MARKETS },
  },
  {
    label: `REST get-aggregated-min-prices (${MIN_PRICE_MARKETS.length})`,
    goal: true,
    transport: 'rest',
    op: 'aggregatedMinPrices',
    path: REST_PATHS.minPrices,
    field: '',
    body: { game_id: 730, markets: MIN_PRICE_MARKETS },
    args: { game_id: 730, markets: MIN_PRICE_MARKETS },
  },
  {
    label: `GraphQL aggregatedMaxOrders (${MAX_ORDER_MARKETS.length})`,
    goal: true,
    transport: 'graphql',
    op: 'aggregatedMaxOrders',
    path: GRAPHQL_PATH,
    field: 'aggregatedMaxOrders',
    body: {
      query:
        'query($m: [String!]!) { aggregatedMaxOrders(markets: $m) { market_hash_name orders { market_name offers price } } }',
      variables: { m: MAX_ORDER_MARKETS },
    },
    args: { markets: MAX_ORDER_MARKETS },
  },
  {
    label: `REST get-aggregated-max-orders (${MAX_ORDER_MARKETS.length})`,
    goal: true,
    transport: 'rest',
    op: 'aggregatedMaxOrders',
    path: REST_PATHS.maxOrders,
    field: '',
    body: { game_id: 730, markets: MAX_ORDER_MARKETS },
    args: { game_id: 730, markets: MAX_ORDER_MARKETS },
  },
  {
    label: 'REST get-steam-analytics',
    goal: false,
    transport: 'rest',
    op: 'getSteamAnalytics',
    path: REST_PATHS.steamAnalytics,
    field: '',
    body: { game_id: 730 },
    args: { game_id: 730 },
  },
  {
    label: 'REST get-market-order-analytics',
    goal: false,
    transport: 'rest',
    op: 'getMarketOrderAnalytics',
    path: REST_PATHS.marketOrderAnalytics,
    field: '',
    body: { game_id: 730, market_name: 'buff163' },
    args: { game_id: 730, market_name: 'buff163' },
  },
  {
    label: 'REST get-price-recommendations',
    goal: false,
    transport: 'rest',
    op: 'getPriceRecommendations',
    path: REST_PATHS.priceRecommendations,
    field: '',
    body: { game_id: 730 },
    args: { game_id: 730 },
  },
];

interface Row {
  label: string;
  goal: boolean;
  items: number;
  mb: number;
  coldMs: number;
  serverMs: number;
  clientMs: number;
  floorMs: number;
  ratio: number;
  identical: boolean;
}

async function inProcess(): Promise<Row[]> {
  const market = createSimulatedMarket({ seed: 1 });
  const timings: ResponseInfo[] = [];
  const svc = await startService({
    port: 0,
    quiet: true,
    market,
    clock: () => NOW,
    onResponse: (i) => timings.push(i),
  });
  const t = await token(svc.url, DEMO_API_KEY);
  const rows: Row[] = [];
  try {
    for (const c of cases) {
      // Cold: the first request of this kind also computes the snapshot in the simulated market.
      const cold = await postJson(svc.url, c.path, c.body, { [TOKEN_HEADER]: t }, true);
      if (cold.status !== 200 || cold.text === undefined) throw new Error(`${c.label}: HTTP ${cold.status}`);
      const coldServer = timings.at(-1)!.ms;
      // The same result object the server answered with, as plain objects, for the JSON.stringify floor.
      const items = materialize(runOperation(market, validateArgs(c.op, c.args, c.transport, SERVED), NOW));
      const object = c.transport === 'graphql' ? { data: { [c.field]: items } } : items;
      const identical = JSON.stringify(object) === cold.text;
      const server: number[] = [];
      const client: number[] = [];
      const floor: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await postJson(svc.url, c.path, c.body, { [TOKEN_HEADER]: t });
        server.push(timings.at(-1)!.ms);
        client.push(r.ms);
        bytes = r.bytes;
        const s0 = performance.now();
        const s = JSON.stringify(object);
        floor.push(performance.now() - s0);
        if (s.length === 0) throw new Error('unreachable');
      }
      const row: Row = {
        label: c.label,
        goal: c.goal,
        items: items.length,
        mb: bytes / 1e6,
        coldMs: coldServer,
        serverMs: median(server),
        clientMs: median(client),
        floorMs: median(floor),
        ratio: median(server) / median(floor),
        identical,
      };
      rows.push(row);
    }
  } finally {
    closeAgent();
    await svc.close();
  }
  return rows;
}

function runChild(cmd: string, args: readonly string[]): Promise<{ out: string; wallMs: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve({ out, wallMs: performance.now() - t0 });
      else reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err.slice(0, 2000)}`));
    });
  });
}

async function bundleChild(dir: string): Promise<string | null> {
  try {
    const { build } = await import('esbuild');
    const outfile = join(dir, 'bench-child.mjs');
    await build({
      entryPoints: [join(here, 'bench-child.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      logLevel: 'silent',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    return outfile;
  } catch (e) {
    process.stderr.write(`esbuild bundle failed, skipping the bundled rows: ${(e as Error).message}\n`);
    return null;
  }
}

interface StartupResult {
  label: string;
  wallMs: number;
  listenMs: number;
  tokenMs: number;
  answerMs: number;
}

async function startup(label: string, cmd: string, args: readonly string[]): Promise<StartupResult> {
  const { out, wallMs } = await runChild(cmd, args);
  const r = JSON.parse(out.trim().split('\n').at(-1)!) as { listenMs: number; tokenMs: number; answerMs: number };
  return { label, wallMs, ...r };
}

async function main(): Promise<void> {
  const tsx = join(repo, 'node_modules', '.bin', 'tsx');
  const child = join(here, 'bench-child.ts');
  process.stdout.write(`Reference service benchmark (Node ${process.version}, ${RUNS} runs per row, medians)\n\n`);

  const rows = await inProcess();
  process.stdout.write(
    '1. Full CS2 catalog (game 730), in-process, fixed clock; goal rows: min prices and max orders\n\n',
  );
  process.stdout.write(
    '| operation | items | payload MB | cold server ms | server ms | client ms | JSON.stringify ms | ratio | bytes = JSON.stringify | goal <= 3x |\n',
  );
  process.stdout.write('|---|---:|---:|---:|---:|---:|---:|---:|---|---|\n');
  for (const r of rows) {
    process.stdout.write(
      `| ${r.label} | ${r.items} | ${fmt(r.mb, 1)} | ${fmt(r.coldMs)} | ${fmt(r.serverMs)} | ${fmt(r.clientMs)} | ${fmt(r.floorMs)} | ${fmt(r.ratio, 2)} | ${r.identical ? 'yes' : 'NO'} | ${r.goal ? verdict(r.ratio <= RATIO_GOAL) : '(info)'} |\n`,
    );
  }

  const dir = mkdtempSync(join(tmpdir(), 'md-bench-'));
  try {
    const bundled = await bundleChild(dir);
    const starts: StartupResult[] = [];
    starts.push(await startup('tsx service/bench/bench-child.ts', tsx, [child, 'startup']));
    if (bundled)
      starts.push(await startup('node (esbuild bundle, as shipped)', process.execPath, [bundled, 'startup', dataDir]));
    process.stdout.write('\n2. Embedded start-up to first answer (fresh child process; ms since process start)\n\n');
    process.stdout.write(
      `| child | listening | token answered | min prices (${MIN_PRICE_MARKETS.length}) answered | parent wall clock |\n|---|---:|---:|---:|---:|\n`,
    );
    for (const s of starts) {
      process.stdout.write(
        `| ${s.label} | ${fmt(s.listenMs)} | ${fmt(s.tokenMs)} | ${fmt(s.answerMs)} | ${fmt(s.wallMs)} |\n`,
      );
    }

    const memArgs = bundled ? ['--expose-gc', bundled, 'memory', dataDir] : [child, 'memory'];
    const { out } = await runChild(bundled ? process.execPath : tsx, memArgs);
    const mem = JSON.parse(out.trim().split('\n').at(-1)!) as {
      requests: number;
      bytes: number;
      rssMB: number;
      rssBeforeGcMB: number;
      heapUsedMB: number;
      maxRssMB: number;
      gc: boolean;
    };
    process.stdout.write('\n3. Resident memory, all four games loaded, every operation answered once\n\n');
    process.stdout.write(
      '| requests | MB answered | RSS MB (after GC) | RSS MB (before GC) | peak RSS MB | heap used MB | goal <= 300 MB |\n|---:|---:|---:|---:|---:|---:|---|\n',
    );
    process.stdout.write(
      `| ${mem.requests} | ${fmt(mem.bytes / 1e6, 1)} | ${fmt(mem.rssMB)} | ${fmt(mem.rssBeforeGcMB)} | ${fmt(mem.maxRssMB)} | ${fmt(mem.heapUsedMB)} | ${verdict(mem.maxRssMB <= RSS_GOAL_MB)} (peak) |\n`,
    );

    const speedOk = rows.every((r) => r.identical && (!r.goal || r.ratio <= RATIO_GOAL));
    process.stdout.write(
      `\nSpeed goal (server <= ${RATIO_GOAL}x JSON.stringify, identical bytes): ${verdict(speedOk)}\n`,
    );
    process.stdout.write(`Memory goal (peak RSS <= ${RSS_GOAL_MB} MB): ${verdict(mem.maxRssMB <= RSS_GOAL_MB)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
