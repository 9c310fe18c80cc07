import { describe, expect, it } from 'vitest';
import type { Route } from '../../market/scanner/scan';
import { ROUTE_COLUMNS, sortRoutes } from './route-columns';
import { ROUTE_CSV_HEAD, routeCsvBlocks } from './route-csv';
import { conversionOn } from '../../market/currency/conversion';
import { DAYS } from '../../market/currency/testing/days';

function route(name: string, over: Partial<Route> = {}): Route {
  return {
    item: 0,
    name,
    key: name,
    polls: 2,
    since: Date.UTC(2026, 10, 28, 1, 0),
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

describe('routes CSV', () => {
  it('writes every column, money as exact decimals, missing as empty, provenance on each row', () => {
    const text = [
      ...routeCsvBlocks(
        [route('=A, "b"')],
        { rule: 'Cross', pollAt: Date.UTC(2026, 10, 28, 1, 5), game: 'Counter-Strike 2' },
        10,
      ),
    ].join('');
    const [head, row] = text.split('\r\n');
    expect(head?.split(',')).toHaveLength(ROUTE_COLUMNS.length + 4);
    expect(ROUTE_CSV_HEAD.slice(0, 4)).toEqual(['Item', 'Buy on', 'Buy', 'Buy fee']);
    expect(row).toBe(
      `"'=A, ""b""",csfloat,10.000,0.000,waxpeer,12.000,0.708,1.292,0.1292,3,,0,2,2026-11-28T01:00:00.000Z,,no,Cross,2026-11-28T01:05:00.000Z,Counter-Strike 2`,
    );
  });

  it('in another currency: converted buy, sell and net profit, with the rate and its date, after the provenance', () => {
    const cny = conversionOn({ days: DAYS, manual: [], service: 'USD', display: 'CNY' }, '2026-11-27')!;
    const text = [
      ...routeCsvBlocks(
        [route('A')],
        { rule: 'Cross', pollAt: Date.UTC(2026, 10, 28, 1, 5), game: 'Counter-Strike 2', currency: cny },
        10,
      ),
    ].join('');
    const [head, row] = text.split('\r\n');
    expect(
      head!.endsWith('Game,Buy (CNY),Sell (CNY),Net profit (CNY),Currency,Rate (CNY per USD),Rate date,Rate source'),
    ).toBe(true);
    // 10.000 x 7.2 = 72.00; 12.000 -> 86.40; 1.292 -> 9.3024 -> 9.30
    expect(row!.endsWith(`,Counter-Strike 2,72.00,86.40,9.30,CNY,${7.92 / 1.1},2026-11-26,ECB`)).toBe(true);
    expect(row!.startsWith('A,csfloat,10.000,')).toBe(true);
  });

  it('sorts by a fee column and by trust with missing last, ties by profit', () => {
    const rs = [
      route('A', { sellNet: 11_000, profit: 1_000 }),
      route('B', { trusted: true }),
      route('C', { trusted: false, profit: 5 }),
    ];
    expect(sortRoutes(rs, { key: 'sellFeeAmount', dir: 'asc' }).map((r) => r.name)).toEqual(['B', 'C', 'A']);
    expect(sortRoutes(rs, { key: 'trusted', dir: 'desc' }).map((r) => r.name)).toEqual(['B', 'C', 'A']);
    expect(sortRoutes(rs, { key: 'profit', dir: 'asc' }).map((r) => r.name)).toEqual(['C', 'A', 'B']);
  });
});
