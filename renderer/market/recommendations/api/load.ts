/**
 * One recommendations load. Without a markets filter: the typed GraphQL document through the app's one
 * urql client, whose 'recommendations' route hands it to the grid worker (fetch, parse, read into columns
 * off the UI thread). With one: the REST form (the only one that takes `markets`), straight to the same
 * worker, as the grid does for its REST games. Errors come back as GridLoadError either way.
 */
import { CombinedError, type Client, type Operation } from '@urql/core';
import { REST_PATHS, type RecommendationType } from '../../../../shared/api/schema';
import { graphqlRequestOf, registerWorkerRoute, runRouted, type WorkerRoute } from '../../../api/worker-exchange';
import { gridErrorOf } from '../../api/routes';
import { gridWorker, type LoadOptions } from '../../worker/client';
import type { RecColumns } from '../rec-columns';
import { REC_LIST, type RecData } from './documents';

export interface RecRequest {
  game: number;
  type: RecommendationType;
  /** Marketplace slugs to base the suggestions on (REST); empty = all (GraphQL). */
  markets: readonly string[];
}

/** What a recommendations operation puts in its urql context as `recTask`. */
interface RecTask {
  game: number;
  type: RecommendationType;
  onProgress?: LoadOptions['onProgress'];
}

function recTaskOf(op: Operation): RecTask | null {
  const t: unknown = op.context.recTask;
  if (typeof t !== 'object' || t === null) return null;
  const { game, type, onProgress } = t as Partial<RecTask>;
  if (typeof game !== 'number' || (type !== 'general' && type !== 'p2p')) return null;
  return { game, type, onProgress: typeof onProgress === 'function' ? onProgress : undefined };
}

export const recommendationsRoute: WorkerRoute = {
  name: 'recommendations',
  match: recTaskOf,
  async run(op, task, { signal }): Promise<RecData> {
    const t = task as RecTask;
    const recs = await gridWorker().loadRecs(
      { transport: 'graphql', url: op.context.url, body: graphqlRequestOf(op), game: t.game, type: t.type, markets: null },
      { signal, onProgress: t.onProgress },
    );
    return { recs };
  },
};
registerWorkerRoute(recommendationsRoute);

export function loadRecommendations(client: Client, req: RecRequest, opts: LoadOptions = {}): Promise<RecColumns> {
  if (req.markets.length > 0) {
    const body = { game_id: req.game, type: req.type, markets: [...req.markets] };
    return gridWorker().loadRecs({ transport: 'rest', url: REST_PATHS.priceRecommendations, body, game: req.game, type: req.type, markets: req.markets }, opts);
  }
  const context = { requestPolicy: 'network-only' as const, recTask: { game: req.game, type: req.type, onProgress: opts.onProgress } satisfies RecTask };
  return runRouted(client, REC_LIST, { game_id: req.game, type: req.type }, context, opts.signal).then(
    (data) => data.recs,
    (e: unknown) => Promise.reject(e instanceof CombinedError ? gridErrorOf(e) : e),
  );
}

/**
 * Gets the recommendations worker ready before the page asks for the list: started, with its reading
 * code compiled (GridWorkerClient.warmRecs), so the first load's request leaves at once. Called in idle
 * time after the app starts and when the page's tab is pointed at or focused; and, only started (the
 * page's load follows at once), when the app opens on the page. A no-op without workers.
 */
export function prewarmRecommendations({ compile = true }: { compile?: boolean } = {}): void {
  if (typeof Worker !== 'function') return;
  gridWorker().warmRecs(compile);
}

/**
 * The list just loaded is on screen (its first frame drawn): the worker may now build the list's search
 * data, which it holds back meanwhile (on two cores it would take the core that frame needs).
 */
export function recommendationsPainted(): void {
  if (typeof Worker !== 'function') return;
  gridWorker().recsPainted();
}
