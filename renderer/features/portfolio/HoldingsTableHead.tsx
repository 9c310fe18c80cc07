/** The holdings table's header row: a sort button per column (the sort shown as aria-sort and a mark), then Actions. */
import type { PortfolioColumn } from './model/columns';
import { nextSort, type SortState } from './model/table-view';
import { SortHeader } from '../../ui/SortHeader';

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
          <SortHeader
            key={c.id}
            dir={dir}
            className={`pf-cell pf-cell--${c.align}`}
            buttonClassName="pf-sort"
            arrowClassName="pf-sort__mark"
            title={c.title}
            onSort={() => onSort(nextSort(sort, c as PortfolioColumn<unknown>))}
          >
            {c.label}
          </SortHeader>
        );
      })}
      <div role="columnheader" className="pf-cell">
        <span className="visually-hidden">Actions</span>
      </div>
    </div>
  );
}
