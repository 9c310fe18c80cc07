import { describe, expect, it } from 'vitest';
import { ageText } from './age-text';
import { confidenceOf } from './confidence';
import { TRUST_FLAG, type ConfidenceInput, type TrustData } from './types';

const HOUR = 3_600_000;
const AT = Date.UTC(2026, 10, 27, 12);

/** One item on asks a, b and bid a; the ask cells' change / first-seen times and flags given. */
function trust(changed: number[], first: number[], askFlags = [0, 0], bidFlags = [0], polls = 5): TrustData {
  return {
    game: 730,
    at: AT,
    polls,
    askChangedAt: Float64Array.from(changed),
    askFirstSeenAt: Float64Array.from(first),
    askLastQuotedAt: Float64Array.from([AT, AT]),
    bidChangedAt: Float64Array.from([NaN]),
    askFlags: Uint8Array.from(askFlags),
    bidFlags: Uint8Array.from(bidFlags),
    stalls: [
      {
        market: 'b',
        side: 'ask',
        reason: 'frozen',
        since: AT - 2 * HOUR,
        polls: 2,
        changedShare: 0,
        othersShare: 0.4,
        itemCount: 1,
        itemCountBefore: 1,
      },
    ],
  };
}

function input(over: Partial<ConfidenceInput>): ConfidenceInput {
  return {
    trust: trust([AT - HOUR, NaN], [AT - 48 * HOUR, AT - 48 * HOUR]),
    askMarkets: ['a', 'b'],
    bidMarkets: ['a'],
    item: 0,
    bestAskCol: 0,
    bestBidCol: 0,
    askDepth: 12,
    bidDepth: 40,
    unstableReasons: [],
    liquidityScore: 8000,
    oldAfterMs: 6 * HOUR,
    ...over,
  };
}

const codes = (c: ReturnType<typeof confidenceOf>) => c.reasons.map((r) => r.code);

describe('confidenceOf', () => {
  it('high: a fresh trusted ask with depth, a buy order, a liquid item, no warning', () => {
    expect(confidenceOf(input({}))).toEqual({ level: 'high', reasons: [] });
  });

  it('medium: an old quote, said with its age', () => {
    const c = confidenceOf(input({ trust: trust([AT - 7 * HOUR - 10 * 60_000, NaN], [AT - 48 * HOUR, AT]) }));
    expect(c.level).toBe('medium');
    expect(c.reasons).toEqual([{ code: 'old-quote', text: 'Best ask unchanged for 7 h 10 min at the last refresh' }]);
  });

  it('medium: age unknown yet (never seen to change, first seen recently); old when first seen long ago', () => {
    expect(codes(confidenceOf(input({ trust: trust([NaN, NaN], [AT - HOUR, AT]) })))).toEqual(['age-unknown']);
    expect(codes(confidenceOf(input({ trust: undefined })))).toEqual(['age-unknown']);
    expect(confidenceOf(input({ trust: trust([NaN, NaN], [AT - 48 * HOUR, AT]) })).reasons[0]?.text).toBe(
      'Best ask unchanged for at least 2 days at the last refresh (since first seen)',
    );
  });

  it('low: the best ask shown is an outlier, or from a stalled market (with since when)', () => {
    const out = confidenceOf(input({ trust: trust([AT, AT], [AT, AT], [TRUST_FLAG.outlierLow, 0]) }));
    expect(out.level).toBe('low');
    expect(out.reasons[0]).toEqual({
      code: 'outlier',
      text: "The best ask on a is far below the item's other markets",
    });
    const st = confidenceOf(input({ bestAskCol: 1, trust: trust([AT, AT], [AT, AT], [0, TRUST_FLAG.stalledMarket]) }));
    expect(st.reasons[0]).toEqual({
      code: 'stalled-market',
      text: "The best ask is from a stalled market: b's prices stopped moving since 2 h ago",
    });
  });

  it("the service's unstable reasons: BOOST_RISK low, the others medium, in the spec's words", () => {
    const boost = confidenceOf(input({ unstableReasons: ['BOOST_RISK'] }));
    expect(boost).toEqual({
      level: 'low',
      reasons: [{ code: 'unstable', text: 'The service says: risk of price manipulation (BOOST_RISK)' }],
    });
    expect(confidenceOf(input({ unstableReasons: ['BIG_LISTINGS_DIFFERENCE', 'LISTINGS_PRICE'] })).level).toBe(
      'medium',
    );
  });

  it('liquidity and depth: a low liquidity score, one offer, no buy order: medium; no trusted ask: low', () => {
    expect(codes(confidenceOf(input({ liquidityScore: 300 })))).toEqual(['low-liquidity']);
    expect(confidenceOf(input({ askDepth: 1 })).reasons).toEqual([
      { code: 'thin', text: 'Only one offer behind the best ask' },
    ]);
    expect(confidenceOf(input({ bestBidCol: -1 })).reasons).toEqual([{ code: 'thin', text: 'No trusted buy order' }]);
    expect(confidenceOf(input({ bidMarkets: [], bestBidCol: -1 })).level).toBe('high');
    expect(confidenceOf(input({ bestAskCol: -1 })).level).toBe('low');
    expect(confidenceOf(input({ liquidityScore: null, unstableReasons: null })).level).toBe('high');
  });
});

describe('ageText', () => {
  it('says spans the way the tooltips do', () => {
    expect(ageText(45_000)).toBe('45 s');
    expect(ageText(12 * 60_000)).toBe('12 min');
    expect(ageText(3 * HOUR + 10 * 60_000)).toBe('3 h 10 min');
    expect(ageText(2 * HOUR)).toBe('2 h');
    expect(ageText(24 * HOUR)).toBe('1 day');
    expect(ageText(52 * HOUR)).toBe('2 days 4 h');
    expect(ageText(NaN)).toBe('unknown');
  });
});
