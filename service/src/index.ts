/**
 * The reference Item Market Data Service as a library: `startService` (its own HTTP server on 127.0.0.1)
 * and `createServiceHandler` (a Node (req, res) handler to embed in another server). Both run over the
 * simulated market of service/src/sim. See service/README.md.
 */
import { createServiceHandler as createHandler, type ServiceHandler, type ServiceOptions } from './server/handler';
import { startHttpService, type RunningService } from './server/start';
import { createSimulatedMarket } from './sim/index';

export type { ServiceHandler, ServiceOptions, ResponseInfo } from './server/handler';
export type { RunningService } from './server/start';
export type { FaultConfig } from './server/faults';
export type { CatalogSlice } from './sim/catalog';
export { NO_FAULTS } from './server/faults';
function withMarket(opts: ServiceOptions): ServiceOptions {
  return opts.market || opts.createMarket ? opts : { ...opts, createMarket: (o) => createSimulatedMarket(o) };
}

/** Starts the service on 127.0.0.1 (port 0 = a free one). */
export function startService(opts: ServiceOptions = {}): Promise<RunningService> {
  return startHttpService(withMarket(opts));
}

/** The service as a Node (req, res) handler, for embedding in another server. */
export function createServiceHandler(opts: ServiceOptions = {}): ServiceHandler {
  return createHandler(withMarket(opts));
}
