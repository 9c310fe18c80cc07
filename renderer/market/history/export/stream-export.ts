/**
 * A price-history export streamed to sinks (sink.ts) in bounded memory. Items are read from the store in
 * large batches (every item of a game: a request per batch of records; a list: one transaction, every
 * request in flight), the next batch read while this one is written. Rows (rows.ts) are written as a batch
 * fills: CSV in ~1 MiB chunks, Parquet a row group per batch, both from one read; provenance last. Rows
 * come item after item (the store's key order), each in time order, then market and side. Progress after
 * each batch; a cancel or a failure aborts every sink, so no partial file is left.
 */
import { chunkName, DAY, streamOf, type Chunk } from '../chunk-codec';
import { COLUMNS, type ExportSelection, type Provenance } from '../export-rows';
import { addPart, ExportCancelled, provenanceOf as baseProvenance, type ExportContext } from '../export-run';
import type { HistoryStore } from '../store';
import { BLOCK_DAYS } from '../tiers';
import { CsvStreamWriter } from './csv-stream';
import type { MoneyConversion } from '../../../../shared/money/money';
import { conversionOn, type CurrencyInputs } from '../../currency/conversion';
import { minorDigits } from '../../currency/currencies';
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
  /** Items done. */
  items: number;
  /** Share of the work done (items of a list; records of a game's every item). */
  fraction: number;
  elapsedMs: number;
  /** Estimated time left (ms), from the share done so far; null before anything is done. */
  etaMs: number | null;
}

export interface StreamOptions {
  /** Items read per transaction (a list of items). */
  batchItems?: number;
  /** Records read per request (a game's every item). */
  batchRecords?: number;
  /** Rows per Parquet row group (and per write to the writers). */
  rowGroupRows?: number;
  now?: () => number;
}

export interface StreamResult {
  rows: number;
  files: Array<{ name: string; bytes: number }>;
}

const BATCH_ITEMS = 256;
/**
 * How long before a range a record holding points in it may start: a daily block record spans BLOCK_DAYS
 * days (tiers.ts), every other record less.
 */
const LOOKBACK = (BLOCK_DAYS + 1) * DAY;
const ROW_GROUP_ROWS = 1 << 18;

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

/** The format writers over their sinks (opened in file order), and the rows' day conversions when the currency is another. */
async function openWriters(
  fileNames: readonly string[],
  formats: StreamFormats,
  names: string[],
  cols: ReturnType<typeof seriesColumns>,
  ctx: ExportContext,
  open: SinkFactory,
  sinks: Counted[],
) {
  for (const name of fileNames) sinks.push(new Counted(await open(name)));
  const sinkOf = (name: string): Counted => sinks[fileNames.indexOf(name)] as Counted;
  const conversionAt =
    ctx.currency && ctx.currency.service !== ctx.currency.display ? dayConversions(ctx.currency) : undefined;
  const csv = formats.csv
    ? new CsvStreamWriter(sinkOf(fileNames[0] as string), names, cols, conversionAt, ctx.currency?.display)
    : null;
  const parquet = formats.parquet
    ? new ParquetStreamWriter(
        sinkOf(fileNames[formats.csv ? 1 : 0] as string),
        names,
        cols,
        conversionAt && ctx.currency
          ? { at: conversionAt, code: ctx.currency.display, digits: minorDigits(ctx.currency.display) }
          : undefined,
      )
    : null;
  return { sinkOf, conversionAt, csv, parquet };
}

/**
 * One item's records added to `item`; the asks' and bids' stream's spans (streams[j] '') noted in the
 * provenance's parts, neighbours of one resolution joined. Returns the records read.
 */
