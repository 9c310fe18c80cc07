/** The data worker computes each polled game's trust after every grid load and posts it with the snapshot. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MarketWorker } from './engine';
import { isSnapshotData, type MarketResponse } from './protocol';
import { unpackStrings } from './packed-strings';
import type { SnapshotData } from '../model/snapshot';
import { TrustBook } from '../trust/trust-book';
import { TrustStore } from '../trust/trust-store';
import { TRUST_FLAG } from '../trust/types';

const MARKETS = ['a', 'b', 'c', 'd'];

/** 12 items; market d asks 5 times the others for item 0. `step` moves a, b, c's asks. */
function answer(step: number): string {
  const prices = Array.from({ length: 12 }, (_, i) => ({
    market_hash_name: `item ${i}`,
    prices: MARKETS.map((m) => ({
      market_name: m,
      offers: 2,
      price_locked: null,
      price: m === 'd' && i === 0 ? 50_000 : 10_000 + (m === 'd' ? 0 : step * 10) + i,
    })),
  }));
  return JSON.stringify({ data: { aggregatedMinPrices: prices, aggregatedMaxOrders: [] } });
}

function load(worker: (post: (m: MarketResponse) => void) => MarketWorker, id: number): Promise<SnapshotData> {
  return new Promise((resolve, reject) => {
    const w = worker((m) => {
      if (m.type === 'result')
        resolve({ ...m.data, names: unpackStrings(m.data.names), search: unpackStrings(m.data.search) });
      else if (m.type === 'error') reject(new Error(m.error.message));
    });
    w.handle({
      type: 'graphql',
      id,
      url: 'http://host/api/v2/graphql',
      body: { query: 'query GridPrices { x }' },
      game: 730,
      askMarkets: MARKETS,
      bidMarkets: [],
      derive: { fees: {}, net: false },
    });
  });
}

describe('MarketWorker: trust after each grid load', () => {
  it('attaches SnapshotData.trust that passes the boundary check; ages, stalls and outliers follow the polls; the derived bests are trusted', async () => {
    let step = 0;
    const fetch = (async () =>
      new Response(answer(step), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as typeof globalThis.fetch;
    const book = new TrustBook(new TrustStore(`engine-trust-${Date.now()}`), 0);
    let post: (m: MarketResponse) => void = () => {};
    const worker = new MarketWorker((m) => post(m), fetch, book);
    const via = (p: (m: MarketResponse) => void) => {
      post = p;
      return worker;
    };
    const first = await load(via, 1);
    expect(isSnapshotData(first)).toBe(true);
    expect(first.trust?.polls).toBe(1);
    expect(Number.isNaN(first.trust?.askChangedAt[0])).toBe(true);
    // Item 0 on d is an outlier: flagged, and left out of the worker's derived best ask ('all' keeps it).
    expect(first.trust?.askFlags[3]).toBe(TRUST_FLAG.outlierHigh);
    step = 1;
    const second = await load(via, 2);
    expect(isSnapshotData(second)).toBe(true);
    expect(second.trust?.polls).toBe(2);
    expect(second.trust?.askChangedAt[4]).toBe(second.trust?.at);
    // d did not move while a, b, c moved every quote: stalled.
    expect(second.trust?.stalls.map((s) => s.market)).toEqual(['d']);
    expect(second.derived?.data.bestAskCol[1]).not.toBe(3);
    expect(second.derived?.data.allBestAsk[1]).toBe(10_001);
    expect(isSnapshotData({ ...second, trust: { ...second.trust, askFlags: new Uint8Array(3) } })).toBe(false);
  });
});
