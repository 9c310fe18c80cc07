/**
 * A column of the holdings table. The table (its component) knows nothing of what a column shows: the
 * ledger's columns and the valuation's columns (../valuation/) are lists of these, so a new measure is one
 * entry. Sorting uses `sortValue` (null = no value: always last), CSV export and copy use `text`.
 */
import type { ReactNode } from 'react';

export interface PortfolioColumn<R> {
  id: string;
  /** Header text. */
  label: string;
  /** What the figure means, in a sentence (the header's tooltip and the column picker). */
  title: string;
  align: 'start' | 'end';
  /** Least width in px (the table's default fits a short number); money with a market name needs more. */
  minWidth?: number;
  sortValue(row: R): number | string | null;
  /** Plain text of the cell: "—" when missing, never 0. */
  text(row: R): string;
  /** Rich cell content; `text` when absent. */
  render?(row: R): ReactNode;
}
