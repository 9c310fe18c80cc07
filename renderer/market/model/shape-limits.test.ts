/**
 * What one hostile or broken answer can cost: the shaped buffers are sized by the items that are kept,
 * never by the length of the array the service sent, and an answer past the item or market caps is a
 * clear error, not an allocation the renderer cannot survive.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_EXTRA_MARKETS,
  MAX_ITEMS_PER_ANSWER,
  MAX_MARKETS_PER_ANSWER,
  MalformedResponseError,
  shapeBids,
} from './shape';
import { shapeAsks } from './shape-asks';
import { ask } from './test-helpers';

/** Every typed array the shaping code creates, by length (the module uses the globals at call time). */
function recordAllocations(): number[] {
  const lengths: number[] = [];
  const wrap = <T extends Int32ArrayConstructor | Uint8ArrayConstructor>(Base: T): T =>
    new Proxy(Base, {
      construct(target, args, newTarget) {
        const made = Reflect.construct(target, args, newTarget) as Int32Array | Uint8Array;
        lengths.push(made.length);
        return made;
      },
    });
  vi.stubGlobal('Int32Array', wrap(Int32Array));
  vi.stubGlobal('Uint8Array', wrap(Uint8Array));
  return lengths;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const MARKETS = Array.from({ length: 40 }, (_, i) => `m${i}`);

/** A 2 MB body of `[0,0,...]` (1M elements), parsed as the worker parses it; `valid` items put in at spread positions. */
function zeros(valid: number): unknown[] {
  const text = `[${'0,'.repeat(1024 * 1024 - 1)}0]`;
  expect(text.length).toBeGreaterThanOrEqual(2 * 1024 * 1024);
  const items = JSON.parse(text) as unknown[];
  for (let v = 0; v < valid; v++) {
    items[Math.floor(((v + 1) * items.length) / (valid + 1))] = {
      market_hash_name: `Item ${v}`,
      prices: [ask('m3', 100 + v)],
      orders: [{ market_name: 'm3', price: 90 + v, offers: 1 }],
    };
  }
  return items;
}

describe('buffers sized by the valid items', () => {
  it('a 2 MB body of [0,0,...] allocates no item buffers at all (asks and bids)', () => {
    const items = zeros(0);
    const lengths = recordAllocations();
    const asks = shapeAsks(items, MARKETS, 'aggregatedMinPrices');
    const bids = shapeBids(items, MARKETS, 'aggregatedMaxOrders');
    vi.unstubAllGlobals();
    expect(asks.n).toBe(0);
    expect(asks.notes.skippedItems).toBe(1024 * 1024);
    expect(bids.n).toBe(0);
    expect([asks.ask.length, asks.locked.length, asks.offers.length, asks.listed.length]).toEqual([0, 0, 0, 0]);
    expect(Math.max(0, ...lengths)).toBe(0);
  });

  it('a 2 MB body with 3 good items among the zeros allocates 3 x 40 cells per buffer, not 1M x 40', () => {
    const items = zeros(3);
    const lengths = recordAllocations();
    const asks = shapeAsks(items, MARKETS, 'aggregatedMinPrices');
    const bids = shapeBids(items, MARKETS, 'aggregatedMaxOrders');
    vi.unstubAllGlobals();
    expect(asks.names).toEqual(['Item 0', 'Item 1', 'Item 2']);
    expect(asks.notes.skippedItems).toBe(1024 * 1024 - 3);
    const cells = 3 * MARKETS.length;
    for (const a of [asks.ask, asks.locked, asks.offers, bids.bid, bids.bidOffers])
      expect(a.buffer.byteLength).toBe(cells * 4);
    for (const a of [asks.listed, bids.bidListed]) expect(a.buffer.byteLength).toBe(cells);
    expect(asks.ask[1 * MARKETS.length + 3]).toBe(101);
    expect(bids.bid[2 * MARKETS.length + 3]).toBe(92);
    expect(Math.max(...lengths)).toBe(cells);
  });
});

describe('caps per answer', () => {
  it('more valid items than one answer may hold is a clear error naming the cap', () => {
    const item = { market_hash_name: 'x', prices: [] as unknown[], orders: [] as unknown[] };
    const over = new Array<unknown>(MAX_ITEMS_PER_ANSWER + 1).fill(item);
    expect(() => shapeAsks(over, ['steam'], 'aggregatedMinPrices')).toThrow(MalformedResponseError);
    expect(() => shapeAsks(over, ['steam'], 'aggregatedMinPrices')).toThrow(
      `aggregatedMinPrices: ${(MAX_ITEMS_PER_ANSWER + 1).toLocaleString('en-US')} items, more than the ${MAX_ITEMS_PER_ANSWER.toLocaleString('en-US')} one answer may hold`,
    );
    expect(() => shapeBids(over, ['steam'], 'aggregatedMaxOrders')).toThrow(MalformedResponseError);
    // Exactly the cap is read (invalid elements beside it do not count).
    const at = new Array<unknown>(MAX_ITEMS_PER_ANSWER).fill(item);
    at.push(0, null);
    expect(shapeAsks(at, ['steam'], 'x').n).toBe(MAX_ITEMS_PER_ANSWER);
  });

  it('more requested markets than one answer may hold is a clear error', () => {
    const markets = Array.from({ length: MAX_MARKETS_PER_ANSWER + 1 }, (_, i) => `m${i}`);
    expect(() => shapeAsks([], markets, 'aggregatedMinPrices')).toThrow(
      `aggregatedMinPrices: ${MAX_MARKETS_PER_ANSWER + 1} markets asked for, more than the ${MAX_MARKETS_PER_ANSWER} one answer may hold`,
    );
    expect(() => shapeBids([], markets, 'aggregatedMaxOrders')).toThrow(MalformedResponseError);
  });

  it('markets the answer adds stop at the total cap; the rest are left out and counted', () => {
    const markets = Array.from({ length: MAX_MARKETS_PER_ANSWER - 2 }, (_, i) => `m${i}`);
    expect(MAX_EXTRA_MARKETS).toBeGreaterThan(5);
    const extra = Array.from({ length: 5 }, (_, i) => ask(`new${i}`, 1));
    const part = shapeAsks([{ market_hash_name: 'x', prices: extra }], markets, 'x');
    expect(part.markets).toHaveLength(MAX_MARKETS_PER_ANSWER);
    expect(part.notes.unknownMarkets).toEqual(['new0', 'new1']);
    expect(part.notes.invalidValues).toBe(3);
  });
});
