/**
 * CSV of the current view (its rows in order, its markets) through the app's one CSV writer (shared/csv/csv.ts).
 * Money is exact thousandths; missing is an empty field, never 0. Built in chunks of rows (a generator).
 * Trust columns as the polls saw it: the item's mark, each quote's age (whole seconds at the prices' poll),
 * per ask cell "stalled" and "outlier" (high/low/no); empty when not known.
 * In another display currency the service's columns stay as they are and the converted ones follow at the
 * end with the currency, rate, date and source, so a script reading columns by position keeps working.
 */
import { CSV_EOL, csvQuote, csvText } from '../../../../shared/csv/csv';
import { toDecimalString, type MoneyConversion } from '../../../../shared/money/money';
import { convertedField as converted, provenanceFields, provenanceHead } from '../../../market/currency/export-columns';
import type { Snapshot } from '../../../market/model/snapshot';
import { cellValue } from '../../../market/model/snapshot';
import type { Derived } from '../../../market/model/derived-columns';
import { shownAsk, shownLocked } from '../../../market/model/price-arithmetic';
import { trustOf } from '../../../market/trust/trust';
import { TRUST_FLAG, type TrustData } from '../../../market/trust/types';

export { csvQuote, csvText };

function money(v: number | null): string {
  return v === null || !Number.isFinite(v) ? '' : toDecimalString(v);
}

function count(v: number | null): string {
  return v === null || !Number.isFinite(v) ? '' : String(v);
}

function percent(v: number): string {
  return Number.isFinite(v) ? v.toFixed(2) : '';
}

export interface CsvContext {
  snap: Snapshot;
  d: Derived;
  /** Ask columns in view order (indices into snap.askMarkets). */
  askCols: readonly number[];
  /** Display name of a market slug. */
  marketName(slug: string): string;
  net: boolean;
  /** The conversion to the display currency; absent or null when prices are shown as the service quotes them. */
  currency?: MoneyConversion | null;
}

/** Whole seconds the quote had stood at the poll; empty when unknown. */
function ageSeconds(t: TrustData | null, changedAt: ArrayLike<number> | undefined, cell: number): string {
  if (!t || !changedAt || cell < 0) return '';
  const c = changedAt[cell];
  if (c === undefined || !Number.isFinite(c) || !Number.isFinite(t.at)) return '';
  return String(Math.max(0, Math.floor((t.at - c) / 1000)));
}

function csvHeader(ctx: CsvContext): string {
  const c = ctx.currency ?? null;
  const suffix = ctx.net ? ' (net)' : '';
  // Converting: the service columns say their currency.
  const inService = c ? `${suffix} (${c.from})` : suffix;
  const head = [
    'Item',
    `Best ask${inService}`,
    'Best ask market',
    `Best bid${inService}`,
    'Best bid market',
    'Bid orders',
    `Spread${inService}`,
    `Spread %${suffix}`,
    'Markets listing',
    'Total offers',
    `Mark${inService}`,
    'Best ask age (s)',
    'Best bid age (s)',
  ];
  for (const k of ctx.askCols) {
    const name = ctx.marketName(ctx.snap.askMarkets[k] ?? '');
    head.push(
      `${name} ask${inService}`,
      `${name} locked${inService}`,
      `${name} offers`,
      `${name} ask age (s)`,
      `${name} stalled`,
      `${name} outlier`,
    );
  }
  if (c) {
    const to = `${suffix} (${c.code})`;
    head.push(`Best ask${to}`, `Best bid${to}`, `Spread${to}`, `Mark${to}`);
    for (const k of ctx.askCols) head.push(`${ctx.marketName(ctx.snap.askMarkets[k] ?? '')} ask${to}`);
    head.push(...provenanceHead(c));
  }
  return head.map(csvText).join(',');
}

function csvRow(ctx: CsvContext, i: number): string {
  const { snap, d } = ctx;
  const t = trustOf(snap) ?? null;
  const m = snap.askMarkets.length;
  const ba = d.bestAskCol[i] as number;
  const bb = d.bestBidCol[i] as number;
  const f: string[] = [
    csvText(snap.names[i] ?? ''),
    money(Number.isNaN(d.bestAsk[i]) ? null : (d.bestAsk[i] as number)),
    ba >= 0 ? csvText(ctx.marketName(snap.askMarkets[ba] ?? '')) : '',
    money(Number.isNaN(d.bestBid[i]) ? null : (d.bestBid[i] as number)),
    bb >= 0 ? csvText(ctx.marketName(snap.bidMarkets[bb] ?? '')) : '',
    count(Number.isNaN(d.bidOrders[i]) ? null : (d.bidOrders[i] as number)),
    money(Number.isNaN(d.spread[i]) ? null : (d.spread[i] as number)),
    percent(d.spreadPct[i] as number),
    String(d.listedCount[i]),
    count(d.totalOffers[i] as number),
    money(d.mark[i] ?? null),
    ageSeconds(t, t?.askChangedAt, ba >= 0 ? i * m + ba : -1),
    ageSeconds(t, t?.bidChangedAt, bb >= 0 ? i * snap.bidMarkets.length + bb : -1),
  ];
  for (const k of ctx.askCols) {
    const cell = i * m + k;
    const ask = shownAsk(snap, d, i, k);
    const flags = t && ask !== null ? (t.askFlags[cell] ?? 0) : -1;
    const outlier =
      flags < 0 ? '' : flags & TRUST_FLAG.outlierHigh ? 'high' : flags & TRUST_FLAG.outlierLow ? 'low' : 'no';
    f.push(
      money(ask),
      money(shownLocked(snap, d, i, k)),
      count(cellValue(snap, 'offers', cell)),
      ask === null ? '' : ageSeconds(t, t?.askChangedAt, cell),
      flags < 0 ? '' : flags & TRUST_FLAG.stalledMarket ? 'yes' : 'no',
      outlier,
    );
  }
  const c = ctx.currency;
  if (c) {
    const num = (a: Float64Array | ArrayLike<number>) => (Number.isNaN(a[i]) ? null : (a[i] as number));
    f.push(
      converted(c, num(d.bestAsk)),
      converted(c, num(d.bestBid)),
      converted(c, num(d.spread)),
      converted(c, d.mark[i] ?? null),
    );
    for (const k of ctx.askCols) f.push(converted(c, shownAsk(snap, d, i, k)));
    f.push(...provenanceFields(c));
  }
  return f.join(',');
}

/** The CSV in chunks of `chunkRows` rows; the first chunk starts with the header. */
export function* csvChunks(ctx: CsvContext, rows: ArrayLike<number>, chunkRows = 2000): Generator<string> {
  let out = `${csvHeader(ctx)}${CSV_EOL}`;
  let inChunk = 0;
  for (let j = 0; j < rows.length; j++) {
    out += `${csvRow(ctx, rows[j] as number)}${CSV_EOL}`;
    if (++inChunk >= chunkRows) {
      yield out;
      out = '';
      inChunk = 0;
    }
  }
  if (out) yield out;
}

export function buildCsv(ctx: CsvContext, rows: ArrayLike<number>): string {
  let s = '';
  for (const c of csvChunks(ctx, rows)) s += c;
  return s;
}
