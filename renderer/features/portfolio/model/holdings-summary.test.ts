import { describe, expect, it } from 'vitest';
import { summarizeHoldings } from './holdings-summary';

describe('summarizeHoldings', () => {
  it('adds the items held and the known costs, counting lots without a cost', () => {
    expect(
      summarizeHoldings([
        { remaining: 2, costBasis: 1500 },
        { remaining: 1, costBasis: null },
        { remaining: 3, costBasis: 250 },
      ]),
    ).toEqual({ items: 6, cost: 1750, costKnown: 2, costMissing: 1 });
  });

  it('leaves sold-out lots out of the cost counts', () => {
    expect(
      summarizeHoldings([
        { remaining: 0, costBasis: null },
        { remaining: 0, costBasis: 900 },
      ]),
    ).toEqual({ items: 0, cost: 0, costKnown: 0, costMissing: 0 });
  });
});
