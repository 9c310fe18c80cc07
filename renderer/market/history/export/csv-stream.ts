/**
 * The streamed CSV of a price-history export: the same columns, BOM, quoting and formula guard as the
 * app's one CSV writer (shared/csv), written from row batches into large UTF-8 chunks (about CHUNK_CHARS
 * characters each), never a whole file in memory.
 */
import { CSV_BOM, csvRecord, csvText } from '../../../../shared/csv/csv';
import type { RowBatch, SeriesColumns } from './rows';
import type { ExportSink } from './sink';

export const CSV_HEAD = ['time_utc', 'time_ms', 'item', 'market', 'side', 'price', 'low', 'high', 'resolution_ms'] as const;

/** Characters gathered before a chunk is encoded and written (about 1 MiB of mostly ASCII). */
const CHUNK_CHARS = 1 << 20;

const num = (v: number): string => (Number.isNaN(v) ? '' : String(v));

export class CsvStreamWriter {
  private text = CSV_BOM + csvRecord(CSV_HEAD.map(csvText));
  private readonly encoder = new TextEncoder();
  /** Each item's and series' fields, written once (guarded and quoted). */
  private readonly itemText: string[];
  private readonly seriesText: string[];
  private lastMs = NaN;
  private lastTime = '';
  bytes = 0;

  constructor(
    private readonly sink: ExportSink,
    names: readonly string[],
    cols: SeriesColumns,
  ) {
    this.itemText = names.map(csvText);
    this.seriesText = cols.market.map((m, i) => (m === null ? '' : `${csvText(m)},${csvText(cols.side[i] ?? '')}`));
  }

  async write(b: RowBatch): Promise<void> {
    let text = this.text;
    for (let i = 0; i < b.rows; i++) {
      const ms = b.time[i] as number;
      if (ms !== this.lastMs) {
        this.lastMs = ms;
        this.lastTime = `${new Date(ms).toISOString()},${ms}`;
      }
      text += `${this.lastTime},${this.itemText[b.item[i] as number]},${this.seriesText[b.series[i] as number]},${num(b.price[i] as number)},${num(b.low[i] as number)},${num(b.high[i] as number)},${b.resolution[i]}\r\n`;
      if (text.length >= CHUNK_CHARS) {
        await this.emit(text);
        text = '';
      }
    }
    this.text = text;
  }

  private async emit(text: string): Promise<void> {
    const chunk = this.encoder.encode(text);
    this.bytes += chunk.byteLength;
    await this.sink.write(chunk);
  }

  async finish(): Promise<void> {
    if (this.text) await this.emit(this.text);
    this.text = '';
  }
}
