import { describe, expect, it } from 'vitest';
import { shapeRecs } from '../../market/recommendations/rec-reader';
import { computeDerived } from '../../market/model/price-arithmetic';
import { ask, order, snapshotOf } from '../../market/model/test-helpers';
import { toSnapshot } from '../../market/model/snapshot';
import { TRUST_FLAG } from '../../market/trust/types';
import { confidenceInput, confidenceText, otherBests, recSignalsOf } from './row-confidence';

const row = (name: string, reasons: unknown, liquidity: number | null) => ({
  market_hash_name: name,
  suggested_price: 1000,
  unstable_reasons: reasons,
  total_sales: 1,
  price_difference: 0,
  price_change_percentage: 0,
  liquidity_score: liquidity,
});

const recs = shapeRecs(
  [row('Risky', ['BOOST_RISK', 'SOMETHING_NEW'], 120), row('Calm', [], null)],
  { game: 730, type: 'general', markets: null },
  { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 },
)!;

const snap = snapshotOf(
  [
    { market_hash_name: 'Risky', prices: [ask('steam', 900, 4, null), ask('buff163', 800, 17, null)] },
    { market_hash_name: 'No ask', prices: [] },
  ],
  [{ market_hash_name: 'Risky', orders: [order('steam', 700, 9)] }],
  ['steam', 'buff163'],
  ['steam'],
);
const d = computeDerived({ snap, askCols: [0, 1], bidCols: [0], fees: {}, net: false });

describe('a row confidence input', () => {
  it("reads the service's unstable reasons (unknown codes too) and liquidity where the list is loaded", () => {
    const s = recSignalsOf(recs);
    expect(s.of('Risky')).toEqual({ reasons: ['BOOST_RISK', 'SOMETHING_NEW'], liquidity: 120 });
    // A missing liquidity is null, never 0.
    expect(s.of('Calm')).toEqual({ reasons: [], liquidity: null });
    expect(s.of('Not in the list')).toBeNull();
  });
  it("takes the depth of the bests' own markets", () => {
    const i = snap.indexOfName('Risky');
    const input = confidenceInput(snap, d, i, recSignalsOf(recs).of('Risky'), 60_000);
    expect(input).toMatchObject({
      item: i,
      bestAskCol: 1,
      bestBidCol: 0,
      askDepth: 17,
      bidDepth: 9,
      unstableReasons: ['BOOST_RISK', 'SOMETHING_NEW'],
      liquidityScore: 120,
      oldAfterMs: 60_000,
    });
    expect(input.trust).toBeUndefined();
  });
  it('no ask, no bid, no recommendations: depth unknown (NaN) and the signals null, not 0', () => {
    const input = confidenceInput(snap, d, snap.indexOfName('No ask'), null, 60_000);
    expect(input).toMatchObject({ bestAskCol: -1, bestBidCol: -1, unstableReasons: null, liquidityScore: null });
    expect(input.askDepth).toBeNaN();
    expect(input.bidDepth).toBeNaN();
  });
  it('says the level and its reasons', () => {
    expect(
      confidenceText({
        level: 'medium',
        reasons: [
          { code: 'thin', text: 'only 1 offer' },
          { code: 'unstable', text: 'boost risk' },
        ],
      }),
    ).toBe('Confidence medium: only 1 offer; boost risk');
  });
});

describe('the bests from all quotes beside the trusted ones', () => {
  it('lists a side only where the two differ, with the quote and why it was left out', () => {
    const n = snap.n;
    const flags = new Uint8Array(n * 2);
    flags[snap.indexOfName('Risky') * 2 + 1] = TRUST_FLAG.outlierLow; // BUFF163's 8.00 is far below
    const t = {
      game: 730,
      at: 0,
      polls: 6,
      askChangedAt: new Float64Array(n * 2),
      askFirstSeenAt: new Float64Array(n * 2),
      askLastQuotedAt: new Float64Array(n * 2),
      bidChangedAt: new Float64Array(n),
      askFlags: flags,
      bidFlags: new Uint8Array(n),
      stalls: [],
    };
    const s = toSnapshot({ ...snap, trust: t });
    const trusted = computeDerived({ snap: s, askCols: [0, 1], bidCols: [0], fees: {}, net: false });
    expect(trusted.bestAsk[s.indexOfName('Risky')]).toBe(900);
    expect(otherBests(s, trusted, s.indexOfName('Risky'))).toEqual([
      { side: 'ask', price: 800, market: 'buff163', why: "outlier: far below the item's other markets" },
    ]);
    const all = computeDerived({ snap: s, askCols: [0, 1], bidCols: [0], fees: {}, net: false, quotes: 'all' });
    expect(otherBests(s, all, s.indexOfName('Risky'))).toEqual([]);
    expect(otherBests(s, trusted, s.indexOfName('No ask'))).toEqual([]);
  });
});
