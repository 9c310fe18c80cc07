/** The routes' Parquet file read back with an independent reader (hyparquet, as the history export's test does). */
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import { MemorySink } from '../../market/history/export/sink';
import { PROVENANCE_KEY } from '../../market/history/export/parquet-stream';
import { READY_RULES } from '../../market/scanner/rules';
import type { Route } from '../../market/scanner/scan';
import { ROUTE_COLUMNS } from './route-columns';
import { writeRouteParquet } from './route-parquet';

const SINCE = Date.UTC(2026, 10, 28, 1, 0);
const POLL = Date.UTC(2026, 10, 28, 1, 5);

function route(name: string, over: Partial<Route> = {}): Route {
  return {
    item: 0,
    name,
    key: name,
    polls: 2,
    since: SINCE,
    buyMarket: 'csfloat',
    buyMode: 'ask',
    buyPrice: 10_000,
    buyFee: 0,
    buyNet: 10_000,
    sellMarket: 'waxpeer',
    sellMode: 'bid',
    sellPrice: 12_000,
    sellFee: 590,
    sellNet: 11_292,
    profit: 1_292,
    roi: 0.1292,
    buyDepth: 3,
    sellDepth: NaN,
    sellDays: 0,
    locked: false,
    feeUnknown: false,
    trusted: null,
    ...over,
  };
}

const buffer = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

describe('routes Parquet', () => {
  it('keeps the rows in order with every column: money as exact decimals, missing as null, the provenance in the footer', async () => {
    const sink = new MemorySink();
    const routes = [
      route('B'),
      route('A', { trusted: true, sellDays: Infinity, feeUnknown: true, profit: 1_293, roi: 0.12925, sellDepth: 7 }),
    ];
    const rule = READY_RULES.crossToBuyOrder;
    const bytes = await writeRouteParquet(sink, routes, { rule, pollAt: POLL, game: 'Counter-Strike 2' });
    expect(sink.state).toBe('closed');
    expect(bytes).toBe(sink.byteLength);
    const file = buffer(sink.bytes());
    const rows = (await parquetReadObjects({ file })) as Array<Record<string, unknown>>;
    expect(Object.keys(rows[0]!)).toEqual([...ROUTE_COLUMNS.map((c) => c.key), 'feeUnknown']);
    expect(rows).toEqual([
      {
        name: 'B',
        buyMarket: 'csfloat',
        buyPrice: 10,
        buyFeeAmount: 0,
        sellMarket: 'waxpeer',
        sellPrice: 12,
        sellFeeAmount: 0.708,
        profit: 1.292,
        roi: 0.1292,
        buyDepth: 3,
        sellDepth: null,
        sellDays: 0,
        polls: 2,
        since: new Date(SINCE),
        trusted: null,
        feeUnknown: false,
      },
      {
        name: 'A',
        buyMarket: 'csfloat',
        buyPrice: 10,
        buyFeeAmount: 0,
        sellMarket: 'waxpeer',
        sellPrice: 12,
        sellFeeAmount: 0.708,
        profit: 1.293,
        roi: 0.12925,
        buyDepth: 3,
        sellDepth: 7,
        sellDays: Infinity,
        polls: 2,
        since: new Date(SINCE),
        trusted: 'trusted',
        feeUnknown: true,
      },
    ]);
    const kv = parquetMetadata(file).key_value_metadata ?? [];
    const provenance = JSON.parse(kv.find((k) => k.key === PROVENANCE_KEY)?.value ?? '{}') as Record<string, unknown>;
    expect(provenance).toMatchObject({
      what: 'scanner routes',
      rule,
      pollAt: '2026-11-28T01:05:00.000Z',
      game: 'Counter-Strike 2',
      rows: 2,
    });
  });

  it('writes a file with no rows when no route passes', async () => {
    const sink = new MemorySink();
    await writeRouteParquet(sink, [], { rule: READY_RULES.crossToBuyOrder, pollAt: POLL, game: 'Counter-Strike 2' });
    expect(await parquetReadObjects({ file: buffer(sink.bytes()) })).toEqual([]);
  });
});
