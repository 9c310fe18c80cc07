/** What the price grid's keys and clicks do, by position: sort by a column, open, star, alert or add to the portfolio a row's item. */
import { useMemo } from 'react';
import type { GridColumn } from '../grid-columns';

export interface GridHandlers {
  onSort(colId: string): void;
  onOpen(item: number): void;
  onToggleWatch(item: number): void;
  onAlert?(item: number): void;
  onAddToPortfolio?(item: number): void;
}

export interface GridActions {
  sortAt(col: number): void;
  openAt(row: number): void;
  starAt(row: number): void;
  /** False when there is nothing to alert on (no handler, no row). */
  alertAt(row: number): boolean;
  /** False when there is nothing to add (no handler, no row). */
  portfolioAt(row: number): boolean;
}

export function useGridActions(
  view: Int32Array,
  columns: readonly GridColumn[],
  { onSort, onOpen, onToggleWatch, onAlert, onAddToPortfolio }: GridHandlers,
): GridActions {
  return useMemo(() => {
    const itemAt = (row: number) => (row >= 0 ? view[row] : undefined);
    return {
      sortAt(col) {
        const c = columns[col];
        if (c) onSort(c.id);
      },
      openAt(row) {
        const item = itemAt(row);
        if (item !== undefined) onOpen(item);
      },
      starAt(row) {
        const item = itemAt(row);
        if (item !== undefined) onToggleWatch(item);
      },
      alertAt(row) {
        const item = itemAt(row);
        if (!onAlert || item === undefined) return false;
        onAlert(item);
        return true;
      },
      portfolioAt(row) {
        const item = itemAt(row);
        if (!onAddToPortfolio || item === undefined) return false;
        onAddToPortfolio(item);
        return true;
      },
    };
  }, [view, columns, onSort, onOpen, onToggleWatch, onAlert, onAddToPortfolio]);
}
