/**
 * Parts of the whole-catalog views (the price grid, the recommendations): the toolbar's "updated 40 s ago"
 * and download progress, and the blocks shown in place of the list (waiting, loading) and under it.
 */
import { memo, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ConnectionStatus } from '../../shared/api/status';
import { EmptyState } from './EmptyState';
import { NextRetry } from './NextRetry';
import { statusWords } from './status-view';
import { useProgress, type ProgressStore } from '../market/offline/useLiveData';
import { formatCount } from '../lib/number-format';
import { formatDuration } from '../lib/duration';
import './StatusParts.css';

/** "40 s", "3 h 10 min", "2 days 4 h" (lib/duration.ts). */
export const formatAge = formatDuration;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} kB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** The time now, ticking once a second (re-renders the caller only); a clock, not a price. */
export function useTickingNow(): number {
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
export const Freshness = memo(function Freshness({
  updatedAt,
  stale,
  restored = null,
}: {
  updatedAt: number;
  stale: boolean;
  restored?: string | null;
}) {
  const now = useTickingNow();
  // Formatting a date builds a formatter each time (about a millisecond): once per load, not per render.
  const title = useMemo(() => `Prices as of ${new Date(updatedAt).toLocaleString()}`, [updatedAt]);
  if (!updatedAt) return null;
  return (
    <span className={`gs__fresh${stale ? ' is-stale' : ''}`} title={title} data-testid="grid-freshness">
      {stale ? <span className="gs__stale-badge">Stale</span> : null}
      {restored
        ? `last data from ${formatAge(now - updatedAt)} ago, ${restored}`
        : `updated ${formatAge(now - updatedAt)} ago`}
    </span>
  );
});

/** Bytes received while a response loads (the total when the server sent Content-Length). */
/** `what`: what is loading, for its words ("Requesting prices…"). */
export function LoadProgress({
  store,
  big = false,
  what = 'prices',
}: {
  store: ProgressStore;
  big?: boolean;
  what?: string;
}) {
  const { loading, progress } = useProgress(store);
  if (!loading) return null;
  const bytes = progress?.bytes ?? 0;
  const total = progress?.total ?? null;
  const parsing = progress?.phase === 'parse';
  const text = parsing
    ? `Reading ${formatBytes(bytes)}…`
    : bytes > 0
      ? `${formatBytes(bytes)}${total ? ` of ${formatBytes(total)}` : ''} received`
      : `Requesting ${what}…`;
  const pct = total && total > 0 ? Math.min(100, (bytes / total) * 100) : null;
  return (
    <div className={`gs__progress${big ? ' gs__progress--big' : ''}`} data-testid="grid-progress">
      <div
        className="gs__bar"
        role="progressbar"
        aria-label={`Loading ${what}`}
        aria-valuemin={pct === null ? undefined : 0}
        aria-valuemax={pct === null ? undefined : 100}
        aria-valuenow={pct === null ? undefined : Math.round(pct)}
        aria-valuetext={text}
      >
        <div
          className={`gs__fill${pct === null ? ' is-indeterminate' : ''}`}
          style={pct === null ? undefined : { width: `${pct}%` }}
        />
      </div>
      <span className="gs__ptext">{text}</span>
    </div>
  );
}

/**
 * No data yet and the connection is down: what is wrong and when it tries again, not "Loading…" (the
 * status banner above has the buttons). `what`: "CS2 prices".
 */
export function WaitingBlock({ what, status, testId }: { what: string; status: ConnectionStatus; testId: string }) {
  const words = statusWords(status);
  return (
    <EmptyState title={`No ${what} yet`} testId={testId}>
      <p className="empty-state__text">{words.message}</p>
      {status.state === 'offline' || status.state === 'server-error' ? (
        <p className="empty-state__text">
          They load as soon as the service answers. <NextRetry at={status.nextRetryAt} />
        </p>
      ) : (
        <p className="empty-state__text">{words.action}</p>
      )}
    </EmptyState>
  );
}

/** The first load of a whole catalog: what is coming, and its download. `overlay`: over the list's empty frame. */
export function LoadingBlock({
  title,
  text,
  store,
  busy,
  testId,
  overlay = false,
  what,
}: {
  title: string;
  text: string;
  store: ProgressStore;
  busy: boolean;
  testId: string;
  overlay?: boolean;
  what?: string;
}) {
  return (
    <EmptyState title={title} className="empty-state--loading" testId={testId} busy={busy} overlay={overlay}>
      <p className="empty-state__text">{text}</p>
      <LoadProgress store={store} big what={what} />
    </EmptyState>
  );
}

/**
 * A list's footer: "N of M items", what the page says about its data (children, after " · "), and what the
 * service sent that could not be used. `testIds`: the prefix of the parts' test ids ("grid": grid-count, …).
 */
export function ListFoot({
  className,
  list,
  testIds,
  children,
}: {
  className: string;
  list: { shown: number; total: number; droppedRows: number; invalidValues: number } | null;
  testIds: string;
  children?: ReactNode;
}) {
  return (
    <p className={`list-foot ${className}`} aria-live="off">
      {list ? (
        <>
          <span data-testid={`${testIds}-count`}>
            {formatCount(list.shown)} of {formatCount(list.total)} items
          </span>
          {' · '}
          {children}
          {/* Rows the service sent without a usable name, and values it sent that can't be read. */}
          {list.droppedRows ? (
            <span data-testid={`${testIds}-dropped`}>
              {' · '}
              {formatCount(list.droppedRows)} {list.droppedRows === 1 ? 'row' : 'rows'} dropped (invalid data)
            </span>
          ) : null}
          {list.invalidValues ? (
            <span data-testid={`${testIds}-unreadable`}>
              {' · '}
              {formatCount(list.invalidValues)} {list.invalidValues === 1 ? 'value' : 'values'} unreadable, shown as —
            </span>
          ) : null}
        </>
      ) : null}
    </p>
  );
}
