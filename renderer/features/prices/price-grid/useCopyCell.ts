/**
 * Ctrl+C in the price grid: the active cell's text (a header: its title), Ctrl+Shift+C the whole row as
 * tab-separated text; the result is announced in the page's live region.
 */
import { useCallback } from 'react';
import { cellText, rowText, type CellContext } from '../copy-and-tooltip-text';
import type { GridColumn } from '../grid-columns';
import { copyText } from './clipboard';
import type { CellPos } from './navigation';

export function useCopyCell(
  ctx: CellContext,
  view: Int32Array,
  columns: readonly GridColumn[],
  announce: (text: string) => void,
) {
  return useCallback(
    (at: CellPos, wholeRow: boolean) => {
      const item = at.row >= 0 ? view[at.row] : undefined;
      const col = columns[at.col];
      let text = '';
      let what = '';
      if (wholeRow && item !== undefined) {
        text = rowText(ctx, columns, item);
        what = 'row';
      } else if (item !== undefined && col) {
        text = cellText(ctx, col, item);
        what = col.title;
      } else if (col) {
        text = col.title;
        what = 'header';
      }
      if (!text) return;
      void copyText(text).then((ok) =>
        announce(ok ? `Copied ${what}: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}` : 'Copy failed'),
      );
    },
    [ctx, view, columns, announce],
  );
}
