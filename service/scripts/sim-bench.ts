/**
 * Measures the simulated market: start-up to first answer, snapshot time per new epoch, each operation
 * once per game, and resident memory after all of it. `npx tsx service/scripts/sim-bench.ts`
 */
import { createSimulatedMarket, EPOCH_MS } from '../src/sim/index';
import { GAME_IDS, STEAM_ANALYTICS_GAMES } from '../../shared/catalog/games';
import { defaultServedMarkets } from '../src/sim/served';

const MARKET_ORDER_ANALYTICS_MARKETS = defaultServedMarkets().marketOrderAnalytics;

function ms(t0: number): string {
  return `${(performance.now() - t0).toFixed(1)} ms`;
}

const mb = (b: number): string => `${(b / 1048576).toFixed(1)} MB`;
globalThis.gc?.();
const base = process.memoryUsage();
console.log(`baseline before loading anything: rss ${mb(base.rss)}, heapUsed ${mb(base.heapUsed)}`);
const now = Date.UTC(2025, 5, 1, 13, 37);
const t0 = performance.now();
// A bundled copy of this script can't find service/data next to itself: SIM_DATA_DIR points at it.
const market = createSimulatedMarket({ seed: 1, dataDir: process.env.SIM_DATA_DIR });
const cs = market.game(730);
cs.minPrices(now);
console.log(`first CS2 min-prices answer (load + statics + snapshot): ${ms(t0)}`);
for (let k = 1; k <= 5; k++) {
  const t = performance.now();
  cs.minPrices(now + k * EPOCH_MS);
  console.log(`CS2 snapshot, new epoch ${k}: ${ms(t)}`);
}
for (const id of GAME_IDS) {
  const g = market.game(id);
  let t = performance.now();
  g.minPrices(now);
  g.maxOrders(now);
  console.log(`game ${id}: ${g.names.length} items; snapshot ${ms(t)}`);
  if (STEAM_ANALYTICS_GAMES.includes(id)) {
    t = performance.now();
    g.steamAnalytics(now);
    console.log(`  steamAnalytics ${ms(t)}`);
  }
  for (const m of MARKET_ORDER_ANALYTICS_MARKETS) {
    t = performance.now();
    const r = g.marketOrderAnalytics(m, now);
    console.log(`  marketOrderAnalytics ${m}: ${r.length} items, ${ms(t)}`);
  }
  for (const type of ['general', 'p2p'] as const) {
    t = performance.now();
    g.priceRecommendations(type, undefined, now);
    console.log(`  priceRecommendations ${type}: ${ms(t)}`);
  }
}
globalThis.gc?.();
const mu = process.memoryUsage();
console.log(
  `memory after every op once: rss ${mb(mu.rss)} (peak ${mb(process.resourceUsage().maxRSS * 1024)}), heapTotal ${mb(mu.heapTotal)}, heapUsed ${mb(mu.heapUsed)}, arrayBuffers ${mb(mu.arrayBuffers)}`,
);

// Steady state: the next epoch (day and hour aggregates cached) and the next hour.
for (const [label, dt] of [
  ['next epoch', EPOCH_MS],
  ['next hour', 3_600_000],
] as const) {
  const t1 = now + dt;
  let t = performance.now();
  cs.minPrices(t1);
  console.log(`CS2 ${label}: snapshot ${ms(t)}`);
  t = performance.now();
  cs.steamAnalytics(t1);
  console.log(`CS2 ${label}: steamAnalytics ${ms(t)}`);
  t = performance.now();
  cs.marketOrderAnalytics('buff163', t1);
  console.log(`CS2 ${label}: marketOrderAnalytics buff163 ${ms(t)}`);
  t = performance.now();
  cs.priceRecommendations('general', undefined, t1);
  console.log(`CS2 ${label}: priceRecommendations general ${ms(t)}`);
}
