/** A sortable column's header cell (the lists' and tables'): aria-sort, a button that sorts, the direction's arrow. */
import type { ReactNode } from 'react';

export interface SortHeaderProps {
  /** The column's direction when the list is sorted by it; null when it is not. */
  dir: 'asc' | 'desc' | null;
  onSort(): void;
  title: string;
  /** The cell's, the button's and the arrow's class names (each list styles its own). */
  className: string;
  buttonClassName: string;
  arrowClassName?: string;
  colIndex?: number;
  /** data-col: the column's key, for the list's code and tests. */
  dataCol?: string;
  children: ReactNode;
}

export function SortHeader(p: SortHeaderProps) {
  return (
    <div
      role="columnheader"
      aria-colindex={p.colIndex}
      data-col={p.dataCol}
      aria-sort={p.dir === 'asc' ? 'ascending' : p.dir === 'desc' ? 'descending' : 'none'}
      className={p.className}
    >
      <button type="button" className={p.buttonClassName} title={p.title} onClick={p.onSort}>
        {p.children}
        <span className={p.arrowClassName} aria-hidden="true">
          {p.dir === 'asc' ? '▲' : p.dir === 'desc' ? '▼' : ''}
        </span>
      </button>
    </div>
  );
}
