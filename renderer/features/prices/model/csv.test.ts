import { describe, expect, it } from 'vitest';
import { buildCsv, csvChunks, csvQuote, csvText, type CsvContext } from './csv';
import { computeDerived } from '../../../market/model/price-arithmetic';
import { ask, order, snapshotOf } from '../../../market/model/test-helpers';
import { TRUST_FLAG, type TrustData } from '../../../market/trust/types';
import { conversionOn } from '../../../market/currency/conversion';
import { DAYS } from '../../../market/currency/testing/days';

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
      {
        market_hash_name: 'Sticker | "Quoted", Comma',
        prices: [ask('steam', 12_345, 7, null), ask('buff163', 10_001, 2, 9_999)],
      },
      { market_hash_name: 'Nothing <b>here</b> 🔥', prices: [] },
      { market_hash_name: 'Negative', prices: [ask('steam', -1_500, 1, 0)] },
    ],
    [{ market_hash_name: 'Sticker | "Quoted", Comma', orders: [order('steam', 11_000, 30)] }],
    A,
    ['steam'],
  );
  const names: Record<string, string> = { steam: 'Steam Community Market', buff163: 'BUFF163' };
  const ctx = (net: boolean): CsvContext => {
    const d = computeDerived({
      snap,
      askCols: [0, 1],
      bidCols: [0],
      fees: { steam: { buyBps: 0, sellBps: 1500 } },
      net,
    });
    return { snap, d, askCols: [1, 0], marketName: (s) => names[s] ?? s, net };
  };

  it('writes exact decimals, empty fields for missing values, the view order and its markets', () => {
    const text = buildCsv(ctx(false), [0, 1, 2]);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Item,Best ask,Best ask market,Best bid,Best bid market,Bid orders,Spread,Spread %,Markets listing,Total offers,' +
        'Mark,Best ask age (s),Best bid age (s),' +
        'BUFF163 ask,BUFF163 locked,BUFF163 offers,BUFF163 ask age (s),BUFF163 stalled,BUFF163 outlier,' +
        'Steam Community Market ask,Steam Community Market locked,Steam Community Market offers,Steam Community Market ask age (s),Steam Community Market stalled,Steam Community Market outlier',
    );
    // Without trust data (not computed yet) the ages and flags are empty, never 0 or "no"; the mark is over every
    // quote then: the depth-weighted median of 10.001 (2 offers) and 12.345 (7 offers).
    expect(lines[1]).toBe(
      '"Sticker | ""Quoted"", Comma",10.001,BUFF163,11.000,Steam Community Market,30,0.999,9.99,2,9,12.345,,,10.001,9.999,2,,,,12.345,,7,,,',
    );
    expect(lines[2]).toBe('Nothing <b>here</b> 🔥,,,,,,,,0,0,,,,,,,,,,,,,,,');
    expect(lines[3]).toBe('Negative,-1.500,Steam Community Market,,,,,,1,1,-1.500,,,,,,,,,-1.500,0.000,1,,,');
    expect(lines[4]).toBe('');
    expect(lines.length).toBe(5);
  });

  it('net of fees marks the headers and uses net values', () => {
    const text = buildCsv(ctx(true), [0]);
    const [head, row] = text.split('\r\n');
    expect(head).toContain('Best bid (net)');
    expect(row).toContain(',9.350,Steam Community Market,30,'); // 11.000 - 15 %
  });

  it('in another display currency: the USD thousandths stay, converted columns, the currency, the rate and its date follow', () => {
    const cny = conversionOn({ days: DAYS, manual: [], service: 'USD', display: 'CNY' }, '2026-11-27')!;
    const text = buildCsv({ ...ctx(false), currency: cny }, [0, 1]);
    const [head, row, empty] = text.split('\r\n');
    expect(head).toContain('Best ask (USD),Best ask market,Best bid (USD)');
    expect(
      head!.endsWith(
        'Best ask (CNY),Best bid (CNY),Spread (CNY),Mark (CNY),BUFF163 ask (CNY),Steam Community Market ask (CNY),Currency,Rate (CNY per USD),Rate date,Rate source',
      ),
    ).toBe(true);
    // 10.001 USD x (7.92 / 1.1 = 7.2) = 72.0072 -> 72.01 (half away from zero, CNY has 2 decimals); 11.000 -> 79.20; 0.999 -> 7.1928 -> 7.19.
    const rate = 7.92 / 1.1;
    expect(row!.endsWith(`,72.01,79.20,7.19,88.88,72.01,88.88,CNY,${rate},2026-11-26,ECB`)).toBe(true);
    expect(empty!.endsWith(',,,,,,,CNY,' + String(rate) + ',2026-11-26,ECB')).toBe(true);
  });

  it('chunks rows without changing the text', () => {
    const c = ctx(false);
    const chunks = [...csvChunks(c, [0, 1, 2, 0, 1], 2)];
    expect(chunks.length).toBe(3);
    expect(chunks.join('')).toBe(buildCsv(c, [0, 1, 2, 0, 1]));
  });
});

