/**
 * The one client end to end, in-process: the data worker's
 * logic behind a stand-in Worker, one stubbed fetch for both the worker and urql's fetch.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GRAPHQL_PATH } from '../../shared/api/schema';
import { GRID_PRICES, ITEM_RECOMMENDATION } from '../market/api/documents';
import { loadPrices } from '../market/api/load';
import { cellValue } from '../market/model/snapshot';
import { MarketWorker } from '../market/worker/engine';
import { itemLookupRun, marketWorker } from '../market/worker/client';
import { createAppClient } from './client';
import { fromCombinedError, isApiError } from './errors';
import { ConnectionCheckQuery, connectionCheckRows } from './connection-check';

type Handler = (
  url: string,
  body: { query: string; variables?: Record<string, unknown> },
) => { status: number; json: unknown; headers?: Record<string, string> };
let handler: Handler = () => ({ status: 500, json: {} });
const requests: Array<{ url: string; body: { query: string; variables?: Record<string, unknown> } }> = [];

const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const body = JSON.parse(String(init?.body)) as { query: string; variables?: Record<string, unknown> };
  requests.push({ url, body });
  const { status, json, headers } = handler(url, body);
  return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json', ...headers } });
});

/** The data worker, in this thread: messages are cloned both ways like postMessage does. */
class InProcessWorker extends EventTarget {
  private readonly engine = new MarketWorker((msg, transfer) => {
    const data = structuredClone(msg, { transfer: transfer ?? [] });
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data })));
  });
  postMessage(msg: unknown): void {
    const data = structuredClone(msg);
    queueMicrotask(() => this.engine.handle(data));
  }
  terminate(): void {}
}

beforeAll(() => {
  vi.stubGlobal('fetch', fetchStub);
  vi.stubGlobal('Worker', InProcessWorker);
  vi.stubGlobal('document', { baseURI: 'http://app.test/' });
});
afterAll(() => {
  marketWorker().dispose();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  requests.length = 0;
});

const minPrices = [
  {
    market_hash_name: 'AK-47 | Redline (Field-Tested)',
    prices: [{ market_name: 'steam', offers: 3, price: 15_000, price_locked: null }],
  },
  { market_hash_name: null, prices: [] },
  { market_hash_name: 'Bad price', prices: [{ market_name: 'steam', offers: 2, price: '12.34', price_locked: null }] },
];
const maxOrders = [
  { market_hash_name: 'AK-47 | Redline (Field-Tested)', orders: [{ market_name: 'steam', offers: 9, price: 14_000 }] },
];
const req = { game: 730, askMarkets: ['steam'], bidMarkets: ['steam'] };

