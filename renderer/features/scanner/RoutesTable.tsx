/**
 * The ranked routes: fixed-height rows windowed as the grid's and the recommendations' (lib/useRowWindow),
 * the same keys (arrows, Page Up/Down, Home/End, Enter opens the item's detail panel), a click opens it too,
 * and a header sorts by its column.
 */
import { useId, useRef, type CSSProperties } from 'react';
import type { MoneyFormat } from '../../../shared/money/money';
import { useActiveRow } from '../../lib/useActiveRow';
import { useRowWindow } from '../../lib/useRowWindow';
import type { Route } from '../../market/scanner/scan';
import { ROUTE_COLUMNS, type RouteSort } from './route-columns';
import { RouteRow, RoutesHeadRow } from './RouteRows';

const ROW_H = 28;
const HEAD_H = 32;

export interface RoutesTableProps {
  routes: readonly Route[];
  sort: RouteSort;
  onSort(sort: RouteSort): void;
  money: MoneyFormat;
  nameOf(slug: string): string;
  onOpen(name: string): void;
  busy: boolean;
}

/** Column widths and row heights for every row, as CSS variables (the same for every table). */
const VARS = {
  '--sc-cols': ROUTE_COLUMNS.map((c) => `${c.width}px`).join(' '),
  '--sc-row-h': `${ROW_H}px`,
  '--sc-head-h': `${HEAD_H}px`,
} as CSSProperties;

export function RoutesTable({ routes, sort, onSort, money, nameOf, onOpen, busy }: RoutesTableProps) {
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useRowWindow(scroller, routes.length, ROW_H, HEAD_H, 2);
  const { active, setActive, onKeyDown } = useActiveRow({
    list: routes,
    rows: routes.length,
    scroller,
    rowHeight: ROW_H,
    scrollToRow: rows.scrollToRow,
    onKey: (e, at) => {
      const r = routes[at];
      if (e.key !== 'Enter' || !r) return false;
      onOpen(r.name);
      return true;
    },
  });

  const rowId = (r: number) => `${id}-r${r}`;
  const shown: number[] = [];
  for (let r = rows.first; r < rows.end; r++) shown.push(r);
  return (
    <div
      ref={scroller}
      className="sc-table"
      role="grid"
      aria-label="Routes"
      aria-rowcount={routes.length + 1}
      aria-colcount={ROUTE_COLUMNS.length}
      aria-activedescendant={routes.length > 0 ? rowId(active) : undefined}
      aria-busy={busy || undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="scanner-routes"
      style={VARS}
    >
      <RoutesHeadRow sort={sort} onSort={onSort} />
      <div className="sc-body" style={{ height: rows.totalHeight }}>
        {shown.map((r) => {
          const route = routes[r] as Route;
          return (
            <RouteRow
              key={route.key}
              route={route}
              r={r}
              id={rowId(r)}
              active={r === active}
              top={r * ROW_H}
              money={money}
              nameOf={nameOf}
              onClick={() => {
                setActive(r);
                onOpen(route.name);
              }}
            />
          );
        })}
      </div>
    </div>
  );
}
