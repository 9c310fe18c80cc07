/** The holdings table's header row: a sort button per column (the sort shown as aria-sort and a mark), then Actions. */
import type { PortfolioColumn } from './model/columns';
import { nextSort, type SortState } from './model/table-view';

export function HoldingsTableHead<R>({
  columns,
  sort,
  onSort,
  template,
  height,
}: {
  columns: readonly PortfolioColumn<R>[];
  sort: SortState | null;
  onSort(sort: SortState): void;
  template: string;
  height: number;
}) {
  return (
    <div
      className="pf-grid-row pf-grid-head"
      role="row"
      aria-rowindex={1}
      style={{ gridTemplateColumns: template, height }}
    >
      {columns.map((c) => {
        const dir = sort?.column === c.id ? sort.dir : null;
        return (
          <div
            key={c.id}
            role="columnheader"
            aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
            className={`pf-cell pf-cell--${c.align}`}
          >
            <button
              type="button"
              className="pf-sort"
              title={c.title}
              onClick={() => onSort(nextSort(sort, c as PortfolioColumn<unknown>))}
            >
              {c.label}
              <span aria-hidden="true" className="pf-sort__mark">
                {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}
              </span>
            </button>
          </div>
        );
      })}
      <div role="columnheader" className="pf-cell">
        <span className="visually-hidden">Actions</span>
      </div>
    </div>
  );
}
