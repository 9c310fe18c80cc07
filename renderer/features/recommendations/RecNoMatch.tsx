/** Over an empty list: why no row is left (filters, or a deals preset waiting for live prices) and the way out. */
import { EMPTY_REC_FILTER, isRecFiltering, type RecFilter } from '../../market/recommendations/view';
import { EmptyState } from '../../ui/EmptyState';

export function RecNoMatch({
  filter,
  setFilter,
  pricesJoined,
}: {
  filter: RecFilter;
  setFilter(f: RecFilter): void;
  /** Live prices are joined to the list (deals can be computed). */
  pricesJoined: boolean;
}) {
  return (
    <EmptyState
      overlay
      title={
        filter.deal && !pricesJoined
          ? 'Deals need live prices: they are loading…'
          : filter.deal
            ? 'No deals with these settings'
            : 'No items match the filters'
      }
      testId="recs-no-match"
      actions={
        isRecFiltering(filter) ? (
          <button type="button" className="btn btn--small" onClick={() => setFilter(EMPTY_REC_FILTER)}>
            Clear filters
          </button>
        ) : null
      }
    >
      {filter.deal && pricesJoined ? (
        <p className="empty-state__text">Try a smaller margin, a lower liquidity, or allow some unstable reasons.</p>
      ) : null}
    </EmptyState>
  );
}
