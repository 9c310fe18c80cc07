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
  const recs = query.data ?? (error ? (fallback?.recs ?? null) : null);
  return {
    recs,
    error,
    stale: Boolean(recs && error),
    fetching: query.isFetching,
    updatedAt: query.data ? query.dataUpdatedAt : (fallback?.at ?? 0),
    refetch: query.refetch,
    progress,
  };
}
