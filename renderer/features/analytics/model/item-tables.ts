/**
 * The item view's chart tables: what each chart draws and what its table view and CSV show, built from the
 * items' analytics rows (item-figures reads the windows). One column per compared item for sales and pace;
 * the main source beside the chosen marketplace for the ladder, activity and the current book.
 */
import type { BuyOrderAnalyticsRow, ListingAnalyticsRow, SteamAnalyticsRow } from '../../../../shared/api/types';
import type { ChartData } from '../../../ui/charts/types';
import { activity, currentBook, ladder, salesCounts, salesPace, WINDOWS } from './item-figures';

type Row = ChartData['rows'][number];

/** What the ladder, activity and book charts read from a Steam or marketplace row. */
interface OrderRow {
  listings: ListingAnalyticsRow;
  buyOrders: BuyOrderAnalyticsRow;
}

/** A compared item's column key (its place in the list). */
export const itemKey = (i: number): string => `i${i}`;

/** One series per compared item, windows on the x axis; null for an item without Steam analytics. */
function perWindow(
  names: string[],
  steamRows: (SteamAnalyticsRow | null)[],
  label: (name: string) => string,
  kind: 'count' | 'number',
  pick: (r: SteamAnalyticsRow, wi: number) => number | null,
): ChartData {
  return {
    columns: [
      { key: 'window', label: 'Window', kind: 'text' },
      ...names.map((n, i) => ({ key: itemKey(i), label: label(n), kind })),
    ],
    rows: WINDOWS.map((w, wi) => {
      const row: Row = { window: w };
      steamRows.forEach((r, i) => (row[itemKey(i)] = r ? pick(r, wi) : null));
      return row;
    }),
  };
}

export function salesTable(names: string[], steamRows: (SteamAnalyticsRow | null)[]): ChartData {
  return perWindow(
    names,
    steamRows,
    (n) => n,
    'count',
    (r, wi) => salesCounts(r.sales)[wi]?.sales ?? null,
  );
}

export function paceTable(names: string[], steamRows: (SteamAnalyticsRow | null)[]): ChartData {
  return perWindow(
    names,
    steamRows,
    (n) => `${n}: sales per day`,
    'number',
    (r, wi) => salesPace(r.sales)[wi]?.perDay ?? null,
  );
}

/** The main item's ladders (Steam or the main marketplace), and the chosen marketplace's beside them. */
export function ladderTable(
  main: OrderRow | null,
  market: OrderRow | null,
  mainSource: string,
  marketName: string | null,
): ChartData {
  const mainLadder = main ? ladder(main.listings, main.buyOrders) : [];
  const otherLadder = market ? ladder(market.listings, market.buyOrders) : [];
  return {
    columns: [
      { key: 'window', label: 'Window', kind: 'text' },
      { key: 'minSell', label: `${mainSource}: lowest listing`, kind: 'money' },
      { key: 'maxBuy', label: `${mainSource}: highest buy order`, kind: 'money' },
      { key: 'spread', label: `${mainSource}: spread`, kind: 'money' },
      ...(market && marketName
        ? [
            { key: 'mMinSell', label: `${marketName}: lowest listing`, kind: 'money' as const },
            { key: 'mMaxBuy', label: `${marketName}: highest buy order`, kind: 'money' as const },
          ]
        : []),
    ],
    rows: mainLadder.map((p, i) => ({
      window: p.window,
      minSell: p.minSell,
      maxBuy: p.maxBuy,
      spread: p.spread,
      ...(market ? { mMinSell: otherLadder[i]?.minSell ?? null, mMaxBuy: otherLadder[i]?.maxBuy ?? null } : {}),
    })),
  };
}

/** The ladder's rows with the spread band: Recharts draws a band from a [low, high] pair. */
export function withBand(rows: Row[]) {
  return rows.map((r) => ({
    ...r,
    band:
      r.minSell !== null && r.maxBuy !== null
        ? [Math.min(Number(r.maxBuy), Number(r.minSell)), Math.max(Number(r.maxBuy), Number(r.minSell))]
        : null,
  }));
}

export function activityTable(
  main: OrderRow | null,
  market: OrderRow | null,
  mainSource: string,
  marketName: string | null,
): ChartData {
  const act = main ? activity(main.listings, main.buyOrders) : [];
  const mAct = market ? activity(market.listings, market.buyOrders) : [];
  return {
    columns: [
      { key: 'window', label: 'Window', kind: 'text' },
      { key: 'listings', label: `${mainSource}: sell orders`, kind: 'count' },
      { key: 'buyOrders', label: `${mainSource}: buy orders`, kind: 'count' },
      ...(market && marketName
        ? [
            { key: 'mListings', label: `${marketName}: sell orders`, kind: 'count' as const },
            { key: 'mBuyOrders', label: `${marketName}: buy orders`, kind: 'count' as const },
          ]
        : []),
    ],
    rows: act.map((a, i) => ({
      window: a.window,
      listings: a.listings,
      buyOrders: a.buyOrders,
      ...(market ? { mListings: mAct[i]?.listings ?? null, mBuyOrders: mAct[i]?.buyOrders ?? null } : {}),
    })),
  };
}

/** The current book of the main source, and of the chosen marketplace beside it; no rows without a main row. */
export function bookTable(
  main: OrderRow | null,
  market: OrderRow | null,
  mainSource: string,
  marketName: string | null,
): ChartData {
  const book = main ? currentBook(main.listings, main.buyOrders) : null;
  const mBook = market ? currentBook(market.listings, market.buyOrders) : null;
  return {
    columns: [
      { key: 'what', label: 'Current orders', kind: 'text' },
      { key: 'main', label: mainSource, kind: 'money' },
      ...(mBook && marketName ? [{ key: 'market', label: marketName, kind: 'money' as const }] : []),
    ],
    rows: book
      ? (
          [
            ['Lowest listing', 'minSell'],
            ['Highest listing', 'maxSell'],
            ['Lowest buy order', 'minBuy'],
            ['Highest buy order', 'maxBuy'],
          ] as const
        ).map(([what, k]) => ({ what, main: book[k], ...(mBook ? { market: mBook[k] } : {}) }))
      : [],
  };
}
