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
import { afterRender } from '../../lib/idle';
import { readPreference } from '../../lib/preferences';
import { loadPrices } from '../api/load';
import { history } from '../history/client';
import { HISTORY_PREFS, readLimits } from '../history/prefs';
import type { Snapshot } from '../model/snapshot';
import type { LoadOptions } from '../worker/client';
import { ProgressStore } from '../offline/useLiveData';
import { GRID_PREFS, readFees } from '../prefs';
import { QUERY_KEYS } from '../query-keys';
import { marketWorker } from '../worker/client';
import { MarketEngine, requestKey, type PriceRequest } from './engine';
import { loadRecommendations, type RecRequest } from '../recommendations/api/load';
import type { RecColumns } from '../recommendations/rec-columns';
import { canCarryBids, carryBids, pollOfAnswer } from './carry-bids';
import { fetchIntoCache } from './cache-fetch';
import { historyConsumer } from './history-consumer';
import { marketDiscovery } from '../markets/useMarketDiscovery';
import { stalledMarkets } from '../stalled-markets';
import { readQuoteSettings } from '../trust-prefs';

/** The react-query key of a request's prices (the shape useLiveData makes of useGridData's key). */
export function pricesQueryKey(source: string | null, r: PriceRequest): readonly unknown[] {
  return [QUERY_KEYS.prices, source, r.game, r.askMarkets.join(','), r.bidMarkets.join(',')];
}

/**
 * One load of a request's prices, with today's fees and, where the service takes only so many market names
 * a request (market discovery learned it), in batches of that size merged item by item.
 */
export function loadPriceRequest(
  client: Client,
  req: PriceRequest,
  source: string | null,
  opts: LoadOptions,
): Promise<Snapshot> {
  const derive = { fees: readFees(req.game), net: readPreference(GRID_PREFS.net), ...readQuoteSettings() };
  const perRequest = {
    ask: marketDiscovery.limit(source, req.game, 'minPrices'),
    bid: marketDiscovery.limit(source, req.game, 'maxOrders'),
  };
  const request = {
    game: req.game,
    askMarkets: [...req.askMarkets],
    bidMarkets: [...req.bidMarkets],
    derive,
    perRequest,
  };
  return loadPrices({ client, worker: marketWorker() }, request, opts);
}

/**
 * How long an answer stays in the cache with no view on it (the engine keeps no copy): past the next poll,
 * so a view opened between two polls shows the last answer instead of asking for another.
 */
function gcTime(interval: number | false): number {
  return interval === false ? 20_000 : Math.max(20_000, 2 * interval);
}

/** The react-query key of a recommendations list (the shape useLiveData makes of useRecommendations' key). */
export function recsQueryKey(source: string | null, r: RecRequest): readonly unknown[] {
  return [QUERY_KEYS.recommendations, source, r.game, r.type, r.markets.join(',')];
}

export interface AppEngine {
  engine: MarketEngine<Snapshot>;
  /** The progress of a request's loads (one store per request, whichever view shows it). */
  progress(r: PriceRequest): ProgressStore;
  /**
   * The recommendations list, polled on the same schedule (the same interval from the request plan, the
   * same backoff and data source) while a view shows it; its only consumer is the views' cache.
   */
  recs: MarketEngine<RecColumns, RecRequest>;
  recsProgress(r: RecRequest): ProgressStore;
}

/** One progress store per request key. */
function progressStores<R>(keyOf: (r: R) => string): (r: R) => ProgressStore {
  const stores = new Map<string, ProgressStore>();
  return (r) => {
    const k = keyOf(r);
    let s = stores.get(k);
    if (!s) stores.set(k, (s = new ProgressStore()));
    return s;
  };
}

interface EngineDeps {
  queryClient: QueryClient;
  client: () => Client;
  interval: () => number | false;
}

