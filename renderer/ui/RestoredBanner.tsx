/**
 * The mark on data kept from an earlier session: "Last data from 3 h ago — offline" (or "— updating…"
 * while a load is on its way), with when exactly and that it is replaced as soon as the service answers.
 */
import type { ConnectionStatus } from '../../shared/api/status';
import { NextRetry } from './NextRetry';
import { STATE_VIEW, isHealthy } from './status-view';
import { formatAge, useTickingNow } from './StatusParts';

/** Why kept data is shown: "offline", "server error"…, or "updating…" while a load can still bring live data. */
export function restoredNote(status: ConnectionStatus | null, fetching: boolean, failed: boolean): string {
  if (status && status.state !== 'connecting' && !isHealthy(status.state))
    return STATE_VIEW[status.state].label.toLowerCase();
  if (fetching || !failed) return 'updating\u2026';
  return 'the last load failed';
}

export function RestoredBanner({
  at,
  note,
  status,
  what,
  className,
  testId,
}: {
  at: number;
  note: string;
  status: ConnectionStatus | null;
  what: string;
  className: string;
  testId: string;
}) {
  const now = useTickingNow();
  const retrying = status && (status.state === 'offline' || status.state === 'server-error');
  return (
    <div className={`banner ${className}`} data-tone="warn" role="status" data-testid={testId}>
      <div className="banner__text">
        <p className="banner__message">
          <strong>
            Last data from {formatAge(now - at)} ago — {note}
          </strong>
        </p>
        <p className="banner__detail">
          {what} as of {new Date(at).toLocaleString()}, kept on this computer. They are replaced as soon as the service
          answers. {retrying ? <NextRetry at={status.nextRetryAt} /> : null}
        </p>
      </div>
    </div>
  );
}