describe('buildCsv: trust columns', () => {
  const A = ['steam', 'buff163'];
  const AT = Date.UTC(2026, 10, 28, 0, 0, 0);
  const snap = snapshotOf(
    [
      { market_hash_name: 'AK', prices: [ask('steam', 12_000, 7), ask('buff163', 5_000, 2)] },
      { market_hash_name: 'M4', prices: [ask('steam', 3_000, 1)] },
    ],
    [{ market_hash_name: 'AK', orders: [order('steam', 11_000, 30)] }],
    A,
    ['steam'],
  );
  // Cells: item * 2 + k. AK on buff163 (cell 1) is a low outlier, unchanged for 90 s; M4 on steam (cell 2) is of a stalled feed, its age unknown.
  const trust: TrustData = {
    game: 730,
    at: AT,
    polls: 6,
    askChangedAt: Float64Array.from([AT - 3_600_000, AT - 90_000, NaN, NaN]),
    askFirstSeenAt: new Float64Array(4).fill(NaN),
    askLastQuotedAt: new Float64Array(4).fill(AT),
    bidChangedAt: Float64Array.from([AT - 1_500, NaN]),
    askFlags: Uint8Array.from([0, TRUST_FLAG.outlierLow, TRUST_FLAG.stalledMarket, 0]),
    bidFlags: new Uint8Array(2),
    stalls: [],
  };
  const withTrust = { ...snap, trust };
  // The trusted bests and the mark, as the grid has them by default.
  const d = computeDerived({ snap: withTrust, askCols: [0, 1], bidCols: [0], fees: {}, net: false });
  const ctx: CsvContext = { snap: withTrust, d, askCols: [0, 1], marketName: (s) => s, net: false };

  it('per quote its age in whole seconds at the poll, stalled and outlier flags; per item the mark', () => {
    const [head, ak, m4] = buildCsv(ctx, [0, 1]).split('\r\n');
    expect(head).toContain(
      'Mark,Best ask age (s),Best bid age (s),steam ask,steam locked,steam offers,steam ask age (s),steam stalled,steam outlier,buff163 ask',
    );
    // The outlier is left out: best ask Steam's 12.000, an hour old; best bid Steam's, 1 s old (1.5 s floored); the mark
    // is the one trusted ask (above the bid that bounds it). The outlier's own cell says so.
    expect(ak).toBe(
      'AK,12.000,steam,11.000,steam,30,-1.000,-8.33,2,9,12.000,3600,1,12.000,,7,3600,no,no,5.000,,2,90,no,low',
    );
    // A stalled feed's quote: no trusted best, no mark; its age unknown yet: empty; no quote: every trust field empty.
    expect(m4).toBe('M4,,,,,,,,1,1,,,,3.000,,1,,yes,no,,,,,,');
  });
});