describe('createAppClient', () => {
  it('runs a grid operation in the worker: the worker POSTs the document, the client delivers shaped columns', async () => {
    handler = () => ({
      status: 200,
      json: { data: { aggregatedMinPrices: minPrices, aggregatedMaxOrders: maxOrders } },
    });
    const snap = await loadPrices({ client: createAppClient(), worker: marketWorker() }, req);
    expect(requests).toHaveLength(1);
    // The worker's fetch (absolute, from the worker script), not urql's fetch.
    expect(requests[0]!.url).toBe(`http://app.test${GRAPHQL_PATH}`);
    expect(requests[0]!.body.query).toMatch(/^query GridPrices/);
    expect(requests[0]!.body.query).not.toContain('__typename');
    expect(requests[0]!.body.variables).toEqual({ markets: ['steam'], bidMarkets: ['steam'] });
    expect(snap.names).toEqual(['AK-47 | Redline (Field-Tested)', 'Bad price']);
    expect(cellValue(snap, 'ask', 0)).toBe(15_000);
    expect(cellValue(snap, 'bid', 0)).toBe(14_000);
    // Per row and per field: the nameless row dropped, the bad price "—", both counted.
    expect(cellValue(snap, 'ask', 1)).toBeNull();
    expect(snap.notes).toMatchObject({ skippedItems: 1, invalidValues: 1 });
  });

  it('a grid failure comes back as the worker\u2019s ApiError, with the rejected market', async () => {
    handler = () => ({
      status: 400,
      json: {
        errors: [
          {
            message: 'Unknown market "steam"',
            extensions: { code: 'BAD_USER_INPUT', argument: 'markets', value: 'steam' },
          },
        ],
      },
    });
    const e = await loadPrices({ client: createAppClient(), worker: marketWorker() }, req).catch((x: unknown) => x);
    expect(isApiError(e)).toBe(true);
    expect(e).toMatchObject({ kind: 'bad-request', status: 400, rejectedMarkets: ['steam'] });
  });

  it('a 429 in the worker reaches the screen as the one plain error: its status and wait in the words, the same after a clone', async () => {
    handler = () => ({
      status: 429,
      json: { errors: [{ message: 'slow down', extensions: { code: 'RATE_LIMITED' } }] },
      headers: { 'retry-after': '30' },
    });
    const e = (await loadPrices({ client: createAppClient(), worker: marketWorker() }, req).catch(
      (x: unknown) => x,
    )) as Error & Record<string, unknown>;
    const expected = {
      kind: 'rate-limited',
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'slow down',
      retryAfterSeconds: 30,
      rejectedMarkets: [],
    };
    expect(e).toMatchObject(expected);
    expect(e.message).toMatch(/\(HTTP 429\)/);
    expect(e.action).toMatch(/Wait 30 s/);
    // One form from the worker to the screen: plain data, so what a worker posts is what the screen reads.
    expect(structuredClone(e)).toMatchObject({ ...expected, message: e.message, action: e.action });
  });

  it('sends a small document through urql\u2019s fetch: POST, same-origin path; the rows are read one by one', async () => {
    handler = () => ({
      status: 200,
      json: {
        data: {
          getPriceRecommendations: [
            { market_hash_name: 'a', suggested_price: 5, liquidity_score: 10 },
            { market_hash_name: 7 },
          ],
        },
      },
    });
    const result = await createAppClient().query(ConnectionCheckQuery, { game_id: 730 }).toPromise();
    expect(result.error).toBeUndefined();
    expect(fetchStub).toHaveBeenLastCalledWith(GRAPHQL_PATH, expect.objectContaining({ method: 'POST' }));
    expect(requests[0]!.body.query).toMatch(/query ConnectionCheck/);
    expect(connectionCheckRows(result.data!)).toEqual({
      rows: [{ market_hash_name: 'a', suggested_price: 5, liquidity_score: 10 }],
      droppedRows: 1,
      invalidValues: 0,
    });
  });

  it('a failed small document is an ApiError by its HTTP status', async () => {
    handler = () => ({
      status: 401,
      json: { errors: [{ message: 'expired', extensions: { code: 'UNAUTHENTICATED' } }] },
    });
    const result = await createAppClient().query(ConnectionCheckQuery, { game_id: 730 }).toPromise();
    expect(fromCombinedError(result.error!)).toMatchObject({ kind: 'unauthenticated', status: 401 });
  });

  it('looks items up in the worker: the whole game is fetched once, without the item variable, and one row comes back', async () => {
    const recs = [
      {
        market_hash_name: 'a',
        suggested_price: 123,
        unstable_reasons: ['PRICE_FREEZE'],
        total_sales: 5,
        price_difference: -1.5,
        price_change_percentage: 2.5,
        liquidity_score: 4000,
      },
    ];
    handler = () => ({ status: 200, json: { data: { getPriceRecommendations: recs } } });
    const client = createAppClient();
    const worker = itemLookupRun({ source: 'demo', epoch: 0 });
    const a = await client.query(ITEM_RECOMMENDATION, { game_id: 730, item: 'a' }, { worker }).toPromise();
    const b = await client.query(ITEM_RECOMMENDATION, { game_id: 730, item: 'b' }, { worker }).toPromise();
    const before = Date.now();
    expect(a.data).toEqual({ row: recs[0], fetchedAt: expect.any(Number) });
    expect(b.data).toEqual({ row: null, fetchedAt: expect.any(Number) });
    // Both answers come from the one whole-game fetch, so they carry its time.
    const at = (d: unknown) => (d as { fetchedAt: number }).fetchedAt;
    expect(at(b.data)).toBe(at(a.data));
    expect(at(a.data)).toBeLessThanOrEqual(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`http://app.test${GRAPHQL_PATH}`);
    expect(requests[0]!.body.variables).toEqual({ game_id: 730 });
  });

  it('a grid document without a worker run goes to fetch like any other', async () => {
    handler = () => ({ status: 200, json: { data: { aggregatedMinPrices: [], aggregatedMaxOrders: [] } } });
    const result = await createAppClient()
      .query(GRID_PRICES, { markets: ['steam'], bidMarkets: [] })
      .toPromise();
    expect(requests[0]!.url).toBe(GRAPHQL_PATH);
    expect(result.data).toMatchObject({ aggregatedMinPrices: [] });
  });
});
