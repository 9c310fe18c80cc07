import { describe, expect, it } from 'vitest';
import { effectiveFees, feeOrigin } from '../../../market/markets/fees';
import { UNKNOWN_FEE_CODE } from '../../../market/model/price-arithmetic';
import type { HoldingRow } from '../model/types';
import {
  convertValueChartData,
  seriesRequest,
  valueChartData,
  valueChartState,
  valueChartSubtitle,
} from './value-over-time';
import { formatMoney } from '../../../../shared/money/money';
import type { PortfolioSeries } from '../../../market/history/portfolio-series';
import { conversionOn, currentRate } from '../../../market/currency/conversion';
import { datedConverter } from '../../../market/currency/dated';
import { DAYS } from '../../../market/currency/testing/days';

const RUST = 252490;
const row: HoldingRow = {
  holding: {
    id: 'h',
    game: RUST,
    name: 'Door',
    quantity: 2,
    unitCost: null,
    fee: null,
    acquired: null,
    place: null,
    lockedUntil: null,
    note: '',
    origin: 'manual',
    created: 0,
    updated: 0,
  },
  remaining: 2,
  costBasis: null,
  known: true,
};

describe('the value-over-time request', () => {
  const base = {
    game: RUST,
    askMarkets: ['steamcommunity', 'csfloat'],
    bidMarkets: ['steamcommunity'],
    fees: effectiveFees({}, RUST),
  };

  it('net of fees, leaves Steam out for Rust (its game fee is not published), even when the caller would count it', () => {
    for (const feeKnown of [
      (slug: string, side: 'buyer' | 'seller') => feeOrigin(slug, side, {}, RUST) !== 'unknown',
      () => true,
    ]) {
      const req = seriesRequest([row], { ...base, feeKnown, net: true }, '30d', 1_000_000_000_000);
      expect(req.bids).toEqual([{ slug: 'steamcommunity', sellCode: UNKNOWN_FEE_CODE, known: false }]);
      expect(req.asks).toEqual([
        { slug: 'steamcommunity', sellCode: UNKNOWN_FEE_CODE, known: false },
        { slug: 'csfloat', sellCode: 200, known: true },
      ]);
    }
  });

  it('as listed (gross), Steam counts', () => {
    const req = seriesRequest([row], { ...base, feeKnown: () => true, net: false }, '30d', 1_000_000_000_000);
    expect(req.bids).toEqual([{ slug: 'steamcommunity', sellCode: 0, known: true }]);
  });
});

describe('the value over time in another currency: each point at its own day’s rate', () => {
  it('a point of an earlier day converts at that day’s rate; the service figure and the rate date stay in the export', () => {
    const inputs = { days: DAYS, manual: [], service: 'USD', display: 'CNY' };
    const view = {
      ...inputs,
      serviceKey: 'builtin',
      converting: true,
      current: currentRate(inputs, '2026-11-27'),
      at: (d: string) => conversionOn(inputs, d),
    };
    const conv = datedConverter(view, { decimals: 2, symbol: '$' })!;
    const t0 = Date.parse('2026-11-23T10:00:00Z');
    const t1 = Date.parse('2026-11-27T10:00:00Z');
    const series = {
      times: [t0, t1],
      sellNow: [10_000, 10_000],
      sellNowMissing: [0, 0],
      listLowest: [NaN, 12_345],
      listLowestMissing: [1, 0],
      first: t0,
      noHistory: [],
      points: 2,
    } as unknown as PortfolioSeries;
    const data = convertValueChartData(valueChartData(series), conv, 'USD', 'CNY');
    expect(data.columns.map((c) => c.label)).toEqual([
      'Time (UTC)',
      'Sell now (USD)',
      'Sell now (CNY)',
      'Items without a sell-now value',
      'List at lowest (USD)',
      'List at lowest (CNY)',
      'Items without a list-at-lowest value',
      'Rate date',
      'Rate (CNY per USD)',
    ]);
    // 11-23 (a Monday the file skipped): Friday 11-20's 7.7 / 1.06 -> $10.000 = CN¥72.64; 11-27: 11-26's 7.2 -> CN¥72.00.
    expect(data.rows[0]).toMatchObject({
      sellNowService: 10_000,
      sellNowDisplay: '72.64',
      rateDate: '2026-11-20',
      listLowest: null,
      listLowestDisplay: null,
    });
    expect(data.rows[1]).toMatchObject({ sellNowDisplay: '72.00', listLowestDisplay: '88.88', rateDate: '2026-11-26' });
    expect(formatMoney(data.rows[0]!.sellNow as number, conv.format)).toBe('CN¥72.64');
  });
});

describe('valueChartState and valueChartSubtitle', () => {
  const series = (times: number[]): PortfolioSeries =>
    ({ times, first: times[0] ?? null, noHistory: [], points: times.length }) as unknown as PortfolioSeries;

  it('says why nothing is drawn: no items, reading, failed, no history; ready with points', () => {
    expect(valueChartState(0, null)).toEqual({ status: 'empty', message: 'No holdings with items left to chart.' });
    expect(valueChartState(2, null)).toEqual({ status: 'loading', message: 'Reading the price history…' });
    expect(valueChartState(2, { series: null, error: 'worker gone' })).toEqual({
      status: 'error',
      message: 'The price history could not be read: worker gone',
    });
    expect(valueChartState(2, { series: series([]), error: null }).status).toBe('empty');
    expect(valueChartState(2, { series: series([1, 2]), error: null })).toEqual({ status: 'ready' });
  });

  it('names the resolution, the fees, the dated rate and at most three items left out', () => {
    expect(
      valueChartSubtitle({
        resolution: 'hourly steps',
        net: false,
        convertedTo: null,
        oldestRateDate: null,
        noHistory: [],
      }),
    ).toBe("Today's holdings at the prices recorded then, hourly steps, before fees");
    expect(
      valueChartSubtitle({
        resolution: 'hourly steps',
        net: true,
        convertedTo: 'EUR',
        oldestRateDate: '2026-01-02',
        noHistory: ['A', 'B', 'C', 'D'],
      }),
    ).toBe(
      "Today's holdings at the prices recorded then, hourly steps, net of fees; in EUR at the rate of each point's day" +
        ' (before 2026-01-02: the oldest rate kept); 4 items without history in this range (left out): A, B, C…',
    );
    expect(
      valueChartSubtitle({ resolution: 'x', net: true, convertedTo: null, oldestRateDate: null, noHistory: ['A'] }),
    ).toBe(
      "Today's holdings at the prices recorded then, x, net of fees; 1 item without history in this range (left out): A",
    );
  });
});
