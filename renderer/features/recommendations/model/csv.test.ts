import { describe, expect, it } from 'vitest';
import { computeDerived } from '../../../market/model/price-arithmetic';
import { ask, order, snapshotOf } from '../../../market/model/test-helpers';
import { exactDecimal, recCsvChunks, recCsvHeader } from './csv';
import { conversionOn } from '../../../market/currency/conversion';
import { DAYS } from '../../../market/currency/testing/days';
import { joinRecs } from '../../../market/recommendations/join';
import { shapeRecs } from '../../../market/recommendations/rec-reader';

describe('exactDecimal', () => {
  it('is the exact decimal of thousandths, with or without a fraction', () => {
    expect(exactDecimal(12_345)).toBe('12.345');
    expect(exactDecimal(-301)).toBe('-0.301');
    expect(exactDecimal(-301.5)).toBe('-0.3015');
    expect(exactDecimal(0.25)).toBe('0.00025');
    expect(exactDecimal(1_234_567.125)).toBe('1234.567125');
    expect(exactDecimal(0)).toBe('0.000');
    expect(exactDecimal(NaN)).toBe('');
  });
});

describe('recommendations CSV', () => {
  const recs = shapeRecs(
    [
      {
        market_hash_name: '=HYPERLINK("x")',
        suggested_price: 11_000,
        unstable_reasons: ['NO_ORDERS', 'X_NEW'],
        total_sales: 7,
        price_difference: -301.5,
        price_change_percentage: -2.5,
        liquidity_score: 6703,
      },
      {
        market_hash_name: 'Plain, with comma',
        suggested_price: null,
        unstable_reasons: [],
        total_sales: 0,
        price_difference: 0,
        price_change_percentage: 0,
        liquidity_score: 0,
      },
    ],
    { game: 730, type: 'p2p', markets: ['m1'] },
    { transport: 'rest', bytes: 0, bytesDoneAt: 0, parseMs: 0 },
  )!;
  const snap = snapshotOf(
    [{ market_hash_name: '=HYPERLINK("x")', prices: [ask('m1', 10_000)] }],
    [{ market_hash_name: '=HYPERLINK("x")', orders: [order('b1', 12_000)] }],
    ['m1'],
    ['b1'],
  );
  const fees = { m1: { buyBps: 250, sellBps: 0 }, b1: { buyBps: 0, sellBps: 1000 } };
  const cols = { snap, askCols: [0], bidCols: [0], fees };
  const shown = computeDerived({ ...cols, net: false });
  const netD = computeDerived({ ...cols, net: true });
  const join = joinRecs({ recs, snap, shown, net: netD });
  const ctx = { recs, join, snap, netDerived: netD, net: false, marketName: (s: string) => s.toUpperCase() };

  it('in another currency: converted suggested price, best ask and bid, and the rate with its date, after the service columns', () => {
    const cny = conversionOn({ days: DAYS, manual: [], service: 'USD', display: 'CNY' }, '2026-11-27')!;
    const lines = [...recCsvChunks({ ...ctx, currency: cny }, Int32Array.from([1, 0]), 1)].join('').split('\r\n');
    expect(
      lines[0]!.endsWith(
        'Suggested price (CNY),Best ask (CNY),Best bid (CNY),Currency,Rate (CNY per USD),Rate date,Rate source',
      ),
    ).toBe(true);
    // 11.000 x 7.2 = 79.20; 10.000 -> 72.00; 12.000 -> 86.40; the service columns unchanged.
    expect(lines[2]!.startsWith(`"'=HYPERLINK(""x"")",11.000,7,`)).toBe(true);
    expect(lines[2]!.endsWith(`,79.20,72.00,86.40,CNY,${7.92 / 1.1},2026-11-26,ECB`)).toBe(true);
    expect(lines[1]!.endsWith(`,,,,CNY,${7.92 / 1.1},2026-11-26,ECB`)).toBe(true);
  });

  it('writes the view in order with exact decimals, guarded text, empty for missing', () => {
    const text = [...recCsvChunks(ctx, Int32Array.from([1, 0]), 1)].join('');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(recCsvHeader(ctx));
    expect(lines[0]!.split(',')).toHaveLength(27);
    expect(lines[1]).toBe(`"Plain, with comma",,0,0.000,0,0,${',,,,,,,,'},,,,,,,,,,,,`);
    expect(lines[2]).toBe(
      [
        `"'=HYPERLINK(""x"")"`,
        '11.000',
        '7',
        '-0.3015',
        '-2.5',
        '6703',
        'NO_ORDERS X_NEW',
        // shown: 10.000 on M1, gap -1.000 (-9.0909 %); bid 12.000 on B1, gap +1.000
        '10.000',
        'M1',
        '-1.000',
        '-9.0909',
        '12.000',
        'B1',
        '1.000',
        '9.0909',
        // buy: 10.000 + 0.250 = 10.250, gain 0.750 (6.8182 %); sell: 12.000 - 1.200 = 10.800, gain -0.200
        'M1',
        '10.000',
        '0.250',
        '10.250',
        '0.750',
        '6.8182',
        'B1',
        '12.000',
        '1.200',
        '10.800',
        '-0.200',
        '-1.8182',
      ].join(','),
    );
    expect(lines[3]).toBe('');
  });
});
