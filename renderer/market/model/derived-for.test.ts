import { describe, expect, it } from 'vitest';
import { derivedForAll } from './derived-for';
import { computeDerived, derivedKey } from './price-arithmetic';
import { ask, order, snapshotOf } from './test-helpers';

describe('derivedForAll', () => {
  const snap = snapshotOf(
    [{ market_hash_name: 'AK', prices: [ask('steam', 12_000, 4), ask('buff163', 10_000, 9)] }],
    [{ market_hash_name: 'AK', orders: [order('steam', 9_000)] }],
    ['steam', 'buff163'],
    ['steam'],
  );
  const fees = { buff163: { buyBps: 250, sellBps: 250 } };

  it("reuses the worker's figures made for the same settings, and computes them for others", () => {
    const pre = computeDerived({ snap, askCols: [0, 1], bidCols: [0], fees, net: true });
    const withPre = { ...snap, derived: { key: derivedKey(snap, [0, 1], [0], fees, true), data: pre } };
    expect(derivedForAll(withPre, fees, true)).toBe(pre);
    const gross = derivedForAll(withPre, fees, false);
    expect(gross).not.toBe(pre);
    expect(gross.bestAsk[0]).toBe(10_000);
    expect(pre.bestAsk[0]).toBe(10_250);
    expect(Number.isFinite(gross.mark[0])).toBe(true);
  });
});
