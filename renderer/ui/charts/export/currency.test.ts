import { describe, expect, it } from 'vitest';
import { buildChartCsv } from './csv';
import { withDisplayCurrency } from './currency';
import type { ChartData } from '../types';

const cny = {
  code: 'CNY',
  symbol: 'CN¥',
  from: 'USD',
  rate: 7.2,
  date: '2026-11-26',
  source: 'ECB',
  digits: 2,
  note: '',
  stale: false,
};

describe('a chart’s CSV in another currency', () => {
  const data: ChartData = {
    columns: [
      { key: 'window', label: 'Window', kind: 'text' },
      { key: 'median', label: 'Median', kind: 'money' },
      { key: 'sales', label: 'Sales', kind: 'count' },
    ],
    rows: [
      { window: '24 h', median: 12_345, sales: 7 },
      { window: '7 d', median: null, sales: 0 },
    ],
  };
  it('keeps the service thousandths and adds the converted figures, the currency, the rate and its date', () => {
    const lines = buildChartCsv(withDisplayCurrency(data, cny))
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('Window,Median,Sales,Median (CNY),Currency,Rate (CNY per USD),Rate date,Rate source');
    expect(lines[1]).toBe('24 h,12.345,7,88.88,CNY,7.2,2026-11-26,ECB');
    expect(lines[2]).toBe('7 d,,0,,CNY,7.2,2026-11-26,ECB');
  });
  it('unchanged without a conversion, or when the chart converted its points itself', () => {
    expect(withDisplayCurrency(data, null)).toBe(data);
    const own: ChartData = {
      ...data,
      columns: data.columns.map((c) => (c.kind === 'money' ? { ...c, unconverted: true } : c)),
    };
    expect(withDisplayCurrency(own, cny)).toBe(own);
  });
});
