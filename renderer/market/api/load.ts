/**
 * One price load for the grid: CS2 through the app's urql client (GraphQL, whose aggregated forms take no
 * game and answer for 730; the 'grid-prices' route runs it in the worker), the other games through the
 * REST forms with game_id, straight to the worker. Either way the worker fetches, parses and shapes.
 */
import { CombinedError, type Client } from '@urql/core';
import { runRouted } from '../../api/worker-exchange';
import { REST_PATHS } from '../../../shared/api/schema';
import { DEFAULT_GAME_ID } from '../../../shared/catalog/games';
import type { Snapshot } from '../model/snapshot';
import type { GridWorkerClient, LoadOptions, PricesRequest } from '../worker/client';
import { GRID_ASKS, GRID_PRICES } from './documents';
import { gridErrorOf, type GridOperationContext } from './routes';

export interface LoadDeps {
  client: Client;
  worker: GridWorkerClient;
}

export function usesGraphql(game: number): boolean {
  return game === DEFAULT_GAME_ID;
}

export function loadPrices(deps: LoadDeps, req: PricesRequest, opts: LoadOptions = {}): Promise<Snapshot> {
  if (!usesGraphql(req.game)) return deps.worker.loadRest(REST_PATHS.minPrices, REST_PATHS.maxOrders, req, opts);

  const gridColumns: GridOperationContext = { ...req, onProgress: opts.onProgress };
  const context = { requestPolicy: 'network-only' as const, gridColumns };
  const run =
    req.bidMarkets.length > 0
      ? runRouted(deps.client, GRID_PRICES, { markets: [...req.askMarkets], bidMarkets: [...req.bidMarkets] }, context, opts.signal)
      : runRouted(deps.client, GRID_ASKS, { markets: [...req.askMarkets] }, context, opts.signal);
  return run.then(
    (data) => data.grid,
    (e: unknown) => Promise.reject(e instanceof CombinedError ? gridErrorOf(e) : e),
  );
}
