/** The price grid's sticky header row: one sortable column header per rendered column (aria-sort). */
import { memo } from 'react';
import { PINNED, type GridColumn } from '../grid-columns';
import type { SortState } from '../../../market/prefs';
import type { ColumnLayout, ColumnRange } from './column-layout';
import { cellId } from './navigation';
import { HEADER_H } from './grid-metrics';
import { Icon } from '../../../ui/Icon';

export interface HeaderRowProps {
  columns: readonly GridColumn[];
  layout: ColumnLayout;
  range: ColumnRange;
  sort: SortState;
  gridId: string;
  /** The active header's column, -1 for none. */
  activeCol: number;
}

export const HeaderRow = memo(function HeaderRow({ columns, layout, range, sort, gridId, activeCol }: HeaderRowProps) {
  const cell = (ci: number) => {
    const col = columns[ci];
    return col ? (
      <HeaderCell
        key={col.id}
        col={col}
        ci={ci}
        layout={layout}
        sort={sort}
        gridId={gridId}
        active={activeCol === ci}
      />
    ) : null;
  };
  const cells = [];
  for (let ci = 0; ci < PINNED; ci++) cells.push(cell(ci));
  cells.push(<div key="gap" className="pg__gap" style={range.gapStyle} aria-hidden="true" />);
  for (let ci = range.from; ci <= range.to; ci++) cells.push(cell(ci));
  return (
    <div role="rowgroup" className="pg__head" style={{ width: layout.totalWidth, height: HEADER_H }}>
      <div
        role="row"
        aria-rowindex={1}
        className="pg__row pg__row--head"
        data-row={-1}
        style={{ width: layout.totalWidth, height: HEADER_H }}
      >
        {cells}
      </div>
    </div>
  );
});

interface HeaderCellProps {
  col: GridColumn;
  ci: number;
  layout: ColumnLayout;
  sort: SortState;
  gridId: string;
  active: boolean;
}

const HeaderCell = memo(function HeaderCell({ col, ci, layout, sort, gridId, active }: HeaderCellProps) {
  const sorted = sort.col === col.id;
  const ariaSort = sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <div
      role="columnheader"
      id={cellId(gridId, { row: -1, col: ci })}
      aria-colindex={ci + 1}
      aria-sort={ariaSort}
      data-col={ci}
      data-colid={col.id}
      title={`${col.description}. Click to sort.`}
      className={`pg__cell pg__hcell${col.numeric ? ' pg__num' : ''}${ci < PINNED ? ' pg__pin' : ''}${sorted ? ' is-sorted' : ''}${active ? ' is-active' : ''}${ci === PINNED - 1 ? ' pg__pin--last' : ''}${col.stall ? ' is-stalled' : ''}`}
      style={layout.cellStyles[ci]}
      data-stalled={col.stall ? 'true' : undefined}
    >
      <span className="pg__htext">
        {col.stall ? (
          <span className="pg__hstall" aria-hidden="true">
            <Icon name="warn" />
          </span>
        ) : null}
        {col.kind === 'watch' ? <span aria-label="Watchlist">{'\u2605'}</span> : col.title}
        {col.stall ? <span className="visually-hidden"> (stalled)</span> : null}
      </span>
      <span className="pg__sort" aria-hidden="true">
        {sorted ? (sort.dir === 'asc' ? '\u25B2' : '\u25BC') : ''}
      </span>
    </div>
  );
});
