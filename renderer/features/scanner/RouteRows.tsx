/** The routes table's rows: the header (a button per column sorts by it) and one route's row. */
import type { MoneyFormat } from '../../../shared/money/money';
import { SortHeader } from '../../ui/SortHeader';
import { flipDir } from '../../market/model/sort';
import type { Route } from '../../market/scanner/scan';
import { ROUTE_COLUMNS, defaultDir, feeTitle, type RouteSort } from './route-columns';

export function RoutesHeadRow({ sort, onSort }: { sort: RouteSort; onSort(sort: RouteSort): void }) {
  return (
    <div role="row" aria-rowindex={1} className="sc-row sc-row--head">
      {ROUTE_COLUMNS.map((c, k) => {
        const sorted = sort.key === c.key;
        return (
          <SortHeader
            key={c.key}
            colIndex={k + 1}
            dataCol={c.key}
            dir={sorted ? sort.dir : null}
            className={`sc-cell${c.numeric ? ' sc-cell--num' : ''}`}
            buttonClassName="sc-sort"
            arrowClassName="sc-sort__arrow"
            title={`${c.long}: sort`}
            onSort={() => onSort({ key: c.key, dir: sorted ? flipDir(sort.dir) : defaultDir(c.key) })}
          >
            {c.label}
          </SortHeader>
        );
      })}
    </div>
  );
}

export interface RouteRowProps {
  route: Route;
  /** The row's index in the sorted routes. */
  r: number;
  id: string;
  active: boolean;
  top: number;
  money: MoneyFormat;
  nameOf(slug: string): string;
  onClick(): void;
}

export function RouteRow({ route, r, id, active, top, money, nameOf, onClick }: RouteRowProps) {
  return (
    <div
      id={id}
      role="row"
      aria-rowindex={r + 2}
      aria-selected={active}
      className={`sc-row${active ? ' sc-row--active' : ''}${route.feeUnknown ? ' sc-row--fee-unknown' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      data-route={route.key}
      onClick={onClick}
    >
      {ROUTE_COLUMNS.map((c, k) => (
        <div
          key={c.key}
          role="gridcell"
          aria-colindex={k + 1}
          data-col={c.key}
          className={`sc-cell${c.numeric ? ' sc-cell--num' : ''}${c.key === 'trusted' ? ` sc-trust sc-trust--${route.trusted === null ? 'none' : route.trusted ? 'ok' : 'low'}` : ''}`}
          title={
            c.key === 'buyFeeAmount' || c.key === 'sellFeeAmount' || c.key === 'profit' ? feeTitle(route) : undefined
          }
        >
          {c.text(route, money, nameOf)}
        </div>
      ))}
    </div>
  );
}
