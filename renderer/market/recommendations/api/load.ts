/**
 * One recommendations load. Without a markets filter: the typed GraphQL document through the app's one
 * urql client, whose worker exchange hands it to the data worker (fetch, parse, read into columns off the
 * UI thread). With one: the REST form (the only one that takes `markets`), straight to the same worker, as
 * the grid does for its REST games. A failure is the worker's ApiError either way.
 */
import type { Client } from '@urql/core';
import { REST_PATHS, type RecommendationType } from '../../../../shared/api/schema';
import { graphqlRequestOf, runInWorker, type WorkerRun } from '../../../api/worker-exchange';
import { marketWorker, type LoadOptions } from '../../worker/client';
import type { RecColumns } from '../rec-columns';
import { REC_LIST, type RecData } from './documents';

export interface RecRequest {
  game: number;
  type: RecommendationType;
  /** Marketplace slugs to base the suggestions on (REST); empty = all (GraphQL). */
  markets: readonly string[];
}

export function loadRecommendations(client: Client, req: RecRequest, opts: LoadOptions = {}): Promise<RecColumns> {
  if (req.markets.length > 0) {
    const body = { game_id: req.game, type: req.type, markets: [...req.markets] };
    return marketWorker().loadRecs(
      {
        transport: 'rest',
        url: REST_PATHS.priceRecommendations,
        body,
        game: req.game,
        type: req.type,
        markets: req.markets,
      },
      opts,
    );
  }
  const run: WorkerRun = async (op, signal) => {
    const recs = await marketWorker().loadRecs(
      {
        transport: 'graphql',
        url: op.context.url,
        body: graphqlRequestOf(op),
        game: req.game,
        type: req.type,
        markets: null,
      },
      { signal, onProgress: opts.onProgress },
    );
    return { recs } satisfies RecData;
  };
  return runInWorker(client, REC_LIST, { game_id: req.game, type: req.type }, run, { signal: opts.signal }).then(
    (data) => data.recs,
  );
}

/**
 * Gets the recommendations worker ready before the page asks for the list: started, with its reading
 * code compiled (MarketWorkerClient.warmRecs), so the first load's request leaves at once. Called in idle
 * time after the app starts and when the page's tab is pointed at or focused; and, only started (the
 * page's load follows at once), when the app opens on the page. A no-op without workers.
 */
export function prewarmRecommendations({ compile = true }: { compile?: boolean } = {}): void {
  if (typeof Worker !== 'function') return;
  marketWorker().warmRecs(compile);
}

/**
 * The list just loaded is on screen (its first frame drawn): the worker may now build the list's search
 * data, which it holds back meanwhile (on two cores it would take the core that frame needs).
 */
export function recommendationsPainted(): void {
  if (typeof Worker !== 'function') return;
  marketWorker().recsPainted();
}
