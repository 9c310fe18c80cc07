import { describe, expect, it } from 'vitest';
import { BIG, NONE, cellValue } from './snapshot';
import { MAX_EXTRA_MARKETS, MalformedResponseError, mergeGrid, rankNames, shapeBids } from './shape';
import { shapeAsks } from './shape-asks';
import { ask, order, snapshotOf } from './test-helpers';

const A = ['steam', 'buff163', 'csfloat'];
const B = ['steam', 'buff163'];

describe('shapeAsks', () => {
  it('turns items into row-major Int32 columns in the requested market order', () => {
    const part = shapeAsks(
      [
        {
          market_hash_name: 'AK-47 | Redline (Field-Tested)',
          prices: [ask('csfloat', 12_500, 3, 12_000), ask('steam', 15_010, 40, 15_010)],
        },
        { market_hash_name: 'Empty', prices: [] },
      ],
      A,
      'x',
    );
    expect(part.n).toBe(2);
    expect(part.names).toEqual(['AK-47 | Redline (Field-Tested)', 'Empty']);
    expect([...part.ask]).toEqual([15_010, NONE, 12_500, NONE, NONE, NONE]);
    expect([...part.locked]).toEqual([15_010, NONE, 12_000, NONE, NONE, NONE]);
    expect([...part.offers]).toEqual([40, NONE, 3, NONE, NONE, NONE]);
    expect([...part.listed]).toEqual([1, 0, 1, 0, 0, 0]);
  });

  it('keeps price_locked null (or absent) as no value, distinct from 0', () => {
    const part = shapeAsks(
      [{ market_hash_name: 'x', prices: [ask('steam', 0, 0, null), { market_name: 'buff163', price: 5, offers: 1 }] }],
      A,
      'x',
    );
    expect(part.ask[0]).toBe(0);
    expect(part.locked[0]).toBe(NONE);
    expect(part.offers[0]).toBe(0);
    expect(part.locked[1]).toBe(NONE);
  });

  it('a market the answer names but nobody asked for becomes a column of its own, after the asked ones', () => {
    const part = shapeAsks(
      [
        { market_hash_name: 'x', prices: [ask('mystery', 1, 4, 3), ask('steam', 2)] },
        { market_hash_name: 'y', prices: [ask('buff163', 5), ask('newmarket-beta', 9_000_000_000)] },
      ],
      A,
      'x',
    );
    expect(part.markets).toEqual([...A, 'mystery', 'newmarket-beta']);
    expect(part.notes.unknownMarkets).toEqual(['mystery', 'newmarket-beta']);
    expect(part.notes.invalidValues).toBe(0);
    const w = 5;
    expect(part.ask[0]).toBe(2);
    expect(part.ask[3]).toBe(1);
    expect(part.locked[3]).toBe(3);
    expect(part.offers[3]).toBe(4);
    expect(part.listed[4]).toBe(0);
    expect(part.ask[w + 1]).toBe(5);
    expect(part.listed[w + 4]).toBe(1);
    // Beyond Int32: kept exactly in the overflow table, at the widened cell.
    expect(part.overflow).toContainEqual(['ask', w + 4, 9_000_000_000]);
  });

  it('a name that cannot be a market, or too many new ones, is left out and counted', () => {
    const many = Array.from({ length: MAX_EXTRA_MARKETS + 3 }, (_, i) => ask(`new${i}`, 1));
    const part = shapeAsks([{ market_hash_name: 'x', prices: [ask('', 1), ask('has space', 1), ...many] }], A, 'x');
    expect(part.markets).toHaveLength(A.length + MAX_EXTRA_MARKETS);
    expect(part.notes.invalidValues).toBe(2 + 3);
  });

  it('drops rows without a usable name, counting them; an entries list that is not one leaves the row empty', () => {
    const part = shapeAsks(
      [
        null,
        { market_hash_name: null, prices: [] },
        'oops',
        42,
        [],
        { market_hash_name: 3, prices: [ask('steam', 1)] },
        { prices: [] },
        { market_hash_name: 'x', prices: [null, ask('steam', 7)] },
        { market_hash_name: 'y', prices: null },
        { market_hash_name: 'z', prices: {} },
      ],
      A,
      'x',
    );
    expect(part.names).toEqual(['x', 'y', 'z']);
    expect(part.notes.skippedItems).toBe(7);
    // The null entry of x, y's null list and z's object list.
    expect(part.notes.invalidValues).toBe(3);
    expect([...part.ask]).toEqual([7, NONE, NONE, NONE, NONE, NONE, NONE, NONE, NONE]);
    expect([...part.listed]).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('an unreadable price or count is "no value" (not 0), counted; the rest of the row and the entry stay', () => {
    const part = shapeAsks(
      [
        {
          market_hash_name: 'x',
          prices: [
            { market_name: 'steam', price: '12.34', offers: 1.5, price_locked: 'none' },
            { market_name: 'buff163', price: null, offers: null, price_locked: null },
            { market_name: 'csfloat', offers: 4, price_locked: 900 },
          ],
        },
        { market_hash_name: 'clean', prices: [ask('buff163', 500, 2, 480)] },
      ],
      A,
      'x',
    );
    expect(part.names).toEqual(['x', 'clean']);
    expect([...part.ask]).toEqual([NONE, NONE, NONE, NONE, 500, NONE]);
    expect([...part.offers]).toEqual([NONE, NONE, 4, NONE, 2, NONE]);
    expect([...part.locked]).toEqual([NONE, NONE, 900, NONE, 480, NONE]);
    expect([...part.listed]).toEqual([1, 1, 1, 0, 1, 0]);
    // steam: price, offers, locked; buff163: price, offers (a null locked price is allowed); csfloat: price missing.
    expect(part.notes.invalidValues).toBe(6);
    expect(part.notes.skippedItems).toBe(0);
  });

  it('leaves out entries that are not objects or have no text market_name, counting them', () => {
    const part = shapeAsks(
      [
        {
          market_hash_name: 'x',
          prices: [
            'junk',
            { market_name: 7, price: 1, offers: 1 },
            { market_name: null, price: 1, offers: 1 },
            ask('csfloat', 9),
          ],
        },
      ],
      A,
      'x',
    );
    expect([...part.ask]).toEqual([NONE, NONE, 9]);
    expect(part.notes.invalidValues).toBe(3);
  });

  it('reads the values of a market nobody asked for by the same rules (bad values count)', () => {
    const part = shapeAsks(
      [
        {
          market_hash_name: 'x',
          prices: [{ market_name: 'newmarket-beta', price: null, offers: 'x', price_locked: null }],
        },
      ],
      A,
      'x',
    );
    expect(part.notes.unknownMarkets).toEqual(['newmarket-beta']);
    expect(part.notes.invalidValues).toBe(2);
    expect(part.listed[3]).toBe(1);
    expect(part.ask[3]).toBe(NONE);
  });

  it('keeps the cheaper entry when a market appears twice', () => {
    const part = shapeAsks(
      [{ market_hash_name: 'x', prices: [ask('steam', 9, 1), ask('steam', 7, 2), ask('steam', 8, 3)] }],
      A,
      'x',
    );
    expect(part.ask[0]).toBe(7);
    expect(part.offers[0]).toBe(2);
    expect(part.notes.duplicateEntries).toBe(2);
  });

  it('keeps absurd integers exactly (negative, beyond Int32) via the overflow table', () => {
    const s = snapshotOf(
      [
        {
          market_hash_name: 'x',
          prices: [ask('steam', -5, 2 ** 40, null), ask('buff163', 9_007_199_254_740_991, 1, BIG)],
        },
      ],
      [],
      A,
      [],
    );
    expect(cellValue(s, 'ask', 0)).toBe(-5);
    expect(cellValue(s, 'offers', 0)).toBe(2 ** 40);
    expect(cellValue(s, 'ask', 1)).toBe(9_007_199_254_740_991);
    expect(cellValue(s, 'locked', 1)).toBe(BIG);
    expect(s.offers[0]).toBe(BIG);
  });

  it('rejects a body that is not an array: a clear error naming the path', () => {
    expect(() => shapeAsks({ items: [] }, A, 'aggregatedMinPrices')).toThrow(MalformedResponseError);
    expect(() => shapeAsks({ items: [] }, A, 'aggregatedMinPrices')).toThrow(
      'aggregatedMinPrices: expected an array of items, got a object',
    );
    expect(() => shapeAsks(null, A, 'aggregatedMinPrices')).toThrow('got null');
    expect(() => shapeBids('oops', B, 'aggregatedMaxOrders')).toThrow(
      'aggregatedMaxOrders: expected an array of items, got the text "oops"',
    );
  });
});

describe('shapeBids and mergeGrid', () => {
  it('maps bids to rows by name, whatever their order; appends items that only have bids', () => {
    const s = snapshotOf(
      [
        { market_hash_name: 'a', prices: [ask('steam', 100)] },
        { market_hash_name: 'b', prices: [ask('buff163', 200)] },
      ],
      [
        { market_hash_name: 'b', orders: [order('steam', 190, 5)] },
        { market_hash_name: 'c', orders: [order('buff163', 50, 2)] },
        { market_hash_name: 'a', orders: [order('buff163', 90, 1), order('unknownbid', 1)] },
      ],
      A,
      B,
    );
    expect(s.names).toEqual(['a', 'b', 'c']);
    expect(s.n).toBe(3);
    // Bid columns: the two asked for, then 'unknownbid', sent by the service.
    expect(s.bidMarkets).toEqual([...B, 'unknownbid']);
    expect(cellValue(s, 'bid', 0 * 3 + 1)).toBe(90);
    expect(cellValue(s, 'bid', 0 * 3 + 2)).toBe(1);
    expect(cellValue(s, 'bid', 1 * 3 + 0)).toBe(190);
    expect(cellValue(s, 'bidOffers', 1 * 3 + 0)).toBe(5);
    expect(cellValue(s, 'bid', 2 * 3 + 1)).toBe(50);
    expect(cellValue(s, 'ask', 2 * 3 + 0)).toBeNull();
    expect(s.listed.length).toBe(9);
    expect(s.notes.unknownMarkets).toEqual(['unknownbid']);
  });

  it('takes the fast path when names line up, keeping buffers', () => {
    const min = [
      { market_hash_name: 'a', prices: [] },
      { market_hash_name: 'b', prices: [] },
    ];
    const max = [
      { market_hash_name: 'a', orders: [order('steam', 5)] },
      { market_hash_name: 'b', orders: [] },
    ];
    const bids = shapeBids(max, B, 'y');
    const merged = mergeGrid(shapeAsks(min, A, 'x'), bids, {
      game: 730,
      meta: { transport: 'rest', bytes: 0, bytesDoneAt: 0, parseMs: 0, shapeMs: 0, readyAt: 0 },
    });
    expect(merged.bid).toBe(bids.bid);
    expect(merged.bid[0]).toBe(5);
  });

  it('bids: the same per-row, per-field rules; the notes of both answers add up', () => {
    const s = snapshotOf(
      [
        { market_hash_name: 'a', prices: [ask('steam', 100)] },
        { market_hash_name: null, prices: [] },
      ],
      [
        { market_hash_name: 'a', orders: [{ market_name: 'steam', price: null, offers: 3 }, order('buff163', 80, 1)] },
        { market_hash_name: 404, orders: [] },
        'unreadable row',
        { market_hash_name: 'b', orders: [{ market_name: 'steam', price: 70, offers: '2' }] },
      ],
      A,
      B,
    );
    expect(s.names).toEqual(['a', 'b']);
    expect(cellValue(s, 'bid', 0)).toBeNull();
    expect(cellValue(s, 'bidOffers', 0)).toBe(3);
    expect(cellValue(s, 'bid', 1)).toBe(80);
    expect(cellValue(s, 'bid', 2)).toBe(70);
    expect(cellValue(s, 'bidOffers', 2)).toBeNull();
    expect(s.bidListed[0]).toBe(1);
    expect(s.notes.skippedItems).toBe(3);
    expect(s.notes.invalidValues).toBe(2);
  });

  it('keeps duplicate names as separate rows and counts them', () => {
    const s = snapshotOf(
      [
        { market_hash_name: 'a', prices: [] },
        { market_hash_name: 'a', prices: [ask('steam', 1)] },
      ],
      [],
      A,
      [],
    );
    expect(s.n).toBe(2);
    expect(s.notes.duplicateNames).toBe(1);
    expect(s.indexOfName('a')).toBe(0);
  });

  it('computes search text, flags and name order', () => {
    const s = snapshotOf(
      [
        { market_hash_name: 'b AWP | X (Factory New)', prices: [] },
        { market_hash_name: '★ Karambit', prices: [] },
        { market_hash_name: 'A AK-47', prices: [] },
      ],
      [],
      A,
      [],
    );
    expect(s.search[0]).toBe('b awp | x (factory new)');
    expect([...s.byName]).toEqual([2, 0, 1]);
    expect([...s.nameRank]).toEqual([1, 2, 0]);
  });
});

describe('rankNames', () => {
  it('orders case-insensitively, then exactly, then by index', () => {
    const names = ['b', 'B', 'a', 'b'];
    const { byName } = rankNames(
      names.map((n) => n.toLowerCase()),
      names,
    );
    expect([...byName]).toEqual([2, 1, 0, 3]);
  });
});

// Shaping's speed against zod (why the worker validates while shaping): `npm run bench:model`.
