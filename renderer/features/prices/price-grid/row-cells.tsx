/**
 * The cells of one price-grid row, as GridRow renders them: the pinned star and item cells (a bell when the
 * item has alerts), a spacer for the columns scrolled out of view, then the rendered columns. Plain
 * functions, not a component per cell (the sparkline's aside): a cell is one element with one text node
 * (value-cell-display.ts; a value's text is drawn by CellTextLayer.tsx, the cell's aria-label says it), its
 * position and width a style object shared by the column (column-layout.ts).
 */
import type { ReactNode } from 'react';
import { Icon } from '../../../ui/Icon';
import { PINNED } from '../grid-columns';
import { alertMarkText, hasAlertOn } from '../model/alert-marks';
import { SparkCell } from './SparkCell';
import { valueCell } from './value-cell-display';
import type { ColumnRange } from './column-layout';
import { cellId } from './navigation';
import type { RowContext } from './row-context';

export interface RowCellsInput {
  ctx: RowContext;
  item: number;
  /** The item's alerts mark (model/alert-marks.ts), 0 for none. */
  alertMark: number;
  range: ColumnRange;
  /** The active cell's column in this row, -1 for none. */
  activeCol: number;
  /** The row's position in the view (for the active cell's id). */
  rowIdx: number;
}

export function rowCells(p: RowCellsInput): ReactNode[] {
  const out: ReactNode[] = [];
  const pins: ReactNode[] = [];
  for (let ci = 0; ci < PINNED; ci++) pins.push(cell(p, ci));
  out.push(
    <div key="pins" className="pg__pins">
      {pins}
    </div>,
  );
  out.push(<div key="gap" className="pg__gap" style={p.range.gapStyle} aria-hidden="true" />);
  for (let ci = p.range.from; ci <= p.range.to; ci++) out.push(cell(p, ci));
  return out;
}

function cell({ ctx, item, alertMark, activeCol, rowIdx }: RowCellsInput, ci: number): ReactNode {
  const col = ctx.columns[ci];
  if (!col) return null;
  const active = activeCol === ci;
  const base = `${ctx.layout.cellClasses[ci]}${active ? ' is-active' : ''}`;
  const id = active ? cellId(ctx.gridId, { row: rowIdx, col: ci }) : undefined;
  const style = ctx.layout.cellStyles[ci];
  const name = ctx.snap.names[item] ?? '';
  switch (col.kind) {
    case 'watch': {
      const on = ctx.watched[item] === 1;
      return (
        <div key={col.id} role="gridcell" id={id} aria-colindex={ci + 1} data-col={ci} className={base} style={style}>
          <button
            type="button"
            tabIndex={-1}
            className={`pg__star${on ? ' is-on' : ''}`}
            data-action="star"
            aria-pressed={on}
            aria-label={`${on ? 'Remove' : 'Add'} ${name} ${on ? 'from' : 'to'} the watchlist`}
          >
            {on ? '\u2605' : '\u2606'}
          </button>
        </div>
      );
    }
    case 'name':
      return (
        <div key={col.id} role="gridcell" id={id} aria-colindex={ci + 1} data-col={ci} className={base} style={style}>
          <span className={alertMark ? 'pg__name pg__name--bell' : 'pg__name'}>
            {name === '' ? <em className="pg__missing">(no name)</em> : name}
          </span>
          {alertMark ? alertBell(alertMark) : null}
          <button
            type="button"
            tabIndex={-1}
            className="pg__open"
            data-action="open"
            aria-label={`Open details for ${name}`}
            title="Details (Enter)"
          >
            ›
          </button>
        </div>
      );
    case 'spark':
      return <SparkCell key={col.id} name={name} ci={ci} id={id} className={base} style={style} />;
    default: {
      const v = valueCell(ctx, col, item);
      return (
        <div
          key={col.id}
          role="gridcell"
          id={id}
          aria-colindex={ci + 1}
          data-col={ci}
          data-value={v.value ?? undefined}
          // The text is drawn on the grid's canvas and hidden from layout: the label carries it.
          aria-label={v.label ?? v.text.replace('\n', ', ')}
          className={base + v.cls}
          style={style}
        >
          {v.text}
        </div>
      );
    }
  }
}

/**
 * The bell of an item with alerts: a tooltip for the mouse, the same words in the cell's text for a screen
 * reader (not a tab stop, not a button: A on the row opens the alert editor). Muted when all are off.
 */
function alertBell(mark: number): ReactNode {
  const text = alertMarkText(mark);
  return (
    <>
      <span
        className={`pg__bell${hasAlertOn(mark) ? '' : ' is-off'}`}
        title={text ?? undefined}
        aria-hidden="true"
        data-testid="alert-bell"
      >
        <Icon name="bell" />
      </span>
      <span className="visually-hidden">{`, ${text}`}</span>
    </>
  );
}
