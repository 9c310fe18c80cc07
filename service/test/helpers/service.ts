/** Starts the service for tests: the real simulated market, a fixed clock, quiet. */
import { startService, type RunningService, type ServiceOptions } from '../../src/index';

/** A fixed service time for tests (2025-01-15T12:00:00Z): stable prices, stable tokens. */
export const FIXED_NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

export function startTestService(opts: ServiceOptions = {}): Promise<RunningService> {
  return startService({ quiet: true, clock: () => FIXED_NOW, ...opts });
}
