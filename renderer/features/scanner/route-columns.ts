/**
 * The routes table's columns: header, sort, the cell's text (money formatted only here, at the edge;
 * missing is "—") and the exported value (integer thousandths, as the wire and the history keep them).
 */
import { formatMoney, formatPercent, type MoneyFormat } from '../../../shared/money/money';
import { feeCodeText } from '../../market/model/price-arithmetic';
import { rankRoutes, type Route, type RouteColumn } from '../../market/scanner/scan';

const MISSING = '\u2014';

export type RouteColKey = RouteColumn | 'buyFeeAmount' | 'sellFeeAmount' | 'trusted';

export interface RouteCol {
  key: RouteColKey;
  label: string;
  /** The header's title: what the column is. */
  long: string;
  width: number;
  numeric: boolean;
  text(r: Route, money: MoneyFormat, nameOf: (slug: string) => string): string;
  /** The CSV's value: thousandths, a fraction, a count, or text; null: missing. */
  value(r: Route): string | number | null;
}

const num = (v: number): number | null => (Number.isFinite(v) ? v : null);
/** What the buyer pays over the price (the buyer's fee), and what the seller gives up of it (the seller's fee). */
const buyFeeAmount = (r: Route): number => r.buyNet - r.buyPrice;
const sellFeeAmount = (r: Route): number => r.sellPrice - r.sellNet;

function daysText(d: number): string {
  if (d === 0) return 'at once';
  if (d === Infinity) return 'no sales';
  if (!Number.isFinite(d)) return MISSING;
  return d < 1 ? `${Math.max(1, Math.round(d * 24))} h` : `${d.toFixed(d < 10 ? 1 : 0)} d`;
}

export const ROUTE_COLUMNS: readonly RouteCol[] = [
  { key: 'name', label: 'Item', long: 'Item', width: 260, numeric: false, text: (r) => r.name, value: (r) => r.name },
  {
    key: 'buyMarket',
    label: 'Buy on',
    long: 'Buy market',
    width: 120,
    numeric: false,
    text: (r, _m, n) => n(r.buyMarket),
    value: (r) => r.buyMarket,
  },
  {
    key: 'buyPrice',
    label: 'Buy',
    long: 'Buy price (before fees)',
    width: 90,
    numeric: true,
    text: (r, m) => formatMoney(num(r.buyPrice), m),
    value: (r) => num(r.buyPrice),
  },
  {
    key: 'buyFeeAmount',
    label: 'Buy fee',
    long: "Buyer's fee on the buy market",
    width: 80,
    numeric: true,
    text: (r, m) => formatMoney(num(buyFeeAmount(r)), m),
    value: (r) => num(buyFeeAmount(r)),
  },
  {
    key: 'sellMarket',
    label: 'Sell on',
    long: 'Sell market',
    width: 120,
    numeric: false,
    text: (r, _m, n) => n(r.sellMarket),
    value: (r) => r.sellMarket,
  },
  {
    key: 'sellPrice',
    label: 'Sell',
    long: 'Sell price (before fees)',
    width: 90,
    numeric: true,
    text: (r, m) => formatMoney(num(r.sellPrice), m),
    value: (r) => num(r.sellPrice),
  },
  {
    key: 'sellFeeAmount',
    label: 'Sell fee',
    long: "Seller's fee on the sell market",
    width: 80,
    numeric: true,
    text: (r, m) => formatMoney(num(sellFeeAmount(r)), m),
    value: (r) => num(sellFeeAmount(r)),
  },
  {
    key: 'profit',
    label: 'Net profit',
    long: 'Net profit after both fees',
    width: 95,
    numeric: true,
    text: (r, m) => `${formatMoney(num(r.profit), m)}${r.feeUnknown ? ' ?' : ''}`,
    value: (r) => num(r.profit),
  },
  {
    key: 'roi',
    label: 'ROI',
    long: 'Net profit over the net cost',
    width: 70,
    numeric: true,
    text: (r) => formatPercent(num(r.roi * 100)),
    value: (r) => num(r.roi),
  },
  {
    key: 'buyDepth',
    label: 'Offers',
    long: 'Depth: offers on the buy market',
    width: 65,
    numeric: true,
    text: (r) => (Number.isFinite(r.buyDepth) ? String(r.buyDepth) : MISSING),
    value: (r) => num(r.buyDepth),
  },
  {
    key: 'sellDepth',
    label: 'Orders',
    long: 'Depth: buy orders on the sell market',
    width: 65,
    numeric: true,
    text: (r) => (Number.isFinite(r.sellDepth) ? String(r.sellDepth) : MISSING),
    value: (r) => num(r.sellDepth),
  },
  {
    key: 'sellDays',
    label: 'Sells in',
    long: "Expected time to sell: at once into a buy order; a listing: Steam's mean gap between sales, scaled by the market's share of buy orders",
    width: 75,
    numeric: true,
    text: (r) => daysText(r.sellDays),
    value: (r) => (r.sellDays === Infinity ? 'no sales' : num(r.sellDays)),
  },
  {
    key: 'polls',
    label: 'Polls',
    long: 'Persistence: polls in a row this route has been found',
    width: 55,
    numeric: true,
    text: (r) => String(r.polls),
    value: (r) => r.polls,
  },
  {
    key: 'since',
    label: 'Since',
    long: 'Persistence: the poll it appeared at',
    width: 85,
    numeric: true,
    text: (r) => (Number.isFinite(r.since) ? new Date(r.since).toLocaleTimeString() : MISSING),
    value: (r) => (Number.isFinite(r.since) ? new Date(r.since).toISOString() : null),
  },
  {
    key: 'trusted',
    label: 'Trust',
    long: 'Every quote of the route is trusted (no stall, no outlier, not stale)',
    width: 80,
    numeric: false,
    text: (r) => (r.trusted === null ? MISSING : r.trusted ? 'trusted' : 'untrusted'),
    value: (r) => (r.trusted === null ? null : r.trusted ? 'trusted' : 'untrusted'),
  },
];

