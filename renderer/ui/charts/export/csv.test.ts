import { describe, expect, it } from 'vitest';
import type { ChartData } from '../types';
import { buildChartCsv } from './csv';

const data: ChartData = {
  columns: [
    { key: 'name', label: 'Item', kind: 'text' },
    { key: 'price', label: 'Median price', kind: 'money' },
    { key: 'sales', label: 'Sales, 7 days', kind: 'count' },
    { key: 'change', label: 'Change %', kind: 'percent' },
    { key: 'score', label: 'Liquidity', kind: 'number' },
  ],
  rows: [
    { name: 'AK-47 | Redline (Field-Tested)', price: 1234567, sales: 42, change: 12.5, score: 0.1 },
    { name: 'Sticker | "Quoted", Comma', price: 1, sales: 0, change: -0.25, score: 3 },
    { name: '=HYPERLINK("http://x")', price: null, sales: null, change: null, score: null },
    { name: '-5 Knife', price: -1500, sales: 7.6, change: 0, score: 1e-7 },
    { name: 'Missing keys' },
  ],
};

describe('buildChartCsv', () => {
  it('writes a BOM, the header, exact money, integer counts, empty for missing, guarded quoted text', () => {
    expect(buildChartCsv(data)).toBe(
      '\uFEFF' +
        'Item,Median price,"Sales, 7 days",Change %,Liquidity\r\n' +
        'AK-47 | Redline (Field-Tested),1234.567,42,12.5,0.1\r\n' +
        '"Sticker | ""Quoted"", Comma",0.001,0,-0.25,3\r\n' +
        '"\'=HYPERLINK(""http://x"")",,,,\r\n' +
        "'-5 Knife,-1.500,8,0,1e-7\r\n" +
        'Missing keys,,,,\r\n',
    );
  });

  it('leaves non-finite numbers empty (never "NaN" or "Infinity") and has a header even without rows', () => {
    const csv = buildChartCsv({
      columns: [
        { key: 'a', label: 'A', kind: 'money' },
        { key: 'b', label: 'B', kind: 'number' },
      ],
      rows: [{ a: Number.NaN, b: Number.POSITIVE_INFINITY }],
    });
    expect(csv).toBe('\uFEFFA,B\r\n,\r\n');
    expect(buildChartCsv({ columns: [{ key: 'a', label: '@label', kind: 'text' }], rows: [] })).toBe(
      "\uFEFF'@label\r\n",
    );
  });

  it('round-trips through an RFC 4180 reader to the same values', () => {
    const parsed = parseCsv(buildChartCsv(data).slice(1));
    expect(parsed[0]).toEqual(['Item', 'Median price', 'Sales, 7 days', 'Change %', 'Liquidity']);
    expect(parsed[2]).toEqual(['Sticker | "Quoted", Comma', '0.001', '0', '-0.25', '3']);
    for (const row of parsed) expect(row).toHaveLength(data.columns.length);
    expect(parsed).toHaveLength(data.rows.length + 1);
    // Money back to thousandths exactly.
    expect(Math.round(Number(parsed[1]![1]) * 1000)).toBe(1234567);
  });
});

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF), for the test only. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}
