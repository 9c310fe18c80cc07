/**
 * Where each column of the price grid sits: fixed widths from the column definitions, so no cell is ever
 * sized by its content. Computed once per column set and shared by every row: the left edges, the
 * widths, one style object and one class string per column (React skips a style prop that is the same
 * object, so rows never diff styles), and the spacer that stands in for the columns scrolled out of view.
 */
import type { CSSProperties } from 'react';
import { isValueColumn, PINNED, type GridColumn } from '../grid-columns';

export interface ColumnLayout {
  /** x of each column's left edge. */
  left: readonly number[];
  totalWidth: number;
  /** Width of the pinned columns (star, item). */
  pinnedWidth: number;
  /** The columns after the pinned ones: the horizontally virtualized part. */
  scrollCols: readonly GridColumn[];
  /** Per column: its style (pinned: sticky offset and width; others: width). */
  cellStyles: readonly CSSProperties[];
  /** Per column: the classes that depend on the column only. */
  cellClasses: readonly string[];
}

export function columnLayout(columns: readonly GridColumn[]): ColumnLayout {
  const left: number[] = [];
  const cellStyles: CSSProperties[] = [];
  const cellClasses: string[] = [];
  let x = 0;
  columns.forEach((c, ci) => {
    left.push(x);
    const pin = ci < PINNED;
    cellStyles.push(pin ? { left: x, width: c.width } : { width: c.width });
    cellClasses.push(
      `pg__cell pg__cell--${c.kind}${isValueColumn(c) ? ' pg__val' : ''}${c.numeric ? ' pg__num' : ''}${pin ? ' pg__pin' : ''}${ci === PINNED - 1 ? ' pg__pin--last' : ''}`,
    );
    x += c.width;
  });
  const pinnedWidth = columns.slice(0, PINNED).reduce((s, c) => s + c.width, 0);
  return { left, totalWidth: x, pinnedWidth, scrollCols: columns.slice(PINNED), cellStyles, cellClasses };
}

/** The rendered scroll columns (from..to, inclusive; to < from when none) and the spacer before them. */
export interface ColumnRange {
  from: number;
  to: number;
  gapStyle: CSSProperties;
}

export function columnRange(layout: ColumnLayout, from: number, to: number): ColumnRange {
  return { from, to, gapStyle: { width: (layout.left[from] ?? layout.pinnedWidth) - layout.pinnedWidth } };
}
