import { describe, expect, it } from 'vitest';
import { effectiveFees } from '../../../market/markets/fees';
import { steamAndCsfloatSnapshot } from '../../../market/model/test-helpers';
import { bestBid } from './observe';
import { ANY_MARKET } from './types';

describe('alerts net of fees, where a fee is unknown', () => {
  const RUST = 252490;
  const snap = steamAndCsfloatSnapshot(RUST);

  it('see no Steam bid for Rust (its game fee is not published), and take the best known one', () => {
    const fees = effectiveFees({}, RUST);
    expect(bestBid(snap, 0, 'steamcommunity', fees, true)).toBeNull();
    expect(bestBid(snap, 0, ANY_MARKET, fees, true)).toEqual({ price: 8_820, market: 'csfloat' });
    expect(bestBid(snap, 0, 'steamcommunity', fees, false)).toEqual({ price: 10_000, market: 'steamcommunity' });
  });
});
