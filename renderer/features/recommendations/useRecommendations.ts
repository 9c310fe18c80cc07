/**
 * The recommendations list as live data (offline/useLiveData.ts: refresh on the shell's interval, the
 * last list kept (marked stale) when a refresh fails, the offline copy, download progress), loaded through
 * the grid worker (load.ts).
 */
import { useClient } from 'urql';
import { loadRecommendations, type RecRequest } from '../../market/recommendations/api/load';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import { recsCodec } from '../../market/offline/codecs';
import { useLiveData } from '../../market/offline/useLiveData';
import { QUERY_KEYS } from '../../market/query-keys';

export function useRecommendations(req: RecRequest) {
  const client = useClient();
  const variant = `${req.type}|${req.markets.join(',')}`;
  const { data, ...rest } = useLiveData<RecColumns>({
    key: [QUERY_KEYS.recommendations, req.game, req.type, req.markets.join(',')],
    game: req.game,
    load: ({ signal, onProgress }) => loadRecommendations(client, req, { signal, onProgress }),
    mark: 'recs:load-start',
    enabled: true,
    gcTime: 60_000,
    background: false,
    keepPrevious: false,
    // A kept list is shown only for the same list (type and markets).
    offline: { codec: recsCodec, enabled: true, variant, fits: (kept) => `${kept.type}|${(kept.markets ?? []).join(',')}` === variant },
  });
  return { recs: data, ...rest };
}