/** The recommendations engine: each load a fetch through the views' cache, its progress in `progress`. */
function recsEngine(
  deps: EngineDeps,
  progress: (r: RecRequest) => ProgressStore,
): MarketEngine<RecColumns, RecRequest> {
  return new MarketEngine<RecColumns, RecRequest>({
    interval: deps.interval,
    load: async (req, source) => {
      const p = progress(req);
      const { data, at } = await fetchIntoCache(
        deps.queryClient,
        recsQueryKey(source, req),
        gcTime(deps.interval()),
        async () => {
          p.start();
          performance.mark('recs:load-start');
          try {
            return await loadRecommendations(deps.client(), req, { onProgress: p.set });
          } finally {
            p.end();
          }
        },
      );
      return { snap: data, at };
    },
  });
}

/** The prices engine: each load a fetch through the views' cache, its progress in `progress`. */
function pricesEngine(deps: EngineDeps, progress: (r: PriceRequest) => ProgressStore): MarketEngine<Snapshot> {
  return new MarketEngine<Snapshot>({
    interval: deps.interval,
    load: async (req, source, { bids }) => {
      const key = pricesQueryKey(source, req);
      const p = progress(req);
      // Asks only (bids every Nth poll): the last bids of this request are kept, with their own time.
      const last = deps.queryClient.getQueryData<Snapshot>(key);
      const carry = !bids && canCarryBids(last, req.game, req.bidMarkets) ? last : null;
      const { data, at } = await fetchIntoCache(deps.queryClient, key, gcTime(deps.interval()), async () => {
        p.start();
        performance.mark('grid:load-start');
        try {
          if (!carry) return await loadPriceRequest(deps.client(), req, source, { onProgress: p.set });
          const asks = await loadPriceRequest(deps.client(), { ...req, bidMarkets: [] }, source, {
            onProgress: p.set,
          });
          return carryBids(asks, carry, carry.bidsAt ?? deps.queryClient.getQueryState(key)?.dataUpdatedAt ?? 0);
        } finally {
          p.end();
        }
      });
      return { snap: data, at, bids: carry === null };
    },
  });
}

export function createAppEngine(deps: EngineDeps): AppEngine {
  const progress = progressStores<PriceRequest>(requestKey);
  const recsProgress = progressStores<RecRequest>((r) => `${r.game}|${r.type}|${r.markets.join(',')}`);
  const recs = recsEngine(deps, recsProgress);
  const engine = pricesEngine(deps, progress);
  engine.consume(
    'history',
    historyConsumer<Snapshot>({
      // After the answer is on screen: handing a whole catalog to the history's worker costs the page ~30 ms.
      record: (a) => afterRender().then(() => history.record(pollOfAnswer(a), readLimits())),
      enabled: () => readPreference(HISTORY_PREFS.enabled),
    }),
  );
  // The status bar and the Markets dialog say which markets look stalled, whatever page is open.
  engine.consume('stalled markets', ({ request: r, snap }) => {
    if (snap.trust) stalledMarkets.set(r.game, snap.trust.stalls);
  });
  engine.consume('market names', ({ request: r, source, bidsFresh }) => {
    marketDiscovery.recordOffered(source, r.game, 'minPrices', [...r.askMarkets]);
    if (bidsFresh) marketDiscovery.recordOffered(source, r.game, 'maxOrders', [...r.bidMarkets]);
  });
  engine.onFailure((r, source, e, { bids }) => {
    if ((e as { kind?: unknown } | null)?.kind !== 'bad-request') return;
    // Asks and bids come in one GraphQL request: either list may hold the refused name, so both are checked
    // (a list the service takes costs one probe, cancelled after its first bytes). Discovery then changes
    // the market plan, and the needs with it.
    const runs = [
      r.askMarkets.length > 0 ? marketDiscovery.onRefusal(source, r.game, 'minPrices', [...r.askMarkets]) : null,
      bids && r.bidMarkets.length > 0
        ? marketDiscovery.onRefusal(source, r.game, 'maxOrders', [...r.bidMarkets])
        : null,
    ].filter((x) => x !== null);
    // Nothing refused: the refusal was transient (a 400 is not evidence) or a list-size limit was found, so
    // the same lists are polled again now (in batches where a limit is known). Once: the same lists refused
    // again are not looked into again (onRefusal answers null).
    void Promise.all(runs).then((found) => {
      if (found.length > 0 && found.every((x) => x !== null && x.refused.length === 0)) void engine.refresh(r.game);
    });
  });
  return { engine, progress, recs, recsProgress };
}
