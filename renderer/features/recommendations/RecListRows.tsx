/**
 * The recommendations list's rows: the header (a button per column sorts by it) and one item's row,
 * recycled, with its pinned cell and the columns in sight.
 */
import { memo, useMemo, type CSSProperties, type ReactNode } from 'react';
import type { RecSort } from '../../market/recommendations/rec-sort';
import { recName } from '../../market/recommendations/rec-wire';
import { defaultRecDir } from '../../market/recommendations/view';
import { cellClass, type RecListColumn, type RecListCtx } from './RecListColumns';
import { SortHeader } from '../../ui/SortHeader';
import { flipDir } from '../../market/model/sort';

/** The rendered columns: the pinned item column, then from..to (inclusive) of the rest. */
export interface ColRange {
  from: number;
  to: number;
  /** The first rendered column after the pinned one starts at its own track; the others follow it. */
  start: CSSProperties;
}

export function RecListHead({
  ctx,
  sort,
  onSort,
  net,
}: {
  ctx: RecListCtx;
  sort: RecSort;
  onSort(s: RecSort): void;
  /** The grid's "net of fees" setting (labels the ask/bid columns). */
  net: boolean;
}) {
  return (
    <div role="rowgroup" className="rl__head">
      <div role="row" aria-rowindex={1} className="rl__row rl__row--head">
        {ctx.columns.map((c, k) => {
          const sorted = sort.key === c.key;
          return (
            <SortHeader
              key={c.key}
              colIndex={k + 1}
              dataCol={c.key}
              dir={sorted ? sort.dir : null}
              className={`${cellClass(ctx, c)} rl__hcell`}
              buttonClassName="rl__sort"
              arrowClassName="rl__arrow"
              title={`${c.long}${c.key === 'ask' || c.key === 'bid' ? (net ? ' (net of fees)' : ' (as listed)') : ''}: sort`}
              onSort={() => onSort({ key: c.key, dir: sorted ? flipDir(sort.dir) : defaultRecDir(c.key) })}
            >
              {c.label}
              {(c.key === 'ask' || c.key === 'bid') && net ? <span className="rl__net"> net</span> : null}
            </SortHeader>
          );
        })}
      </div>
    </div>
  );
}

/** A row's cells: the pinned one and the columns in sight. */
function rowCells(ctx: RecListCtx, item: number, range: ColRange): ReactNode[] {
  const out: ReactNode[] = [];
  const cell = (k: number, style?: CSSProperties) => {
    const c = ctx.columns[k] as RecListColumn;
    out.push(
      <div
        key={c.key}
        role="gridcell"
        aria-colindex={k + 1}
        className={cellClass(ctx, c)}
        style={style}
        title={c.title?.(ctx, item)}
        data-col={c.key}
      >
        {c.cell(ctx, item)}
      </div>,
    );
  };
  cell(0);
  for (let k = range.from; k <= range.to; k++) cell(k, k === range.from ? range.start : undefined);
  return out;
}

/**
 * One row, recycled (its key is a slot): its cells are rendered again only when its item, the columns
 * in sight or what they read changed; a row whose item only moved (a filter or sort kept it in sight)
 * costs its position.
 */
export const RecListRow = memo(function Row({
  id,
  r,
  item,
  y,
  ctx,
  range,
  active,
  open,
  onClick,
}: {
  id: string;
  r: number;
  item: number;
  y: number;
  ctx: RecListCtx;
  range: ColRange;
  active: boolean;
  open: boolean;
  onClick(r: number, item: number): void;
}) {
  const cells = useMemo(() => rowCells(ctx, item, range), [ctx, item, range]);
  return (
    <div
      id={id}
      role="row"
      aria-rowindex={r + 2}
      aria-selected={open || undefined}
      className={`rl__row${active ? ' is-active' : ''}${open ? ' is-open' : ''}`}
      style={{ transform: `translateY(${y}px)` }}
      onClick={() => onClick(r, item)}
      data-item={recName(ctx.recs, item)}
    >
      {cells}
    </div>
  );
});
