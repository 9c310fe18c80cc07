/**
 * Price history exports for analysts: the change points of a selection (game, items, markets, time range)
 * as rows (time, item, market, side, price in thousandths), written as CSV and as Parquet, with a
 * provenance file. Pure (the export worker, export.worker.ts, reads the store and calls these).
 * Parquet through hyparquet-writer (https://github.com/hyparam/hyparquet-writer): pure JavaScript, so no
 * .wasm to ship and allow in the CSP (parquet-wasm's is several megabytes); README.md, "Parquet" says more.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import { csvFile, csvText } from '../../../shared/csv/csv';
import { decodeChunk, type Chunk } from './chunk-codec';
import { MARK } from './recorder';
import { BEST_ASK, BEST_BID } from './tiers';

export interface ExportSelection {
  game: number;
  /** Item names; null: every item of the game. */
  names: string[] | null;
  /** Market slugs; null: every market (and the bests and the Steam medians). */
  markets: string[] | null;
  from: number;
  to: number;
}

/** Where the data came from, written beside it (provenance.json) and into the Parquet file's metadata. */
export interface Provenance {
  service: string;
  game: number;
  gameName?: string;
  /** The app's refresh interval when exported (ms; null: manual refreshes). */
  pollingIntervalMs: number | null;
  exportedAt: string;
  selection: { items: string[] | 'all'; markets: string[] | 'all'; from: string; to: string };
  /** Each part's resolution: per item, time spans at poll resolution or consolidated. */
  parts: Array<{ item: string; from: string; to: string; resolution: string; resolutionMs: number }>;
  rows: number;
  columns: Record<string, string>;
  /** Shown in another currency: what the converted column is and how it was converted. */
  currency?: { service: string; display: string; rounding: string; rates: string };
}

export const COLUMNS: Record<string, string> = {
  time: "UTC time of the change (for consolidated rows: the end of the step), milliseconds since 1970 (Parquet: TIMESTAMP_MILLIS). Rows are change points: a quote stood unchanged from its row's time until the next row of the same item, market and side, so its age at any moment is the time since its row (a quote's age is derived from the rows, not stored). The stalled and outlier flags are not in the history: they are judged at each refresh against the other markets' quotes of that refresh, so a flag read back later would be a judgement the rows cannot check; the Prices grid's CSV export carries them, with each quote's age, as of its latest refresh",
  item: 'market_hash_name',
  market: "market slug; '*' for the best over every market and for the mark; 'steam-analytics' for the Steam medians",
  side: "'ask' (lowest ask), 'bid' (highest buy order), 'mark' (market '*': the item's mark price, the depth-weighted median of its trusted asks bounded by the best trusted bid, gross of fees, as computed at each refresh; recorded when it changed, from the first refresh of a build that records it), or a Steam median field",
  price:
    'price in thousandths of the currency unit, raw (before fees); empty/null: no price at that market from then on',
  low: 'consolidated rows only: the lowest price held during the step (empty when it is the lower of the previous and this price)',
  high: 'consolidated rows only: the highest price held during the step (empty when it is the higher of the previous and this price)',
  resolution_ms: '0: a change seen at a refresh; else the consolidated step (3600000: hourly, 86400000: daily)',
};

/** Rows gathered column by column. */
export class ExportTable {
  readonly time: number[] = [];
  readonly item: string[] = [];
  readonly market: string[] = [];
  readonly side: string[] = [];
  readonly price: Array<number | null> = [];
  readonly low: Array<number | null> = [];
  readonly high: Array<number | null> = [];
  readonly resolution: number[] = [];
  get rows(): number {
    return this.time.length;
  }
}

/** A series key as (market, side), or null for a low or high (they go with their market's row). */
export function columnsOf(key: string): { market: string; side: string } | null {
  if (key === BEST_ASK) return { market: '*', side: 'ask' };
  if (key === BEST_BID) return { market: '*', side: 'bid' };
  if (key === MARK) return { market: '*', side: 'mark' };
  if (key.endsWith('|lo') || key.endsWith('|hi')) return null;
  if (key.startsWith('a:')) return { market: key.slice(2), side: 'ask' };
  if (key.startsWith('b:')) return { market: key.slice(2), side: 'bid' };
  const i = key.indexOf(':');
  return {
    market: i > 0 && key.slice(0, i) === 's' ? 'steam-analytics' : key.slice(0, Math.max(0, i)),
    side: key.slice(i + 1),
  };
}

/** Whether a series is in the selection's markets. */
export function selected(key: string, markets: ReadonlySet<string> | null): boolean {
  if (!markets) return true;
  const c = columnsOf(key.endsWith('|lo') || key.endsWith('|hi') ? key.slice(0, -3) : key);
  return c !== null && markets.has(c.market);
}

/**
 * Adds a chunk's points in [from, to] to the table (item `item`). Returns the span of its points that
 * were added, for the provenance.
 */
