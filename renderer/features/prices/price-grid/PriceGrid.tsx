/**
 * The price grid: an ARIA grid (aria-rowcount / aria-colcount for the whole view, aria-rowindex /
 * aria-colindex on the rendered cells), virtualized both ways, the star and item columns pinned.
 * Keyboard: useGridKeyboard.ts (one tab stop, the active cell is aria-activedescendant); mouse:
 * useGridPointer.ts; rows: GridRow.tsx (recycled slots, lib/row-slots.ts); cells: row-cells.tsx.
 * Each row gets its own item's alerts mark as a number, so a changed alert renders only its rows again.
 */
import { memo, useCallback, useId, useMemo, useRef } from 'react';
import type { MoneyFormat } from '../../../../shared/money/money';
import { PINNED, type GridColumn } from '../grid-columns';
import type { Derived } from '../../../market/model/derived-columns';
import type { Changes } from '../../../market/model/diff';
import type { Snapshot } from '../../../market/model/snapshot';
import type { SortState } from '../../../market/prefs';
import { CellTextLayer } from './CellTextLayer';
import { GridRow } from './GridRow';
import { HeaderRow } from './HeaderRow';
import { columnRange, columnLayout, type ColumnLayout } from './column-layout';
import { HEADER_H, rowHeight } from './grid-metrics';
import { cellId, type CellPos } from './navigation';
import { usePaintMarks } from './paint-marks';
import type { RowContext } from './row-context';
import { useRowSlots } from '../../../lib/row-slots';
import { useActiveCell } from './useActiveCell';
import { useCopyCell } from './useCopyCell';
import { useGridActions } from './useGridActions';
import { useGridKeyboard } from './useGridKeyboard';
import { useGridPointer } from './useGridPointer';
import { useGridVirtualizers } from './useGridVirtualizers';
import { useRowSparks } from './useRowSparks';
import { SparksContext } from './SparkCell';
import './price-grid.css';
import type { TrustView } from '../../../ui/trust/row-confidence';

export interface PriceGridProps {
  snap: Snapshot;
  d: Derived;
  view: Int32Array;
  columns: GridColumn[];
  sort: SortState;
  onSort(colId: string): void;
  watched: Uint8Array;
  /** The rows' alerts (model/alert-marks.ts). */
  alerted: Uint8Array;
  onToggleWatch(item: number): void;
  onOpen(item: number): void;
  /** A new price alert on the item (the A key on a row). */
  onAlert?(item: number): void;
  /** P on a row: add its item to the portfolio. */
  onAddToPortfolio?(item: number): void;
  openItem: number | null;
  money: MoneyFormat;
  nameOf(slug: string): string;
  /** What the cells show of trust (ages in tooltips, flags, dimming, the confidence badge). */
  trust?: TrustView;
  /** Cells that changed at the last refresh (null when none or the flash is over). */
  changes: Changes | null;
  detailsInCells: boolean;
  stale: boolean;
  /** Announce something (copied, starred) in the page's live region. */
  announce(text: string): void;
  label: string;
  /** The grid's size before it mounts (from its container), so the first render is already the real one. */
  initialSize?: { width: number; height: number } | null;
}

/** What every row reads (RowContext): a new one only when one of its parts changes. */
function useRowContext(props: PriceGridProps, layout: ColumnLayout, gridId: string, rowH: number): RowContext {
  const { snap, d, money, nameOf, watched, changes, detailsInCells, columns, trust } = props;
  return useMemo<RowContext>(
    () => ({
      snap,
      d,
      money,
      nameOf,
      watched,
      changes,
      detailsInCells,
      columns,
      layout,
      gridId,
      rowH,
      ...(trust ? { trust } : {}),
    }),
    [snap, d, money, nameOf, watched, changes, detailsInCells, columns, layout, gridId, rowH, trust],
  );
}

