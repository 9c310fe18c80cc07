/**
 * Child process of bench-service.ts (a fresh process per measurement).
 *   startup [dataDir]: start the service, create a token, answer aggregatedMinPrices (every served market, CS2);
 *                      prints {"listenMs","tokenMs","answerMs","bytes"} measured from process start.
 *   memory  [dataDir]: answer every operation once for all four games; prints RSS figures.
 */
import { performance } from 'node:perf_hooks';
import { DEMO_API_KEY } from '../../shared/api/demo';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../../shared/api/schema';
import { GAME_IDS, STEAM_ANALYTICS_GAMES } from '../../shared/catalog/games';
import { startService } from '../src/index';
import { defaultServedMarkets } from '../src/sim/served';
import { closeAgent, postJson, token } from './bench-client';

/** The names the service serves by default (the published ones). */
const {
  minPrices: MIN_PRICE_MARKETS,
  maxOrders: MAX_ORDER_MARKETS,
  marketOrderAnalytics: MARKET_ORDER_ANALYTICS_MARKETS,
} = defaultServedMarkets();

const MIN_PRICES_QUERY =
  'query($m: [String!]!) { aggregatedMinPrices(markets: $m) { market_hash_name prices { market_name offers price price_locked } } }';

async function main(): Promise<void> {
  const mode = process.argv[2];
  const dataDir = process.argv[3];
  const svc = await startService({ port: 0, quiet: true, ...(dataDir ? { dataDir } : {}) });
  const listenMs = performance.now();
  const t = await token(svc.url, DEMO_API_KEY);
  const tokenMs = performance.now();
  const h = { [TOKEN_HEADER]: t };
  if (mode === 'startup') {
    const r = await postJson(
      svc.url,
      GRAPHQL_PATH,
      { query: MIN_PRICES_QUERY, variables: { m: MIN_PRICE_MARKETS } },
      h,
    );
    if (r.status !== 200) throw new Error(`first answer: HTTP ${r.status}`);
    process.stdout.write(`${JSON.stringify({ listenMs, tokenMs, answerMs: performance.now(), bytes: r.bytes })}\n`);
  } else if (mode === 'memory') {
    let requests = 0;
    let bytes = 0;
    const ask = async (path: string, body: unknown): Promise<void> => {
      const r = await postJson(svc.url, path, body, h);
      if (r.status !== 200) throw new Error(`${path} ${JSON.stringify(body)}: HTTP ${r.status}`);
      requests++;
      bytes += r.bytes;
    };
    await ask(GRAPHQL_PATH, { query: MIN_PRICES_QUERY, variables: { m: MIN_PRICE_MARKETS } });
    await ask(GRAPHQL_PATH, {
      query: `{ aggregatedMaxOrders(markets: ${JSON.stringify(MAX_ORDER_MARKETS)}) { market_hash_name orders { market_name offers price } } }`,
    });
    for (const game of GAME_IDS) {
      await ask(REST_PATHS.minPrices, { game_id: game, markets: MIN_PRICE_MARKETS });
      await ask(REST_PATHS.maxOrders, { game_id: game, markets: MAX_ORDER_MARKETS });
      if (STEAM_ANALYTICS_GAMES.includes(game)) await ask(REST_PATHS.steamAnalytics, { game_id: game });
      for (const market of MARKET_ORDER_ANALYTICS_MARKETS)
        await ask(REST_PATHS.marketOrderAnalytics, { game_id: game, market_name: market });
      await ask(REST_PATHS.priceRecommendations, { game_id: game, type: 'general' });
      await ask(REST_PATHS.priceRecommendations, { game_id: game, type: 'p2p' });
    }
    const beforeGc = process.memoryUsage().rss;
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) gc();
    const mu = process.memoryUsage();
    process.stdout.write(
      `${JSON.stringify({
        requests,
        bytes,
        rssMB: mu.rss / 1e6,
        rssBeforeGcMB: beforeGc / 1e6,
        heapUsedMB: mu.heapUsed / 1e6,
        maxRssMB: process.resourceUsage().maxRSS / 1e3,
        gc: Boolean(gc),
      })}\n`,
    );
  } else {
    throw new Error(`unknown mode ${String(mode)}`);
  }
  closeAgent();
  await svc.close();
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