function addItem(
  item: ItemRows,
  name: string,
  perStream: readonly Chunk[][],
  streams: readonly string[],
  sel: ExportSelection,
  parts: Provenance['parts'],
): number {
  let records = 0;
  item.reset();
  for (let j = 0; j < perStream.length; j++) {
    for (const c of perStream[j] as Chunk[]) {
      records++;
      const span = item.addChunk(c, sel.from, sel.to);
      if (span && streams[j] === '') addPart(parts, name, span, ('r' in c && c.r) || 0);
    }
  }
  return records;
}

function provenanceOf(
  ctx: ExportContext,
  sel: ExportSelection,
  parts: Provenance['parts'],
  rows: number,
  converted: boolean,
): Provenance {
  return {
    ...baseProvenance(ctx, sel, parts, rows),
    columns: {
      ...COLUMNS,
      price:
        'price in thousandths of the currency unit, raw (before fees); Parquet: DECIMAL(18,3) over the same thousandths (12.345 is 12345 thousandths); empty/null: no price at that market from then on',
    },
    ...(converted && ctx.currency
      ? {
          currency: {
            service: ctx.currency.service,
            display: ctx.currency.display,
            rounding: `CSV and Parquet price_${ctx.currency.display}: price x the rate of the row's own UTC day (the closest earlier published day; the oldest kept for older rows), rounded half away from zero to the currency's own decimals; price stays in ${ctx.currency.service} thousandths`,
            rates:
              'European Central Bank euro reference rates (units per EUR), or your own rate where you set one; rate_date names the day used (Parquet: rate, units of the display currency per service unit, as well)',
          },
        }
      : {}),
  };
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
  // The game's every item: named as the records come (a list of every name first would cost a request an item).
  const names: string[] = sel.names ? [...sel.names] : [];
  const cols = seriesColumns(series, sel.markets ? new Set(sel.markets) : null);
  const streams = [...new Set(series.map(streamOf))];
  if (!streams.includes('')) streams.push('');

  const fileNames = exportFileNames(sel.game, formats);
  const sinks: Counted[] = [];
  try {
    const { sinkOf, conversionAt, csv, parquet } = await openWriters(fileNames, formats, names, cols, ctx, open, sinks);
    const rowBatch = new RowBatch(options.rowGroupRows ?? ROW_GROUP_ROWS);
    const item = new ItemRows(cols);
    const parts: Provenance['parts'] = [];
    let rows = 0;
    const bytes = (): number => sinks.reduce((s, x) => s + x.bytes, 0);
    const flush = async (): Promise<void> => {
      if (rowBatch.rows === 0) return;
      if (cancelled()) throw new ExportCancelled();
      if (csv) await csv.write(rowBatch);
      if (parquet) await parquet.write(rowBatch);
      rows += rowBatch.rows;
      rowBatch.rows = 0;
    };

    let items = 0;
    let records = 0;
    let total = -1;
    const report = (): void => {
      const fraction = total < 0 ? 0 : total === 0 ? 1 : Math.min(1, (sel.names ? items : records) / total);
      const elapsedMs = now() - started;
      onProgress({
        rows: rows + rowBatch.rows,
        bytes: bytes(),
        items,
        fraction,
        elapsedMs,
        etaMs: fraction > 0 ? (elapsedMs / fraction) * (1 - fraction) : null,
      });
    };
    // At once: counting a large store's records takes a moment.
    report();
    total = sel.names ? sel.names.length : await store.chunkCount(sel.game);
    const batchRecords = options.batchRecords ?? BATCH_RECORDS;
    for await (const batch of readItems(store, sel, names, streams, batchItems, batchRecords)) {
      if (cancelled()) throw new ExportCancelled();
      for (const [index, perStream] of batch) {
        records += addItem(item, names[index] as string, perStream, streams, sel, parts);
        for (let k = 0; k < item.count;) {
          k += item.copyInto(rowBatch, index, k);
          if (rowBatch.full) {
            await flush();
            report();
          }
        }
        items++;
      }
      report();
    }
    await flush();
    const provenance = provenanceOf(ctx, sel, parts, rows, conversionAt !== undefined);
    if (cancelled()) throw new ExportCancelled();
    await csv?.finish();
    await parquet?.finish(provenance);
    const prov = sinkOf('provenance.json');
    await prov.write(new TextEncoder().encode(JSON.stringify(provenance, null, 2) + '\n'));
    for (const s of sinks) await s.close();
    onProgress({ rows, bytes: bytes(), items, fraction: 1, elapsedMs: now() - started, etaMs: 0 });
    return { rows, files: fileNames.map((name) => ({ name, bytes: sinkOf(name).bytes })) };
  } catch (e) {
    const reason = e instanceof ExportCancelled ? 'cancelled' : e instanceof Error ? e.message : String(e);
    await Promise.all(sinks.map((s) => s.abort(reason).catch(() => undefined)));
    throw e;
  }
}

