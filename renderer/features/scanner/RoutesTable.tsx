/**
 * The ranked routes: fixed-height rows windowed as the grid's and the recommendations' (lib/useRowWindow),
 * the same keys (arrows, Page Up/Down, Home/End, Enter opens the item's detail panel), a click opens it too,
 * and a header sorts by its column.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { MoneyFormat } from '../../../shared/money/money';
import { rowForKey } from '../../lib/row-keys';
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

/**
 * The active row and the table's keys: arrows / Page / Home / End move it (scrolled into sight), Enter
 * opens its item's detail panel. The active row stays inside the routes as they shrink.
 */
function useRouteKeys(
  routes: readonly Route[],
  scroller: RefObject<HTMLDivElement | null>,
  scrollToRow: (r: number) => void,
  onOpen: (name: string) => void,
) {
  const [active, setActive] = useState(0);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, routes.length - 1))), [routes]);
  const moveTo = useCallback(
    (r: number) => {
      const next = Math.max(0, Math.min(routes.length - 1, r));
      setActive(next);
      scrollToRow(next);
    },
    [scrollToRow, routes.length],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || routes.length === 0) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_H) - 1);
    const to = rowForKey(e.key, active, routes.length, page);
    if (to !== null) moveTo(to);
    else if (e.key === 'Enter') {
      const r = routes[active];
      if (r) onOpen(r.name);
    } else return;
    e.preventDefault();
  };
  return { active, setActive, onKeyDown };
}

export function RoutesTable({ routes, sort, onSort, money, nameOf, onOpen, busy }: RoutesTableProps) {
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useRowWindow(scroller, routes.length, ROW_H, HEAD_H, 2);
  const { active, setActive, onKeyDown } = useRouteKeys(routes, scroller, rows.scrollToRow, onOpen);

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
