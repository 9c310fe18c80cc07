/**
 * A view's last good data across restarts: each live load is kept (in idle time, store.ts), and while the
 * view has no live data (start, game switch, the service down) the last kept data of the same source and
 * game is shown, marked with its age, until a live load replaces it. The source is useDataSource().sourceKey,
 * or before the host served data, the source it is trying (the status's Base URL). Only live sources are
 * kept: demo data is never stored, so it can never pass for live data.
 */
import { useEffect, useRef, useState } from 'react';
import { useConnection } from '../../platform/connection';
import { useDataSource } from '../providers';
import type { OfflineCodec } from './codecs';
import { keepsOffline, restoreSourceOf } from './source';
import { offlineId, offlineStore, saveWhenIdle } from './store';

export interface Restored<T> {
  data: T;
  /** ms since epoch when it was loaded. */
  at: number;
}

export interface OfflineArgs<T> {
  /** Off: nothing kept, nothing read. */
  enabled: boolean;
  game: number;
  /** The rest of the request's identity, stored beside the data (markets, list type). */
  variant: string;
  /** The latest successful live load for this request (not a placeholder), or null. */
  live: T | null;
  liveAt: number;
  /** The view has data of its own to show: nothing needs to be read. */
  hasData: boolean;
}

export function useOfflineData<T>(
  codec: OfflineCodec<T>,
  { enabled, game, variant, live, liveAt, hasData }: OfflineArgs<T>,
): Restored<T> | null {
  const { sourceKey } = useDataSource();
  const { status } = useConnection();
  const source = enabled ? restoreSourceOf(sourceKey, status) : null;
  const id = keepsOffline(source) ? offlineId(codec.kind, source, game) : null;
  const [restored, setRestored] = useState<(Restored<T> & { id: string }) | null>(null);
  const tried = useRef<string | null>(null);

  // Nothing to show yet: read the last kept data once per (source, game).
  useEffect(() => {
    if (id === null || hasData || !keepsOffline(source) || tried.current === id) return;
    tried.current = id;
    let current = true;
    void offlineStore()
      .load(codec.kind, source, game, codec.format)
      .then((rec) => {
        const data = rec && current ? codec.decode(rec.payload) : null;
        if (rec && data) setRestored({ id, data, at: rec.meta.dataAt });
      });
    return () => {
      current = false;
      if (tried.current === id) tried.current = null;
    };
  }, [id, hasData, source, game, codec]);

  // Keep each live load (the data's own source: sourceKey), in idle time.
  const kept = useRef<T | null>(null);
  useEffect(() => {
    if (!enabled || !live || kept.current === live || !keepsOffline(sourceKey)) return;
    kept.current = live;
    void saveWhenIdle(
      { kind: codec.kind, source: sourceKey, game, variant, format: codec.format, dataAt: liveAt },
      () => codec.encode(live),
    ).then(() =>
      // Live data is here: the kept copy read earlier is not needed any more.
      setRestored((r) => (r && r.id === offlineId(codec.kind, sourceKey, game) ? null : r)),
    );
  }, [enabled, live, liveAt, sourceKey, game, variant, codec]);

  return restored && restored.id === id ? restored : null;
}