/** The fee text of a route's sides, for a cell's title. */
export function feeTitle(r: Route): string {
  return `Buy: ${feeCodeText(r.buyFee)}. Sell: ${feeCodeText(r.sellFee)}.${r.feeUnknown ? ' A fee is unknown: the net is an upper bound.' : ''}`;
}

export interface RouteSort {
  key: RouteColKey;
  dir: 'asc' | 'desc';
}

const SCAN_KEYS: ReadonlySet<string> = new Set<RouteColumn>([
  'name',
  'buyMarket',
  'buyPrice',
  'sellMarket',
  'sellPrice',
  'profit',
  'roi',
  'buyDepth',
  'sellDepth',
  'sellDays',
  'polls',
  'since',
]);

/** A sorted copy: the scanner's own ranking for its columns; the fees and trust by their values, ties by profit. */
export function sortRoutes(routes: readonly Route[], sort: RouteSort): Route[] {
  const copy = [...routes];
  if (SCAN_KEYS.has(sort.key)) return rankRoutes(copy, sort.key as RouteColumn, sort.dir);
  const val =
    sort.key === 'buyFeeAmount'
      ? buyFeeAmount
      : sort.key === 'sellFeeAmount'
        ? sellFeeAmount
        : (r: Route) => (r.trusted === null ? NaN : r.trusted ? 1 : 0);
  const keyed = copy.map((r) => ({ r, v: val(r) }));
  const sign = sort.dir === 'asc' ? 1 : -1;
  keyed.sort((a, b) => {
    const an = a.v !== a.v;
    const bn = b.v !== b.v;
    if (an || bn) return an === bn ? b.r.profit - a.r.profit : an ? 1 : -1;
    return sign * (a.v - b.v) || b.r.profit - a.r.profit || (a.r.name < b.r.name ? -1 : a.r.name > b.r.name ? 1 : 0);
  });
  return keyed.map((k) => k.r);
}

export function defaultDir(key: RouteColKey): 'asc' | 'desc' {
  return key === 'name' ||
    key === 'buyMarket' ||
    key === 'sellMarket' ||
    key === 'buyPrice' ||
    key === 'buyFeeAmount' ||
    key === 'sellFeeAmount' ||
    key === 'sellDays' ||
    key === 'since'
    ? 'asc'
    : 'desc';
}
