/**
 * The price grid's mouse: a press makes the cell active, a header click sorts, the star and › buttons
 * star / open the row's item, a double click opens it, and with the detail panel open a click on another
 * row shows that row's details (as market sites do). Tooltips are built when the pointer is over a cell,
 * not for every rendered cell.
 */
import { useCallback, useMemo, type MouseEvent } from 'react';
import { cellTitle, type CellContext } from '../copy-and-tooltip-text';
import type { GridColumn } from '../grid-columns';
import type { GridActions } from './useGridActions';
import type { CellPos } from './navigation';

/** The row and column under an event (from data-row / data-col), null outside a cell. */
function locate(e: MouseEvent): CellPos | null {
  const target = e.target as HTMLElement;
  const el = target.closest<HTMLElement>('[data-col]');
  const rowEl = target.closest<HTMLElement>('[data-row]');
  if (!el || !rowEl) return null;
  return { row: Number(rowEl.dataset.row), col: Number(el.dataset.col) };
}

export interface PointerInput {
  ctx: CellContext;
  view: Int32Array;
  columns: readonly GridColumn[];
  openItem: number | null;
  actions: GridActions;
  setActive(at: CellPos): void;
}

export function useGridPointer({ ctx, view, columns, openItem, actions, setActive }: PointerInput) {
  const onMouseDown = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      const at = locate(e);
      if (at) setActive(at);
    },
    [setActive],
  );

  const onClick = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      const action = (e.target as HTMLElement).closest<HTMLElement>('[data-action]')?.dataset.action;
      const at = locate(e);
      if (!at) return;
      if (at.row < 0) return actions.sortAt(at.col);
      const item = view[at.row];
      if (item === undefined) return;
      if (action === 'star') actions.starAt(at.row);
      else if (action === 'open') actions.openAt(at.row);
      else if (openItem !== null && openItem !== item) actions.openAt(at.row);
    },
    [view, openItem, actions],
  );

  const onDoubleClick = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      const at = locate(e);
      if (!at || at.row < 0 || (e.target as HTMLElement).closest('[data-action]')) return;
      actions.openAt(at.row);
    },
    [actions],
  );

  const onMouseOver = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
      if (!el) return;
      const col = columns[Number(el.dataset.col)];
      const item = view[Number(el.closest<HTMLElement>('[data-row]')?.dataset.row)];
      if (!col || item === undefined) return;
      // Recomputed on every hover: rows are reused for other items as the view changes.
      el.title = cellTitle(ctx, col, item);
    },
    [columns, view, ctx],
  );

  return useMemo(
    () => ({ onMouseDown, onClick, onDoubleClick, onMouseOver }),
    [onMouseDown, onClick, onDoubleClick, onMouseOver],
  );
}
