/**
 * The ranked routes: fixed-height rows windowed as the grid's and the recommendations' (lib/useRowWindow),
 * the same keys (arrows, Page Up/Down, Home/End, Enter opens the item's detail panel), a click opens it too,
 * and a header sorts by its column.
 */
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import type { MoneyFormat } from '../../../shared/money/money';
import { rowForKey } from '../../lib/row-keys';
import { useRowWindow } from '../../lib/useRowWindow';
import type { Route } from '../../market/scanner/scan';
import { ROUTE_COLUMNS, defaultDir, feeTitle, type RouteSort } from './route-columns';

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

export function RoutesTable({ routes, sort, onSort, money, nameOf, onOpen, busy }: RoutesTableProps) {
  const id = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, routes.length - 1))), [routes]);
  const rows = useRowWindow(scroller, routes.length, ROW_H, HEAD_H, 2);
  const { scrollToRow } = rows;
  const vars = useMemo(
    () =>
      ({
        '--sc-cols': ROUTE_COLUMNS.map((c) => `${c.width}px`).join(' '),
        '--sc-row-h': `${ROW_H}px`,
        '--sc-head-h': `${HEAD_H}px`,
      }) as CSSProperties,
    [],
  );

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
      style={vars}
    >
      <div role="row" aria-rowindex={1} className="sc-row sc-row--head">
        {ROUTE_COLUMNS.map((c, k) => {
          const sorted = sort.key === c.key;
          return (
            <div
              key={c.key}
              role="columnheader"
              aria-colindex={k + 1}
              data-col={c.key}
              aria-sort={sorted ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
              className={`sc-cell${c.numeric ? ' sc-cell--num' : ''}`}
            >
              <button
                type="button"
                className="sc-sort"
                title={`${c.long}: sort`}
                onClick={() =>
                  onSort({ key: c.key, dir: sorted ? (sort.dir === 'asc' ? 'desc' : 'asc') : defaultDir(c.key) })
                }
              >
                {c.label}
                <span aria-hidden="true">{sorted ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
              </button>
            </div>
          );
        })}
      </div>
      <div className="sc-body" style={{ height: rows.totalHeight }}>
        {shown.map((r) => {
          const route = routes[r] as Route;
          return (
            <div
              key={route.key}
              id={rowId(r)}
              role="row"
              aria-rowindex={r + 2}
              aria-selected={r === active}
              className={`sc-row${r === active ? ' sc-row--active' : ''}${route.feeUnknown ? ' sc-row--fee-unknown' : ''}`}
              style={{ transform: `translateY(${r * ROW_H}px)` }}
              data-route={route.key}
              onClick={() => {
                setActive(r);
                onOpen(route.name);
              }}
            >
              {ROUTE_COLUMNS.map((c, k) => (
                <div
                  key={c.key}
                  role="gridcell"
                  aria-colindex={k + 1}
                  data-col={c.key}
                  className={`sc-cell${c.numeric ? ' sc-cell--num' : ''}${c.key === 'trusted' ? ` sc-trust sc-trust--${route.trusted === null ? 'none' : route.trusted ? 'ok' : 'low'}` : ''}`}
                  title={
                    c.key === 'buyFeeAmount' || c.key === 'sellFeeAmount' || c.key === 'profit'
                      ? feeTitle(route)
                      : undefined
                  }
                >
                  {c.text(route, money, nameOf)}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