/** Records read a request when every item of a game is exported. */
const BATCH_RECORDS = 4096;

type ItemChunks = [index: number, perStream: Chunk[][]];

/**
 * The selection's items with their records, per stream, a batch at a time; the next batch is asked for
 * before this one is used. A list of items: their records in [from - LOOKBACK, to] (batchItems a
 * transaction, a request each); every item (sel.names null): the game's records in key order, batchRecords
 * a request, each new item's name appended to `names` (an item cut by a batch's end is finished by the next).
 */
async function* readItems(
  store: HistoryStore,
  sel: ExportSelection,
  names: string[],
  streams: readonly string[],
  batchItems: number,
  batchRecords: number,
): AsyncGenerator<ItemChunks[]> {
  if (sel.names) {
    const read = async (start: number): Promise<ItemChunks[]> => {
      const slice = names.slice(start, start + batchItems);
      const keys: string[] = [];
      for (const n of slice) for (const st of streams) keys.push(chunkName(n, st));
      const got: Chunk[][] = new Array<Chunk[]>(keys.length);
      await store.eachItemChunks(sel.game, keys, sel.from, sel.to, (i, chunks) => (got[i] = chunks));
      return slice.map((_, i): ItemChunks => [start + i, streams.map((_s, j) => got[i * streams.length + j] ?? [])]);
    };
    let next = names.length > 0 ? read(0) : null;
    for (let start = 0; next; start += batchItems) {
      const batch = await next;
      next = start + batchItems < names.length ? read(start + batchItems) : null;
      yield batch;
    }
    return;
  }
  const lo = sel.from - LOOKBACK;
  let current: ItemChunks | null = null;
  let currentName = '';
  let next: Promise<Chunk[]> | null = store.chunksAfter(sel.game, null, batchRecords);
  while (next) {
    const recs: Chunk[] = await next;
    const last = recs[recs.length - 1];
    next = recs.length === batchRecords && last ? store.chunksAfter(sel.game, [last.n, last.st], batchRecords) : null;
    const out: ItemChunks[] = [];
    for (const c of recs) {
      const cut = c.n.indexOf('\u0000');
      const name = cut < 0 ? c.n : c.n.slice(0, cut);
      if (!current || name !== currentName) {
        if (current) out.push(current);
        names.push(name);
        currentName = name;
        current = [names.length - 1, streams.map((): Chunk[] => [])];
      }
      if (c.st < lo || c.st > sel.to) continue;
      const j = streams.indexOf(cut < 0 ? '' : c.n.slice(cut + 1));
      if (j >= 0) current[1][j]?.push(c);
    }
    if (!next && current) out.push(current);
    yield out;
  }
}

/** A row time's conversion: the rate of its UTC day, computed once a day. */
function dayConversions(inputs: CurrencyInputs): (ms: number) => MoneyConversion | null {
  const byDay = new Map<string, MoneyConversion | null>();
  return (ms) => {
    const day = new Date(ms).toISOString().slice(0, 10);
    let c = byDay.get(day);
    if (c === undefined) {
      c = conversionOn(inputs, day);
      byDay.set(day, c);
    }
    return c;
  };
}
