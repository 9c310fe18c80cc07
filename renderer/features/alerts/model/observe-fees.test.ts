import { describe, expect, it } from 'vitest';
import { effectiveFees } from '../../../market/markets/fees';
import { ask, order, snapshotOf } from '../../../market/model/test-helpers';
import { bestBid } from './observe';
import { ANY_MARKET } from './types';

describe('alerts net of fees, where a fee is unknown', () => {
  const RUST = 252490;
  const snap = snapshotOf(
    [{ market_hash_name: 'x', prices: [ask('steamcommunity', 10_000), ask('csfloat', 9_000)] }],
    [{ market_hash_name: 'x', orders: [order('steamcommunity', 10_000), order('csfloat', 9_000)] }],
    ['steamcommunity', 'csfloat'],
    ['steamcommunity', 'csfloat'],
    RUST,
  );

  it('see no Steam bid for Rust (its game fee is not published), and take the best known one', () => {
    const fees = effectiveFees({}, RUST);
    expect(bestBid(snap, 0, 'steamcommunity', fees, true)).toBeNull();
    expect(bestBid(snap, 0, ANY_MARKET, fees, true)).toEqual({ price: 8_820, market: 'csfloat' });
    expect(bestBid(snap, 0, 'steamcommunity', fees, false)).toEqual({ price: 10_000, market: 'steamcommunity' });
  });
});
