import { describe, expect, it } from 'vitest';
import { otherDirection, sortByName, sortByValues } from './sort';

// names: 0 'c', 1 'a', 2 'b', 3 'd'  => byName [1, 2, 0, 3]
const byName = Int32Array.from([1, 2, 0, 3]);
const nameRank = Int32Array.from([2, 0, 1, 3]);

describe('sortByValues', () => {
  it('sorts ascending and descending, ties in name order', () => {
    const v = [5, 3, 5, 1];
    expect([...sortByValues(v, 'asc', nameRank, byName)]).toEqual([3, 1, 2, 0]);
    expect([...sortByValues(v, 'desc', nameRank, byName)]).toEqual([2, 0, 1, 3]);
  });
  it('puts items without a value last in both directions', () => {
    const v = [NaN, 3, 7, NaN];
    expect([...sortByValues(v, 'asc', nameRank, byName)]).toEqual([1, 2, 0, 3]);
    expect([...sortByValues(v, 'desc', nameRank, byName)]).toEqual([2, 1, 0, 3]);
  });
  it('handles negative, zero and absurd values (clamped only for ordering)', () => {
    const v = [-5, 0, 1e15, -1e15];
    expect([...sortByValues(v, 'asc', nameRank, byName)]).toEqual([3, 0, 1, 2]);
    expect([...sortByValues(v, 'desc', nameRank, byName)]).toEqual([2, 1, 0, 3]);
  });
  it('keeps fractions with a scale (percent)', () => {
    const v = [1.25, 1.2, 1.3, 1.21];
    expect([...sortByValues(v, 'asc', nameRank, byName, 1000)]).toEqual([1, 3, 0, 2]);
  });
  it('agrees with a comparator sort on random data', () => {
    const n = 5000;
    const rank = new Int32Array(n);
    const order = Array.from({ length: n }, (_, i) => i).sort(() => Math.random() - 0.5);
    const by = Int32Array.from(order);
    order.forEach((item, r) => (rank[item] = r));
    const values = Array.from({ length: n }, () => (Math.random() < 0.1 ? NaN : Math.round(Math.random() * 100) - 50));
    const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const va = values[a] as number;
      const vb = values[b] as number;
      if (Number.isNaN(va) !== Number.isNaN(vb)) return Number.isNaN(va) ? 1 : -1;
      if (!Number.isNaN(va) && va !== vb) return vb - va;
      return (rank[a] as number) - (rank[b] as number);
    });
    expect([...sortByValues(values, 'desc', rank, by)]).toEqual(expected);
  });
  // Its time over the whole catalog is measured by `npm run bench:model` (e2e/bench/bench-model.ts).
  it('sorts the whole catalog (37k items) in value order', () => {
    const n = 37_000;
    const rank = Int32Array.from({ length: n }, (_, i) => i);
    const values = Float64Array.from({ length: n }, (_, i) => (i * 7919) % 100_003);
    const order = sortByValues(values, 'asc', rank, rank);
    expect(order).toHaveLength(n);
    let inOrder = 0;
    for (let i = 1; i < n; i++) if (values[order[i]!]! >= values[order[i - 1]!]!) inOrder++;
    expect(inOrder).toBe(n - 1);
    expect(new Set(order).size).toBe(n);
  });
});

describe('otherDirection', () => {
  /** A random name order over n items, and values with ties, missing ones and fractions close together. */
  function catalog(n: number, value: () => number) {
    const order = Array.from({ length: n }, (_, i) => i).sort(() => Math.random() - 0.5);
    const by = Int32Array.from(order);
    const rank = new Int32Array(n);
    order.forEach((item, r) => (rank[item] = r));
    return { by, rank, values: Float64Array.from({ length: n }, value) };
  }

  it('turns either direction into the other exactly as sorting that way does', () => {
    for (let run = 0; run < 20; run++) {
      const { by, rank, values } = catalog(500, () =>
        Math.random() < 0.15 ? NaN : Math.round(Math.random() * 40) - 20,
      );
      for (const dir of ['asc', 'desc'] as const) {
        const other = dir === 'asc' ? 'desc' : 'asc';
        const order = sortByValues(values, dir, rank, by);
        expect([...otherDirection(order, values)]).toEqual([...sortByValues(values, other, rank, by)]);
      }
    }
  });
  it('counts values equal once scaled and rounded as ties (percent), and clamped ones as equal', () => {
    const picks = [1.2001, 1.2002, 1.25, -1e15, -2e15, 1e15, 3e15, NaN, 0];
    const { by, rank, values } = catalog(300, () => picks[Math.floor(Math.random() * picks.length)] as number);
    const asc = sortByValues(values, 'asc', rank, by, 1000);
    expect([...otherDirection(asc, values, 1000)]).toEqual([...sortByValues(values, 'desc', rank, by, 1000)]);
  });
  it('keeps an order with no value at all, or one item, as it is', () => {
    expect([...otherDirection(Int32Array.of(1, 2, 0, 3), [NaN, NaN, NaN, NaN])]).toEqual([1, 2, 0, 3]);
    expect([...otherDirection(Int32Array.of(0), [4])]).toEqual([0]);
    expect([...otherDirection(new Int32Array(0), [])]).toEqual([]);
  });
});

describe('sortByName', () => {
  it('is the name order or its reverse', () => {
    expect([...sortByName(byName, 'asc')]).toEqual([1, 2, 0, 3]);
    expect([...sortByName(byName, 'desc')]).toEqual([3, 0, 2, 1]);
  });
});
