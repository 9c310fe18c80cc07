/**
 * The market view's chart tables (exactly what each chart draws, from the worker's summary) and its frames
 * (title, subtitle, empty message). Steam catalogs name volume and price by sales, marketplaces by sell orders.
 */
import type { ChartFormat } from '../../../ui/charts/format';
import type { ChartData } from '../../../ui/charts/types';
import type { MarketSummary } from './market-summary';

type ChartRow = ChartData['rows'][number];

export interface Labels {
  volume: string;
  price: string;
  latest: string;
}

export const labelsFor = (steam: boolean): Labels =>
  steam
    ? { volume: 'Sales in 30 days', price: 'Median sale price, 90 days', latest: 'Latest median sold' }
    : { volume: 'Sell orders in 7 days', price: 'Median sell-order price, 90 days', latest: 'Latest sell order' };

/** Frozen rows: recharts keeps chart data in an immer store, which would walk (and freeze) them otherwise. */
function table(columns: ChartData['columns'], rows: ChartRow[]): ChartData {
  for (const r of rows) Object.freeze(r);
  return Object.freeze({ columns, rows: Object.freeze(rows) as ChartRow[] });
}

export interface MarketData {
  topVolume: ChartData;
  topTurnover: ChartData;
  movers: ChartData;
  scatter: ChartData;
  priceBins: ChartData;
  volumeBins: ChartData;
  liquidity: ChartData;
}

export function marketData(s: MarketSummary | null, l: Labels, f: ChartFormat): MarketData {
  return {
    topVolume: table(
      [
        { key: 'name', label: 'Item', kind: 'text' },
        { key: 'volume', label: l.volume, kind: 'count' },
        { key: 'price', label: l.price, kind: 'money' },
      ],
      (s?.topByVolume ?? []).map((t) => ({ name: t.name, volume: t.volume, price: t.price })),
    ),
    topTurnover: table(
      [
        { key: 'name', label: 'Item', kind: 'text' },
        { key: 'turnover', label: 'Turnover (volume × price)', kind: 'money' },
        { key: 'volume', label: l.volume, kind: 'count' },
        { key: 'price', label: l.price, kind: 'money' },
      ],
      (s?.topByTurnover ?? []).map((t) => ({ name: t.name, turnover: t.turnover, volume: t.volume, price: t.price })),
    ),
    movers: table(
      [
        { key: 'name', label: 'Item', kind: 'text' },
        { key: 'changePct', label: 'Latest against 90-day median', kind: 'percent' },
        { key: 'latest', label: l.latest, kind: 'money' },
        { key: 'median90', label: l.price, kind: 'money' },
        { key: 'volume', label: l.volume, kind: 'count' },
      ],
      [...(s?.gainers ?? []), ...(s?.losers ?? [])].map((m) => ({
        name: m.name,
        changePct: Math.round(m.changePct * 100) / 100,
        latest: m.latest,
        median90: m.median90,
        volume: m.volume,
      })),
    ),
    scatter: table(
      [
        { key: 'name', label: 'Item', kind: 'text' },
        { key: 'price', label: l.price, kind: 'money' },
        { key: 'volume', label: l.volume, kind: 'count' },
      ],
      (s?.scatter ?? []).map((p) => ({ name: p.name, price: p.price, volume: p.volume })),
    ),
    priceBins: table(
      [
        { key: 'range', label: 'Price range', kind: 'text' },
        { key: 'from', label: 'From', kind: 'money' },
        { key: 'to', label: 'Up to (not incl.)', kind: 'money' },
        { key: 'count', label: 'Items', kind: 'count' },
      ],
      (s?.priceBins ?? []).map((b) => ({
        range: `${f.moneyTick(b.from)}–${f.moneyTick(b.to)}`,
        from: b.from,
        to: b.to,
        count: b.count,
      })),
    ),
    volumeBins: table(
      [
        { key: 'range', label: l.volume, kind: 'text' },
        { key: 'count', label: 'Items', kind: 'count' },
      ],
      (s?.volumeBins ?? []).map((b) => ({
        range: b.to - b.from <= 1 ? String(b.from) : `${b.from}–${b.to - 1}`,
        count: b.count,
      })),
    ),
    liquidity: table(
      [
        { key: 'label', label: 'Class', kind: 'text' },
        { key: 'count', label: 'Items', kind: 'count' },
      ],
      (s?.liquidity ?? []).map((c) => ({ label: c.label, count: c.count })),
    ),
  };
}

/** One chart frame of the market view: what it shows, and what its empty state says is missing. */
export interface MarketFrame {
  id: string;
  chart: keyof MarketData;
  title: string;
  subtitle: string;
  /** "No {what} in this catalog." */
  what: string;
  height?: number;
}

export function marketFrames(d: MarketData, l: Labels, steam: boolean): MarketFrame[] {
  const drawn = d.scatter.rows.length;
  return [
    {
      id: 'top-volume',
      chart: 'topVolume',
      title: 'Top items by volume',
      subtitle: l.volume,
      what: 'traded items',
      height: 420,
    },
    {
      id: 'top-turnover',
      chart: 'topTurnover',
      title: 'Top items by turnover',
      subtitle: 'Volume × price',
      what: 'traded items',
      height: 420,
    },
    {
      id: 'movers',
      chart: 'movers',
      title: 'Movers',
      subtitle: `${l.latest} against the 90-day median`,
      what: 'movers',
      height: 420,
    },
    {
      id: 'price-volume',
      chart: 'scatter',
      title: 'Price against volume',
      subtitle:
        drawn === 0
          ? 'Log scales; the most traded items and an even sample of the rest'
          : `Log scales; the ${drawn.toLocaleString('en-US')} drawn items are the most traded and an even sample of the rest`,
      what: 'traded items',
      height: 360,
    },
    {
      id: 'price-distribution',
      chart: 'priceBins',
      title: 'Price distribution',
      subtitle: `${l.price}, log-spaced bins`,
      what: 'prices',
    },
    {
      id: 'volume-distribution',
      chart: 'volumeBins',
      title: 'Volume distribution',
      subtitle: l.volume,
      what: 'volumes',
    },
    {
      id: 'liquidity',
      chart: 'liquidity',
      title: 'Liquidity overview',
      subtitle: steam ? 'When each item last sold on Steam' : 'Listing and buy-order activity',
      what: 'items',
    },
  ];
}
