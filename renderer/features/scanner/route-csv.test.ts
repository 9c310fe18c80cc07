import { describe, expect, it } from 'vitest';
import type { Route } from '../../market/scanner/scan';
import { ROUTE_COLUMNS, sortRoutes } from './route-columns';
import { ROUTE_CSV_HEAD, routeCsvBlocks } from './route-csv';

function route(name: string, over: Partial<Route> = {}): Route {
  return {
    item: 0, name, key: name, polls: 2, since: Date.UTC(2026, 10, 28, 1, 0), buyMarket: 'csfloat', buyMode: 'ask', buyPrice: 10_000, buyFee: 0, buyNet: 10_000,
    sellMarket: 'waxpeer', sellMode: 'bid', sellPrice: 12_000, sellFee: 590, sellNet: 11_292, profit: 1_292, roi: 0.1292, buyDepth: 3, sellDepth: NaN,
    sellDays: 0, locked: false, feeUnknown: false, trusted: null, ...over,
  };
}

describe('routes CSV', () => {
  it('writes every column, money as exact decimals, missing as empty, provenance on each row', () => {
    const text = [...routeCsvBlocks([route('=A, "b"')], { rule: 'Cross', pollAt: Date.UTC(2026, 10, 28, 1, 5), game: 'Counter-Strike 2' }, 10)].join('');
    const [head, row] = text.split('\r\n');
    expect(head?.split(',')).toHaveLength(ROUTE_COLUMNS.length + 4);
    expect(ROUTE_CSV_HEAD.slice(0, 4)).toEqual(['Item', 'Buy on', 'Buy', 'Buy fee']);
    expect(row).toBe(`"'=A, ""b""",csfloat,10.000,0.000,waxpeer,12.000,0.708,1.292,0.1292,3,,0,2,2026-11-28T01:00:00.000Z,,no,Cross,2026-11-28T01:05:00.000Z,Counter-Strike 2`);
  });

  it('sorts by a fee column and by trust with missing last, ties by profit', () => {
    const rs = [route('A', { sellNet: 11_000, profit: 1_000 }), route('B', { trusted: true }), route('C', { trusted: false, profit: 5 })];
    expect(sortRoutes(rs, { key: 'sellFeeAmount', dir: 'asc' }).map((r) => r.name)).toEqual(['B', 'C', 'A']);
    expect(sortRoutes(rs, { key: 'trusted', dir: 'desc' }).map((r) => r.name)).toEqual(['B', 'C', 'A']);
    expect(sortRoutes(rs, { key: 'profit', dir: 'asc' }).map((r) => r.name)).toEqual(['C', 'A', 'B']);
  });
});
