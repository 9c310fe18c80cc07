/**
 * One price load: CS2 as a typed GraphQL operation through the app's one urql client, whose worker
 * exchange hands it to the data worker; the other games through the REST forms with game_id (GraphQL's
 * aggregated forms take no game and answer for 730), straight to the same worker. Either way the worker
 * fetches, parses and shapes; a failure is the worker's ApiError as it made it.
 */
import { getOperationName, stringifyDocument, type Client } from '@urql/core';
import { runInWorker, graphqlRequestOf, type WorkerRun } from '../../api/worker-exchange';
import { REST_PATHS } from '../../../shared/api/schema';
import { DEFAULT_GAME_ID } from '../../../shared/catalog/games';
import type { Snapshot } from '../model/snapshot';
import type { GraphqlBatch, LoadOptions, MarketWorkerClient, PricesRequest } from '../worker/client';
import { needsBatches, planBatches, type PerRequest } from './batches';
import { GRID_ASKS, GRID_BIDS, GRID_PRICES, type GridData } from './documents';

export interface LoadDeps {
  client: Client;
  worker: MarketWorkerClient;
}

export function usesGraphql(game: number): boolean {
  return game === DEFAULT_GAME_ID;
}

/** The requests of a load cut into batches (batches.ts), each with the document for the lists it carries. */
function graphqlBatches(askMarkets: readonly string[], bidMarkets: readonly string[], per: PerRequest): GraphqlBatch[] {
  return planBatches(askMarkets, bidMarkets, per).map(({ ask, bid }) => {
    const doc = ask.length === 0 ? GRID_BIDS : bid.length === 0 ? GRID_ASKS : GRID_PRICES;
    const variables: Record<string, unknown> = {};
    if (ask.length > 0) variables.markets = ask;
    if (bid.length > 0) variables.bidMarkets = bid;
    return {
      body: { query: stringifyDocument(doc), variables, operationName: getOperationName(doc) },
      askMarkets: ask,
      bidMarkets: bid,
    };
  });
}

export function loadPrices(deps: LoadDeps, req: PricesRequest, opts: LoadOptions = {}): Promise<Snapshot> {
  if (!usesGraphql(req.game)) return deps.worker.loadRest(REST_PATHS.minPrices, REST_PATHS.maxOrders, req, opts);

  // In the worker: the operation's document (or, where the service takes only so many names, batches of it).
  const run: WorkerRun = async (op, signal) => {
    const batches =
      req.perRequest && needsBatches(req.askMarkets, req.bidMarkets, req.perRequest)
        ? graphqlBatches(req.askMarkets, req.bidMarkets, req.perRequest)
        : undefined;
    const grid = await deps.worker.loadGraphql(
      op.context.url,
      graphqlRequestOf(op),
      { ...req, batches },
      { signal, onProgress: opts.onProgress },
    );
    return { grid } satisfies GridData;
  };
  const load =
    req.bidMarkets.length > 0
      ? runInWorker(deps.client, GRID_PRICES, { markets: [...req.askMarkets], bidMarkets: [...req.bidMarkets] }, run, {
          signal: opts.signal,
        })
      : runInWorker(deps.client, GRID_ASKS, { markets: [...req.askMarkets] }, run, { signal: opts.signal });
  return load.then((data) => data.grid);
}
