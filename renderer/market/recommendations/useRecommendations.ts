/**
 * The recommendations list as live data (offline/useLiveData.ts: refresh on the shell's interval, the
 * last list kept (marked stale) when a refresh fails, the offline copy, download progress), loaded through
 * the grid worker (load.ts). The Recommendations page shows it; the Portfolio page reads its suggested
 * prices (the same key: one load serves both).
 */
import { useClient } from 'urql';
import { loadRecommendations, type RecRequest } from './api/load';
import type { RecColumns } from './rec-columns';
import { recsCodec } from '../offline/codecs';
import { useLiveData } from '../offline/useLiveData';
import { QUERY_KEYS } from '../query-keys';

export function useRecommendations(req: RecRequest, { enabled = true }: { enabled?: boolean } = {}) {
  const client = useClient();
  const variant = `${req.type}|${req.markets.join(',')}`;
  const { data, ...rest } = useLiveData<RecColumns>({
    key: [QUERY_KEYS.recommendations, req.game, req.type, req.markets.join(',')],
    game: req.game,
    load: ({ signal, onProgress }) => loadRecommendations(client, req, { signal, onProgress }),
    mark: 'recs:load-start',
    enabled,
    gcTime: 60_000,
    background: false,
    keepPrevious: false,
    // A kept list is shown only for the same list (type and markets).
    offline: { codec: recsCodec, enabled: true, variant, fits: (kept) => `${kept.type}|${(kept.markets ?? []).join(',')}` === variant },
  });
  return { recs: data, ...rest };
}
