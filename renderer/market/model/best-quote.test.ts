import { describe, expect, it } from 'vitest';
import { TRUST_FLAG } from '../trust/types';
import { bestNetPair, isTrustedQuote } from './best-quote';

/** Every pair by brute force, in the order bestArbitrage used to walk them (first buy, then first sell, on ties). */
function brute(buy: number[], bm: number[], sell: number[], sm: number[], same: boolean): [number, number] | null {
  let best: [number, number] | null = null;
  let top = -Infinity;
  buy.forEach((c, i) =>
    sell.forEach((v, j) => {
      if (Number.isNaN(c) || Number.isNaN(v) || (!same && bm[i] === sm[j])) return;
      if (v - c > top) {
        top = v - c;
        best = [i, j];
      }
    }),
  );
  return best;
}

describe('bestNetPair', () => {
  it("takes the second-best sell for a buy on the best sell's market", () => {
    const pick = { buy: -1, sell: -1 };
    // Market 0 is both the cheapest buy and the dearest sell: the best cross-market pair is buy 0 / sell on market 2.
    expect(bestNetPair([100, 120, NaN], [0, 1, 2], 3, [200, 150, 180], [0, 1, 2], 3, false, pick)).toBe(true);
    expect(pick).toEqual({ buy: 0, sell: 2 });
    expect(bestNetPair([100, 120, NaN], [0, 1, 2], 3, [200, 150, 180], [0, 1, 2], 3, true, pick)).toBe(true);
    expect(pick).toEqual({ buy: 0, sell: 0 });
    expect(bestNetPair([100], [0], 1, [200], [0], 1, false, pick)).toBe(false);
  });

  it('agrees with every pair walked by brute force, ties included', () => {
    let seed = 1;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 500; round++) {
      const nb = 1 + Math.floor(rnd() * 5);
      const ns = 1 + Math.floor(rnd() * 5);
      const val = () => (rnd() < 0.2 ? NaN : Math.floor(rnd() * 6));
      const buy = Array.from({ length: nb }, val);
      const sell = Array.from({ length: ns }, val);
      const bm = Array.from({ length: nb }, (_, i) => i);
      const sm = Array.from({ length: ns }, (_, j) => (j + 2) % 6);
      const same = rnd() < 0.3;
      const pick = { buy: -1, sell: -1 };
      const got = bestNetPair(buy, bm, nb, sell, sm, ns, same, pick) ? [pick.buy, pick.sell] : null;
      expect(got).toEqual(brute(buy, bm, sell, sm, same));
    }
  });
});

describe('isTrustedQuote', () => {
  it('is false for a quote with an untrusted flag', () => {
    expect(isTrustedQuote(0)).toBe(true);
    expect(isTrustedQuote(TRUST_FLAG.outlierLow)).toBe(false);
    expect(isTrustedQuote(TRUST_FLAG.stalledMarket)).toBe(false);
  });
});
