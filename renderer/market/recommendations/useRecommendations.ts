/**
 * The recommendations list as live data (offline/useLiveData.ts: the last list kept (marked stale) when a
 * refresh fails, the offline copy, download progress), polled by the market engine's schedule while a
 * view shows it (engine/app-engine.ts `recs`: the request plan's interval, counted in its forecast; the
 * view itself polls nothing). The Recommendations page shows it; the Portfolio page reads its suggested
 * prices (the same key: one load serves both).
 */
import { useMemo } from 'react';
import { useClient } from 'urql';
import { loadRecommendations, type RecRequest } from './api/load';
import type { RecColumns } from './rec-columns';
import { recsCodec } from '../offline/codecs';
import { useLiveData } from '../offline/useLiveData';
import { QUERY_KEYS } from '../query-keys';
import { useMarketEngine, useRecsNeed } from '../engine/MarketEngineProvider';

export function useRecommendations(req: RecRequest, { enabled = true }: { enabled?: boolean } = {}) {
  const client = useClient();
  const app = useMarketEngine();
  const variant = `${req.type}|${req.markets.join(',')}`;
  useRecsNeed(enabled ? req : null);
  const { game, type } = req;
  const markets = req.markets.join(',');
  const driver = useMemo(() => {
    if (!app) return undefined;
    const r: RecRequest = { game, type, markets: markets ? markets.split(',') : [] };
    return { progress: app.recsProgress(r), refresh: () => app.recs.refresh(game) };
  }, [app, game, type, markets]);
  const { data, ...rest } = useLiveData<RecColumns>({
    key: [QUERY_KEYS.recommendations, req.game, req.type, req.markets.join(',')],
    game: req.game,
    // Without the engine (a test's bare providers): the view loads by itself.
    load: ({ signal, onProgress }) => loadRecommendations(client, req, { signal, onProgress }),
    mark: 'recs:load-start',
    enabled,
    gcTime: 60_000,
    background: false,
    keepPrevious: false,
    // A kept list is shown only for the same list (type and markets).
    offline: {
      codec: recsCodec,
      enabled: true,
      variant,
      fits: (kept) => `${kept.type}|${(kept.markets ?? []).join(',')}` === variant,
    },
    driver,
  });
  return { recs: data, ...rest };
}
