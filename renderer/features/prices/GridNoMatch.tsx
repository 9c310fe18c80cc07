/** Over an empty grid: why no row is shown (an empty watchlist, or filters matching nothing) and the way out. */
import { EmptyState } from '../../ui/EmptyState';
import { isFiltering, type FilterState } from '../../market/model/filter';

/** Long user text cut for a message (the whole text stays in the search box). */
function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function GridNoMatch({
  filter,
  watchCount,
  onClear,
  onShowAll,
}: {
  filter: FilterState;
  watchCount: number;
  onClear(): void;
  onShowAll(): void;
}) {
  if (filter.watchlist && watchCount === 0) {
    return (
      <EmptyState overlay title="Your watchlist is empty" testId="grid-no-match">
        <p className="empty-state__text">Star items with ☆ (or Space in the grid) to keep them here.</p>
      </EmptyState>
    );
  }
  const text = filter.text.trim();
  return (
    <EmptyState
      overlay
      title={
        <>
          {text ? <>No items match “{shorten(text, 80)}”</> : 'No items match the filters'}
          {filter.watchlist ? ' in your watchlist' : ''}
        </>
      }
      testId="grid-no-match"
      actions={
        <>
          {isFiltering(filter) ? (
            <button type="button" className="btn btn--small" onClick={onClear}>
              Clear filters
            </button>
          ) : null}
          {filter.watchlist ? (
            <button type="button" className="btn btn--small btn--ghost" onClick={onShowAll}>
              Show all items
            </button>
          ) : null}
        </>
      }
    />
  );
}
