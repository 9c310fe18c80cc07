/**
 * One export of the price history (export-rows.ts): the selection's items read from the store one at a
 * time (each stream's chunks over the range), progress after each, a cancel checked between items.
 * Runs in the export worker (export.worker.ts); the tests run it on fake-indexeddb.
 */
import { chunkName, streamOf } from './chunk-codec';
import {
  addChunk,
  COLUMNS,
  ExportTable,
  resolutionText,
  sortRows,
  toCsv,
  toParquet,
  type ExportSelection,
  type Provenance,
} from './export-rows';
import type { HistoryStore } from './store';
import type { CurrencyInputs } from '../currency/conversion';

export type ExportFormat = 'csv' | 'parquet' | 'both';

export interface ExportContext {
  service: string;
  gameName?: string;
  pollingIntervalMs: number | null;
  /** The export's time (ms; also in the file names). */
  at: number;
  /** Prices shown in another currency: the streamed CSV adds each row's price at the rate of its own day. */
  currency?: CurrencyInputs;
}

export interface ExportFile {
  name: string;
  bytes: Uint8Array;
}

export class ExportCancelled extends Error {
  override readonly name = 'ExportCancelled';
  constructor() {
    super('The export was cancelled.');
  }
}

/** A chunk's span in the provenance's parts: the item's last part grows when it has the same resolution. */
export function addPart(
  parts: Provenance['parts'],
  item: string,
  span: { from: number; to: number },
  resolutionMs: number,
): void {
  const prev = parts[parts.length - 1];
  if (prev && prev.item === item && prev.resolutionMs === resolutionMs) prev.to = new Date(span.to).toISOString();
  else
    parts.push({
      item,
      from: new Date(span.from).toISOString(),
      to: new Date(span.to).toISOString(),
      resolution: resolutionText(resolutionMs),
      resolutionMs,
    });
}

/** What an export's files say about where their rows came from (a Parquet file's metadata, provenance.json). */
export function provenanceOf(
  ctx: ExportContext,
  sel: ExportSelection,
  parts: Provenance['parts'],
  rows: number,
): Provenance {
  return {
    service: ctx.service,
    game: sel.game,
    ...(ctx.gameName ? { gameName: ctx.gameName } : {}),
    pollingIntervalMs: ctx.pollingIntervalMs,
    exportedAt: new Date(ctx.at).toISOString(),
    selection: {
      items: sel.names ?? 'all',
      markets: sel.markets ?? 'all',
      from: new Date(sel.from).toISOString(),
      to: new Date(sel.to).toISOString(),
    },
    parts,
    rows,
    columns: COLUMNS,
  };
}

export async function runExport(
  store: HistoryStore,
  sel: ExportSelection,
  format: ExportFormat,
  ctx: ExportContext,
  onProgress: (done: number, total: number) => void,
  cancelled: () => boolean,
): Promise<{ files: ExportFile[]; rows: number }> {
  const series = await store.seriesOf(sel.game);
  const names = sel.names ?? (await store.itemNames(sel.game));
  const markets = sel.markets ? new Set(sel.markets) : null;
  const streams = [...new Set(series.map(streamOf))];
  if (!streams.includes('')) streams.push('');
  const table = new ExportTable();
  const parts: Provenance['parts'] = [];
  for (let i = 0; i < names.length; i++) {
    if (cancelled()) throw new ExportCancelled();
    const name = names[i] as string;
    for (const stream of streams) {
      for (const c of await store.chunksOf(sel.game, chunkName(name, stream), sel.from, sel.to)) {
        const span = addChunk(table, c, name, series, sel.from, sel.to, markets);
        if (span && stream === '') addPart(parts, name, span, ('r' in c && c.r) || 0);
      }
    }
    onProgress(i + 1, names.length);
    // Let a cancel message in between items.
    if (i % 50 === 49) await new Promise((r) => setTimeout(r, 0));
  }
  if (cancelled()) throw new ExportCancelled();
  const rows = sortRows(table);
  const provenance = provenanceOf(ctx, sel, parts, rows.rows);
  const stem = `price-history-${sel.game}`;
  const files: ExportFile[] = [];
  if (format !== 'parquet') files.push({ name: `${stem}.csv`, bytes: toCsv(rows) });
  if (format !== 'csv') files.push({ name: `${stem}.parquet`, bytes: toParquet(rows, provenance) });
  files.push({ name: 'provenance.json', bytes: new TextEncoder().encode(JSON.stringify(provenance, null, 2) + '\n') });
  return { files, rows: rows.rows };
}