/** The rows in sight (recycled slots), their sparklines, and the columns in sight. */
function useRowsInSight(
  snap: Snapshot,
  view: Int32Array,
  columns: GridColumn[],
  layout: ColumnLayout,
  rowWindow: { first: number; end: number },
  colV: { getVirtualItems(): ReadonlyArray<{ index: number }> },
  rowH: number,
) {
  const virtualRows = Array.from({ length: rowWindow.end - rowWindow.first }, (_, k) => {
    const index = rowWindow.first + k;
    return { index, item: view[index] ?? -1, start: HEADER_H + index * rowH };
  });
  const rows = useRowSlots(virtualRows.filter((r) => r.item >= 0));
  const sparks = useRowSparks(snap, virtualRows, columns);
  const colItems = colV.getVirtualItems();
  const from = colItems.length ? (colItems[0]?.index ?? 0) + PINNED : PINNED;
  const to = colItems.length ? (colItems[colItems.length - 1]?.index ?? 0) + PINNED : PINNED - 1;
  const range = useMemo(() => columnRange(layout, from, to), [layout, from, to]);
  return { rows, sparks, range };
}

export const PriceGrid = memo(function PriceGrid(props: PriceGridProps) {
  const { snap, view, columns, detailsInCells, openItem } = props;
  const gridId = useId().replace(/:/g, '');
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowH = rowHeight(detailsInCells);
  const layout = useMemo(() => columnLayout(columns), [columns]);
  const { rows: rowWindow, colV } = useGridVirtualizers({
    scrollRef,
    rowCount: view.length,
    rowH,
    layout,
    initialSize: props.initialSize,
  });
  usePaintMarks(snap, view, columns);

  const { scrollToRow } = rowWindow;
  const reveal = useCallback(
    (at: CellPos) => {
      if (at.row >= 0) scrollToRow(at.row);
      if (at.col >= PINNED) colV.scrollToIndex(at.col - PINNED, { align: 'auto' });
    },
    [scrollToRow, colV],
  );
  const { active, cell, setActive, move, onFocus } = useActiveCell(view.length, columns.length, reveal);
  const ctx = useRowContext(props, layout, gridId, rowH);
  const actions = useGridActions(view, columns, props);
  const copy = useCopyCell(ctx, view, columns, props.announce);
  const pageRows = useCallback(
    () => Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 400) - HEADER_H) / rowH) - 1),
    [rowH],
  );
  const onKeyDown = useGridKeyboard({
    cell,
    hasActive: active !== null,
    rows: view.length,
    cols: columns.length,
    pageRows,
    move,
    setActive,
    actions,
    copy,
  });
  const pointer = useGridPointer({ ctx, view, columns, openItem, actions, setActive });

  const { rows, sparks, range } = useRowsInSight(snap, view, columns, layout, rowWindow, colV, rowH);

  return (
    <div
      ref={scrollRef}
      className={`pg${detailsInCells ? ' pg--details' : ''}`}
      role="grid"
      aria-label={props.label}
      aria-rowcount={view.length + 1}
      aria-colcount={columns.length}
      aria-activedescendant={cell ? cellId(gridId, cell) : undefined}
      data-stale={props.stale ? 'true' : undefined}
      data-testid="price-grid"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      {...pointer}
    >
      <div className="pg__canvas" style={{ height: HEADER_H + rowWindow.totalHeight, width: layout.totalWidth }}>
        <HeaderRow
          columns={columns}
          layout={layout}
          range={range}
          sort={props.sort}
          gridId={gridId}
          activeCol={cell?.row === -1 ? cell.col : -1}
        />
        <div role="rowgroup" className="pg__body">
          <SparksContext value={sparks}>
            {rows.map((r) => (
              <GridRow
                key={r.slot}
                rowIdx={r.index}
                item={r.item}
                alertMark={props.alerted[r.item] ?? 0}
                y={r.start}
                activeCol={cell && cell.row === r.index ? cell.col : -1}
                open={openItem === r.item}
                range={range}
                ctx={ctx}
              />
            ))}
          </SparksContext>
        </div>
        <CellTextLayer ctx={ctx} rows={rows} range={range} />
      </div>
    </div>
  );
});
