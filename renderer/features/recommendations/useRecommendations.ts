/**
 * The recommendations list as react-query local async state, loaded through the grid worker (load.ts):
 * refreshed on the shell's interval, the last list kept (marked stale) when a refresh fails, download
 * progress in a tiny store so only the progress display re-renders while bytes arrive.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useClient } from 'urql';
import { useDataSource } from '../../app/providers';
import { useRefreshInterval } from '../../app/preferences';
import { GridLoadError } from '../grid/model/errors';
import { ProgressStore } from '../grid/useGridData';
import { loadRecommendations, type RecRequest } from './api/load';
import type { RecColumns } from './model/rec-columns';
import { recsCodec } from '../offline/codecs';
import { useOfflineData } from '../offline/useOfflineData';

export function useRecommendations(req: RecRequest) {
  const { sourceKey } = useDataSource();
  const client = useClient();
  const refetchInterval = useRefreshInterval();
  const progress = useMemo(() => new ProgressStore(), []);
  const query = useQuery<RecColumns, Error>({
    queryKey: ['recommendations', sourceKey, req.game, req.type, req.markets.join(',')],
    queryFn: async ({ signal }) => {
      progress.start();
      performance.mark('recs:load-start');
      try {
        return await loadRecommendations(client, req, { signal, onProgress: progress.set });
      } finally {
        progress.end();
      }
    },
    enabled: sourceKey !== null,
    structuralSharing: false,
    retry: false,
    refetchInterval,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
    staleTime: 10_000,
    gcTime: 60_000,
  });
  const error = query.error ? (query.error instanceof GridLoadError ? query.error : new GridLoadError('invalid-response', null, null, query.error.message, null, [])) : null;
  // The last good list of this game and source, shown (stale) when a load for other settings fails.
  const lastGood = useRef<{ recs: RecColumns; source: string | null; at: number } | null>(null);
  if (query.data) lastGood.current = { recs: query.data, source: sourceKey, at: query.dataUpdatedAt };
  const fallback = lastGood.current && lastGood.current.source === sourceKey && lastGood.current.recs.game === req.game ? lastGood.current : null;
  const variant = `${req.type}|${req.markets.join(',')}`;
  const kept = useOfflineData(recsCodec, {
    enabled: true,
    game: req.game,
    variant,
    live: query.data ?? null,
    liveAt: query.dataUpdatedAt,
    hasData: Boolean(query.data ?? (error ? fallback : null)),
  });
  // With no live list (start, game switch, service down): the last one kept from an earlier session, if it
  // is the same list (type and markets).
  const restored =
    kept && !query.data && !(error && fallback) && kept.data.game === req.game && `${kept.data.type}|${(kept.data.markets ?? []).join(',')}` === variant ? kept : null;
  const recs = query.data ?? (error ? (fallback?.recs ?? null) : null) ?? restored?.data ?? null;
  return {
    recs,
    error,
    stale: Boolean(recs && (error || restored)),
    /** The list is the last one kept from an earlier session (not loaded now); its age is updatedAt. */
    restored: restored !== null,
    fetching: query.isFetching,
    updatedAt: restored ? restored.at : query.data ? query.dataUpdatedAt : (fallback?.at ?? 0),
    refetch: query.refetch,
    progress,
  };
}
