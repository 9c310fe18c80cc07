/** What every row of the price grid shares, one object per grid render that changes only with the data or settings. */
import type { GridColumn } from '../grid-columns';
import type { ColumnLayout } from './column-layout';
import type { ValueCellContext } from './value-cell-display';

export interface RowContext extends ValueCellContext {
  columns: readonly GridColumn[];
  layout: ColumnLayout;
  gridId: string;
  rowH: number;
}
