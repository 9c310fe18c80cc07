/**
 * A game's prices as live data for a view (offline/useLiveData.ts: the last good data on a failed load,
 * the offline copy, progress): the view subscribes to what it shows. The market engine (market/engine)
 * polls, on the user's interval, once per request whoever needs it, and records every poll; the view
 * registers its need while mounted and reads the answers from the cache the engine fills. Loads go through
 * the worker: CS2 as a GraphQL operation on the app's urql client (its worker exchange), the other
 * games by REST.
 */
import { useMemo } from 'react';
import { useClient } from 'urql';
import type { Snapshot } from './model/snapshot';
import { useDataSource } from './providers';
import { gridCodec } from './offline/codecs';
import { useLiveData } from './offline/useLiveData';
import { QUERY_KEYS } from './query-keys';
import { loadPriceRequest } from './engine/app-engine';
import { useMarketEngine, useMarketNeed } from './engine/MarketEngineProvider';
import type { PriceKind } from './engine/engine';

export interface PricesKey {
  game: number;
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
}

const BOTH: readonly PriceKind[] = ['asks', 'bids'];

/**
 * `offline`: keep each load for an offline start, and show the last kept one while there is no live data.
 * `enabled` false: no need registered (data already loaded for this key is still returned).
 * `kinds`: what the view reads (the engine's planner may poll a kind nobody needs less often).
 */
export function useGridData(
  req: PricesKey,
  {
    offline = false,
    enabled = true,
    kinds = BOTH,
  }: { offline?: boolean; enabled?: boolean; kinds?: readonly PriceKind[] } = {},
) {
  const client = useClient();
  const { sourceKey } = useDataSource();
  const app = useMarketEngine();
  const ask = req.askMarkets.join(',');
  const bid = req.bidMarkets.join(',');
  const on = enabled && req.askMarkets.length > 0;
  useMarketNeed(on ? { ...req, kinds } : null);
  const { game } = req;
  const driver = useMemo(
    () =>
      app
        ? {
            progress: app.progress({
              game,
              askMarkets: ask ? ask.split(',') : [],
              bidMarkets: bid ? bid.split(',') : [],
            }),
            refresh: () => app.engine.refresh(game),
          }
        : undefined,
    [app, game, ask, bid],
  );
  const { data, ...rest } = useLiveData<Snapshot>({
    key: [QUERY_KEYS.prices, req.game, ask, bid],
    game: req.game,
    load: ({ signal, onProgress }) => loadPriceRequest(client, req, sourceKey, { signal, onProgress }),
    mark: 'grid:load-start',
    enabled: on,
    gcTime: 20_000,
    background: true,
    driver,
    // Keep showing the last snapshot of the same game while another set of markets loads.
    keepPrevious: true,
    offline: { codec: gridCodec, enabled: offline, variant: `${ask}|${bid}` },
  });
  return { snap: data, ...rest };
}
