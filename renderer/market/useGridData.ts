/**
 * The grid's prices as live data (offline/useLiveData.ts: refresh, the last good data on a failed load,
 * the offline copy, progress), loaded through the worker: CS2 as a GraphQL operation on the app's urql
 * client (its 'grid-prices' route), the other games by REST.
 */
import { useEffect, useRef } from 'react';
import { useClient } from 'urql';
import { readPreference } from '../lib/preferences';
import { useDataSource } from './providers';
import { marketDiscovery, useMarketDiscovery } from './markets/useMarketDiscovery';
import { GRID_PREFS, readFees } from './prefs';
import { loadPrices } from './api/load';
import type { Snapshot } from './model/snapshot';
import { gridWorker } from './worker/client';
import { gridCodec } from './offline/codecs';
import { useLiveData } from './offline/useLiveData';
import { QUERY_KEYS } from './query-keys';

export interface PricesKey {
  game: number;
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
}

/**
 * `offline`: keep each load for an offline start, and show the last kept one while there is no live data.
 * `background`: keep refreshing on the interval while the window is hidden (alerts watch prices then too).
 * `enabled` false: no load starts (data already loaded for this key is still returned).
 */
export function useGridData(
  req: PricesKey,
  { offline = false, background = false, enabled = true }: { offline?: boolean; background?: boolean; enabled?: boolean } = {},
) {
  const client = useClient();
  const ask = req.askMarkets.join(',');
  const bid = req.bidMarkets.join(',');
  // A service that takes only so many names a request (market discovery found it): loaded in batches.
  const discovery = useMarketDiscovery(req.game);
  const askLimit = discovery.limit('minPrices');
  const bidLimit = discovery.limit('maxOrders');
  const { data, ...rest } = useLiveData<Snapshot>({
    key: [QUERY_KEYS.prices, req.game, ask, bid, askLimit, bidLimit],
    game: req.game,
    load: ({ signal, onProgress }) => {
      const derive = { fees: readFees(req.game), net: readPreference(GRID_PREFS.net) };
      const perRequest = { ask: askLimit, bid: bidLimit };
      return loadPrices({ client, worker: gridWorker() }, { ...req, derive, perRequest }, { signal, onProgress });
    },
    mark: 'grid:load-start',
    // While a refusal is looked into, a load with the old lists would only be refused again (each a
    // whole-catalog request): it waits for the names to leave out and the list-size limit.
    enabled: enabled && req.askMarkets.length > 0 && !discovery.investigating,
    gcTime: 20_000,
    background,
    // Keep showing the last snapshot of the same game while another set of markets loads.
    keepPrevious: true,
    offline: { codec: gridCodec, enabled: offline, variant: `${ask}|${bid}` },
  });
  useMarketFeedback(req, data, rest.error, rest.placeholder || rest.stale, { ask: askLimit, bid: bidLimit }, rest.refetch);
  return { snap: data, ...rest };
}

/**
 * What a load says about the service's market names: a success that they are offered; a refusal as invalid
 * input of a request naming markets starts discovery (which names?), after which the plan asks without them.
 */
function useMarketFeedback(
  req: PricesKey,
  snap: Snapshot | null,
  error: { kind: string } | null,
  old: boolean,
  limits: { ask: number | null; bid: number | null },
  refetch: () => Promise<unknown>,
): void {
  const again = useRef(refetch);
  again.current = refetch;
  const { sourceKey } = useDataSource();
  const { game } = req;
  const ask = req.askMarkets.join(',');
  const bid = req.bidMarkets.join(',');
  const loaded = snap !== null && !old && snap.game === game && snap.askMarkets.join(',').startsWith(ask);
  useEffect(() => {
    if (sourceKey === null || !loaded) return;
    marketDiscovery.recordOffered(sourceKey, game, 'minPrices', ask ? ask.split(',') : []);
    marketDiscovery.recordOffered(sourceKey, game, 'maxOrders', bid ? bid.split(',') : []);
  }, [sourceKey, game, ask, bid, loaded]);
  const refused = error?.kind === 'bad-request';
  useEffect(() => {
    if (sourceKey === null || !refused) return;
    // Asks and bids come in one GraphQL request: either list may hold the refused name, so both are checked
    // (a list the service takes costs one probe, cancelled after its first bytes).
    const runs = [
      ask ? marketDiscovery.onRefusal(sourceKey, game, 'minPrices', ask.split(',')).then((r) => r && r.refused.length === 0 && r.limit === limits.ask) : null,
      bid ? marketDiscovery.onRefusal(sourceKey, game, 'maxOrders', bid.split(',')).then((r) => r && r.refused.length === 0 && r.limit === limits.bid) : null,
    ].filter((r) => r !== null);
    // Nothing refused and no new limit: the refusal was transient (a 400 is not evidence), so the same
    // lists are loaded again. Once: a refusal of the same lists again is not looked into again (onRefusal).
    void Promise.all(runs).then((same) => {
      if (same.length > 0 && same.every(Boolean)) void again.current();
    });
  }, [sourceKey, game, ask, bid, refused, limits.ask, limits.bid]);
}
