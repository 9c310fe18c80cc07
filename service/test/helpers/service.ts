/**
 * Starts the service for tests: the real simulated market (one instance per test file, so the big catalog
 * and its snapshots are computed once per file), a fixed clock, quiet.
 */
import { startService, type RunningService, type ServiceOptions } from '../../src/index';
import { createSimulatedMarket, defaultServedMarkets, marketKind } from '../../src/sim/index';
import type { SimulatedMarket } from '../../src/sim/types';

/** A fixed service time for tests (2025-01-15T12:00:00Z): stable prices, stable tokens. */
export const FIXED_NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

/** The names the service serves by default: the published ones (shared/catalog/markets.ts). */
const SERVED = defaultServedMarkets();
export const MIN_PRICE_MARKETS: readonly string[] = SERVED.minPrices;
export const MAX_ORDER_MARKETS: readonly string[] = SERVED.maxOrders;
export const MARKET_ORDER_ANALYTICS_MARKETS: readonly string[] = SERVED.marketOrderAnalytics;
/** Served min-price names RecommendationType p2p considers. */
export const P2P_MARKETS: readonly string[] = SERVED.minPrices.filter((s) => marketKind(s) === 'p2p');

let shared: SimulatedMarket | undefined;

/** The real simulated market (seed 1), shared by every service this test file starts. */
export function sharedMarket(): SimulatedMarket {
  shared ??= createSimulatedMarket({ seed: 1 });
  return shared;
}

let sliced: SimulatedMarket | undefined;

/**
 * The same simulated market on every 4th item of each catalog (about 9,400 CS2 items), for suites whose
 * assertions are about the API's shapes and rules rather than the catalog's size: a whole CS2 answer costs
 * each such suite seconds per operation.
 */
export function slicedMarket(): SimulatedMarket {
  sliced ??= createSimulatedMarket({ seed: 1, catalogSlice: { every: 4 } });
  return sliced;
}

export function startTestService(opts: ServiceOptions = {}): Promise<RunningService> {
  return startService({ quiet: true, clock: () => FIXED_NOW, market: sharedMarket(), ...opts });
}
