import { describe, expect, it } from 'vitest';
import { effectiveFees, feeOrigin } from '../../../market/markets/fees';
import { UNKNOWN_FEE_CODE } from '../../../market/model/price-arithmetic';
import type { HoldingRow } from '../model/types';
import { seriesRequest } from './value-over-time';

const RUST = 252490;
const row: HoldingRow = {
  holding: { id: 'h', game: RUST, name: 'Door', quantity: 2, unitCost: null, fee: null, acquired: null, place: null, lockedUntil: null, note: '', origin: 'manual', created: 0, updated: 0 },
  remaining: 2,
  costBasis: null,
  known: true,
};

describe('the value-over-time request', () => {
  const base = { game: RUST, askMarkets: ['steamcommunity', 'csfloat'], bidMarkets: ['steamcommunity'], fees: effectiveFees({}, RUST) };

  it('net of fees, leaves Steam out for Rust (its game fee is not published), even when the caller would count it', () => {
    for (const feeKnown of [(slug: string, side: 'buyer' | 'seller') => feeOrigin(slug, side, {}, RUST) !== 'unknown', () => true]) {
      const req = seriesRequest([row], { ...base, feeKnown, net: true }, '30d', 1_000_000_000_000);
      expect(req.bids).toEqual([{ slug: 'steamcommunity', sellCode: UNKNOWN_FEE_CODE, known: false }]);
      expect(req.asks).toEqual([
        { slug: 'steamcommunity', sellCode: UNKNOWN_FEE_CODE, known: false },
        { slug: 'csfloat', sellCode: 200, known: true },
      ]);
    }
  });

  it('as listed (gross), Steam counts', () => {
    const req = seriesRequest([row], { ...base, feeKnown: () => true, net: false }, '30d', 1_000_000_000_000);
    expect(req.bids).toEqual([{ slug: 'steamcommunity', sellCode: 0, known: true }]);
  });
});
