/**
 * The streamed CSV of a price-history export: the same columns, BOM, quoting and formula guard as the
 * app's one CSV writer (shared/csv), written from row batches straight into ~1 MiB byte chunks: each
 * item's and series' fields and each time's two fields encoded once, the numbers written digit by digit
 * (no string per row, no whole file in memory). Shown in another currency, each row also has its price
 * at the rate of its own day (price_<CODE>, currency, rate_date; rounded half away from zero).
 */
import { CSV_BOM, csvRecord, csvText } from '../../../../shared/csv/csv';
import { convertedDecimalString, type MoneyConversion } from '../../../../shared/money/money';
import type { RowBatch, SeriesColumns } from './rows';
import type { ExportSink } from './sink';

const CSV_HEAD = ['time_utc', 'time_ms', 'item', 'market', 'side', 'price', 'low', 'high', 'resolution_ms'] as const;

/** Bytes gathered before a chunk is written. */
const CHUNK_BYTES = 1 << 20;
/** Room for one row past CHUNK_BYTES (the longest item name the service sends is far shorter). */
const ROW_ROOM = 64 * 1024;
const COMMA = 44;
const CR = 13;
const LF = 10;
const MINUS = 45;
const ZERO = 48;

export class CsvStreamWriter {
  private buf = new Uint8Array(CHUNK_BYTES + ROW_ROOM);
  private pos = 0;
  private readonly encoder = new TextEncoder();
  /** Each item's and series' fields, encoded once (guarded and quoted); items as they come. */
  private readonly itemBytes: Uint8Array[] = [];
  private readonly seriesBytes: Uint8Array[];
  /** "time_utc,time_ms" of the times seen lately. */
  private times = new Map<number, Uint8Array>();
  private readonly digits = new Uint8Array(24);
  bytes = 0;

  constructor(
    private readonly sink: ExportSink,
    /** The export's items (it may grow while the export goes on). */
    private readonly names: readonly string[],
    cols: SeriesColumns,
    /** The conversion of a row's time (its day's rate); absent: no converted column. */
    private readonly conversionAt?: (ms: number) => MoneyConversion | null,
    displayCode?: string,
  ) {
    this.seriesBytes = cols.market.map((m, i) =>
      this.encoder.encode(m === null ? '' : `${csvText(m)},${csvText(cols.side[i] ?? '')}`),
    );
    const head: string[] = [
      ...CSV_HEAD,
      ...(conversionAt ? [`price_${displayCode ?? ''}`, 'currency', 'rate_date'] : []),
    ];
    this.put(this.encoder.encode(CSV_BOM + csvRecord(head.map(csvText))));
  }

  private put(b: Uint8Array): void {
    const n = b.length;
    if (this.pos + n > this.buf.length) this.room(n);
    const buf = this.buf;
    let p = this.pos;
    if (n < 48) for (let i = 0; i < n; i++) buf[p++] = b[i] as number;
    else {
      buf.set(b, p);
      p += n;
    }
    this.pos = p;
  }

  /** A field too long for the chunk's spare room: a larger buffer for it. */
  private room(n: number): void {
    const grown = new Uint8Array(this.pos + n + ROW_ROOM);
    grown.set(this.buf.subarray(0, this.pos));
    this.buf = grown;
  }

  /** A number as the CSV writes it: an integer digit by digit, NaN as nothing (no price). */
  private num(v: number): void {
    if (Number.isNaN(v)) return;
    if (!Number.isSafeInteger(v)) {
      this.put(this.encoder.encode(String(v)));
      return;
    }
    const buf = this.buf;
    if (v < 0) {
      buf[this.pos++] = MINUS;
      v = -v;
    }
    const d = this.digits;
    let k = 0;
    do {
      d[k++] = ZERO + (v % 10);
      v = Math.floor(v / 10);
    } while (v > 0);
    let p = this.pos;
    while (k > 0) buf[p++] = d[--k] as number;
    this.pos = p;
  }

  private timeBytes(ms: number): Uint8Array {
    let t = this.times.get(ms);
    if (!t) {
      if (this.times.size >= 100_000) this.times = new Map();
      t = this.encoder.encode(`${new Date(ms).toISOString()},${ms},`);
      this.times.set(ms, t);
    }
    return t;
  }

  async write(b: RowBatch): Promise<void> {
    let lastMs = NaN;
    let time: Uint8Array = new Uint8Array(0);
    for (let i = 0; i < b.rows; i++) {
      const ms = b.time[i] as number;
      if (ms !== lastMs) {
        lastMs = ms;
        time = this.timeBytes(ms);
      }
      const item = b.item[i] as number;
      this.put(time);
      this.put((this.itemBytes[item] ??= this.encoder.encode(csvText(this.names[item] as string))));
      this.buf[this.pos++] = COMMA;
      this.put(this.seriesBytes[b.series[i] as number] as Uint8Array);
      this.buf[this.pos++] = COMMA;
      this.num(b.price[i] as number);
      this.buf[this.pos++] = COMMA;
      this.num(b.low[i] as number);
      this.buf[this.pos++] = COMMA;
      this.num(b.high[i] as number);
      this.buf[this.pos++] = COMMA;
      this.num(b.resolution[i] as number);
      if (this.conversionAt) {
        const c = this.conversionAt(ms);
        const p = b.price[i] as number;
        this.put(
          this.encoder.encode(
            c ? `,${Number.isNaN(p) ? '' : convertedDecimalString(p, c)},${c.code},${c.date}` : ',,,',
          ),
        );
      }
      this.buf[this.pos++] = CR;
      this.buf[this.pos++] = LF;
      if (this.pos >= CHUNK_BYTES) await this.emit();
    }
  }

  private async emit(): Promise<void> {
    const chunk = this.buf.slice(0, this.pos);
    this.pos = 0;
    if (this.buf.length > CHUNK_BYTES + ROW_ROOM) this.buf = new Uint8Array(CHUNK_BYTES + ROW_ROOM);
    this.bytes += chunk.byteLength;
    await this.sink.write(chunk);
  }

  async finish(): Promise<void> {
    if (this.pos > 0) await this.emit();
  }
}
