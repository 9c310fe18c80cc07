/**
 * One row of the price grid, placed by the row virtualizer (absolutely positioned: no layout of other rows).
 * Memoized on cheap props; its cells are rendered again only when its item, the rendered columns, the
 * active cell or its item's alerts mark change, so a row that only moves (a filter kept its item in view)
 * costs a move.
 */
import { memo, useMemo } from 'react';
import { rowCells } from './row-cells';
import type { ColumnRange } from './column-layout';
import type { RowContext } from './row-context';

export interface GridRowProps {
  rowIdx: number;
  item: number;
  /** The item's alerts mark (model/alert-marks.ts): a number, so only the row whose mark changed renders again. */
  alertMark: number;
  y: number;
  /** The active cell's column in this row, -1 for none. */
  activeCol: number;
  /** The item's details are open. */
  open: boolean;
  range: ColumnRange;
  ctx: RowContext;
}

export const GridRow = memo(function GridRow({
  rowIdx,
  item,
  alertMark,
  y,
  activeCol,
  open,
  range,
  ctx,
}: GridRowProps) {
  // The row position matters to the cells only for the active cell's id.
  const idRow = activeCol >= 0 ? rowIdx : -1;
  const cells = useMemo(
    () => rowCells({ ctx, item, alertMark, range, activeCol, rowIdx: idRow }),
    [ctx, item, alertMark, range, activeCol, idRow],
  );
  return (
    <div
      role="row"
      aria-rowindex={rowIdx + 2}
      aria-selected={open ? true : undefined}
      data-row={rowIdx}
      data-item={item}
      className={`pg__row${rowIdx % 2 ? ' pg__row--odd' : ''}${open ? ' is-open' : ''}${activeCol >= 0 ? ' is-active-row' : ''}`}
      style={{ top: y, height: ctx.rowH, width: ctx.layout.totalWidth }}
    >
      {cells}
    </div>
  );
});
