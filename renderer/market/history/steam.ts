/**
 * The Steam analytics medians in the price history: which SalesAnalytics fields (spec 2.4) are recorded,
 * as series "s:<field>" of the item (their own chunk stream, chunk-codec.ts), and how loaded rows become a
 * ValuesInput. Used where Steam analytics are loaded: the analytics worker (a whole catalog) and the
 * grid's detail panel (one item). The spec has no 24 h or 7 d median: its medians of sales are the latest
 * one and the 90-day one.
 */
import type { SalesAnalyticsRow } from '../../../shared/api/types';
import { packNames, type ValuesInput } from './recorder';

const STEAM_STREAM = 's';

const STEAM_MEDIANS = [
  { field: 'latest_median_price_sold', label: 'Steam median (latest sold)' },
  { field: 'median_price_90d', label: 'Steam median (90 d sales)' },
] as const satisfies ReadonlyArray<{ field: keyof SalesAnalyticsRow; label: string }>;

/** Their series keys, in STEAM_MEDIANS' order. */
export const STEAM_MEDIAN_KEYS: readonly string[] = STEAM_MEDIANS.map((m) => `${STEAM_STREAM}:${m.field}`);

export function steamMedianLabel(key: string): string | null {
  const i = STEAM_MEDIAN_KEYS.indexOf(key);
  return i < 0 ? null : (STEAM_MEDIANS[i]?.label ?? null);
}

type MedianField = (typeof STEAM_MEDIANS)[number]['field'];

/** A row with Steam sales (a marketplace's order analytics row has none and is left out). */
export interface RowWithSales {
  market_hash_name: string;
  sales?: Pick<SalesAnalyticsRow, MedianField>;
}

/** The medians of `rows` (Steam analytics rows, as read leniently: a null value is "no value"). */
export function steamMedians(game: number, at: number, rows: Iterable<RowWithSales>): ValuesInput {
  const names: string[] = [];
  const vals: number[] = [];
  for (const r of rows) {
    const s = r.sales;
    if (!s) continue;
    names.push(r.market_hash_name);
    for (const m of STEAM_MEDIANS) {
      const v = s[m.field];
      vals.push(typeof v === 'number' && Number.isFinite(v) ? v : NaN);
    }
  }
  return {
    game,
    at,
    stream: STEAM_STREAM,
    fields: STEAM_MEDIANS.map((m) => m.field),
    names: packNames(names),
    values: Float64Array.from(vals),
  };
}
