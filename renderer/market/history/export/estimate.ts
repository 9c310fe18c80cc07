/**
 * What an export will write, before it starts (shown to the user, and checked against the disk's free
 * space on the desktop). Rows: a list of items' points in the range, counted from their records (cheap for
 * a watchlist); a game's every item from the store's size instead (its share of the records, the range's
 * share of the time kept) over the stored bytes a change takes. Bytes: rows times the bytes a row takes in
 * each format, as bench:export measured them (30,000 items / 5,000 items x 4 h of the bench:history
 * workload: CSV 76.1 MB and Parquet 5.3 MB for 726,112 rows, 3.8 MB stored).
 */
import { chunkName, pointCount, streamOf } from '../chunk-codec';
import type { ExportSelection } from '../export-rows';
import type { HistoryStore } from '../store';
import type { StreamFormats } from './stream-export';

/** Measured by bench:export (see above); a CSV row's size grows with the item's name. */
export const CSV_BYTES_PER_ROW = 105;
export const PARQUET_BYTES_PER_ROW = 7.3;
/** Stored bytes a change takes (bench:export's fill: 3.8 MB for 726,112 changes). */
export const STORED_BYTES_PER_ROW = 5.2;
/** provenance.json and the files' headers and footers. */
const FIXED_BYTES = 64 * 1024;

export interface ExportEstimate {
  rows: number;
  bytes: number;
}

export function bytesFor(rows: number, formats: StreamFormats): number {
  const perRow = (formats.csv ? CSV_BYTES_PER_ROW : 0) + (formats.parquet ? PARQUET_BYTES_PER_ROW : 0);
  return Math.ceil(rows * perRow) + FIXED_BYTES;
}

export interface StoreFigures {
  /** Stored bytes and records of every game. */
  bytes: number;
  chunks: number;
  /** The game's records. */
  gameChunks: number;
  /** The oldest record's start (ms), null when empty. */
  oldest: number | null;
}

/** A game's every item: the game's share of the stored bytes, the range's share of the time kept. */
export function rowsFromStore(sel: Pick<ExportSelection, 'from' | 'to'>, s: StoreFigures, now: number): number {
  if (s.chunks === 0 || s.gameChunks === 0 || s.oldest === null) return 0;
  const kept = Math.max(1, now - s.oldest);
  const overlap = Math.max(0, Math.min(sel.to, now) - Math.max(sel.from, s.oldest));
  const share = Math.min(1, overlap / kept);
  return Math.round(((s.bytes * s.gameChunks) / s.chunks / STORED_BYTES_PER_ROW) * share);
}

export async function estimateExport(
  store: HistoryStore,
  sel: ExportSelection,
  formats: StreamFormats,
  now = Date.now(),
): Promise<ExportEstimate> {
  let rows: number;
  if (sel.names) {
    const streams = [...new Set((await store.seriesOf(sel.game)).map(streamOf))];
    if (!streams.includes('')) streams.push('');
    const keys = sel.names.flatMap((n) => streams.map((st) => chunkName(n, st)));
    rows = 0;
    await store.eachItemChunks(sel.game, keys, sel.from, sel.to, (_i, chunks) => {
      for (const c of chunks) rows += pointCount(c);
    });
  } else {
    const [usage, gameChunks] = await Promise.all([store.usage(), store.chunkCount(sel.game)]);
    rows = rowsFromStore(sel, { bytes: usage.bytes, chunks: usage.chunks, gameChunks, oldest: usage.oldest }, now);
  }
  return { rows, bytes: rows === 0 ? 0 : bytesFor(rows, formats) };
}
