/**
 * The history chart's figures, without React: the ranges, the time labels, the rows drawn (each point at its
 * own day's rate in another currency), the lines in legend order, and the table of changes.
 */
import { DAY, HOUR } from '../../market/history/chunk-codec';
import type { SampledHistory } from '../../market/history/sampling';
import { BEST_ASK, BEST_BID } from '../../market/history/tiers';
import { STEAM_MEDIAN_KEYS, steamMedianLabel } from '../../market/history/steam';
import type { DatedConverter } from '../../market/currency/dated';
import { askColor, bidColor, seriesColor } from '../charts/theme';

export const RANGES = [
  { id: '1h', label: '1h', ms: HOUR },
  { id: '24h', label: '24h', ms: DAY },
  { id: '7d', label: '7d', ms: 7 * DAY },
  { id: '30d', label: '30d', ms: 30 * DAY },
  { id: 'all', label: 'All', ms: Infinity },
] as const;
export type RangeId = (typeof RANGES)[number]['id'];

export const TOP_MARKETS = 3;
/** Rows the table shows at most (the newest changes). */
const TABLE_ROWS = 100;
/** The Steam medians' own look: a colour of their own and a long dash (latest) or dots (90 days). */
const STEAM_STYLE: Record<string, { stroke: string; dash: string }> = {
  [STEAM_MEDIAN_KEYS[0] as string]: { stroke: 'var(--chart-series-2)', dash: '7 3' },
  [STEAM_MEDIAN_KEYS[1] as string]: { stroke: 'var(--chart-series-7)', dash: '2 3' },
};

/** The start of a range ending at `to` (0: all of it). */
export function rangeFrom(range: RangeId, to: number): number {
  const ms = RANGES.find((r) => r.id === range)?.ms ?? DAY;
  return Number.isFinite(ms) ? to - ms : 0;
}

/**
 * The series read, as one key (the panel passes new arrays at each render, so it is compared by value): the
 * chosen markets' asks and bids, the Steam medians, and the recorded bests (where the history is consolidated
 * they keep every refresh's best ask and bid).
 */
export function seriesKey(askMarkets: readonly string[], bidMarkets: readonly string[]): string {
  return [
    ...askMarkets.map((s) => `a:${s}`),
    ...bidMarkets.map((s) => `b:${s}`),
    ...STEAM_MEDIAN_KEYS,
    BEST_ASK,
    BEST_BID,
  ].join(',');
}

/** A table row's time: to the second, with the date when the range is longer than a day. */
export function rowTime(t: number, span: number): string {
  const d = new Date(t);
  const hms = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return span <= DAY ? hms : `${d.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${hms}`;
}

export function timeLabel(t: number, span: number): string {
  const d = new Date(t);
  const hm = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return span <= DAY
    ? hm
    : `${d.toLocaleDateString([], { month: 'short', day: 'numeric' })}${span <= 7 * DAY ? ` ${hm}` : ''}`;
}

export type HistoryRow = Record<string, number | null>;

export interface HistoryChartData {
  /** The oldest rate used when it is older than a point (another currency only). */
  oldest: ReturnType<DatedConverter['oldestUsed']> | null;
  rows: HistoryRow[];
  /** The market series drawn ("a:slug" / "b:slug") and the Steam medians the item has. */
  shown: string[];
  steam: string[];
  start: number;
  end: number;
}

/** The rows drawn: every market, or the few with the lowest ask at the end of the range; null without history. */
export function chartData(
  h: SampledHistory | null,
  all: boolean,
  conv: DatedConverter | null,
): HistoryChartData | null {
  if (!h || h.first === null) return null;
  const lastAsk = (s: number) => {
    const v = h.values[s] as Float64Array;
    return v.length ? (v[v.length - 1] as number) : NaN;
  };
  const order = h.series.map((_, i) => i).filter((i) => h.series[i]?.startsWith('a:') && !Number.isNaN(lastAsk(i)));
  order.sort((x, y) => lastAsk(x) - lastAsk(y));
  const prices = h.series.map((_, i) => i).filter((i) => /^[ab]:/.test(h.series[i] as string));
  const shown = all ? prices : order.slice(0, TOP_MARKETS);
  // The Steam medians the item has (in this range or carried into it), always drawn.
  const steam = STEAM_MEDIAN_KEYS.map((k) => h.series.indexOf(k)).filter((i) => i >= 0);
  // In another currency: each point at its own day's rate.
  const at = (v: number, t: number): number | null => (Number.isNaN(v) ? null : conv ? conv.convert(v, t) : v);
  const rows = Array.from(h.times, (t, j) => {
    const row: HistoryRow = { t };
    row.bestAsk = at(h.bestAsk[j] as number, t);
    row.bestBid = at(h.bestBid[j] as number, t);
    for (const s of [...shown, ...steam])
      row[h.series[s] as string] = at((h.values[s] as Float64Array)[j] as number, t);
    return row;
  });
  return {
    oldest: conv?.oldestUsed() ?? null,
    rows,
    shown: shown.map((s) => h.series[s] as string),
    steam: steam.map((s) => h.series[s] as string),
    start: h.start,
    end: h.times[h.times.length - 1] ?? h.first,
  };
}

export interface ChangesTable {
  cols: Array<{ key: string; label: string }>;
  /** The newest changes first, at most TABLE_ROWS of them. */
  rows: HistoryRow[];
  total: number;
}

/** The chart's rows where a figure changes (best ask, best bid, Steam medians), newest first. */
export function changesTable(chart: HistoryChartData | null): ChangesTable | null {
  if (!chart) return null;
  const cols = [
    { key: 'bestAsk', label: 'Best ask' },
    { key: 'bestBid', label: 'Best bid' },
    ...chart.steam.map((k) => ({ key: k, label: steamMedianLabel(k) ?? k })),
  ];
  const changes: HistoryRow[] = [];
  let prev: HistoryRow | null = null;
  for (const row of chart.rows) {
    if (!prev || cols.some((c) => row[c.key] !== prev![c.key])) changes.push(row);
    prev = row;
  }
  return { cols, rows: changes.reverse().slice(0, TABLE_ROWS), total: changes.length };
}

export interface HistoryLine {
  key: string;
  name: string;
  stroke: string;
  width: number;
  dash?: string;
}

/** The lines drawn, in legend order: the bests, the Steam medians, then the markets shown. */
export function chartLines(chart: HistoryChartData | null, nameOf: (slug: string) => string): HistoryLine[] {
  if (!chart) return [];
  const seriesName = (key: string) => `${nameOf(key.slice(2))} ${key.startsWith('a:') ? 'ask' : 'bid'}`;
  return [
    { key: 'bestAsk', name: 'Best ask', stroke: askColor, width: 2 },
    { key: 'bestBid', name: 'Best bid', stroke: bidColor, width: 2 },
    ...chart.steam.map((k) => ({
      key: k,
      name: steamMedianLabel(k) ?? k,
      stroke: STEAM_STYLE[k]?.stroke ?? seriesColor(1),
      width: 2,
      dash: STEAM_STYLE[k]?.dash,
    })),
    ...chart.shown.map((k, i) => ({
      key: k,
      name: seriesName(k),
      stroke: seriesColor(i + 2),
      width: 1,
      dash: k.startsWith('b:') ? '4 3' : undefined,
    })),
  ];
}