export function addChunk(
  table: ExportTable,
  chunk: Chunk,
  item: string,
  series: readonly string[],
  from: number,
  to: number,
  markets: ReadonlySet<string> | null,
): { from: number; to: number } | null {
  const pts = decodeChunk(chunk);
  const r = ('r' in chunk && chunk.r) || 0;
  let first = Infinity;
  let last = -Infinity;
  // A consolidated step's low and high, by time and market series, joined to that series' row.
  const rowAt = new Map<string, number>();
  const extremes: Array<[string, 'low' | 'high', number]> = [];
  for (let p = 0; p < pts.t.length; p++) {
    const t = pts.t[p] as number;
    if (t < from || t > to) continue;
    const key = series[pts.s[p] as number];
    if (key === undefined || !selected(key, markets)) continue;
    const v = pts.v[p] as number;
    if (key.endsWith('|lo') || key.endsWith('|hi')) {
      extremes.push([`${t}|${key.slice(0, -3)}`, key.endsWith('|lo') ? 'low' : 'high', v]);
      continue;
    }
    const c = columnsOf(key);
    if (!c) continue;
    rowAt.set(`${t}|${key}`, table.rows);
    table.time.push(t);
    table.item.push(item);
    table.market.push(c.market);
    table.side.push(c.side);
    table.price.push(Number.isNaN(v) ? null : v);
    table.low.push(null);
    table.high.push(null);
    table.resolution.push(r);
    first = Math.min(first, t);
    last = Math.max(last, t);
  }
  for (const [k, which, v] of extremes) {
    const row = rowAt.get(k);
    if (row !== undefined && !Number.isNaN(v)) table[which][row] = v;
  }
  return first <= last ? { from: first, to: last } : null;
}

/** Rows in time order (then item, market, side): the chunks of several streams are added one after another. */
export function sortRows(t: ExportTable): ExportTable {
  const order = Array.from({ length: t.rows }, (_, i) => i);
  order.sort(
    (a, b) =>
      (t.time[a] as number) - (t.time[b] as number) ||
      cmp(t.item[a], t.item[b]) ||
      cmp(t.market[a], t.market[b]) ||
      cmp(t.side[a], t.side[b]),
  );
  const out = new ExportTable();
  for (const i of order) {
    out.time.push(t.time[i] as number);
    out.item.push(t.item[i] as string);
    out.market.push(t.market[i] as string);
    out.side.push(t.side[i] as string);
    out.price.push(t.price[i] ?? null);
    out.low.push(t.low[i] ?? null);
    out.high.push(t.high[i] ?? null);
    out.resolution.push(t.resolution[i] as number);
  }
  return out;
}

function cmp(a: string | undefined, b: string | undefined): number {
  return a === b ? 0 : (a ?? '') < (b ?? '') ? -1 : 1;
}

const num = (v: number | null): string => (v === null ? '' : String(v));

/** The rows as CSV through the app's one CSV writer (shared/csv: BOM, quoting, the formula guard on the text columns). */
export function toCsv(t: ExportTable): Uint8Array {
  const head = ['time_utc', 'time_ms', 'item', 'market', 'side', 'price', 'low', 'high', 'resolution_ms'];
  const records = function* (): Generator<string[]> {
    for (let i = 0; i < t.rows; i++) {
      const ms = t.time[i] as number;
      yield [
        new Date(ms).toISOString(),
        String(ms),
        csvText(t.item[i] as string),
        csvText(t.market[i] as string),
        csvText(t.side[i] as string),
        num(t.price[i] ?? null),
        num(t.low[i] ?? null),
        num(t.high[i] ?? null),
        String(t.resolution[i]),
      ];
    }
  };
  return new TextEncoder().encode(csvFile(head, records()));
}

/** Integer thousandths as INT64 (prices beyond 2^31 exist); a non-integer value is rounded. */
const big = (v: number | null): bigint | null => (v === null ? null : BigInt(Math.round(v)));

export function toParquet(t: ExportTable, provenance: Provenance): Uint8Array {
  const buf = parquetWriteBuffer({
    columnData: [
      { name: 'time', data: t.time, type: 'TIMESTAMP', nullable: false },
      { name: 'item', data: t.item, type: 'STRING', nullable: false },
      { name: 'market', data: t.market, type: 'STRING', nullable: false },
      { name: 'side', data: t.side, type: 'STRING', nullable: false },
      { name: 'price', data: t.price.map(big), type: 'INT64' },
      { name: 'low', data: t.low.map(big), type: 'INT64' },
      { name: 'high', data: t.high.map(big), type: 'INT64' },
      { name: 'resolution_ms', data: t.resolution, type: 'INT32', nullable: false },
    ],
    kvMetadata: [{ key: 'market-desk.provenance', value: JSON.stringify(provenance) }],
    createdBy: 'Market Desk price history export',
  });
  return new Uint8Array(buf);
}

/** The resolution's words for the provenance. */
export function resolutionText(ms: number): string {
  return ms === 0
    ? 'every refresh (change points)'
    : ms === 3_600_000
      ? 'hourly (last, low, high per market; best ask and bid at every refresh)'
      : ms === 86_400_000
        ? 'daily (last, low, high per market; best ask and bid at every refresh)'
        : `${ms / 60_000}-minute steps`;
}
