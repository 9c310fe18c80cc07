import { describe, expect, it } from 'vitest';
import { buildCsv, csvChunks, csvQuote, csvText, type CsvContext } from './csv';
import { computeDerived } from '../../../market/model/price-arithmetic';
import { ask, order, snapshotOf } from '../../../market/model/test-helpers';

describe('CSV quoting', () => {
  it('quotes fields with quotes, commas, newlines or edge spaces', () => {
    expect(csvQuote('plain')).toBe('plain');
    expect(csvQuote('a,b')).toBe('"a,b"');
    expect(csvQuote('say "hi"')).toBe('"say ""hi"""');
    expect(csvQuote('two\nlines')).toBe('"two\nlines"');
    expect(csvQuote(' pad')).toBe('" pad"');
    expect(csvQuote('★ Karambit | Fade (Factory New)')).toBe('★ Karambit | Fade (Factory New)');
  });
  it('guards text that a spreadsheet would run as a formula', () => {
    expect(csvText('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvText('+1')).toBe("'+1");
    expect(csvText('@me')).toBe("'@me");
    expect(csvText('AK-47')).toBe('AK-47');
  });
});

describe('buildCsv', () => {
  const A = ['steam', 'buff163'];
  const snap = snapshotOf(
    [
      { market_hash_name: 'Sticker | "Quoted", Comma', prices: [ask('steam', 12_345, 7, null), ask('buff163', 10_001, 2, 9_999)] },
      { market_hash_name: 'Nothing <b>here</b> 🔥', prices: [] },
      { market_hash_name: 'Negative', prices: [ask('steam', -1_500, 1, 0)] },
    ],
    [{ market_hash_name: 'Sticker | "Quoted", Comma', orders: [order('steam', 11_000, 30)] }],
    A,
    ['steam'],
  );
  const names: Record<string, string> = { steam: 'Steam Community Market', buff163: 'BUFF163' };
  const ctx = (net: boolean): CsvContext => {
    const d = computeDerived({ snap, askCols: [0, 1], bidCols: [0], fees: { steam: { buyBps: 0, sellBps: 1500 } }, net });
    return { snap, d, askCols: [1, 0], marketName: (s) => names[s] ?? s, net };
  };

  it('writes exact decimals, empty fields for missing values, the view order and its markets', () => {
    const text = buildCsv(ctx(false), [0, 1, 2]);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Item,Best ask,Best ask market,Best bid,Best bid market,Bid orders,Spread,Spread %,Markets listing,Total offers,' +
        'BUFF163 ask,BUFF163 locked,BUFF163 offers,Steam Community Market ask,Steam Community Market locked,Steam Community Market offers',
    );
    expect(lines[1]).toBe('"Sticker | ""Quoted"", Comma",10.001,BUFF163,11.000,Steam Community Market,30,0.999,9.99,2,9,10.001,9.999,2,12.345,,7');
    expect(lines[2]).toBe('Nothing <b>here</b> 🔥,,,,,,,,0,0,,,,,,');
    expect(lines[3]).toBe('Negative,-1.500,Steam Community Market,,,,,,1,1,,,,-1.500,0.000,1');
    expect(lines[4]).toBe('');
    expect(lines.length).toBe(5);
  });

  it('net of fees marks the headers and uses net values', () => {
    const text = buildCsv(ctx(true), [0]);
    const [head, row] = text.split('\r\n');
    expect(head).toContain('Best bid (net)');
    expect(row).toContain(',9.350,Steam Community Market,30,'); // 11.000 - 15 %
  });

  it('chunks rows without changing the text', () => {
    const c = ctx(false);
    const chunks = [...csvChunks(c, [0, 1, 2, 0, 1], 2)];
    expect(chunks.length).toBe(3);
    expect(chunks.join('')).toBe(buildCsv(c, [0, 1, 2, 0, 1]));
  });
});
