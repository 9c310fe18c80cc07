/**
 * The routes' Parquet file: the table's rows in its order, one column per table column (the CSV's values,
 * route-columns.ts `value`), through the price history's streamed Parquet writer (market/history/export/
 * parquet-stream.ts). Logical types (https://github.com/apache/parquet-format/blob/master/LogicalTypes.md):
 * money INT64 DECIMAL(18, 3) over the integer thousandths, ROI and days DOUBLE, counts INT32, since INT64
 * TIMESTAMP(MILLIS, UTC), text UTF-8, fee unknown BOOLEAN (KIND, the schema below). Missing is null, never 0. The
 * provenance (the rule in full, the poll's time, the game) goes in the footer's metadata, as the history's.
 */
import type { SchemaElement } from 'hyparquet';
import { ParquetWriter } from 'hyparquet-writer';
import { big, decimal, PROVENANCE_KEY, SinkWriter, text } from '../../market/history/export/parquet-stream';
import type { ExportSink } from '../../market/history/export/sink';
import type { ScanRule } from '../../market/scanner/rules';
import type { Route } from '../../market/scanner/scan';
import { ROUTE_COLUMNS, type RouteColKey } from './route-columns';

type Kind = 'text' | 'optional-text' | 'money' | 'double' | 'int' | 'timestamp';

const KIND: Record<RouteColKey, Kind> = {
  name: 'text',
  buyMarket: 'text',
  buyPrice: 'money',
  buyFeeAmount: 'money',
  sellMarket: 'text',
  sellPrice: 'money',
  sellFeeAmount: 'money',
  profit: 'money',
  roi: 'double',
  buyDepth: 'int',
  sellDepth: 'int',
  // Infinity where the market has no sales (the CSV's "no sales"), 0 into a buy order.
  sellDays: 'double',
  polls: 'int',
  since: 'timestamp',
  trusted: 'optional-text',
};

function element(name: string, kind: Kind): SchemaElement {
  switch (kind) {
    case 'text':
      return text(name);
    case 'optional-text':
      return { ...text(name), repetition_type: 'OPTIONAL' };
    case 'money':
      return decimal(name);
    case 'double':
      return { name, type: 'DOUBLE', repetition_type: 'OPTIONAL' };
    case 'int':
      return { name, type: 'INT32', repetition_type: 'OPTIONAL' };
    case 'timestamp':
      return {
        name,
        type: 'INT64',
        repetition_type: 'OPTIONAL',
        converted_type: 'TIMESTAMP_MILLIS',
        logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
      };
  }
}

const ROUTE_PARQUET_SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: ROUTE_COLUMNS.length + 1 },
  ...ROUTE_COLUMNS.map((c) => element(c.key, KIND[c.key])),
  { name: 'feeUnknown', type: 'BOOLEAN', repetition_type: 'REQUIRED' },
];

export interface RouteParquetProvenance {
  rule: ScanRule;
  /** The poll's time (ms). */
  pollAt: number;
  game: string;
}

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

function columnOf(key: RouteColKey, routes: readonly Route[]): unknown[] {
  const col = ROUTE_COLUMNS.find((c) => c.key === key)!;
  switch (KIND[key]) {
    case 'money':
      return routes.map((r) => {
        const v = col.value(r);
        return typeof v === 'number' ? big(v) : null;
      });
    case 'timestamp':
      return routes.map((r) => (Number.isFinite(r.since) ? BigInt(Math.round(r.since)) : null));
    case 'double':
      // sellDays: Infinity (no sales) is a value here, as the table's "no sales".
      return routes.map((r) => (key === 'sellDays' ? (Number.isNaN(r.sellDays) ? null : r.sellDays) : finite(r.roi)));
    default:
      return routes.map((r) => col.value(r));
  }
}

/** Writes the routes as one Parquet file into `sink` (one row group) and closes it; a failure aborts the sink. Returns the bytes written. */
export async function writeRouteParquet(
  sink: ExportSink,
  routes: readonly Route[],
  p: RouteParquetProvenance,
): Promise<number> {
  const writer = new SinkWriter(sink);
  try {
    const pq = new ParquetWriter({
      writer,
      schema: ROUTE_PARQUET_SCHEMA,
      createdBy: 'Market Desk scanner route export',
    });
    if (routes.length > 0) {
      await pq.write({
        columnData: [
          ...ROUTE_COLUMNS.map((c) => ({ name: c.key, data: columnOf(c.key, routes) })),
          { name: 'feeUnknown', data: routes.map((r) => r.feeUnknown) },
        ],
        rowGroupSize: routes.length,
      });
    }
    pq.kvMetadata = [
      {
        key: PROVENANCE_KEY,
        value: JSON.stringify({
          app: 'Market Desk',
          what: 'scanner routes',
          rule: p.rule,
          pollAt: new Date(p.pollAt).toISOString(),
          game: p.game,
          rows: routes.length,
        }),
      },
    ];
    await pq.finish();
    await sink.close();
    return writer.offset;
  } catch (e) {
    await sink.abort(e instanceof Error ? e.message : String(e)).catch(() => undefined);
    throw e;
  }
}
