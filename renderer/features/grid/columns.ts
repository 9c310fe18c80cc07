/**
 * The grid's columns (pinned star + item, then summary columns, then one per chosen market), their sort
 * values, and the plain text of any cell (what Ctrl+C copies and what screen readers read).
 */
import { formatMoney, formatMoneyExact, formatPercent, MISSING, type MoneyFormat } from '../../../shared/money/money';
import { cellValue, type Snapshot } from './model/columns';
import { shownAsk, shownLocked, type Derived } from './model/derive';
import { sortByName, sortByValues, type SortDir } from './model/sort';

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

export function num(v: number): number | null {
  return Number.isNaN(v) ? null : v;
}

export function signedMoney(v: number | null, fmt: MoneyFormat): string {
  if (v === null) return MISSING;
  const s = formatMoney(v, fmt);
  return v > 0 ? `+${s}` : s;
}

export function signedPercent(v: number | null): string {
  if (v === null) return MISSING;
  const s = formatPercent(v);
  return v > 0 ? `+${s}` : s;
}

export function formatCount(v: number | null): string {
  if (v === null) return MISSING;
  if (!Number.isSafeInteger(v)) return v.toLocaleString('en-US');
  const s = String(Math.abs(v));
  const grouped = s.length > 3 ? s.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : s;
  return v < 0 ? `-${grouped}` : grouped;
}

/** "1 order", "3 orders", "— orders". */
export function countOf(v: number | null, noun: string): string {
  return `${formatCount(v)} ${noun}${v === 1 ? '' : 's'}`;
}

export interface CellContext {
  snap: Snapshot;
  d: Derived;
  money: MoneyFormat;
  nameOf(slug: string): string;
  watched: Uint8Array;
}

/** Plain text of a cell, as shown. */
export function cellText(ctx: CellContext, col: GridColumn, item: number): string {
  const { snap, d, money } = ctx;
  switch (col.kind) {
    case 'watch':
      return ctx.watched[item] ? '\u2605' : '';
    case 'name':
      return snap.names[item] ?? '';
    case 'bestAsk':
      return formatMoney(num(d.bestAsk[item] as number), money);
    case 'bestBid':
      return formatMoney(num(d.bestBid[item] as number), money);
    case 'spread':
      return signedMoney(num(d.spread[item] as number), money);
    case 'spreadPct':
      return signedPercent(num(d.spreadPct[item] as number));
    case 'listed':
      return String(d.listedCount[item]);
    case 'spark':
      return '';
    case 'market':
      return formatMoney(shownAsk(snap, d, item, col.k ?? 0), money);
  }
}

/** A fuller sentence for a market cell's tooltip. */
export function marketCellTitle(ctx: CellContext, col: GridColumn, item: number): string {
  const { snap, d, money } = ctx;
  const k = col.k ?? 0;
  const cell = item * snap.askMarkets.length + k;
  if (!snap.listed[cell]) return `${col.title}: no data for this item`;
  const ask = shownAsk(snap, d, item, k);
  const locked = shownLocked(snap, d, item, k);
  const offers = cellValue(snap, 'offers', cell);
  const exact = (v: number) => formatMoneyExact(v, money.symbol);
  return `${col.title}: lowest ask ${ask === null ? 'none tradable now' : exact(ask)}; locked ${locked === null ? MISSING : exact(locked)}; ${offers === null ? 'offers unknown' : countOf(offers, 'offer')}`;
}

/** Tooltip text of a cell (built on hover). */
export function cellTitle(ctx: CellContext, col: GridColumn, item: number): string {
  const { snap, d, money } = ctx;
  switch (col.kind) {
    case 'market':
      return marketCellTitle(ctx, col, item);
    case 'bestAsk': {
      const v = num(d.bestAsk[item] as number);
      return v === null ? 'Best ask: none of the chosen markets has a price tradable now' : `Best ask ${formatMoneyExact(v, money.symbol)} on ${ctx.nameOf(snap.askMarkets[d.bestAskCol[item] as number] ?? '')}`;
    }
    case 'bestBid': {
      const v = num(d.bestBid[item] as number);
      return v === null
        ? 'Best bid: no buy orders'
        : `Best bid ${formatMoneyExact(v, money.symbol)} on ${ctx.nameOf(snap.bidMarkets[d.bestBidCol[item] as number] ?? '')}; ${countOf(num(d.bidOrders[item] as number), 'buy order')} there`;
    }
    case 'listed':
      return `${d.listedCount[item]} of the chosen markets list this item`;
    case 'spread': {
      const v = num(d.spread[item] as number);
      return v === null ? 'Spread: needs both an ask and a bid' : `Spread ${v > 0 ? '+' : ''}${formatMoneyExact(v, money.symbol)} (best bid minus best ask)`;
    }
    default:
      return cellText(ctx, col, item);
  }
}

/** A row as tab-separated text (Ctrl+Shift+C), headers excluded, the star column left out. */
export function rowText(ctx: CellContext, cols: readonly GridColumn[], item: number): string {
  return cols
    .filter((c) => c.kind !== 'watch' && c.kind !== 'spark')
    .map((c) => cellText(ctx, c, item).replace(/[\t\r\n]+/g, ' '))
    .join('\t');
}
