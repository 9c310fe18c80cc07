import { describe, expect, it } from 'vitest';
import { TRUST_FLAG, type MarketStall, type TrustData } from '../../market/trust/types';
import {
  AGE_UNKNOWN,
  askAge,
  bidAge,
  flagClasses,
  flagText,
  isOldQuote,
  quoteAgeText,
  stallSentence,
  stallsBySlug,
} from './trust-text';

const H = 3600_000;
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

/** One item on two ask markets and one bid market. */
function trust(over: Partial<TrustData> = {}): TrustData {
  return {
    game: 730,
    at: NOW,
    polls: 6,
    askChangedAt: Float64Array.of(NOW - (3 * H + 10 * 60_000), NaN),
    askFirstSeenAt: Float64Array.of(NOW - 49 * H, NOW - 20 * 60_000),
    askLastQuotedAt: Float64Array.of(NOW, NOW - 5 * H),
    bidChangedAt: Float64Array.of(NaN),
    askFlags: Uint8Array.of(0, TRUST_FLAG.outlierHigh),
    bidFlags: Uint8Array.of(0),
    stalls: [],
    ...over,
  };
}

const stall: MarketStall = {
  market: 'csmoney',
  side: 'ask',
  reason: 'frozen',
  since: NOW - 12 * 60_000,
  polls: 4,
  changedShare: 0,
  othersShare: 0.35,
  itemCount: 900,
  itemCountBefore: 900,
};

describe('quote age text', () => {
  it('says how long the quote stood and when it was first seen', () => {
    expect(quoteAgeText(askAge(trust(), 0), NOW)).toBe('unchanged for 3 h 10 min; first seen 2 days 1 h ago');
  });
  it('says "age unknown yet" when no change was observed, never a made-up age', () => {
    expect(quoteAgeText(askAge(trust(), 1), NOW)).toBe(`${AGE_UNKNOWN}; first seen 20 min ago`);
    expect(quoteAgeText(askAge(undefined, 0), NOW)).toBe(AGE_UNKNOWN);
    expect(quoteAgeText(bidAge(trust(), 0), NOW)).toBe(AGE_UNKNOWN);
  });
  it('a market that no longer quotes the item: when it last did', () => {
    expect(quoteAgeText(askAge(trust(), 1), NOW, false)).toBe('not quoted now; last quoted 5 h ago');
  });
  it('a cell outside the trust arrays (another market choice) is unknown', () => {
    expect(askAge(trust(), 7)).toBeNull();
  });
  it('old only past the threshold, and never when the age is unknown', () => {
    expect(isOldQuote(askAge(trust(), 0), NOW, 3 * H)).toBe(true);
    expect(isOldQuote(askAge(trust(), 0), NOW, 4 * H)).toBe(false);
    expect(isOldQuote(askAge(trust(), 1), NOW, 0)).toBe(false);
  });
});

describe('flags and stalls', () => {
  it('names each flag', () => {
    expect(flagText(0)).toBe('');
    expect(flagText(TRUST_FLAG.outlierLow | TRUST_FLAG.stalledMarket)).toBe(
      "outlier: far below the item's other markets; market stalled",
    );
    expect(flagClasses(TRUST_FLAG.outlierHigh)).toBe(' is-flagged is-outlier-high');
    expect(flagClasses(TRUST_FLAG.outlierLow | TRUST_FLAG.stalledMarket)).toBe(' is-flagged is-outlier-low is-stalled');
    expect(flagClasses(0)).toBe('');
  });
  it('a stalled market: since when, for how long and the figures of its test', () => {
    const text = stallSentence(stall, 'CS.MONEY', NOW);
    expect(text).toMatch(
      /^CS\.MONEY asks stalled since .+ \(12 min\): none of its asks moved over the last 4 polls \(0 % changed\) while the other markets' did \(35 %\)$/,
    );
    expect(
      stallSentence({ ...stall, reason: 'count-fell', itemCount: 120, itemCountBefore: 1500 }, 'CS.MONEY', NOW),
    ).toContain('it quotes 120 items, down from 1,500');
  });
  it('stalls are looked up per side', () => {
    const t = trust({ stalls: [stall, { ...stall, market: 'buff163', side: 'bid' }] });
    expect([...stallsBySlug(t, 'ask').keys()]).toEqual(['csmoney']);
    expect([...stallsBySlug(t, 'bid').keys()]).toEqual(['buff163']);
    expect(stallsBySlug(undefined, 'ask').size).toBe(0);
  });
});
