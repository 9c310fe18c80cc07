/**
 * What the page says above the list: the restored banner (an earlier session's list), a failed load or
 * refresh (with a way to drop the markets the service rejected), the filter's markets this service does
 * not offer, and the page's message.
 */
import type { ConnectionStatus } from '../../../shared/api/status';
import type { ApiError } from '../../api/errors';
import { RestoredBanner } from '../../ui/RestoredBanner';
import { ErrorNotice } from '../../ui/ErrorNotice';
import type { RecMessage } from './useRecMessage';

export interface RecBannersProps {
  /** A list is shown. */
  hasList: boolean;
  /** The restored banner's note when the list shown is an earlier session's copy, else null. */
  restored: string | null;
  updatedAt: number;
  status: ConnectionStatus | null;
  error: ApiError | null;
  onRetry(): void;
  /** The markets filter, and the names in it this service refused. */
  markets: readonly string[];
  refused: ReadonlySet<string>;
  setMarkets(markets: string[]): void;
  nameOf(slug: string): string;
  message: RecMessage | null;
}

export function RecBanners({
  hasList,
  restored,
  updatedAt,
  status,
  error,
  onRetry,
  markets,
  refused,
  setMarkets,
  nameOf,
  message,
}: RecBannersProps) {
  const rejected = error?.rejectedMarkets ?? [];
  return (
    <>
      {restored !== null ? (
        <RestoredBanner
          at={updatedAt}
          note={restored}
          status={status}
          what="Recommendations"
          className="rs__banner"
          testId="recs-restored"
        />
      ) : null}
      {error && restored === null ? (
        <ErrorNotice
          layout="banner"
          lead={
            hasList
              ? 'Could not refresh the recommendations; showing the last list.'
              : 'Could not load the recommendations.'
          }
          message={error.message}
          detail={error.detail}
          onRetry={onRetry}
          testId="recs-error"
        >
          {rejected.length > 0 ? (
            <button
              type="button"
              className="btn btn--small"
              onClick={() => setMarkets(markets.filter((m) => !rejected.includes(m)))}
            >
              Remove {rejected.join(', ')} from the filter
            </button>
          ) : null}
        </ErrorNotice>
      ) : null}
      {markets.some((m) => refused.has(m)) ? (
        <p className="rs__message is-info" role="status" data-testid="recs-filter-refused">
          This service does not offer{' '}
          {markets
            .filter((m) => refused.has(m))
            .map(nameOf)
            .join(', ')}
          : left out of the markets filter.
        </p>
      ) : null}
      {message ? (
        <p className={`rs__message is-${message.tone}`} role="status">
          {message.text}
        </p>
      ) : null}
    </>
  );
}
