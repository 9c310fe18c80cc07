/**
 * What the Prices page says above the grid about its data: an earlier session's copy (restored), the
 * last refresh failed (with Retry; a refusal of market names is not shown as a failure while market
 * discovery finds which names, RefusedMarketsNote.tsx says the outcome), and markets the service
 * sent that were not asked for (shown as columns of their own).
 */
import type { ConnectionStatus } from '../../../shared/api/status';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { RestoredBanner, restoredNote } from '../../ui/RestoredBanner';
import type { ApiError } from '../../api/errors';
import type { Snapshot } from '../../market/model/snapshot';

export interface GridBannersProps {
  snap: Snapshot | null;
  error: ApiError | null;
  restored: boolean;
  fetching: boolean;
  updatedAt: number;
  status: ConnectionStatus | null;
  nameOf(slug: string): string;
  onRetry(): void;
  onRemoveSlug(slug: string): void;
  /** Market discovery is finding which names the service refused: a refusal is not a failure to show. */
  checkingMarkets: boolean;
}

export function GridBanners({
  snap,
  error: loadError,
  restored,
  fetching,
  updatedAt,
  status,
  nameOf,
  onRetry,
  onRemoveSlug,
  checkingMarkets,
}: GridBannersProps) {
  const error = loadError && !(checkingMarkets && loadError.kind === 'bad-request') ? loadError : null;
  const rejected = error?.rejectedMarkets ?? [];
  return (
    <>
      {snap && restored ? (
        <RestoredBanner
          at={updatedAt}
          note={restoredNote(status, fetching, Boolean(error))}
          status={status}
          what="Prices"
          className="gs__banner"
          testId="grid-restored"
        />
      ) : null}
      {error && snap && !restored ? (
        <ErrorNotice
          layout="banner"
          className="gs__banner"
          lead={`Showing the prices from ${new Date(updatedAt).toLocaleTimeString()}.`}
          message={`The latest refresh failed: ${error.message}`}
          detail={error.detail}
          action={rejected.length === 0 ? error.action : null}
          onRetry={onRetry}
          retryDisabled={fetching}
          testId="grid-stale"
        >
          <RemoveSlugButtons slugs={rejected} className="btn btn--small btn--danger" onRemove={onRemoveSlug} />
        </ErrorNotice>
      ) : null}
      {rejected.length > 0 ? (
        <p className="gs__rejected" data-testid="rejected-markets">
          The service does not know the market slug{rejected.length > 1 ? 's' : ''}{' '}
          {rejected.map((s) => `“${s}” (${nameOf(s)})`).join(', ')}. Your market list may not match this service.
        </p>
      ) : null}
      {snap && snap.notes.unknownMarkets.length > 0 ? (
        <p className="gs__note" data-testid="grid-notes">
          The service also sent prices for market{snap.notes.unknownMarkets.length === 1 ? '' : 's'} Market Desk does
          not know, shown as {snap.notes.unknownMarkets.length === 1 ? 'a column' : 'columns'} titled by name:{' '}
          {snap.notes.unknownMarkets.slice(0, 8).join(', ')}
          {snap.notes.unknownMarkets.length > 8 ? '…' : ''}.
        </p>
      ) : null}
    </>
  );
}

/** One "Remove “slug” from my markets" button per market slug the service rejected. */
export function RemoveSlugButtons({
  slugs,
  className,
  onRemove,
}: {
  slugs: readonly string[];
  className: string;
  onRemove(slug: string): void;
}) {
  return (
    <>
      {slugs.map((slug) => (
        <button key={slug} type="button" className={className} onClick={() => onRemove(slug)}>
          Remove “{slug}” from my markets
        </button>
      ))}
    </>
  );
}
