/**
 * The page's side of the data worker with the worker's real code behind a Worker's face (messages cross as
 * structured clones with their buffers transferred, a task later, as between threads): a grid answer is
 * delivered before its filter index, and the index is given to that snapshot whichever comes first.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isSearchIndex } from '../model/search-index';
import type { Snapshot } from '../model/snapshot';
import { normalizeText } from '../model/search';
import { TrustBook } from '../trust/trust-book';
import { MarketWorkerClient } from './client';
import { MarketWorker } from './engine';
import type { MarketResponse } from './protocol';

const answer = JSON.stringify({
  data: {
    aggregatedMinPrices: [
      {
        market_hash_name: 'AK-47 | Redline (Field-Tested)',
        prices: [{ market_name: 'steam', offers: 3, price: 15_000 }],
      },
      {
        market_hash_name: 'AWP | Asiimov (Field-Tested)',
        prices: [{ market_name: 'steam', offers: 1, price: 90_000 }],
      },
    ],
  },
});
const fetchAnswer = (async () => new Response(answer, { status: 200 })) as typeof fetch;

/** `held`: which message types wait until released (to make the index come after the snapshot resolved). */
function inProcessWorker(held: Set<MarketResponse['type']>) {
  const target = new EventTarget();
  const waiting: Array<() => void> = [];
  const deliver = (data: unknown) => setTimeout(() => target.dispatchEvent(new MessageEvent('message', { data })), 0);
  const engine = new MarketWorker(
    (m, transfer) => {
      const copy = structuredClone(m, { transfer: transfer ?? [] });
      if (held.has(m.type)) waiting.push(() => deliver(copy));
      else deliver(copy);
    },
    fetchAnswer,
    new TrustBook(null),
  );
  const worker = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    postMessage: (msg: unknown) => setTimeout(() => engine.handle(structuredClone(msg)), 0),
    terminate: () => undefined,
  };
  return { worker: worker as unknown as Worker, release: () => waiting.splice(0).forEach((f) => f()) };
}

const load = (client: MarketWorkerClient) =>
  client.loadGraphql(
    '/api/v2/graphql',
    { query: 'query GridAsks { x }', variables: { markets: ['steam'] } },
    { game: 730, askMarkets: ['steam'], bidMarkets: [] },
  );

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
}

beforeAll(() => {
  (globalThis as { document?: unknown }).document = { baseURI: 'http://127.0.0.1:5180/' };
});
afterAll(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe('MarketWorkerClient: a grid answer and its filter index', () => {
  it('the index that comes while the answer is unpacked is on the snapshot', async () => {
    const { worker } = inProcessWorker(new Set());
    const client = new MarketWorkerClient(() => worker);
    const snap: Snapshot = await load(client);
    expect(snap.names).toEqual(['AK-47 | Redline (Field-Tested)', 'AWP | Asiimov (Field-Tested)']);
    await until(() => snap.searchIndex !== undefined);
    expect(isSearchIndex(snap.searchIndex)).toBe(true);
  });

  it('the index that comes after the snapshot was delivered is given to it then', async () => {
    const { worker, release } = inProcessWorker(new Set(['grid-search']));
    const client = new MarketWorkerClient(() => worker);
    const snap = await load(client);
    expect(snap.searchIndex).toBeUndefined();
    release();
    await until(() => snap.searchIndex !== undefined);
    expect(isSearchIndex(snap.searchIndex)).toBe(true);
  });

  it('takes the search text apart when it is first read, not before the snapshot is delivered', async () => {
    const { worker } = inProcessWorker(new Set());
    const client = new MarketWorkerClient(() => worker);
    // Packed strings are decoded from UTF-16 code units (the answer's bytes are UTF-8, never a Uint16Array).
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    const unpacked = () => decode.mock.calls.filter(([input]) => input instanceof Uint16Array).length;
    try {
      const snap = await load(client);
      // The names only: the first paint needs no search text.
      expect(unpacked()).toBe(1);
      expect(snap.search).toEqual(snap.names.map(normalizeText));
      expect(snap.search).toBe(snap.search);
      expect(unpacked()).toBe(2);
    } finally {
      decode.mockRestore();
    }
  });
});
