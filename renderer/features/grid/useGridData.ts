/**
 * Loading the grid's prices with react-query as local async state (refresh by hand and on the shell's
 * interval; the last data stays on a failed refresh, marked stale), through the worker: CS2 as a GraphQL
 * operation on the app's urql client (its 'grid-prices' route), the other games by REST.
 * Download progress lives in a tiny store so only the progress display re-renders while bytes arrive.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import { useClient } from 'urql';
import { useDataSource } from '../../app/providers';
import { readPreference, useRefreshInterval } from '../../app/preferences';
import { GRID_PREFS } from './prefs';
import { loadPrices } from './api/load';
import type { Snapshot } from './model/columns';
import { GridLoadError } from './model/errors';
import { gridWorker, type LoadProgress } from './worker/client';
import { gridCodec } from '../offline/codecs';
import { useOfflineData } from '../offline/useOfflineData';

export interface ProgressState {
  loading: boolean;
  progress: LoadProgress | null;
  startedAt: number;
}

export class ProgressStore {
  private state: ProgressState = { loading: false, progress: null, startedAt: 0 };
  private readonly listeners = new Set<() => void>();
  get = (): ProgressState => this.state;
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  private emit(next: ProgressState) {
    this.state = next;
    for (const l of [...this.listeners]) l();
  }
  start = () => this.emit({ loading: true, progress: null, startedAt: Date.now() });
  set = (p: LoadProgress) => this.emit({ ...this.state, progress: p });
  end = () => this.emit({ loading: false, progress: null, startedAt: 0 });
}

export function useProgress(store: ProgressStore): ProgressState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export interface PricesKey {
  game: number;
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
}

/** `offline`: keep each load for an offline start, and show the last kept one while there is no live data. */
export function useGridData(req: PricesKey, { offline = false }: { offline?: boolean } = {}) {
  const { sourceKey } = useDataSource();
  const client = useClient();
  const refetchInterval = useRefreshInterval();
  const progress = useMemo(() => new ProgressStore(), []);
  const query = useQuery<Snapshot, Error>({
    queryKey: ['grid-prices', sourceKey, req.game, req.askMarkets.join(','), req.bidMarkets.join(',')],
    queryFn: async ({ signal }) => {
      progress.start();
      performance.mark('grid:load-start');
      try {
        const derive = { fees: readPreference(GRID_PREFS.fees), net: readPreference(GRID_PREFS.net) };
        return await loadPrices({ client, worker: gridWorker() }, { ...req, derive }, { signal, onProgress: progress.set });
      } finally {
        progress.end();
      }
    },
    // Wait for the host's first status: the data source (demo or live) is part of the identity.
    enabled: req.askMarkets.length > 0 && sourceKey !== null,
    // Keep showing the last snapshot of the same game while another set of markets loads.
    placeholderData: (prev) => (prev && prev.game === req.game ? keepPreviousData(prev) : undefined),
    structuralSharing: false,
    retry: false,
    refetchInterval,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
    staleTime: 10_000,
    gcTime: 20_000,
  });
  const error = query.error ? (query.error instanceof GridLoadError ? query.error : new GridLoadError('invalid-response', null, null, query.error.message, null, [])) : null;
  // The last good snapshot of this game and source: shown (stale) when a load for another set of
  // markets fails, where react-query has no data for the new key (a rejected slug must not blank the grid).
  const lastGood = useRef<{ snap: Snapshot; source: string | null; at: number } | null>(null);
  if (query.data && !query.isPlaceholderData) lastGood.current = { snap: query.data, source: sourceKey, at: query.dataUpdatedAt };
  const fallback = lastGood.current && lastGood.current.source === sourceKey && lastGood.current.snap.game === req.game ? lastGood.current.snap : null;
  const live = query.data && !query.isPlaceholderData ? query.data : null;
  const kept = useOfflineData(gridCodec, {
    enabled: offline,
    game: req.game,
    variant: `${req.askMarkets.join(',')}|${req.bidMarkets.join(',')}`,
    live,
    liveAt: query.dataUpdatedAt,
    hasData: Boolean(query.data ?? (error ? fallback : null)),
  });
  // With no live data (start, game switch, service down): the last data kept from an earlier session.
  const restored = kept && kept.data.game === req.game && !query.data && !(error && fallback) ? kept : null;
  const snap = query.data ?? (error ? fallback : null) ?? restored?.data ?? null;
  return {
    snap,
    error,
    /** Data from an earlier load is shown while the latest one failed (or none has answered yet: restored). */
    stale: Boolean(snap && (error || restored)),
    /** The snapshot is the last one kept from an earlier session (not loaded now); its age is updatedAt. */
    restored: restored !== null,
    placeholder: query.isPlaceholderData,
    fetching: query.isFetching,
    updatedAt: restored ? restored.at : query.data && !query.isPlaceholderData ? query.dataUpdatedAt : (snap === fallback && fallback ? (lastGood.current?.at ?? 0) : query.dataUpdatedAt),
    errorAt: query.errorUpdatedAt,
    refetch: query.refetch,
    progress,
  };
}
