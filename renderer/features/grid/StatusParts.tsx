/** Small live parts of the grid's toolbar: "updated 40 s ago" and the download progress. */
import { useEffect, useState } from 'react';
import { useProgress, type ProgressStore } from './useGridData';

export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return `${h} h ${m % 60} min`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} kB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** The time now, once a second (re-renders the caller only). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/**
 * "updated 40 s ago", re-rendering itself only. `restored`: the data is the last kept from an earlier
 * session, and why it is shown ("offline", "updating…"): "last data from 3 h ago, offline".
 */
export function Freshness({ updatedAt, stale, restored = null }: { updatedAt: number; stale: boolean; restored?: string | null }) {
  const now = useNow();
  if (!updatedAt) return null;
  const at = new Date(updatedAt);
  return (
    <span className={`gs__fresh${stale ? ' is-stale' : ''}`} title={`Prices as of ${at.toLocaleString()}`} data-testid="grid-freshness">
      {stale ? <span className="gs__stale-badge">Stale</span> : null}
      {restored ? `last data from ${formatAge(now - updatedAt)} ago, ${restored}` : `updated ${formatAge(now - updatedAt)} ago`}
    </span>
  );
}

/** Bytes received while a response loads (the total when the server sent Content-Length). */
export function LoadProgress({ store, big = false }: { store: ProgressStore; big?: boolean }) {
  const { loading, progress } = useProgress(store);
  if (!loading) return null;
  const bytes = progress?.bytes ?? 0;
  const total = progress?.total ?? null;
  const parsing = progress?.phase === 'parse';
  const text = parsing ? `Reading ${formatBytes(bytes)}…` : bytes > 0 ? `${formatBytes(bytes)}${total ? ` of ${formatBytes(total)}` : ''} received` : 'Requesting prices…';
  const pct = total && total > 0 ? Math.min(100, (bytes / total) * 100) : null;
  return (
    <div className={`gs__progress${big ? ' gs__progress--big' : ''}`} data-testid="grid-progress">
      <div
        className="gs__bar"
        role="progressbar"
        aria-label="Loading prices"
        aria-valuemin={pct === null ? undefined : 0}
        aria-valuemax={pct === null ? undefined : 100}
        aria-valuenow={pct === null ? undefined : Math.round(pct)}
        aria-valuetext={text}
      >
        <div className={`gs__fill${pct === null ? ' is-indeterminate' : ''}`} style={pct === null ? undefined : { width: `${pct}%` }} />
      </div>
      <span className="gs__ptext">{text}</span>
    </div>
  );
}
