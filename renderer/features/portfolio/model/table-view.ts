/**
 * The holdings table's view: filter by text (every word must occur in the row's text: item, place, note…)
 * and sort by a column's sortValue, missing values always last whichever the direction (as on the other
 * lists), ties kept in their order.
 */
import { flipDir, type SortDir } from '../../../market/model/sort';
import type { PortfolioColumn } from './columns';

export type { SortDir };

export interface SortState {
  column: string;
  dir: SortDir;
}

export function filterRows<R>(rows: readonly R[], query: string, textOf: (row: R) => string): R[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((r) => {
    const t = textOf(r).toLowerCase();
    return words.every((w) => t.includes(w));
  });
}

export function sortRows<R>(rows: readonly R[], column: PortfolioColumn<R> | undefined, dir: SortDir): R[] {
  if (!column) return [...rows];
  const keyed = rows.map((row, i) => ({ row, i, v: column.sortValue(row) }));
  const sign = dir === 'asc' ? 1 : -1;
  keyed.sort((a, b) => {
    if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
    if (a.v === b.v) return a.i - b.i;
    if (typeof a.v === 'number' && typeof b.v === 'number') return sign * (a.v - b.v);
    return sign * String(a.v).localeCompare(String(b.v));
  });
  return keyed.map((k) => k.row);
}

/** A header click: the same column flips its direction, another one starts ascending (text) or descending (figures). */
export function nextSort(prev: SortState | null, column: PortfolioColumn<unknown>): SortState {
  if (prev?.column === column.id) return { column: column.id, dir: flipDir(prev.dir) };
  return { column: column.id, dir: column.align === 'end' ? 'desc' : 'asc' };
}
