/**
 * The holdings table: its columns are a list of PortfolioColumn (the ledger's, then any extra ones such as
 * the valuation's), sortable by a header click, windowed (lib/useRowWindow.ts: only the rows in sight are
 * rendered, so 5,000+ holdings scroll as smoothly as 50) and keyboard navigable as an ARIA grid
 * (https://www.w3.org/WAI/ARIA/apg/patterns/grid/): one row in the Tab order, ↑/↓, Page Up/Down, Home/End
 * move it; Enter edits, S records a sale, P splits, Delete deletes.
 */
import { memo, useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useRowWindow } from '../../lib/useRowWindow';
import type { PortfolioColumn } from './model/columns';
import type { SortState } from './model/table-view';
import { rowKeyCommand } from './model/row-keys';
import { HoldingsTableHead } from './HoldingsTableHead';
import type { HoldingRow } from './model/types';

const ROW_H = 34;
const HEAD_H = 34;

export interface RowActions {
  edit(row: HoldingRow, from: HTMLElement | null): void;
  split(row: HoldingRow): void;
  sell(row: HoldingRow): void;
  remove(row: HoldingRow): void;
}

/** R: the rows as the columns read them (a HoldingRow, with the valuation's figures when it plugs in). */
interface HoldingsTableProps<R extends HoldingRow> {
  rows: readonly R[];
  columns: readonly PortfolioColumn<R>[];
  sort: SortState | null;
  onSort(sort: SortState): void;
  actions: RowActions;
  /** For the grid's accessible name. */
  label: string;
}

const ACTIONS_W = 210;

/** A column's least width (px) and its share of the rest. */
function widthOf<R>(c: PortfolioColumn<R>): { min: number; fr: number } {
  if (c.id === 'name') return { min: 240, fr: 3 };
  if (c.id === 'note') return { min: 100, fr: 1.5 };
  if (c.minWidth !== undefined) return { min: c.minWidth, fr: 1.4 };
  return { min: c.align === 'end' ? 90 : 100, fr: 1 };
}

function HoldingsTableView<R extends HoldingRow>({
  rows,
  columns,
  sort,
  onSort,
  actions,
  label,
}: HoldingsTableProps<R>) {
  const scroller = useRef<HTMLDivElement>(null);
  const win = useRowWindow(scroller, rows.length, ROW_H, HEAD_H, 6);
  const [active, setActive] = useState(0);
  const at = Math.min(active, Math.max(0, rows.length - 1));
  const widths = columns.map(widthOf);
  const template = `${widths.map((w) => `minmax(${w.min}px, ${w.fr}fr)`).join(' ')} ${ACTIONS_W}px`;
  // Wide enough for every column's least width: below it the list scrolls sideways instead of overlapping.
  const minWidth = widths.reduce((sum, w) => sum + w.min, ACTIONS_W);
  const focusRow = useRef(false);

  useEffect(() => {
    if (!focusRow.current) return;
    focusRow.current = false;
    scroller.current?.querySelector<HTMLElement>(`[data-row="${at}"]`)?.focus();
  });

  const move = (next: number) => {
    setActive(next);
    win.scrollToRow(next);
    focusRow.current = true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[at];
    if (!row || e.altKey || e.ctrlKey || e.metaKey) return;
    const page = Math.max(1, Math.floor(((scroller.current?.clientHeight ?? 400) - HEAD_H) / ROW_H) - 1);
    const command = rowKeyCommand(e.key, at, page, rows.length);
    if (!command) return;
    if ('move' in command) move(command.move);
    else if (command.act === 'edit') {
      // Keys typed in a row's buttons are theirs (Enter presses the button).
      if (e.target instanceof HTMLButtonElement) return;
      actions.edit(row, e.target instanceof HTMLElement ? e.target : null);
    } else actions[command.act](row);
    e.preventDefault();
  };

  const visible: number[] = [];
  for (let r = win.first; r < win.end; r++) visible.push(r);

  return (
    <div
      ref={scroller}
      className="pf-grid-scroll"
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 1}
      data-testid="pf-holdings"
      onKeyDown={onKeyDown}
    >
      <div className="pf-grid-inner" style={{ height: HEAD_H + win.totalHeight, minWidth }}>
        <HoldingsTableHead columns={columns} sort={sort} onSort={onSort} template={template} height={HEAD_H} />
        {visible.map((r) => {
          const row = rows[r] as R;
          return (
            <HoldingRowView
              key={row.holding.id}
              r={r}
              row={row}
              columns={columns}
              template={template}
              active={r === at}
              onFocus={() => setActive(r)}
              actions={actions}
            />
          );
        })}
      </div>
    </div>
  );
}

/** Memoized; generic over the row type (memo's own type would lose it). */
export const HoldingsTable = memo(HoldingsTableView) as <R extends HoldingRow>(
  props: HoldingsTableProps<R>,
) => ReactElement;

interface RowViewProps<R extends HoldingRow> {
  r: number;
  row: R;
  columns: readonly PortfolioColumn<R>[];
  template: string;
  active: boolean;
  onFocus(): void;
  actions: RowActions;
}

function RowView<R extends HoldingRow>({ r, row, columns, template, active, onFocus, actions }: RowViewProps<R>) {
  const tab = active ? 0 : -1;
  const name = row.holding.name;
  return (
    <div
      role="row"
      aria-rowindex={r + 2}
      aria-selected={active}
      tabIndex={tab}
      data-row={r}
      data-testid="pf-holding-row"
      data-holding-id={row.holding.id}
      className={`pf-grid-row pf-grid-body${active ? ' is-active' : ''}${row.remaining === 0 ? ' is-sold' : ''}`}
      style={{ gridTemplateColumns: template, top: HEAD_H + r * ROW_H, height: ROW_H }}
      onFocus={onFocus}
      onDoubleClick={(e) => actions.edit(row, e.currentTarget)}
    >
      {columns.map((c) => (
        <div key={c.id} role="gridcell" className={`pf-cell pf-cell--${c.align}`} data-col={c.id}>
          {c.render ? c.render(row) : c.text(row)}
        </div>
      ))}
      <div role="gridcell" className="pf-cell pf-actions">
        <button
          type="button"
          className="btn btn--small btn--ghost"
          tabIndex={tab}
          aria-label={`Edit ${name}`}
          onClick={(e) => actions.edit(row, e.currentTarget)}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          tabIndex={tab}
          aria-label={`Record a sale of ${name}`}
          disabled={row.remaining === 0}
          onClick={() => actions.sell(row)}
        >
          Sell
        </button>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          tabIndex={tab}
          aria-label={`Split ${name}`}
          disabled={row.holding.quantity < 2}
          onClick={() => actions.split(row)}
        >
          Split
        </button>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          tabIndex={tab}
          aria-label={`Delete ${name}`}
          onClick={() => actions.remove(row)}
        >
          Delete
        </button>
      </div>
    </div>
  );
}

const HoldingRowView = memo(RowView) as <R extends HoldingRow>(props: RowViewProps<R>) => ReactElement;
