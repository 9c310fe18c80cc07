/**
 * A price-history export streamed to sinks (sink.ts) in bounded memory: the selection's items read from
 * the store in large batches (one transaction, every request in flight, the next batch read while this one
 * is written), their rows gathered into row batches (rows.ts) and written as they fill: CSV in ~1 MiB
 * chunks, Parquet a row group per batch, both from one read when both are asked for; the provenance file
 * last. Progress (rows, bytes, items, time left) after each batch; a cancel or a failure aborts every sink,
 * so no partial file is left.
 *
 * Rows come item after item (the store's key order), each item's in time order, then market and side.
 */
import { chunkName, streamOf, type ChunkRecord } from '../chunk-codec';
import { COLUMNS, resolutionText, type ExportSelection, type Provenance } from '../export-rows';
import { ExportCancelled, type ExportContext } from '../export-run';
import type { HistoryStore } from '../store';
import { CsvStreamWriter } from './csv-stream';
import { ParquetStreamWriter } from './parquet-stream';
import { ItemRows, RowBatch, seriesColumns } from './rows';
import type { ExportSink, SinkFactory } from './sink';

export interface StreamFormats {
  csv: boolean;
  parquet: boolean;
}

export interface StreamProgress {
  rows: number;
  /** Bytes written to the sinks so far (every file). */
  bytes: number;
  items: number;
  totalItems: number;
  elapsedMs: number;
  /** Estimated time left (ms), from the items done so far; null before the first batch. */
  etaMs: number | null;
}

export interface StreamOptions {
  /** Items read per transaction. */
  batchItems?: number;
  /** Rows per Parquet row group (and per write to the writers). */
  rowGroupRows?: number;
  now?: () => number;
}

export interface StreamResult {
  rows: number;
  files: Array<{ name: string; bytes: number }>;
}

export const BATCH_ITEMS = 256;
export const ROW_GROUP_ROWS = 1 << 18;

export function exportFileNames(game: number, formats: StreamFormats): string[] {
  const stem = `price-history-${game}`;
  return [...(formats.csv ? [`${stem}.csv`] : []), ...(formats.parquet ? [`${stem}.parquet`] : []), 'provenance.json'];
}

/** Counts a sink's bytes. */
class Counted implements ExportSink {
  bytes = 0;
  constructor(readonly inner: ExportSink) {}
  write(chunk: Uint8Array): Promise<void> {
    this.bytes += chunk.byteLength;
    return this.inner.write(chunk);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  abort(reason: string): Promise<void> {
    return this.inner.abort(reason);
  }
}

export async function streamExport(
  store: HistoryStore,
  sel: ExportSelection,
  formats: StreamFormats,
  ctx: ExportContext,
  open: SinkFactory,
  onProgress: (p: StreamProgress) => void,
  cancelled: () => boolean,
  options: StreamOptions = {},
): Promise<StreamResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const batchItems = options.batchItems ?? BATCH_ITEMS;
  const series = await store.seriesOf(sel.game);
  const names = sel.names ?? (await store.itemNames(sel.game));
  const cols = seriesColumns(series, sel.markets ? new Set(sel.markets) : null);
  const streams = [...new Set(series.map(streamOf))];
  if (!streams.includes('')) streams.push('');

