/**
 * One price load for the grid: CS2 through the app's urql client (GraphQL, whose aggregated forms take no
 * game and answer for 730; the 'grid-prices' route runs it in the worker), the other games through the
 * REST forms with game_id, straight to the worker. Either way the worker fetches, parses and shapes.
 */
import type { Client } from '@urql/core';
import { REST_PATHS } from '../../../../shared/api/schema';
import { DEFAULT_GAME_ID } from '../../../../shared/catalog/games';
import type { Snapshot } from '../model/columns';
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

function abortError(): DOMException {
  return new DOMException('The load was cancelled.', 'AbortError');
}

export function loadPrices(deps: LoadDeps, req: PricesRequest, opts: LoadOptions = {}): Promise<Snapshot> {
  if (!usesGraphql(req.game)) return deps.worker.loadRest(REST_PATHS.minPrices, REST_PATHS.maxOrders, req, opts);

  return new Promise<Snapshot>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(abortError());
      return;
    }
    const gridColumns: GridOperationContext = { ...req, onProgress: opts.onProgress };
    const context = { requestPolicy: 'network-only' as const, gridColumns };
    const source =
      req.bidMarkets.length > 0
        ? deps.client.query(GRID_PRICES, { markets: [...req.askMarkets], bidMarkets: [...req.bidMarkets] }, context)
        : deps.client.query(GRID_ASKS, { markets: [...req.askMarkets] }, context);
    let settled = false;
    let unsubscribe: (() => void) | null = null;
    const finish = () => {
      settled = true;
      // After the current callback: the subscription may not be assigned yet on a synchronous result.
      queueMicrotask(() => unsubscribe?.());
    };
    const sub = source.subscribe((result) => {
      if (settled) return;
      if (result.error) {
        finish();
        reject(gridErrorOf(result.error));
      } else if (result.data?.grid) {
        finish();
        resolve(result.data.grid);
      }
    });
    unsubscribe = () => sub.unsubscribe();
    if (settled) queueMicrotask(() => sub.unsubscribe());
    opts.signal?.addEventListener(
      'abort',
      () => {
        if (settled) return;
        settled = true;
        sub.unsubscribe();
        reject(abortError());
      },
      { once: true },
    );
  });
}
