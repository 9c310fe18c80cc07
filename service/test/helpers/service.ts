/**
 * Starts the service for tests: the real simulated market (one instance per test file, so the big catalog
 * and its snapshots are computed once per file), a fixed clock, quiet.
 */
import { startService, type RunningService, type ServiceOptions } from '../../src/index';
import { createSimulatedMarket } from '../../src/sim/index';
import type { SimulatedMarket } from '../../src/sim/types';

/** A fixed service time for tests (2025-01-15T12:00:00Z): stable prices, stable tokens. */
export const FIXED_NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

let shared: SimulatedMarket | undefined;

/** The real simulated market (seed 1), shared by every service this test file starts. */
export function sharedMarket(): SimulatedMarket {
  shared ??= createSimulatedMarket({ seed: 1 });
  return shared;
}

export function startTestService(opts: ServiceOptions = {}): Promise<RunningService> {
  return startService({ quiet: true, clock: () => FIXED_NOW, market: sharedMarket(), ...opts });
}
