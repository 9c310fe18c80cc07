/**
 * The streamed Parquet file of a price-history export, written row group by row group as the batches fill
 * (hyparquet-writer's ParquetWriter: each group's bytes go to the sink before the next is encoded). Types
 * follow Parquet's logical types (https://github.com/apache/parquet-format/blob/master/LogicalTypes.md):
 * time TIMESTAMP(MILLIS, UTC), prices DECIMAL(18, 3) over thousandths, names dictionary-encoded strings.
 * The provenance goes in the footer's key-value metadata ('market-desk.provenance'). Every column, the
 * currency columns and the statistics kept: ../README.md, "Parquet stream (export/parquet-stream.ts)".
 */
import type { SchemaElement } from 'hyparquet';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { convertToMinor, type MoneyConversion } from '../../../../shared/money/money';
import type { RowBatch, SeriesColumns } from './rows';
import type { ExportSink } from './sink';

/** Money as Parquet's DECIMAL(18, 3) over INT64 integer thousandths (null where missing). */
export const decimal = (name: string): SchemaElement => ({
  name,
  type: 'INT64',
  repetition_type: 'OPTIONAL',
  converted_type: 'DECIMAL',
  scale: 3,
  precision: 18,
  logical_type: { type: 'DECIMAL', scale: 3, precision: 18 },
});

/** A UTF-8 string column. */
export const text = (name: string, optional = false): SchemaElement => ({
  name,
  type: 'BYTE_ARRAY',
  repetition_type: optional ? 'OPTIONAL' : 'REQUIRED',
  converted_type: 'UTF8',
  logical_type: { type: 'STRING' },
});

/** The converted columns: the price in `code` (with its `digits` decimals), the rate and the rate's day. */
const convertedSchema = (code: string, digits: number): SchemaElement[] => [
  {
    name: `price_${code}`,
    type: 'INT64',
    repetition_type: 'OPTIONAL',
    converted_type: 'DECIMAL',
    scale: digits,
    precision: 18,
    logical_type: { type: 'DECIMAL', scale: digits, precision: 18 },
  },
  { name: 'rate', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
  text('rate_date', true),
];

/** What the converted columns need: each row time's conversion and the display currency. */
export interface ParquetConversion {
  at: (ms: number) => MoneyConversion | null;
  code: string;
  digits: number;
}

const PARQUET_SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: 8 },
  {
    name: 'time',
    type: 'INT64',
    repetition_type: 'REQUIRED',
    converted_type: 'TIMESTAMP_MILLIS',
    logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
  },
  text('item'),
  text('market'),
  text('side'),
  decimal('price'),
  decimal('low'),
  decimal('high'),
  { name: 'resolution_ms', type: 'INT32', repetition_type: 'REQUIRED' },
];

export const PROVENANCE_KEY = 'market-desk.provenance';

/** hyparquet-writer's byte writer, drained into the sink at each row group and at the end (every streamed Parquet export). */
export class SinkWriter extends ByteWriter {
  constructor(private readonly sink: ExportSink) {
    super(1 << 20);
  }
  flush(): Promise<void> {
    const chunk = new Uint8Array(this.buffer.slice(0, this.index));
    this.index = 0;
    return chunk.byteLength > 0 ? this.sink.write(chunk) : Promise.resolve();
  }
  override finish(): Promise<void> {
    return this.flush();
  }
}

/** Thousandths as a DECIMAL column's value (null: missing). */
export const big = (v: number): bigint | null => (Number.isNaN(v) ? null : BigInt(Math.round(v)));

export class ParquetStreamWriter {
  private readonly writer: SinkWriter;
  private readonly pq: ParquetWriter;
  private readonly market: string[];
  private readonly side: string[];

  constructor(
    sink: ExportSink,
    private readonly names: readonly string[],
    cols: SeriesColumns,
    private readonly conversion?: ParquetConversion,
  ) {
    this.writer = new SinkWriter(sink);
    const extra = conversion ? convertedSchema(conversion.code, conversion.digits) : [];
    const [root, ...rest] = PARQUET_SCHEMA as [SchemaElement, ...SchemaElement[]];
    this.pq = new ParquetWriter({
      writer: this.writer,
      schema: [{ ...root, num_children: rest.length + extra.length }, ...rest, ...extra],
      createdBy: 'Market Desk price history export',
    });
    this.market = cols.market.map((m) => m ?? '');
    this.side = cols.side.map((m) => m ?? '');
  }

  get bytes(): number {
    return this.writer.offset;
  }

  /** One row group of the batch's rows. */
  async write(b: RowBatch): Promise<void> {
    const n = b.rows;
    if (n === 0) return;
    const time = new Array<number>(n);
    const item = new Array<string>(n);
    const market = new Array<string>(n);
    const side = new Array<string>(n);
    const price = new Array<bigint | null>(n);
    const low = new Array<bigint | null>(n);
    const high = new Array<bigint | null>(n);
    const res = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const s = b.series[i] as number;
      time[i] = b.time[i] as number;
      item[i] = this.names[b.item[i] as number] as string;
      market[i] = this.market[s] as string;
      side[i] = this.side[s] as string;
      price[i] = big(b.price[i] as number);
      low[i] = big(b.low[i] as number);
      high[i] = big(b.high[i] as number);
      res[i] = b.resolution[i] as number;
    }
    await this.pq.write({
      columnData: [
        { name: 'time', data: time },
        { name: 'item', data: item, encoding: 'RLE_DICTIONARY' },
        { name: 'market', data: market, encoding: 'RLE_DICTIONARY', statistics: false },
        { name: 'side', data: side, encoding: 'RLE_DICTIONARY', statistics: false },
        { name: 'price', data: price },
        { name: 'low', data: low, statistics: false },
        { name: 'high', data: high, statistics: false },
        { name: 'resolution_ms', data: res, statistics: false },
        ...(this.conversion ? this.convertedColumns(b, n) : []),
      ],
      rowGroupSize: n,
    });
  }

  /** The converted price (minor units of the display currency), the rate and its day, per row. */
  private convertedColumns(b: RowBatch, n: number) {
    const at = (this.conversion as ParquetConversion).at;
    const conv = new Array<bigint | null>(n);
    const rate = new Array<number | null>(n);
    const day = new Array<string | null>(n);
    for (let i = 0; i < n; i++) {
      const c = at(b.time[i] as number);
      const p = b.price[i] as number;
      conv[i] = c && !Number.isNaN(p) ? BigInt(convertToMinor(p, c.rate, c.digits)) : null;
      rate[i] = c ? c.rate : null;
      day[i] = c ? c.date : null;
    }
    return [
      { name: `price_${(this.conversion as ParquetConversion).code}`, data: conv, statistics: false },
      { name: 'rate', data: rate, statistics: false },
      { name: 'rate_date', data: day, encoding: 'RLE_DICTIONARY' as const, statistics: false },
    ];
  }

  /** Writes the footer (with the provenance) and the last bytes. */
  async finish(provenance: unknown): Promise<void> {
    this.pq.kvMetadata = [{ key: PROVENANCE_KEY, value: JSON.stringify(provenance) }];
    await this.pq.finish();
  }
}
