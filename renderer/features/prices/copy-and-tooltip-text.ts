/** The plain text of any grid cell: what Ctrl+C copies, the CSV-like row text and the tooltips. */
import { formatMoney, formatMoneyExact, MISSING, type MoneyFormat } from '../../../shared/money/money';
import type { GridColumn } from './grid-columns';
import type { Derived } from '../../market/model/derived-columns';
import { shownAsk, shownLocked } from '../../market/model/price-arithmetic';
import { cellValue, type Snapshot } from '../../market/model/snapshot';
import { countOf, num, signedMoney, signedPercent } from '../../lib/number-format';
import { askAge, bidAge, flagText, quoteAgeText } from '../../ui/trust/trust-text';
import { LEVEL_WORD, confidenceText, type TrustView } from '../../ui/trust/row-confidence';

export interface CellContext {
  snap: Snapshot;
  d: Derived;
  money: MoneyFormat;
  nameOf(slug: string): string;
  watched: Uint8Array;
  /** Absent: no trust shown (tests of the plain cells, pages without it). */
  trust?: TrustView;
}

/** " · unchanged for 3 h 10 min; first seen 2 days ago · outlier: …" for a tooltip ("" without trust). */
function trustSuffix(ctx: CellContext, side: 'ask' | 'bid', cell: number, quoted: boolean): string {
  if (!ctx.trust) return '';
  const t = ctx.snap.trust;
  const age = quoteAgeText(side === 'ask' ? askAge(t, cell) : bidAge(t, cell), ctx.trust.now, quoted);
  const flags = flagText((side === 'ask' ? t?.askFlags[cell] : t?.bidFlags[cell]) ?? 0);
  return `\n${age}${flags ? `\n${flags}` : ''}`;
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
    case 'confidence': {
      const c = ctx.trust?.confidence(item) ?? null;
      return c ? LEVEL_WORD[c.level] : MISSING;
    }
    case 'market':
      return formatMoney(shownAsk(snap, d, item, col.k ?? 0), money);
  }
}

/** A fuller sentence for a market cell's tooltip. */
export function marketCellTitle(ctx: CellContext, col: GridColumn, item: number): string {
  const { snap, d, money } = ctx;
  const k = col.k ?? 0;
  const cell = item * snap.askMarkets.length + k;
  if (!snap.listed[cell]) return `${col.title}: no data for this item${trustSuffix(ctx, 'ask', cell, false)}`;
  const ask = shownAsk(snap, d, item, k);
  const locked = shownLocked(snap, d, item, k);
  const offers = cellValue(snap, 'offers', cell);
  const exact = (v: number) => formatMoneyExact(v, money);
  return `${col.title}: lowest ask ${ask === null ? 'none tradable now' : exact(ask)}; locked ${locked === null ? MISSING : exact(locked)}; ${offers === null ? 'offers unknown' : countOf(offers, 'offer')}${trustSuffix(ctx, 'ask', cell, true)}`;
}

/** Tooltip text of a cell (built on hover). */
export function cellTitle(ctx: CellContext, col: GridColumn, item: number): string {
  const { snap, d, money } = ctx;
  switch (col.kind) {
    case 'market':
      return marketCellTitle(ctx, col, item);
    case 'bestAsk': {
      const v = num(d.bestAsk[item] as number);
      const col = d.bestAskCol[item] as number;
      return v === null
        ? 'Best ask: none of the chosen markets has a price tradable now'
        : `Best ask ${formatMoneyExact(v, money)} on ${ctx.nameOf(snap.askMarkets[col] ?? '')}${trustSuffix(ctx, 'ask', item * snap.askMarkets.length + col, true)}`;
    }
    case 'bestBid': {
      const v = num(d.bestBid[item] as number);
      return v === null
        ? 'Best bid: no buy orders'
        : `Best bid ${formatMoneyExact(v, money)} on ${ctx.nameOf(snap.bidMarkets[d.bestBidCol[item] as number] ?? '')}; ${countOf(num(d.bidOrders[item] as number), 'buy order')} there${trustSuffix(ctx, 'bid', item * snap.bidMarkets.length + (d.bestBidCol[item] as number), true)}`;
    }
    case 'confidence': {
      const c = ctx.trust?.confidence(item) ?? null;
      return c ? confidenceText(c) : 'Confidence: not judged yet (it needs the first polls)';
    }
    case 'listed':
      return `${d.listedCount[item]} of the chosen markets list this item`;
    case 'spread': {
      const v = num(d.spread[item] as number);
      return v === null
        ? 'Spread: needs both an ask and a bid'
        : `Spread ${v > 0 ? '+' : ''}${formatMoneyExact(v, money)} (best bid minus best ask)`;
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
