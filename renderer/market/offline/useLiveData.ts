/**
 * A whole-catalog load (the grid's prices, the recommendations list) as react-query local async state, the
 * way every view that shows one needs it: refreshed by hand and on the shell's interval; on a failed load
 * the last good data of the same source and game stays (marked stale); each live load kept for an offline
 * start (useOfflineData); download progress in a tiny store so only the progress display re-renders. With
 * a `driver` (the prices: market/engine) the view polls nothing itself: it reads the cache the engine's
 * polls fill, shows the engine's progress, and its refresh asks the engine.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import { useDataSource } from '../providers';
import { usePlannedRefreshInterval } from '../request-plan';
import { toApiError, type ApiError } from '../../api/errors';
import type { LoadProgress } from '../worker/client';
import type { OfflineCodec } from './codecs';
import { useOfflineData, type Restored } from './useOfflineData';

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

export interface LiveDataRequest<T extends { game: number }> {
  /** The query key after the data source's (which is always part of it). */
  key: readonly unknown[];
  game: number;
  /** One load; its progress goes to the page's progress store. */
  load(opts: { signal: AbortSignal; onProgress: (p: LoadProgress) => void }): Promise<T>;
  /** performance.mark set as each load starts (benchmarks time from it). */
  mark: string;
  /** False: no load starts (what is loaded already is still returned). Loads also wait for the data source. */
  enabled: boolean;
  gcTime: number;
  /** Keep refreshing on the interval while the window is hidden. */
  background: boolean;
  /** Show the data of the same game while a load for other settings runs (react-query placeholder). */
  keepPrevious: boolean;
  offline: {
    codec: OfflineCodec<T>;
    /** Off: nothing kept, nothing read. */
    enabled: boolean;
    /** The rest of the request's identity, stored beside the data. */
    variant: string;
    /** Whether a kept copy of this game is one of this request (beyond the game); default yes. */
    fits?: (kept: T) => boolean;
  };
  /** Who loads (the market engine): no load, interval or progress of the view's own. */
  driver?: { progress: ProgressStore; refresh: () => Promise<unknown> };
}

export interface LiveData<T> {
  /** What to show: the live data, else (after a failed load) the last good data, else the copy kept offline. */
  data: T | null;
  error: ApiError | null;
  /** Data from an earlier load is shown while the latest one failed (or none has answered yet: restored). */
  stale: boolean;
  /** The data is the last copy kept from an earlier session (not loaded now); its age is updatedAt. */
  restored: boolean;
  /** The data is the previous request's, shown while this one loads (keepPrevious). */
  placeholder: boolean;
  fetching: boolean;
  updatedAt: number;
  errorAt: number;
  refetch: () => Promise<unknown>;
  progress: ProgressStore;
}

export function useLiveData<T extends { game: number }>(req: LiveDataRequest<T>): LiveData<T> {
  const { sourceKey } = useDataSource();
  // The user's interval, stretched when a request limit is known (request-plan.ts).
  const refetchInterval = usePlannedRefreshInterval();
  const own = useMemo(() => new ProgressStore(), []);
  const { driver } = req;
  const progress = driver?.progress ?? own;
  const { game } = req;
  const query = useQuery<T, Error>({
    queryKey: [req.key[0], sourceKey, ...req.key.slice(1)],
    queryFn: async ({ signal }) => {
      progress.start();
      performance.mark(req.mark);
      try {
        return await req.load({ signal, onProgress: progress.set });
      } finally {
        progress.end();
      }
    },
    // Wait for the host's first status: the data source (demo or live) is part of the identity.
    enabled: !driver && req.enabled && sourceKey !== null,
    placeholderData: req.keepPrevious
      ? (prev) => (prev && prev.game === game ? keepPreviousData(prev) : undefined)
      : undefined,
    structuralSharing: false,
    retry: false,
    refetchInterval: driver ? false : refetchInterval,
    refetchIntervalInBackground: req.background,
    refetchOnWindowFocus: false,
    staleTime: 10_000,
    gcTime: req.gcTime,
  });
  // The load's ApiError as the worker made it (anything else: what toApiError makes of it).
  const error = query.error ? toApiError(query.error) : null;
  const live = query.data && !query.isPlaceholderData ? query.data : null;
  // The last good data of this game and source: shown (stale) when a load for other settings fails, where
  // react-query has no data for the new key (a rejected market must not blank the view).
  const lastGood = useRef<{ data: T; source: string | null; at: number } | null>(null);
  if (live) lastGood.current = { data: live, source: sourceKey, at: query.dataUpdatedAt };
  const fallback =
    lastGood.current && lastGood.current.source === sourceKey && lastGood.current.data.game === game
      ? lastGood.current
      : null;
  const kept = useOfflineData(req.offline.codec, {
    enabled: req.offline.enabled,
    game,
    variant: req.offline.variant,
    live,
    liveAt: query.dataUpdatedAt,
    hasData: Boolean(query.data ?? (error ? fallback : null)),
  });
  // With no live data (start, game switch, service down): the last copy kept from an earlier session.
  const fits = req.offline.fits;
  const restored: Restored<T> | null =
    kept && kept.data.game === game && !query.data && !(error && fallback) && (!fits || fits(kept.data)) ? kept : null;
  const data = query.data ?? (error ? fallback?.data : null) ?? restored?.data ?? null;
  return {
    data,
    error,
    stale: Boolean(data && (error || restored)),
    restored: restored !== null,
    placeholder: query.isPlaceholderData,
    fetching: query.isFetching,
    // Of what is shown: a placeholder or a fallback is the last good data (of its own time).
    updatedAt: restored
      ? restored.at
      : live
        ? query.dataUpdatedAt
        : fallback && data === fallback.data
          ? fallback.at
          : query.dataUpdatedAt,
    errorAt: query.errorUpdatedAt,
    refetch: driver ? driver.refresh : query.refetch,
    progress,
  };
}
