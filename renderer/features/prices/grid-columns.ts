/**
 * The view's columns: pinned star + item, then summary columns, then one per chosen market; and each
 * column's sort order. (The snapshot's own typed-array layout is model/snapshot.ts; what a cell shows is
 * copy-and-tooltip-text.ts and price-grid/value-cell-display.ts.)
 */
import type { Derived } from '../../market/model/derived-columns';
import { shownAsk } from '../../market/model/price-arithmetic';
import type { Snapshot } from '../../market/model/snapshot';
import { sortByName, sortByValues, type SortDir } from '../../market/model/sort';

export type ColumnKind = 'watch' | 'name' | 'bestAsk' | 'bestBid' | 'spread' | 'spreadPct' | 'listed' | 'spark' | 'market';

export interface GridColumn {
  id: string;
  kind: ColumnKind;
  /** Header text. */
  title: string;
  /** Longer description (header tooltip). */
  description: string;
  width: number;
  /** For market columns: index into snap.askMarkets and the slug. */
  k?: number;
  slug?: string;
  numeric: boolean;
}

export const PINNED = 2;

export function buildColumns(snap: Snapshot | null, askMarkets: readonly string[], nameOf: (slug: string) => string, net: boolean): GridColumn[] {
  const n = net ? ' (net of fees)' : '';
  const cols: GridColumn[] = [
    { id: 'watch', kind: 'watch', title: '\u2605', description: 'Watchlist: starred items', width: 30, numeric: false },
    { id: 'name', kind: 'name', title: 'Item', description: 'Item name (market_hash_name)', width: 330, numeric: false },
    { id: 'bestAsk', kind: 'bestAsk', title: 'Best ask', description: `Lowest price tradable now over the chosen markets${n}, and where`, width: 120, numeric: true },
    { id: 'bestBid', kind: 'bestBid', title: 'Best bid', description: `Highest buy order over the buy-order markets${n}, its market and total orders there`, width: 150, numeric: true },
    { id: 'spread', kind: 'spread', title: 'Spread', description: `Best bid minus best ask${n}`, width: 100, numeric: true },
    { id: 'spreadPct', kind: 'spreadPct', title: 'Spread %', description: `Spread in percent of the best ask${n}`, width: 92, numeric: true },
    { id: 'listed', kind: 'listed', title: 'Mkts', description: 'How many of the chosen markets list the item', width: 62, numeric: true },
    { id: 'spark', kind: 'spark', title: '24 h', description: 'Best ask over the last 24 hours, from the price history kept while Market Desk refreshes (raw asks, before fees)', width: 84, numeric: false },
  ];
  if (snap) {
    for (const slug of askMarkets) {
      const k = snap.askIndex.get(slug);
      if (k === undefined) continue;
      const name = nameOf(slug);
      cols.push({ id: `m:${slug}`, kind: 'market', title: name, description: `${name} (${slug}): lowest ask tradable now${n}; locked price and offers below`, width: 116, k, slug, numeric: true });
    }
  }
  return cols;
}

export function defaultDir(col: GridColumn): SortDir {
  return col.kind === 'name' || col.kind === 'bestAsk' || col.kind === 'market' ? 'asc' : 'desc';
}

/** All items in the column's order. */
export function sortItems(col: GridColumn | undefined, dir: SortDir, snap: Snapshot, d: Derived, watched: Uint8Array): Int32Array {
  const { nameRank, byName } = snap;
  if (!col || col.kind === 'name' || col.kind === 'spark') return sortByName(byName, dir);
  switch (col.kind) {
    case 'watch':
      return sortByValues(watched, dir, nameRank, byName);
    case 'bestAsk':
      return sortByValues(d.bestAsk, dir, nameRank, byName);
    case 'bestBid':
      return sortByValues(d.bestBid, dir, nameRank, byName);
    case 'spread':
      return sortByValues(d.spread, dir, nameRank, byName);
    case 'spreadPct':
      return sortByValues(d.spreadPct, dir, nameRank, byName, 1000);
    case 'listed':
      return sortByValues(d.listedCount, dir, nameRank, byName);
    case 'market': {
      const k = col.k ?? 0;
      const v = new Float64Array(snap.n);
      for (let i = 0; i < snap.n; i++) v[i] = shownAsk(snap, d, i, k) ?? NaN;
      return sortByValues(v, dir, nameRank, byName);
    }
  }
}