  const fileNames = exportFileNames(sel.game, formats);
  const sinks: Counted[] = [];
  const abortAll = async (reason: string): Promise<void> => {
    await Promise.all(sinks.map((s) => s.abort(reason).catch(() => undefined)));
  };
  try {
    for (const name of fileNames) sinks.push(new Counted(await open(name)));
    const sinkOf = (name: string): Counted => sinks[fileNames.indexOf(name)] as Counted;
    const csv = formats.csv ? new CsvStreamWriter(sinkOf(fileNames[0] as string), names, cols) : null;
    const parquet = formats.parquet ? new ParquetStreamWriter(sinkOf(fileNames[formats.csv ? 1 : 0] as string), names, cols) : null;
    const batch = new RowBatch(options.rowGroupRows ?? ROW_GROUP_ROWS);
    const item = new ItemRows(cols);
    const parts: Provenance['parts'] = [];
    let rows = 0;
    const bytes = (): number => sinks.reduce((s, x) => s + x.bytes, 0);
    const flush = async (): Promise<void> => {
      if (batch.rows === 0) return;
      if (cancelled()) throw new ExportCancelled();
      if (csv) await csv.write(batch);
      if (parquet) await parquet.write(batch);
      rows += batch.rows;
      batch.rows = 0;
    };

    /** One batch's chunks: per item, per stream. */
    const read = async (start: number): Promise<ChunkRecord[][][]> => {
      const slice = names.slice(start, start + batchItems);
      const keys: string[] = [];
      for (const n of slice) for (const st of streams) keys.push(chunkName(n, st));
      const got: ChunkRecord[][] = new Array<ChunkRecord[]>(keys.length);
      await store.eachItemChunks(sel.game, keys, sel.from, sel.to, (i, chunks) => (got[i] = chunks));
      return slice.map((_, i) => streams.map((_s, j) => got[i * streams.length + j] ?? []));
    };

    let next = names.length > 0 ? read(0) : null;
    for (let start = 0; next; start += batchItems) {
      const chunks = await next;
      if (cancelled()) throw new ExportCancelled();
      next = start + batchItems < names.length ? read(start + batchItems) : null;
      for (let i = 0; i < chunks.length; i++) {
        const index = start + i;
        const name = names[index] as string;
        item.reset();
        const perStream = chunks[i] as ChunkRecord[][];
        for (let j = 0; j < perStream.length; j++) {
          for (const c of perStream[j] as ChunkRecord[]) {
            const span = item.addChunk(c, sel.from, sel.to);
            if (!span || streams[j] !== '') continue;
            const r = ('r' in c && c.r) || 0;
            const prev = parts[parts.length - 1];
            if (prev && prev.item === name && prev.resolutionMs === r) prev.to = new Date(span.to).toISOString();
            else parts.push({ item: name, from: new Date(span.from).toISOString(), to: new Date(span.to).toISOString(), resolution: resolutionText(r), resolutionMs: r });
          }
        }
        for (let k = 0; k < item.count; ) {
          k += item.copyInto(batch, index, k);
          if (batch.full) await flush();
        }
      }
      const done = Math.min(names.length, start + batchItems);
      const elapsedMs = now() - started;
      onProgress({ rows: rows + batch.rows, bytes: bytes(), items: done, totalItems: names.length, elapsedMs, etaMs: (elapsedMs / done) * (names.length - done) });
    }
    await flush();
    const provenance: Provenance = {
      service: ctx.service,
      game: sel.game,
      ...(ctx.gameName ? { gameName: ctx.gameName } : {}),
      pollingIntervalMs: ctx.pollingIntervalMs,
      exportedAt: new Date(ctx.at).toISOString(),
      selection: { items: sel.names ?? 'all', markets: sel.markets ?? 'all', from: new Date(sel.from).toISOString(), to: new Date(sel.to).toISOString() },
      parts,
      rows,
      columns: { ...COLUMNS, price: 'price in thousandths of the currency unit, raw (before fees); Parquet: DECIMAL(18,3) over the same thousandths (12.345 is 12345 thousandths); empty/null: no price at that market from then on' },
    };
    if (cancelled()) throw new ExportCancelled();
    await csv?.finish();
    await parquet?.finish(provenance);
    const prov = sinkOf('provenance.json');
    await prov.write(new TextEncoder().encode(JSON.stringify(provenance, null, 2) + '\n'));
    for (const s of sinks) await s.close();
    onProgress({ rows, bytes: bytes(), items: names.length, totalItems: names.length, elapsedMs: now() - started, etaMs: 0 });
    return { rows, files: fileNames.map((name) => ({ name, bytes: sinkOf(name).bytes })) };
  } catch (e) {
    await abortAll(e instanceof ExportCancelled ? 'cancelled' : e instanceof Error ? e.message : String(e));
    throw e;
  }
}
