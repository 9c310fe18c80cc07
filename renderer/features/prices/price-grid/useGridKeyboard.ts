/**
 * The price grid's keys: navigation (navigation.ts), Enter opens the item's details (on a header: sorts),
 * Space stars the item, A adds a price alert, P adds the item to the portfolio, Ctrl+C copies the cell,
 * Ctrl+Shift+C the row.
 */
import { useCallback, type KeyboardEvent } from 'react';
import type { GridActions } from './useGridActions';
import { firstCell, navigate, type CellPos } from './navigation';

export interface KeyboardInput {
  /** The active cell (null before the grid was used) and whether one was ever set. */
  cell: CellPos | null;
  hasActive: boolean;
  rows: number;
  cols: number;
  /** Rows in a page, from the grid's current height. */
  pageRows(): number;
  move(to: CellPos): void;
  setActive(at: CellPos): void;
  actions: GridActions;
  copy(at: CellPos, wholeRow: boolean): void;
}

export function useGridKeyboard({
  cell,
  hasActive,
  rows,
  cols,
  pageRows,
  move,
  setActive,
  actions,
  copy,
}: KeyboardInput) {
  return useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const at = cell ?? firstCell(rows);
      const ctrl = e.ctrlKey || e.metaKey;
      let handled = true;
      const to = navigate(e.key, ctrl, at, { rows, cols, page: pageRows() });
      if (to) move(to);
      else if (e.key === 'Enter') {
        if (at.row < 0) actions.sortAt(at.col);
        else actions.openAt(at.row);
      } else if (e.key === ' ') actions.starAt(at.row);
      else if (e.key === 'a' || e.key === 'A') handled = !ctrl && !e.altKey && actions.alertAt(at.row);
      else if (e.key === 'p' || e.key === 'P') handled = !ctrl && !e.altKey && actions.portfolioAt(at.row);
      else handled = false;
      if (!handled && ctrl && (e.key === 'c' || e.key === 'C') && !e.altKey) {
        handled = true;
        copy(at, e.shiftKey);
      }
      if (handled) {
        e.preventDefault();
        e.stopPropagation();
        if (!hasActive) setActive(at);
      }
    },
    [cell, hasActive, rows, cols, pageRows, move, setActive, actions, copy],
  );
}
