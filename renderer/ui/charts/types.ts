/**
 * The contract between an analytics view and the chart frame it sits in (ChartFrame, ChartGroup).
 * Plain data only: the frame shows `data` as a table and writes it as CSV; `provenance` goes in the
 * exported image's footer and (its date) in file names.
 */

/**
 * How a column is formatted. money: integer thousandths (shared/money); count: a whole number;
 * number: any number, written as is; percent: in percent units (12.5 means 12.5 %, like formatPercent).
 */
type ColumnKind = 'text' | 'count' | 'money' | 'number' | 'percent';

export interface ChartColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  /** Money in the service currency, shown unconverted even when prices show in another currency. */
  unconverted?: boolean;
}

/** Exactly the numbers a chart draws, one row per drawn point/bar; money in integer thousandths. */
export interface ChartData {
  columns: ChartColumn[];
  rows: Record<string, string | number | null>[];
}

export interface Provenance {
  /** ms since epoch of the data. */
  fetchedAt: number;
  /** e.g. "Demo data (built-in reference service)" or "api.example.com". */
  source: string;
  /** e.g. "Counter-Strike 2". */
  game: string;
  /** Display names. */
  markets?: string[];
  /** Unstable reasons shown, if any. */
  unstable?: string[];
}

export type ChartState =
  | { status: 'ready' }
  | { status: 'loading'; message?: string }
  | { status: 'empty'; message: string }
  | { status: 'error'; message: string; onRetry?: () => void };
