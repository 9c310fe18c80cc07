/**
 * The app's engine: each poll is one price load (market/api/load.ts: the worker fetches, parses and shapes)
 * run through react-query under the views' key, so every view of that request sees the answer (its
 * cache), and its progress goes to one store per request that the views show. The consumers every app
 * has are added here: the price history records every answer, and market discovery learns from each
 * poll which market names the service takes (an answer: offered; a refusal: which one?), whatever page
 * is open.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Client } from '@urql/core';
import { readPreference } from '../../lib/preferences';
import { loadPrices } from '../api/load';
import { history } from '../history/client';
import { toPoll } from '../history/poll-input';
import { HISTORY_PREFS, readLimits } from '../history/prefs';
import type { Snapshot } from '../model/snapshot';
import type { LoadOptions } from '../worker/client';
import { ProgressStore } from '../offline/useLiveData';
import { GRID_PREFS, readFees } from '../prefs';
import { QUERY_KEYS } from '../query-keys';
import { marketWorker } from '../worker/client';
import { MarketEngine, type PriceRequest } from './engine';
import { historyConsumer } from './history-consumer';
import { marketDiscovery } from '../markets/useMarketDiscovery';

/** The react-query key of a request's prices (the shape useLiveData makes of useGridData's key). */
export function pricesQueryKey(source: string | null, r: PriceRequest): readonly unknown[] {
  return [QUERY_KEYS.prices, source, r.game, r.askMarkets.join(','), r.bidMarkets.join(',')];
}

/**
 * One load of a request's prices, with today's fees and, where the service takes only so many market names
 * a request (market discovery learned it), in batches of that size merged item by item.
 */
export function loadPriceRequest(client: Client, req: PriceRequest, source: string | null, opts: LoadOptions): Promise<Snapshot> {
  const derive = { fees: readFees(req.game), net: readPreference(GRID_PREFS.net) };
  const perRequest = { ask: marketDiscovery.limit(source, req.game, 'minPrices'), bid: marketDiscovery.limit(source, req.game, 'maxOrders') };
  const request = { game: req.game, askMarkets: [...req.askMarkets], bidMarkets: [...req.bidMarkets], derive, perRequest };
  return loadPrices({ client, worker: marketWorker() }, request, opts);
}

/**
 * How long an answer stays in the cache with no view on it (the engine keeps no copy): past the next poll,
 * so a view opened between two polls shows the last answer instead of asking for another.
 */
function gcTime(interval: number | false): number {
  return interval === false ? 20_000 : Math.max(20_000, 2 * interval);
}

export interface AppEngine {
  engine: MarketEngine<Snapshot>;
  /** The progress of a request's loads (one store per request, whichever view shows it). */
  progress(r: PriceRequest): ProgressStore;
}

export function createAppEngine(deps: { queryClient: QueryClient; client: () => Client; interval: () => number | false }): AppEngine {
  const stores = new Map<string, ProgressStore>();
  const progress = (r: PriceRequest): ProgressStore => {
    const k = `${r.game}|${r.askMarkets.join(',')}|${r.bidMarkets.join(',')}`;
    let s = stores.get(k);
    if (!s) stores.set(k, (s = new ProgressStore()));
    return s;
  };
  const engine = new MarketEngine<Snapshot>({
    interval: deps.interval,
    load: async (req, source) => {
      const key = pricesQueryKey(source, req);
      const p = progress(req);
      const snap = await deps.queryClient.fetchQuery<Snapshot, Error, Snapshot, readonly unknown[]>({
        queryKey: key,
        queryFn: async ({ signal }) => {
          p.start();
          performance.mark('grid:load-start');
          try {
            return await loadPriceRequest(deps.client(), req, source, { signal, onProgress: p.set });
          } finally {
            p.end();
          }
        },
        staleTime: 0,
        gcTime: gcTime(deps.interval()),
        retry: false,
        structuralSharing: false,
      });
      return { snap, at: deps.queryClient.getQueryState(key)?.dataUpdatedAt || Date.now() };
    },
  });
  engine.consume(
    'history',
    historyConsumer<Snapshot>({
      record: (a) => history.record(toPoll(a.snap, a.at), readLimits()),
      enabled: () => readPreference(HISTORY_PREFS.enabled),
    }),
  );
  engine.consume('market names', ({ request: r, source }) => {
    marketDiscovery.recordOffered(source, r.game, 'minPrices', [...r.askMarkets]);
    marketDiscovery.recordOffered(source, r.game, 'maxOrders', [...r.bidMarkets]);
  });
  engine.onFailure((r, source, e) => {
    if ((e as { kind?: unknown } | null)?.kind !== 'bad-request') return;
    // Asks and bids come in one GraphQL request: either list may hold the refused name, so both are checked
    // (a list the service takes costs one probe, cancelled after its first bytes). Discovery then changes
    // the market plan, and the needs with it.
    const runs = [
      r.askMarkets.length > 0 ? marketDiscovery.onRefusal(source, r.game, 'minPrices', [...r.askMarkets]) : null,
      r.bidMarkets.length > 0 ? marketDiscovery.onRefusal(source, r.game, 'maxOrders', [...r.bidMarkets]) : null,
    ].filter((x) => x !== null);
    // Nothing refused: the refusal was transient (a 400 is not evidence) or a list-size limit was found, so
    // the same lists are polled again now (in batches where a limit is known). Once: the same lists refused
    // again are not looked into again (onRefusal answers null).
    void Promise.all(runs).then((found) => {
      if (found.length > 0 && found.every((x) => x !== null && x.refused.length === 0)) void engine.refresh(r.game);
    });
  });
  return { engine, progress };
}
