/**
 * What a value cell of the price grid displays (best ask, best bid, spread, spread %, markets listed, one
 * market): its text, state classes, screen-reader label and data-value, as plain data. Pure, so the grid
 * renders each cell as one element with one text node (drawn on the grid's canvas, draw-cell-text.ts), and
 * tests read cells without a DOM. With details in cells the text has two lines ("\n": the value, then
 * where / orders / locked price and offers); the stylesheet styles the first line as the value (::first-line).
 */
import { MISSING, formatMoney } from '../../../../shared/money/money';
import type { CellContext } from '../copy-and-tooltip-text';
import type { GridColumn } from '../grid-columns';
import { shownAsk, shownLocked } from '../../../market/model/price-arithmetic';
import type { Changes } from '../../../market/model/diff';
import { cellValue } from '../../../market/model/snapshot';
import { countOf, formatCount, num, signedMoney, signedPercent } from '../../../lib/number-format';
import { TRUST_FLAG } from '../../../market/trust/types';
import { askAge, flagText, isOldQuote } from '../../../ui/trust/trust-text';
import { LEVEL_DOTS, LEVEL_WORD, confidenceText } from '../../../ui/trust/row-confidence';

export interface ValueCellContext extends CellContext {
  /** Cells that changed at the last refresh (null when none or the flash is over). */
  changes: Changes | null;
  detailsInCells: boolean;
}

export interface ValueCell {
  /** One line, or with details two: "value\ndetail". */
  text: string;
  /**
   * State classes, each with a leading space: is-two (two lines), is-missing (the value is "—"), is-none
   * (no best ask / bid), is-empty (the market does not list the item), is-best, is-pos, is-neg, flash-*;
   * of trust: is-outlier with is-outlier-high / -low, is-stalled (the cell's flags), is-old (dimmed: the user's threshold), conf-high/medium/low.
   */
  cls: string;
  /** What a screen reader says when the visible text is terse. */
  label: string | undefined;
  /** The number behind the text (data-value), null for none. */
  value: number | null;
}

const FLASH = ['', ' flash-up', ' flash-down', ' flash'];
const sign = (v: number) => (v > 0 ? ' is-pos' : v < 0 ? ' is-neg' : '');
const NO_DATA: ValueCell = { text: MISSING, cls: ' is-missing', label: 'no data', value: null };

function flash(bits: number): string {
  return FLASH[bits & 3] as string;
}

/** Kinds 'watch', 'name' and 'spark' are not value cells (they hold a button, a name, a chart). */
export function valueCell(ctx: ValueCellContext, col: GridColumn, item: number): ValueCell {
  const { snap, d, money, detailsInCells, changes } = ctx;
  switch (col.kind) {
    case 'bestAsk': {
      const value = num(d.bestAsk[item] as number);
      const fl = changes ? flash(changes.rows[item] ?? 0) : '';
      if (value === null) return { text: MISSING, cls: ` is-none is-missing${fl}`, label: 'no data', value };
      const price = formatMoney(value, money);
      if (!detailsInCells) return { text: price, cls: fl, label: undefined, value };
      return {
        text: `${price}\n${ctx.nameOf(snap.askMarkets[d.bestAskCol[item] as number] ?? '')}`,
        cls: ` is-two${fl}`,
        label: undefined,
        value,
      };
    }
    case 'bestBid': {
      const value = num(d.bestBid[item] as number);
      const fl = changes ? flash((changes.rows[item] ?? 0) >> 2) : '';
      if (value === null) return { text: MISSING, cls: ` is-none is-missing${fl}`, label: 'no data', value };
      const orders = num(d.bidOrders[item] as number);
      const where = ctx.nameOf(snap.bidMarkets[d.bestBidCol[item] as number] ?? '');
      const price = formatMoney(value, money);
      const label = `${price}, ${where}, ${countOf(orders, 'order')}`;
      if (!detailsInCells) return { text: price, cls: fl, label, value };
      return { text: `${price}\n${formatCount(orders)} \u00b7 ${where}`, cls: ` is-two${fl}`, label, value };
    }
    case 'spread': {
      const value = num(d.spread[item] as number);
      return value === null ? NO_DATA : { text: signedMoney(value, money), cls: sign(value), label: undefined, value };
    }
    case 'spreadPct': {
      const p = num(d.spreadPct[item] as number);
      // No data-value: the column sorts by the percent, but tests and tools read money from data-value.
      return p === null ? NO_DATA : { text: signedPercent(p), cls: sign(p), label: undefined, value: null };
    }
    case 'listed': {
      const value = d.listedCount[item] as number;
      return { text: String(value), cls: '', label: undefined, value };
    }
    case 'confidence': {
      const c = ctx.trust?.confidence(item) ?? null;
      if (!c) return { text: MISSING, cls: ' is-missing', label: 'confidence not judged yet', value: null };
      return {
        text: `${LEVEL_DOTS[c.level]} ${LEVEL_WORD[c.level]}`,
        cls: ` conf-${c.level}`,
        label: confidenceText(c),
        value: null,
      };
    }
    case 'market': {
      const k = col.k ?? 0;
      const cell = item * snap.askMarkets.length + k;
      const fl = changes ? flash(changes.cells[cell] ?? 0) : '';
      if (!snap.listed[cell]) return { text: MISSING, cls: ` is-empty is-missing${fl}`, label: 'no data', value: null };
      const value = shownAsk(snap, d, item, k);
      const locked = shownLocked(snap, d, item, k);
      const offers = cellValue(snap, 'offers', cell);
      const bits = ctx.trust ? (snap.trust?.askFlags[cell] ?? 0) : 0;
      const price = value === null ? MISSING : formatMoney(value, money);
      const flags = flagText(bits);
      const label = `${value === null ? 'no ask tradable now' : price}, locked ${locked === null ? 'none' : formatMoney(locked, money)}, ${countOf(offers, 'offer')}${flags ? `, ${flags}` : ''}`;
      let cls = value === null ? ' is-missing' : d.bestAskCol[item] === k ? ' is-best' : '';
      // The ▲ / ▼ mark is the stylesheet's (::before): the cell's text stays the value (copy, tests, exports).
      if (bits & TRUST_FLAG.outlierHigh) cls += ' is-outlier is-outlier-high';
      if (bits & TRUST_FLAG.outlierLow) cls += ' is-outlier is-outlier-low';
      if (bits & TRUST_FLAG.stalledMarket) cls += ' is-stalled';
      if (ctx.trust?.dimOld && isOldQuote(askAge(snap.trust, cell), ctx.trust.now, ctx.trust.oldAfterMs))
        cls += ' is-old';
      if (!detailsInCells) return { text: price, cls: cls + fl, label, value };
      cls += ' is-two';
      const lockedText = locked === null ? MISSING : formatMoney(locked, { decimals: money.decimals, symbol: '' });
      return { text: `${price}\nL ${lockedText} \u00b7 ${formatCount(offers)}`, cls: cls + fl, label, value };
    }
    default:
      return NO_DATA;
  }
}
