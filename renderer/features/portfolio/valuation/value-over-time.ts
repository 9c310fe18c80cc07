/**
 * The value-over-time chart's model: the ranges and their resolution, the history request for the held
 * items (today's remaining quantities, summed per item name), and the chart's data (exactly the drawn
 * numbers, for its table and CSV).
 */
import { UNKNOWN_FEE_CODE, sellFeeCode, type FeeTable } from '../../../market/model/price-arithmetic';
import type {
  PortfolioMarket,
  PortfolioSeries,
  PortfolioSeriesRequest,
} from '../../../market/history/portfolio-series';
import type { ChartData, ChartState } from '../../../ui/charts/types';
import type { HoldingRow } from '../model/types';
import { convertedDecimalString } from '../../../../shared/money/money';
import type { DatedConverter } from '../../../market/currency/dated';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Each range with its slot count: 15-minute slots over a day, hourly over a week, 4-hourly over 30 days. */
export const VALUE_RANGES = [
  { id: '24h', label: '24h', ms: DAY, slots: 96, resolution: '15-minute steps' },
  { id: '7d', label: '7d', ms: 7 * DAY, slots: 168, resolution: 'hourly steps' },
  { id: '30d', label: '30d', ms: 30 * DAY, slots: 180, resolution: '4-hour steps' },
  { id: 'all', label: 'All', ms: Infinity, slots: 200, resolution: '200 steps over the whole history' },
] as const;
export type ValueRangeId = (typeof VALUE_RANGES)[number]['id'];

export interface SeriesSettings {
  game: number;
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
  fees: FeeTable;
  feeKnown(slug: string, side: 'buyer' | 'seller'): boolean;
  net: boolean;
}

/** The history request for these rows over a range ending at `now`. */
export function seriesRequest(
  rows: readonly HoldingRow[],
  s: SeriesSettings,
  range: ValueRangeId,
  now: number,
): PortfolioSeriesRequest {
  const r = VALUE_RANGES.find((x) => x.id === range) ?? VALUE_RANGES[0];
  const qty = new Map<string, number>();
  for (const row of rows)
    if (row.remaining > 0 && row.holding.game === s.game)
      qty.set(row.holding.name, (qty.get(row.holding.name) ?? 0) + row.remaining);
  const market = (slug: string): PortfolioMarket => {
    const sellCode = s.net ? sellFeeCode(s.fees[slug]) : 0;
    return { slug, sellCode, known: !s.net || (sellCode !== UNKNOWN_FEE_CODE && s.feeKnown(slug, 'seller')) };
  };
  return {
    game: s.game,
    items: [...qty].map(([name, quantity]) => ({ name, quantity })),
    from: Number.isFinite(r.ms) ? now - r.ms : 0,
    to: now,
    slots: r.slots,
    asks: s.askMarkets.map(market),
    bids: s.bidMarkets.map(market),
  };
}

const orNull = (v: number | undefined): number | null => (v === undefined || Number.isNaN(v) ? null : v);

export function valueChartData(series: PortfolioSeries): ChartData {
  return {
    columns: [
      { key: 'time', label: 'Time (UTC)', kind: 'text' },
      { key: 'sellNow', label: 'Sell now', kind: 'money' },
      { key: 'sellNowMissing', label: 'Items without a sell-now value', kind: 'count' },
      { key: 'listLowest', label: 'List at lowest', kind: 'money' },
      { key: 'listLowestMissing', label: 'Items without a list-at-lowest value', kind: 'count' },
    ],
    rows: Array.from(series.times, (t, j) => ({
      t,
      time: new Date(t).toISOString().slice(0, 16).replace('T', ' '),
      sellNow: orNull(series.sellNow[j]),
      sellNowMissing: series.sellNowMissing[j] ?? 0,
      listLowest: orNull(series.listLowest[j]),
      listLowestMissing: series.listLowestMissing[j] ?? 0,
    })),
  };
}

/**
 * The same data in the display currency, each point at the rate of its own day: the drawn keys (sellNow,
 * listLowest) hold display-currency thousandths (unrounded; formatted with the converter's format), and
 * the table and CSV keep the service figure, the converted figure rounded as documented (half away from
 * zero, the currency's own decimals), and the rate and its date per point.
 */
export function convertValueChartData(
  data: ChartData,
  conv: DatedConverter,
  service: string,
  display: string,
): ChartData {
  const keys = ['sellNow', 'listLowest'] as const;
  let rateCode = display;
  const rows = data.rows.map((row) => {
    const t = Number(row.t);
    const c = conv.conversionAt(t);
    rateCode = c.code;
    const out: Record<string, string | number | null> = { ...row, rateDate: c.date, rate: c.rate };
    for (const k of keys) {
      const v = row[k];
      const n = typeof v === 'number' && Number.isFinite(v) ? v : null;
      out[`${k}Service`] = n;
      out[`${k}Display`] = n === null ? null : convertedDecimalString(n, c);
      out[k] = n === null ? null : conv.convert(n, t);
    }
    return out;
  });
  const columns = data.columns.flatMap((col) =>
    (keys as readonly string[]).includes(col.key)
      ? [
          { key: `${col.key}Service`, label: `${col.label} (${service})`, kind: 'money' as const, unconverted: true },
          { key: `${col.key}Display`, label: `${col.label} (${rateCode})`, kind: 'text' as const },
        ]
      : [col],
  );
  columns.push(
    { key: 'rateDate', label: 'Rate date', kind: 'text' },
    { key: 'rate', label: `Rate (${rateCode} per ${service})`, kind: 'number' },
  );
  return { columns, rows };
}

/** The chart's state: nothing to chart, reading, failed, no history in the range, or ready. */
export function valueChartState(
  items: number,
  current: { series: PortfolioSeries | null; error: string | null } | null,
): ChartState {
  if (items === 0) return { status: 'empty', message: 'No holdings with items left to chart.' };
  if (!current) return { status: 'loading', message: 'Reading the price history…' };
  if (current.error !== null)
    return { status: 'error', message: `The price history could not be read: ${current.error}` };
  if (!current.series || current.series.times.length === 0)
    return {
      status: 'empty',
      message: 'No price history for these items in this range yet: it builds up while Market Desk refreshes prices.',
    };
  return { status: 'ready' };
}

/** The chart's subtitle: resolution, fees, the display currency's dated rate, and the items left out. */
export function valueChartSubtitle(o: {
  resolution: string;
  net: boolean;
  /** The display currency when points are converted at their day's rate; null when not converted. */
  convertedTo: string | null;
  oldestRateDate: string | null;
  noHistory: readonly string[];
}): string {
  const { noHistory } = o;
  const converted = o.convertedTo
    ? `; in ${o.convertedTo} at the rate of each point's day${o.oldestRateDate ? ` (before ${o.oldestRateDate}: the oldest rate kept)` : ''}`
    : '';
  const missing = noHistory.length
    ? `; ${noHistory.length} item${noHistory.length === 1 ? '' : 's'} without history in this range (left out): ${noHistory.slice(0, 3).join(', ')}${noHistory.length > 3 ? '…' : ''}`
    : '';
  return `Today's holdings at the prices recorded then, ${o.resolution}${o.net ? ', net of fees' : ', before fees'}${converted}${missing}`;
}
