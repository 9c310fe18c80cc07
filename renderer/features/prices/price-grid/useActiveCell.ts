/**
 * The price grid's active cell (the grid is one tab stop; the active cell is aria-activedescendant):
 * kept inside the view as it changes, moved (and scrolled into view) by the keyboard, set by a click,
 * started on the first row when the grid gets focus.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { clampCell, firstCell, type CellPos } from './navigation';

export function useActiveCell(rows: number, cols: number, reveal: (at: CellPos) => void) {
  const [active, setActive] = useState<CellPos | null>(null);
  /** The active cell inside the current view (null before the grid was used). */
  const cell = useMemo(() => (active ? clampCell(active, rows, cols) : null), [active, rows, cols]);

  // When the view changes under the active cell (a filter), keep it in range.
  useEffect(() => {
    if (active && active.row >= rows) setActive({ row: rows - 1, col: active.col });
  }, [rows, active]);

  const move = useCallback(
    (to: CellPos) => {
      const next = clampCell(to, rows, cols);
      setActive(next);
      reveal(next);
    },
    [rows, cols, reveal],
  );

  const onFocus = useCallback(() => {
    if (!active) setActive(firstCell(rows));
  }, [active, rows]);

  return { active, cell, setActive, move, onFocus };
}
