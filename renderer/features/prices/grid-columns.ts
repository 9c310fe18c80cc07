/**
 * The view's columns: pinned star + item, then summary columns, then one per chosen market; and each
 * column's sort order. (The snapshot's own typed-array layout is model/snapshot.ts; what a cell shows is
 * copy-and-tooltip-text.ts and price-grid/value-cell-display.ts.)
 */
import type { Derived } from '../../market/model/derived-columns';
import { shownAsk } from '../../market/model/price-arithmetic';
import type { Snapshot } from '../../market/model/snapshot';
import { sortByName, sortByValues, type SortDir } from '../../market/model/sort';
import type { MarketStall } from '../../market/trust/types';
import { stallReason, stallShort } from '../../ui/trust/trust-text';

export type ColumnKind =
  'watch' | 'name' | 'bestAsk' | 'bestBid' | 'spread' | 'spreadPct' | 'listed' | 'spark' | 'confidence' | 'market';

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
  /** For a market column whose asks look stalled in this game: the stall (its header says since when). */
  stall?: MarketStall;
}

export const PINNED = 2;

/** The columns every view has: pinned star and item, the summary figures, the sparkline and trust. `n`: " (net of fees)" or "". */
function fixedColumns(n: string): GridColumn[] {
  return [
    { id: 'watch', kind: 'watch', title: '\u2605', description: 'Watchlist: starred items', width: 30, numeric: false },
    {
      id: 'name',
      kind: 'name',
      title: 'Item',
      description: 'Item name (market_hash_name)',
      width: 330,
      numeric: false,
    },
    {
      id: 'bestAsk',
      kind: 'bestAsk',
      title: 'Best ask',
      description: `Lowest price tradable now over the chosen markets${n}, and where`,
      width: 120,
      numeric: true,
    },
    {
      id: 'bestBid',
      kind: 'bestBid',
      title: 'Best bid',
      description: `Highest buy order over the buy-order markets${n}, its market and total orders there`,
      width: 150,
      numeric: true,
    },
    {
      id: 'spread',
      kind: 'spread',
      title: 'Spread',
      description: `Best bid minus best ask${n}`,
      width: 100,
      numeric: true,
    },
    {
      id: 'spreadPct',
      kind: 'spreadPct',
      title: 'Spread %',
      description: `Spread in percent of the best ask${n}`,
      width: 92,
      numeric: true,
    },
    {
      id: 'listed',
      kind: 'listed',
      title: 'Mkts',
      description: 'How many of the chosen markets list the item',
      width: 62,
      numeric: true,
    },
    {
      id: 'spark',
      kind: 'spark',
      title: '24 h',
      description:
        'Best ask over the last 24 hours, from the price history kept while Market Desk refreshes (raw asks, before fees)',
      width: 84,
      numeric: false,
    },
    {
      id: 'confidence',
      kind: 'confidence',
      title: 'Trust',
      description:
        "How far the row's prices can be trusted (high, medium, low), from the quotes' age, stalled markets, outliers, the service's unstable reasons, liquidity and depth; the reasons on hover",
      width: 100,
      numeric: false,
    },
  ];
}

/** A market's column (`k`: its index in snap.askMarkets); a stalled market's header says since when. */
function marketColumn(slug: string, k: number, name: string, n: string, stall: MarketStall | undefined, now: number) {
  const stalled = stall
    ? `. Stalled: ${stallShort(stall, now)}, ${stallReason(stall)}; its asks are left out of the best ask unless "Include stalled markets" is on`
    : '';
  const col: GridColumn = {
    id: `m:${slug}`,
    kind: 'market',
    title: name,
    description: `${name} (${slug}): lowest ask tradable now${n}; locked price and offers below${stalled}`,
    width: 116,
    k,
    slug,
    numeric: true,
    ...(stall ? { stall } : {}),
  };
  return col;
}

/** `stalls`: ask markets stalled in this game, by slug (their headers say so); `now` for "since when". */
export function buildColumns(
  snap: Snapshot | null,
  askMarkets: readonly string[],
  nameOf: (slug: string) => string,
  net: boolean,
  stalls: ReadonlyMap<string, MarketStall> = new Map(),
  now = Date.now(),
): GridColumn[] {
  const n = net ? ' (net of fees)' : '';
  const cols = fixedColumns(n);
  if (snap) {
    for (const slug of askMarkets) {
      const k = snap.askIndex.get(slug);
      if (k !== undefined) cols.push(marketColumn(slug, k, nameOf(slug), n, stalls.get(slug), now));
    }
  }
  return cols;
}

/** Kinds whose cells show one value's text (value-cell-display.ts); the others hold a button, a name or a chart. */
export function isValueColumn(col: GridColumn): boolean {
  return col.kind !== 'watch' && col.kind !== 'name' && col.kind !== 'spark';
}

export function defaultDir(col: GridColumn): SortDir {
  return col.kind === 'name' || col.kind === 'bestAsk' || col.kind === 'market' || col.kind === 'confidence'
    ? 'asc'
    : 'desc';
}

/** All items in the column's order. `ranks`: each row's confidence rank (row-confidence.ts), for its column. */
export function sortItems(
  col: GridColumn | undefined,
  dir: SortDir,
  snap: Snapshot,
  d: Derived,
  watched: Uint8Array,
  ranks: Uint8Array | null = null,
): Int32Array {
  const by = sortValues(col, snap, d, watched, ranks);
  return by ? sortByValues(by.values, dir, snap.nameRank, snap.byName, by.scale) : sortByName(snap.byName, dir);
}

/** The numbers a column sorts by (and their scale), or null for a column sorted by name. */
export function sortValues(
  col: GridColumn | undefined,
  snap: Snapshot,
  d: Derived,
  watched: Uint8Array,
  ranks: Uint8Array | null,
): { values: ArrayLike<number>; scale: number } | null {
  switch (col?.kind) {
    case undefined:
    case 'name':
    case 'spark':
      return null;
    case 'watch':
      return { values: watched, scale: 1 };
    case 'bestAsk':
      return { values: d.bestAsk, scale: 1 };
    case 'bestBid':
      return { values: d.bestBid, scale: 1 };
    case 'spread':
      return { values: d.spread, scale: 1 };
    case 'spreadPct':
      return { values: d.spreadPct, scale: 1000 };
    case 'listed':
      return { values: d.listedCount, scale: 1 };
    case 'confidence':
      return ranks ? { values: ranks, scale: 1 } : null;
    case 'market': {
      const k = col.k ?? 0;
      const v = new Float64Array(snap.n);
      for (let i = 0; i < snap.n; i++) v[i] = shownAsk(snap, d, i, k) ?? NaN;
      return { values: v, scale: 1 };
    }
  }
}
