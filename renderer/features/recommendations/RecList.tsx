/**
 * The recommendations list: one row per item of the view, virtualized as the price grid is (only the rows
 * and the columns in sight are in the DOM; row elements recycled, so an item that stays in sight when a
 * filter or sort moves it only moves), sortable by every column, fully keyboard driven: arrows / Page /
 * Home / End move the active row, Enter opens the item's detail panel, A its analytics. ARIA grid
 * semantics with aria-activedescendant; cells carry aria-colindex (columns out of sight are not rendered).
 */
import { memo, useCallback, useId, useMemo, useRef, type CSSProperties } from 'react';
import type { MoneyFormat } from '../../../shared/money/money';
import { useActiveRow } from '../../lib/useActiveRow';
import type { Derived } from '../../market/model/derived-columns';
import type { Snapshot } from '../../market/model/snapshot';
import type { DealSide, RecJoin } from '../../market/recommendations/join';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import type { RecSort } from '../../market/recommendations/rec-sort';
import { COLUMNS, columnsFor, TOTAL_W, type RecListCtx } from './RecListColumns';
import { RecListHead, RecListRow } from './RecListRows';
import { useRecListWindow } from './useRecListWindow';

const ROW_H = 36;
const HEAD_H = 40;

export interface RecListProps {
  recs: RecColumns;
  view: Int32Array;
  join: RecJoin | null;
  snap: Snapshot | null;
  /** Fees always counted: the deal figures' working. */
  netDerived: Derived | null;
  /** The grid's "net of fees" setting (labels the ask/bid columns). */
  net: boolean;
  /** Live prices are loading (their columns say so rather than "—"). */
  pricesLoading: boolean;
  sort: RecSort;
  onSort(s: RecSort): void;
  money: MoneyFormat;
  nameOf(slug: string): string;
  openItem: number | null;
  onOpen(item: number): void;
  onAnalytics(item: number): void;
  /** The deal side the preset shows (its gain column is highlighted). */
  dealSide: DealSide | null;
  label: string;
  /** The list is loading (its frame is shown empty meanwhile). */
  busy?: boolean;
  /** A hidden render that only warms the code up (RecListWarmUp): no test id. */
  warmUp?: boolean;
}

export const RecList = memo(function RecList(props: RecListProps) {
  const { recs, view, sort, onSort, openItem, onOpen, onAnalytics, label, dealSide, net, join, snap } = props;
  const { netDerived, pricesLoading, money, nameOf } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const id = useId();
  const unknownOf = useMemo(() => new Map(recs.unknownReasons), [recs]);
  const columns = useMemo(() => columnsFor(dealSide), [dealSide]);
  // Column widths and the row height for every row, set once here (CSS grid tracks): no inline style per
  // cell, so the cells share their computed style (an inline style makes each cell's style its own).
  const gridVars = useMemo(
    () =>
      ({
        '--rl-cols': columns.map((c) => `${c.width}px`).join(' '),
        '--rl-row-h': `${ROW_H}px`,
        '--rl-head-h': `${HEAD_H}px`,
        '--rl-w': `${TOTAL_W}px`,
      }) as CSSProperties,
    [columns],
  );
  const ctx = useMemo<RecListCtx>(
    () => ({ recs, join, snap, netDerived, pricesLoading, money, nameOf, dealSide, unknownOf, columns }),
    [recs, join, snap, netDerived, pricesLoading, money, nameOf, dealSide, unknownOf, columns],
  );
  const { rows, range, slotted } = useRecListWindow(scroller, view, columns, ROW_H, HEAD_H);
  const { active, setActive, onKeyDown } = useActiveRow({
    list: view,
    rows: view.length,
    scroller,
    rowHeight: ROW_H,
    scrollToRow: rows.scrollToRow,
    onKey: (e, at) => {
      const item = view[at];
      if (item === undefined) return false;
      if (e.key === 'Enter') onOpen(item);
      else if ((e.key === 'a' || e.key === 'A') && !(e.ctrlKey || e.metaKey || e.altKey)) onAnalytics(item);
      else return false;
      return true;
    },
  });
  const onRowClick = useCallback(
    (r: number, item: number) => {
      setActive(r);
      onOpen(item);
    },
    [onOpen, setActive],
  );

  const rowId = (r: number) => `${id}-r${r}`;
  return (
    <div
      ref={scroller}
      className="rl"
      role="grid"
      aria-label={label}
      aria-rowcount={view.length + 1}
      aria-colcount={COLUMNS.length}
      aria-activedescendant={view.length > 0 ? rowId(active) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid={props.warmUp ? undefined : 'rec-list'}
      aria-busy={props.busy || undefined}
      style={gridVars}
    >
      <RecListHead ctx={ctx} sort={sort} onSort={onSort} net={net} />
      <div role="rowgroup" className="rl__body" style={{ height: rows.totalHeight }}>
        {slotted.map((row) => (
          <RecListRow
            key={row.slot}
            id={rowId(row.index)}
            r={row.index}
            item={row.item}
            y={row.start}
            ctx={ctx}
            range={range}
            active={row.index === active}
            open={row.item === openItem}
            onClick={onRowClick}
          />
        ))}
      </div>
    </div>
  );
});
