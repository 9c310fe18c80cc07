/**
 * The recommendations list's windows: the rows in sight (the shared fixed-row window, row elements
 * recycled by slot) and the columns in sight after the pinned item column, as the price grid does.
 */
import { useMemo, type RefObject } from 'react';
import { useRowSlots } from '../../lib/row-slots';
import { useColumnWindow } from '../../lib/useColumnWindow';
import { useRowWindow } from '../../lib/useRowWindow';
import { PIN_W, type RecListColumn } from './RecListColumns';
import type { ColRange } from './RecListRows';

export function useRecListWindow(
  scroller: RefObject<HTMLDivElement | null>,
  view: Int32Array,
  columns: RecListColumn[],
  rowH: number,
  headH: number,
) {
  // Rows: the shared fixed-row window; overscan 2 as the grid's (a scroll renders its rows in the event).
  const rows = useRowWindow(scroller, view.length, rowH, headH, 2);
  // Columns after the pinned item column: those in sight (and one either side), as the price grid does;
  // re-measured when the deals preset moves its gain column.
  const scrollCols = useMemo(() => columns.slice(1), [columns]);
  const colV = useColumnWindow({
    scrollRef: scroller,
    columns: scrollCols,
    pinnedWidth: PIN_W,
    overscan: 1,
    initialSize: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });
  const colItems = colV.getVirtualItems();
  const from = (colItems[0]?.index ?? 0) + 1;
  const to = colItems.length ? (colItems[colItems.length - 1]?.index ?? 0) + 1 : 0;
  const range = useMemo<ColRange>(() => ({ from, to, start: { gridColumnStart: from + 1 } }), [from, to]);
  const slotted = useRowSlots(
    Array.from({ length: rows.end - rows.first }, (_, k) => ({
      index: rows.first + k,
      item: view[rows.first + k] as number,
      start: (rows.first + k) * rowH,
    })),
  );
  return { rows, range, slotted };
}
