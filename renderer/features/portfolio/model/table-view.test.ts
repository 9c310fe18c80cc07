import { describe, expect, it } from 'vitest';
import type { PortfolioColumn } from './columns';
import { filterRows, nextSort, sortRows } from './table-view';

interface R {
  name: string;
  v: number | null;
}
const col: PortfolioColumn<R> = {
  id: 'v',
  label: 'V',
  title: '',
  align: 'end',
  sortValue: (r) => r.v,
  text: (r) => String(r.v),
};
const rows: R[] = [
  { name: 'b', v: 2 },
  { name: 'a', v: null },
  { name: 'c', v: 10 },
  { name: 'd', v: 2 },
];

describe('holdings table view', () => {
  it('sorts figures with missing values last in both directions, ties kept in order', () => {
    expect(sortRows(rows, col, 'asc').map((r) => r.name)).toEqual(['b', 'd', 'c', 'a']);
    expect(sortRows(rows, col, 'desc').map((r) => r.name)).toEqual(['c', 'b', 'd', 'a']);
  });

  it('filters by every word of the query, case-insensitively', () => {
    const named = [{ name: 'AK-47 | Redline (Field-Tested) buff' }, { name: 'AWP | Asiimov' }];
    expect(filterRows(named, 'redline BUFF', (r) => r.name)).toEqual([named[0]]);
    expect(filterRows(named, '  ', (r) => r.name)).toEqual(named);
  });

  it('a header click flips the same column, figures start descending', () => {
    expect(nextSort(null, col as PortfolioColumn<unknown>)).toEqual({ column: 'v', dir: 'desc' });
    expect(nextSort({ column: 'v', dir: 'desc' }, col as PortfolioColumn<unknown>)).toEqual({
      column: 'v',
      dir: 'asc',
    });
  });
});
