import { describe, expect, it, vi } from 'vitest';
import { cellValue, toSnapshot } from '../model/snapshot';
import { MarketWorker } from './engine';
import { isSnapshotData, type MarketResponse } from './protocol';
import { unpackStrings } from './packed-strings';
import { isSearchIndex } from '../model/search-index';
import { isRecColumns } from '../recommendations/rec-guard';
import { shapeRecs } from '../recommendations/rec-reader';
import { attachRecSearch, recSearch, recSearchIndex } from '../recommendations/rec-search';
import { withPackedNames } from '../recommendations/rec-wire';
import { DEFAULT_REC_SORT, sortRecs } from '../recommendations/view';
import type { SnapshotData } from '../model/snapshot';
import { derivedKey } from '../model/price-arithmetic';
import { MAX_ITEMS_PER_ANSWER } from '../model/shape';

type Handler = (url: string, body: unknown) => { status: number; body: string; headers?: Record<string, string> };

function fakeFetch(handler: Handler, chunkSize = 7): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const req = JSON.parse(String(init?.body ?? 'null')) as unknown;
    const { status, body, headers } = handler(url, req);
    const bytes = new TextEncoder().encode(body);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += chunkSize) c.enqueue(bytes.slice(i, i + chunkSize));
        c.close();
      },
    });
    return new Response(stream, {
      status,
      headers: { 'content-type': 'application/json', 'content-length': String(bytes.length), ...headers },
    });
  }) as typeof fetch;
}

function run(engine: (post: (m: MarketResponse) => void) => MarketWorker, request: unknown): Promise<MarketResponse[]> {
  return new Promise((resolve) => {
    const got: MarketResponse[] = [];
    const e = engine((m) => {
      got.push(m);
      // Up to the answer (a grid's filter index follows it in a message of its own).
      if (m.type !== 'progress') resolve(got.slice());
    });
    e.handle(request);
  });
}

const minPrices = [
  {
    market_hash_name: 'AK-47 | Redline (Field-Tested)',
    prices: [
      { market_name: 'steam', offers: 3, price: 15_000, price_locked: null },
      { market_name: 'zzz', offers: 1, price: 1, price_locked: 1 },
    ],
  },
  { market_hash_name: 'Sticker | "Hi" <script>', prices: [] },
];
const maxOrders = [
  { market_hash_name: 'AK-47 | Redline (Field-Tested)', orders: [{ market_name: 'steam', offers: 99, price: 14_000 }] },
];

const gqlRequest = {
  type: 'graphql',
  id: 1,
  url: 'http://host/api/v2/graphql',
  body: { query: 'query GridPrices { x }', variables: { markets: ['steam', 'buff163'], bidMarkets: ['steam'] } },
  game: 730,
  askMarkets: ['steam', 'buff163'],
  bidMarkets: ['steam'],
};

describe('MarketWorker: GraphQL loads', () => {
  it('streams, parses, shapes and posts columns with progress', async () => {
    const fetch = fakeFetch(() => ({
      status: 200,
      body: JSON.stringify({ data: { aggregatedMinPrices: minPrices, aggregatedMaxOrders: maxOrders } }),
    }));
    const msgs = await run((post) => new MarketWorker(post, fetch), gqlRequest);
    const last = msgs.at(-1);
    expect(last?.type).toBe('result');
    if (last?.type !== 'result') return;
    expect(last.data.names.codes).toBeInstanceOf(Uint16Array);
    const cols: SnapshotData = {
      ...last.data,
      names: unpackStrings(last.data.names),
      search: unpackStrings(last.data.search),
    };
    expect(isSnapshotData(cols)).toBe(true);
    expect(cols.derived).toBeUndefined();
    const s = toSnapshot(cols);
    expect(s.names).toEqual(['AK-47 | Redline (Field-Tested)', 'Sticker | "Hi" <script>']);
    expect(cellValue(s, 'ask', 0)).toBe(15_000);
    expect(cellValue(s, 'ask', 1)).toBeNull();
    expect(cellValue(s, 'locked', 0)).toBeNull();
    expect(cellValue(s, 'bid', 0)).toBe(14_000);
    expect(cellValue(s, 'bidOffers', 0)).toBe(99);
    expect(s.notes.unknownMarkets).toEqual(['zzz']);
    expect(s.meta.bytes).toBeGreaterThan(100);
    expect(s.meta.bytesDoneAt).toBeGreaterThan(0);
    const progress = msgs.filter((m) => m.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ phase: 'parse' });
  });

  it('the filter index comes after the columns, in a message of its own: the first paint does not wait for it', async () => {
    const fetch = fakeFetch(() => ({
      status: 200,
      body: JSON.stringify({ data: { aggregatedMinPrices: minPrices, aggregatedMaxOrders: maxOrders } }),
    }));
    const msgs: MarketResponse[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no index: ${msgs.map((m) => m.type).join(', ')}`)), 5_000);
      const worker = new MarketWorker((m) => {
        msgs.push(m);
        if (m.type !== 'grid-search') return;
        clearTimeout(timer);
        resolve();
      }, fetch);
      worker.handle(gqlRequest);
    });
    expect(msgs.filter((m) => m.type !== 'progress').map((m) => m.type)).toEqual(['result', 'grid-search']);
    const result = msgs.find((m) => m.type === 'result');
    expect(result?.type === 'result' && result.data.searchIndex).toBeUndefined();
    const index = msgs.find((m) => m.type === 'grid-search');
    expect(index?.id).toBe(gqlRequest.id);
    expect(index?.type === 'grid-search' && isSearchIndex(index.index)).toBe(true);
  });

  it('ask and bid rows read while downloading make the same columns as the answer parsed whole', async () => {
    // Names with the text the reader cuts at ("},{"), quotes and backslashes; 300 rows over many small chunks.
    const rows = Array.from({ length: 300 }, (_, i) => ({
      market_hash_name: i % 7 === 0 ? `Odd },{"name" \\ ${i}` : `Item ${i}`,
      prices: [
        { market_name: 'steam', offers: i % 5, price: 1_000 + i, price_locked: i % 3 === 0 ? 900 : null },
        { market_name: 'buff163', offers: 1, price: i % 11 === 0 ? null : 2_000 + i, price_locked: null },
      ],
    }));
    const columnsOf = async (body: string) => {
      const msgs = await run(
        (post) =>
          new MarketWorker(
            post,
            fakeFetch(() => ({ status: 200, body }), 61),
          ),
        gqlRequest,
      );
      const last = msgs.at(-1);
      if (last?.type !== 'result') throw new Error(`no result: ${JSON.stringify(last)}`);
      const { meta: _meta, trust: _trust, ...cols } = last.data;
      return cols;
    };
    // Bids for every third ask item (read as they come too, after the asks), and one of another item.
    const bids = [
      ...rows
        .filter((_, i) => i % 3 === 0)
        .map((r, i) => ({
          market_hash_name: r.market_hash_name,
          orders: [{ market_name: 'steam', offers: 1 + (i % 4), price: 500 + i }],
        })),
      ...maxOrders,
    ];
    // Asks first: read as they come. Bids first: no ask rows at the head, so the answer is parsed whole.
    const streamed = await columnsOf(
      JSON.stringify({ data: { aggregatedMinPrices: rows, aggregatedMaxOrders: bids } }),
    );
    const whole = await columnsOf(JSON.stringify({ data: { aggregatedMaxOrders: bids, aggregatedMinPrices: rows } }));
    // The 300 ask rows and the one bid row of another item.
    expect(unpackStrings(streamed.names)).toHaveLength(301);
    expect(streamed).toEqual(whole);
    expect([...streamed.bidListed].filter((x) => x === 1)).toHaveLength(101);
  });

  it('a 400 naming a market slug comes back as an error with that slug', async () => {
    const fetch = fakeFetch(() => ({
      status: 400,
      body: JSON.stringify({
        errors: [
          {
            message: 'Unknown market "buff163" for aggregatedMinPrices',
            extensions: { code: 'BAD_USER_INPUT', argument: 'markets', value: 'buff163' },
          },
        ],
      }),
    }));
    const msgs = await run((post) => new MarketWorker(post, fetch), gqlRequest);
    expect(msgs.at(-1)).toMatchObject({
      type: 'error',
      error: { kind: 'bad-request', status: 400, rejectedMarkets: ['buff163'] },
    });
  });

  it('GraphQL errors with a 200 are errors too', async () => {
    const fetch = fakeFetch(() => ({
      status: 200,
      body: JSON.stringify({
        errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        data: null,
      }),
    }));
    const msgs = await run((post) => new MarketWorker(post, fetch), gqlRequest);
    expect(msgs.at(-1)).toMatchObject({ type: 'error', error: { kind: 'server', detail: 'boom' } });
  });

  it('a 503 is an unavailable error', async () => {
    const fetch = fakeFetch(() => ({
      status: 503,
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'fault injected' } }),
      headers: { 'retry-after': '2' },
    }));
    const msgs = await run((post) => new MarketWorker(post, fetch), gqlRequest);
    expect(msgs.at(-1)).toMatchObject({
      type: 'error',
      error: { kind: 'unavailable', status: 503, retryAfterSeconds: 2 },
    });
  });

  it('a body that is not JSON, or an answer that is not an array, is a clear invalid-response error', async () => {
    const notJson = await run(
      (post) =>
        new MarketWorker(
          post,
          fakeFetch(() => ({ status: 200, body: '<html>hello' })),
        ),
      gqlRequest,
    );
    expect(notJson.at(-1)).toMatchObject({ type: 'error', error: { kind: 'invalid-response' } });
    const wrong = await run(
      (post) =>
        new MarketWorker(
          post,
          fakeFetch(() => ({
            status: 200,
            body: JSON.stringify({ data: { aggregatedMinPrices: { market_hash_name: 'x' }, aggregatedMaxOrders: [] } }),
          })),
        ),
      gqlRequest,
    );
    const e = wrong.at(-1);
    expect(e?.type).toBe('error');
    if (e?.type === 'error')
      expect(e.error.detail).toContain('aggregatedMinPrices: expected an array of items, got a object');
  });

  it('dirty rows and values cost only themselves: the other rows show, the notes count what was left out', async () => {
    const dirty = [
      ...minPrices,
      { market_hash_name: null, prices: [] },
      'unreadable row',
      {
        market_hash_name: 'Bad price',
        prices: [{ market_name: 'steam', offers: 2, price: '12.34', price_locked: null }],
      },
    ];
    const fetch = fakeFetch(() => ({
      status: 200,
      body: JSON.stringify({
        data: {
          aggregatedMinPrices: dirty,
          aggregatedMaxOrders: [...maxOrders, { market_hash_name: 404, orders: [] }],
        },
      }),
    }));
    const msgs = await run((post) => new MarketWorker(post, fetch), gqlRequest);
    const last = msgs.at(-1);
    expect(last?.type).toBe('result');
    if (last?.type !== 'result') return;
    const cols: SnapshotData = {
      ...last.data,
      names: unpackStrings(last.data.names),
      search: unpackStrings(last.data.search),
    };
    expect(isSnapshotData(cols)).toBe(true);
    const s = toSnapshot(cols);
    expect(s.names).toEqual(['AK-47 | Redline (Field-Tested)', 'Sticker | "Hi" <script>', 'Bad price']);
    expect(cellValue(s, 'ask', 0)).toBe(15_000);
    // Three columns: the two asked for, then 'zzz', a market the service sent by itself.
    expect(s.askMarkets).toEqual(['steam', 'buff163', 'zzz']);
    expect(cellValue(s, 'ask', 2 * 3)).toBeNull();
    expect(cellValue(s, 'offers', 2 * 3)).toBe(2);
    expect(s.notes).toEqual({
      unknownMarkets: ['zzz'],
      skippedItems: 3,
      invalidValues: 1,
      duplicateNames: 0,
      duplicateEntries: 0,
    });
  });

  it('a network failure is a network error', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const msgs = await run((post) => new MarketWorker(post, failing), gqlRequest);
    expect(msgs.at(-1)).toMatchObject({ type: 'error', error: { kind: 'network' } });
  });

  it('rejects malformed requests', async () => {
    const msgs = await run(
      (post) =>
        new MarketWorker(
          post,
          fakeFetch(() => ({ status: 200, body: '[]' })),
        ),
      { type: 'graphql', id: 9 },
    );
    expect(msgs.at(-1)).toMatchObject({ type: 'error', id: 9 });
  });
});

describe('MarketWorker: per-row figures computed in the worker', () => {
  it('computes best ask/bid with the fees of the request, keyed so the UI can tell if they still apply', async () => {
    const fetch = fakeFetch(() => ({
      status: 200,
      body: JSON.stringify({ data: { aggregatedMinPrices: minPrices, aggregatedMaxOrders: maxOrders } }),
    }));
    const fees = { steam: { buyBps: 100, sellBps: 1000 } };
    const msgs = await run((post) => new MarketWorker(post, fetch), { ...gqlRequest, derive: { fees, net: true } });
    const last = msgs.at(-1);
    expect(last?.type).toBe('result');
    if (last?.type !== 'result') return;
    const cols: SnapshotData = {
      ...last.data,
      names: unpackStrings(last.data.names),
      search: unpackStrings(last.data.search),
    };
    expect(isSnapshotData(cols)).toBe(true);
    const s = toSnapshot(cols);
    // Every column of the answer, 'zzz' (sent though not asked for) included.
    expect(cols.derived?.key).toBe(derivedKey(s, [0, 1, 2], [0], fees, true));
    // The cheapest ask is zzz's 1 (no fee known there), not steam's 15,000 + 1 % = 15,150.
    expect(cols.derived?.data.bestAsk[0]).toBe(1);
    expect(cols.derived?.data.bestAskCol[0]).toBe(2);
    expect(cols.derived?.data.askFee[0]).toBe(100);
    expect(cols.derived?.data.bestBid[0]).toBe(12_600);
    expect(cols.derived?.data.spread[0]).toBe(12_599);
  });
});

describe('MarketWorker: REST loads (TF2, Dota 2, Rust)', () => {
  it('fetches min prices and max orders with game_id, in parallel, and merges them', async () => {
    const seen: Array<{ url: string; body: unknown }> = [];
    const fetch = fakeFetch((url, body) => {
      seen.push({ url, body });
      return { status: 200, body: JSON.stringify(url.endsWith('min-prices') ? minPrices : maxOrders) };
    });
    const msgs = await run((post) => new MarketWorker(post, fetch), {
      type: 'rest',
      id: 2,
      minPricesUrl: 'http://h/api/v2/rest/get-aggregated-min-prices',
      maxOrdersUrl: 'http://h/api/v2/rest/get-aggregated-max-orders',
      game: 440,
      askMarkets: ['steam'],
      bidMarkets: ['steam'],
    });
    expect(seen).toEqual([
      { url: 'http://h/api/v2/rest/get-aggregated-min-prices', body: { game_id: 440, markets: ['steam'] } },
      { url: 'http://h/api/v2/rest/get-aggregated-max-orders', body: { game_id: 440, markets: ['steam'] } },
    ]);
    const last = msgs.at(-1);
    expect(last?.type).toBe('result');
    if (last?.type === 'result') {
      expect(last.data.game).toBe(440);
      expect(last.data.meta.transport).toBe('rest');
      const cols: SnapshotData = {
        ...last.data,
        names: unpackStrings(last.data.names),
        search: unpackStrings(last.data.search),
      };
      expect(cellValue(toSnapshot(cols), 'bid', 0)).toBe(14_000);
    }
  });
});

/** A service that takes at most `limit` names a request: a longer list is refused as "Bad Request". */
function limitedService(limit: number, seen: Array<{ url: string; body: unknown }>): typeof fetch {
  const item = (name: string, field: 'prices' | 'orders', markets: readonly string[]) => ({
    market_hash_name: name,
    [field]: markets.map((m, i) => ({
      market_name: m,
      offers: 1,
      price: 1000 * (i + 1) + m.length,
      price_locked: null,
    })),
  });
  return fakeFetch((url, body) => {
    seen.push({ url, body });
    const b = body as { markets?: string[]; variables?: { markets?: string[]; bidMarkets?: string[] } };
    const lists = url.endsWith('graphql')
      ? [b.variables?.markets ?? [], b.variables?.bidMarkets ?? []]
      : [b.markets ?? []];
    if (lists.some((l) => l.length > limit))
      return { status: 400, body: 'Bad Request', headers: { 'content-type': 'text/plain' } };
    if (url.endsWith('graphql')) {
      const [ask, bid] = lists as [string[], string[]];
      const data: Record<string, unknown> = { aggregatedMinPrices: ['x', 'y'].map((n) => item(n, 'prices', ask)) };
      if (bid.length > 0) data.aggregatedMaxOrders = ['y', 'x'].map((n) => item(n, 'orders', bid));
      return { status: 200, body: JSON.stringify({ data }) };
    }
    const field = url.endsWith('min-prices') ? 'prices' : 'orders';
    return { status: 200, body: JSON.stringify(['x', 'y'].map((n) => item(n, field, lists[0]!))) };
  });
}

describe('MarketWorker: a service that takes only so many names a request', () => {
  const asks = ['a0', 'a1', 'a2', 'a3', 'a4'];
  const cellsOf = (msgs: MarketResponse[]) => {
    const last = msgs.at(-1);
    if (last?.type !== 'result') throw new Error(`no result: ${JSON.stringify(last)}`);
    const snap = toSnapshot({
      ...last.data,
      names: unpackStrings(last.data.names),
      search: unpackStrings(last.data.search),
    });
    return { snap, x: snap.indexOfName('x') };
  };
  it('REST: loads in batches of the limit and merges them into one snapshot', async () => {
    const seen: Array<{ url: string; body: unknown }> = [];
    const msgs = await run((post) => new MarketWorker(post, limitedService(2, seen)), {
      type: 'rest',
      id: 3,
      minPricesUrl: 'http://h/api/v2/rest/get-aggregated-min-prices',
      maxOrdersUrl: 'http://h/api/v2/rest/get-aggregated-max-orders',
      game: 440,
      askMarkets: asks,
      bidMarkets: ['a0'],
      perRequest: { ask: 2, bid: 2 },
    });
    const { snap, x } = cellsOf(msgs);
    expect(snap.n).toBe(2);
    expect(snap.askMarkets).toEqual(asks);
    expect(asks.map((_, k) => cellValue(snap, 'ask', x * asks.length + k))).toEqual([1002, 2002, 1002, 2002, 1002]);
    expect(cellValue(snap, 'bid', x)).toBe(1002);
    expect(snap.notes.duplicateNames).toBe(0);
    const min = seen.filter((s) => s.url.endsWith('min-prices')).map((s) => (s.body as { markets: string[] }).markets);
    expect(min).toEqual([['a0', 'a1'], ['a2', 'a3'], ['a4']]);
    expect(seen).toHaveLength(4);
  });
  it('GraphQL: one request per batch, each list within the limit, merged', async () => {
    const seen: Array<{ url: string; body: unknown }> = [];
    const batch = (ask: string[], bid: string[]) => ({
      body: {
        query: bid.length ? 'query GridPrices { x }' : 'query GridAsks { x }',
        variables: bid.length ? { markets: ask, bidMarkets: bid } : { markets: ask },
      },
      askMarkets: ask,
      bidMarkets: bid,
    });
    const msgs = await run((post) => new MarketWorker(post, limitedService(2, seen)), {
      ...gqlRequest,
      body: { query: 'query GridPrices { x }', variables: { markets: asks, bidMarkets: ['b0', 'b1'] } },
      askMarkets: asks,
      bidMarkets: ['b0', 'b1'],
      batches: [batch(['a0', 'a1'], ['b0']), batch(['a2', 'a3'], ['b1']), batch(['a4'], [])],
    });
    const { snap, x } = cellsOf(msgs);
    expect(seen).toHaveLength(3);
    expect(snap.askMarkets).toEqual(asks);
    expect(snap.bidMarkets).toEqual(['b0', 'b1']);
    expect(cellValue(snap, 'ask', x * 5 + 4)).toBe(1002);
    expect(cellValue(snap, 'bid', x * 2 + 1)).toBe(1002);
    expect(snap.meta.bytes).toBeGreaterThan(0);
  });
});

describe('MarketWorker: item look-ups in whole-game GraphQL answers', () => {
  const sales = {
    last_90d: 9,
    last_30d: 3,
    last_7d: 1,
    last_24h: 0,
    avg_daily_volume: 0.1,
    median_price_90d: 100,
    average_price_90d: 110,
    latest_median_price_sold: null,
  };
  const listings = {
    sell_orders_last_7d: 1,
    sell_orders_last_24h: 0,
    median_sell_price_90d: null,
    average_sell_price_90d: null,
    latest_sell_order_price: null,
    min_sell_order_price: 1,
    max_sell_order_price: 2,
    min_sell_order_price_90d: null,
    min_sell_order_price_30d: null,
    min_sell_order_price_7d: null,
    min_sell_order_price_24h: null,
  };
  const buyOrders = {
    buy_orders_last_7d: 1,
    buy_orders_last_24h: 0,
    median_buy_price_90d: null,
    average_buy_price_90d: null,
    latest_buy_order_price: null,
    min_buy_order_price: 1,
    max_buy_order_price: 2,
    max_buy_order_price_90d: null,
    max_buy_order_price_30d: null,
    max_buy_order_price_7d: null,
    max_buy_order_price_24h: null,
  };
  const steam = [{ market_hash_name: 'a', game_id: 730, sales, listings, buyOrders }];
  const recs = [
    {
      market_hash_name: 'a',
      suggested_price: 123,
      unstable_reasons: ['NOT_POPULAR'],
      total_sales: 5,
      price_difference: -1.5,
      price_change_percentage: 2.5,
      liquidity_score: 4000,
    },
  ];
  const gql = (field: string, value: unknown) => JSON.stringify({ data: { [field]: value } });
  const recsLookup = (id: number, item: string, more: Partial<{ source: string; epoch: number; game: number }> = {}) =>
    ({
      type: 'lookup',
      id,
      url: 'http://h/api/v2/graphql',
      body: {
        query:
          'query ItemRecommendation($game_id: Int) { getPriceRecommendations(game_id: $game_id) { market_hash_name } }',
        variables: { game_id: more.game ?? 730 },
      },
      field: 'getPriceRecommendations',
      item,
      source: more.source ?? 'demo',
      epoch: more.epoch ?? 0,
    }) as const;
  const steamLookup = (id: number, item: string) =>
    ({
      ...recsLookup(id, item),
      body: { query: 'query ItemSteamAnalytics { getSteamAnalytics { market_hash_name } }', variables: {} },
      field: 'getSteamAnalytics',
    }) as const;

  it('fetches a whole-game answer once per document and variables, and picks items from it', async () => {
    const seen: unknown[] = [];
    const fetch = fakeFetch((_url, body) => {
      seen.push(body);
      return {
        status: 200,
        body: String((body as { query: string }).query).includes('getSteamAnalytics')
          ? gql('getSteamAnalytics', steam)
          : gql('getPriceRecommendations', recs),
      };
    }, 1000);
    const got: MarketResponse[] = [];
    const engine = new MarketWorker((m) => got.push(m), fetch);
    await engine.lookup(recsLookup(1, 'a'));
    await engine.lookup(recsLookup(2, 'b'));
    await engine.lookup(steamLookup(3, 'a'));
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual(recsLookup(1, 'a').body);
    expect(got[0]).toEqual({ type: 'lookup', id: 1, row: recs[0], at: expect.any(Number) });
    expect(got[1]).toEqual({ type: 'lookup', id: 2, row: null, at: (got[0] as { at: number }).at });
    expect(got[2]).toMatchObject({
      type: 'lookup',
      id: 3,
      row: { market_hash_name: 'a', sales: { median_price_90d: 100 } },
    });
    // Another game is another answer.
    await engine.lookup(recsLookup(4, 'a', { game: 570 }));
    expect(seen).toHaveLength(3);
  });

  it('reads many items\u2019 numbers from the same kept answer (one fetch with the one-item look-ups)', async () => {
    let fetches = 0;
    const fetch = fakeFetch(() => {
      fetches++;
      return {
        status: 200,
        body: gql('getSteamAnalytics', [
          ...steam,
          {
            ...steam[0],
            market_hash_name: 'b',
            sales: { ...sales, avg_daily_volume: 4, latest_median_price_sold: 2_500 },
          },
        ]),
      };
    }, 1000);
    const got: MarketResponse[] = [];
    const engine = new MarketWorker((m) => got.push(m), fetch);
    await engine.lookup(steamLookup(1, 'a'));
    const { item: _item, ...rest } = steamLookup(2, 'a');
    await engine.lookupValues({
      ...rest,
      type: 'lookup-values',
      items: ['b', 'nope', 'a'],
      paths: ['sales.latest_median_price_sold', 'sales.avg_daily_volume'],
    });
    expect(fetches).toBe(1);
    const m = got[1];
    expect(m?.type).toBe('lookup-values');
    if (m?.type === 'lookup-values') {
      expect(Array.from(m.found)).toEqual([1, 0, 1]);
      expect(Array.from(m.values[0] as Float64Array)).toEqual([2_500, NaN, NaN]);
      expect(Array.from(m.values[1] as Float64Array)).toEqual([4, NaN, 0.1]);
    }
  });

  it('fetches again after a reload (a higher epoch) and for another data source, never serving the other source\u2019s answer', async () => {
    let price = 100;
    const fetch = fakeFetch(
      () => ({ status: 200, body: gql('getPriceRecommendations', [{ ...recs[0], suggested_price: price++ }]) }),
      1000,
    );
    const got: MarketResponse[] = [];
    const engine = new MarketWorker((m) => got.push(m), fetch);
    await engine.lookup(recsLookup(1, 'a'));
    await engine.lookup(recsLookup(2, 'a'));
    await engine.lookup(recsLookup(3, 'a', { epoch: 1 }));
    await engine.lookup(recsLookup(4, 'a', { epoch: 1, source: 'live|http://svc' }));
    await engine.lookup(recsLookup(5, 'a', { epoch: 1 }));
    const prices = got.map((m) =>
      m.type === 'lookup' ? (m.row as { suggested_price: number }).suggested_price : null,
    );
    expect(prices).toEqual([100, 100, 101, 102, 103]);
  });

  it('reads the answer row by row: unusable rows left out, bad values null, unknown reasons kept', async () => {
    const dirtyRecs = [
      { market_hash_name: 404 },
      { ...recs[0], unstable_reasons: ['NOT_POPULAR', 'PRICE_FREEZE'], suggested_price: null, total_sales: 'many' },
    ];
    const got: MarketResponse[] = [];
    const engine = new MarketWorker(
      (m) => got.push(m),
      fakeFetch(() => ({ status: 200, body: gql('getPriceRecommendations', dirtyRecs) }), 1000),
    );
    await engine.lookup(recsLookup(1, 'a'));
    expect(got[0]).toEqual({
      type: 'lookup',
      id: 1,
      at: expect.any(Number),
      row: {
        market_hash_name: 'a',
        suggested_price: null,
        total_sales: null,
        unstable_reasons: ['NOT_POPULAR', 'PRICE_FREEZE'],
        price_difference: -1.5,
        price_change_percentage: 2.5,
        liquidity_score: 4000,
      },
    });
  });

  it('an answer that is not a list is an error naming the field; GraphQL and HTTP errors are errors', async () => {
    const got: MarketResponse[] = [];
    await new MarketWorker(
      (m) => got.push(m),
      fakeFetch(() => ({ status: 200, body: gql('getPriceRecommendations', { items: [] }) })),
    ).lookup(recsLookup(1, 'a'));
    expect(got[0]).toMatchObject({
      type: 'error',
      error: { kind: 'invalid-response', detail: 'getPriceRecommendations: expected an array of items, got a object' },
    });
    await new MarketWorker(
      (m) => got.push(m),
      fakeFetch(() => ({
        status: 200,
        body: JSON.stringify({ errors: [{ message: 'no', extensions: { code: 'FORBIDDEN' } }], data: null }),
      })),
    ).lookup(recsLookup(2, 'a'));
    expect(got[1]).toMatchObject({ type: 'error', error: { kind: 'forbidden', detail: 'no' } });
  });

  it('does not keep a failed answer: the next look-up tries again', async () => {
    let fail = true;
    const fetch = fakeFetch(() =>
      fail
        ? { status: 500, body: '{"error":{"code":"INTERNAL_SERVER_ERROR","message":"x"}}' }
        : { status: 200, body: gql('getPriceRecommendations', recs) },
    );
    const got: MarketResponse[] = [];
    const engine = new MarketWorker((m) => got.push(m), fetch);
    await engine.lookup(recsLookup(1, 'a'));
    expect(got[0]).toMatchObject({ type: 'error', error: { kind: 'server', status: 500 } });
    fail = false;
    await engine.lookup(recsLookup(2, 'a'));
    expect(got[1]).toMatchObject({ type: 'lookup', row: { suggested_price: 123 } });
  });

  it('rejects a look-up of a field it has no reader for', async () => {
    const msgs = await run(
      (post) =>
        new MarketWorker(
          post,
          fakeFetch(() => ({ status: 200, body: '[]' })),
        ),
      { ...recsLookup(7, 'a'), field: 'aggregatedMinPrices' },
    );
    expect(msgs.at(-1)).toMatchObject({ type: 'error', id: 7 });
  });
});

describe('MarketWorker: price recommendations', () => {
  const recs = [
    {
      market_hash_name: 'B item',
      suggested_price: 2_500,
      unstable_reasons: ['NO_ORDERS'],
      total_sales: 4,
      price_difference: -12.5,
      price_change_percentage: 1.5,
      liquidity_score: 120,
    },
    {
      market_hash_name: 'A item',
      suggested_price: null,
      unstable_reasons: [],
      total_sales: 9,
      price_difference: 3,
      price_change_percentage: 0,
      liquidity_score: 10_000,
    },
    'not a row',
  ];
  const base = { type: 'recs', id: 7, game: 730, recType: 'p2p' } as const;

  it('GraphQL: reads data.getPriceRecommendations into transferred columns', async () => {
    let sent: unknown = null;
    const fetch = fakeFetch((_url, body) => {
      sent = body;
      return { status: 200, body: JSON.stringify({ data: { getPriceRecommendations: recs } }) };
    });
    const body = { query: 'query RecommendationList { x }', variables: { game_id: 730, type: 'p2p' } };
    const msgs = await run((post) => new MarketWorker(post, fetch), {
      ...base,
      transport: 'graphql',
      url: 'http://host/api/v2/graphql',
      body,
      markets: null,
    });
    expect(sent).toEqual(body);
    expect(msgs.some((m) => m.type === 'progress' && m.phase === 'download')).toBe(true);
    // The list's search text, flags and index follow it (tested below).
    const last = msgs.filter((m) => m.type !== 'recs-search').at(-1);
    expect(last?.type).toBe('recs');
    if (last?.type !== 'recs') return;
    expect(unpackStrings(last.data.names)).toEqual(['B item', 'A item']);
    expect([...last.data.suggested]).toEqual([2_500, NaN]);
    expect([...last.data.diff]).toEqual([-12.5, 3]);
    expect(last.data.type).toBe('p2p');
    expect(last.data.droppedRows).toBe(1);
    expect(last.data.invalidValues).toBe(1);
    expect(last.data.meta.transport).toBe('graphql');
    expect(last.data.meta.bytes).toBeGreaterThan(100);
  });

  it('REST: posts the body as given; a 400 naming a market of the filter comes back with that slug', async () => {
    const seen: unknown[] = [];
    const fetch = fakeFetch((_url, body) => {
      seen.push(body);
      return (body as { markets: string[] }).markets.includes('nope')
        ? {
            status: 400,
            body: JSON.stringify({
              error: { code: 'BAD_REQUEST', message: 'Unknown market "nope" for getPriceRecommendations' },
            }),
          }
        : { status: 200, body: JSON.stringify(recs) };
    });
    const ok = await run((post) => new MarketWorker(post, fetch), {
      ...base,
      transport: 'rest',
      url: 'http://host/api/v2/rest/get-price-recommendations',
      body: { game_id: 730, type: 'p2p', markets: ['steam'] },
      markets: ['steam'],
    });
    expect(ok.filter((m) => m.type !== 'recs-search').at(-1)?.type).toBe('recs');
    expect(seen[0]).toEqual({ game_id: 730, type: 'p2p', markets: ['steam'] });
    const bad = await run((post) => new MarketWorker(post, fetch), {
      ...base,
      transport: 'rest',
      url: 'http://host/api/v2/rest/get-price-recommendations',
      body: { game_id: 730, markets: ['nope'] },
      markets: ['nope'],
    });
    const last = bad.at(-1);
    expect(last?.type).toBe('error');
    if (last?.type !== 'error') return;
    expect(last.error.status).toBe(400);
    expect(last.error.rejectedMarkets).toEqual(['nope']);
  });

  it('posts the list without its search text, then, once the page says the list is on screen, the search text, flags and index', async () => {
    const many = Array.from({ length: 300 }, (_, i) => ({
      ...(recs[i % 2] as { suggested_price: number | null }),
      market_hash_name: `Item ${i} | "q" ★ StatTrak™`,
    }));
    const fetch = fakeFetch(
      () => ({ status: 200, body: JSON.stringify({ data: { getPriceRecommendations: many } }) }),
      4096,
    );
    const got: MarketResponse[] = [];
    const engine = new MarketWorker((m) => got.push(m), fetch);
    let finished = false;
    const loading = engine
      .loadRecs({
        ...base,
        transport: 'graphql',
        url: 'http://host/api/v2/graphql',
        body: { query: 'q' },
        markets: null,
      })
      .then(() => (finished = true));
    await vi.waitFor(() => expect(got.some((m) => m.type === 'recs')).toBe(true), { timeout: 5000, interval: 5 });
    // The search data waits for the page's word (its first frame needs the cores), well under the 1 s fallback.
    await new Promise((r) => setTimeout(r, 100));
    expect(got.some((m) => m.type === 'recs-search')).toBe(false);
    expect(finished).toBe(false);
    engine.handle({ type: 'recs-painted', id: base.id });
    await loading;
    const list = got.find((m) => m.type === 'recs');
    const more = got.at(-1);
    expect(list?.type).toBe('recs');
    expect(more?.type).toBe('recs-search');
    if (list?.type !== 'recs' || more?.type !== 'recs-search') return;
    expect(unpackStrings(list.data.names)).toEqual(many.map((r) => r.market_hash_name));
    expect('search' in list.data).toBe(false);
    expect(list.data.flags.length).toBe(0);
    expect([...list.data.suggested]).toEqual(many.map((r) => (r.suggested_price === null ? NaN : r.suggested_price)));
    const whole = shapeRecs(
      many,
      { game: 730, type: 'p2p', markets: null },
      { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 },
    )!;
    // The page's first order comes sorted.
    expect(list.data.presorted?.key).toBe(DEFAULT_REC_SORT.key);
    expect([...(list.data.presorted?.order ?? [])]).toEqual([...sortRecs({ ...whole }, null, DEFAULT_REC_SORT)]);
    expect(more.id).toBe(list.id);
    expect(unpackStrings(more.search)).toEqual(whole.search);
    expect([...more.flags]).toEqual([...whole.flags]);
    expect(isSearchIndex(more.index)).toBe(true);
    // The UI's columns take them when a filter first needs them.
    const cols = withPackedNames(list.data);
    expect(isRecColumns(cols)).toBe(true);
    attachRecSearch(cols, { search: () => unpackStrings(more.search), flags: more.flags, index: more.index });
    expect(recSearch(cols).search).toEqual(whole.search);
    expect(recSearchIndex(cols)).toBe(more.index);
  });

  it('reads rows while the answer downloads, yet a GraphQL error after them or a cut answer still fails the load', async () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ ...(recs[0] as object), market_hash_name: `Item ${i}` }));
    const body = JSON.stringify({
      data: { getPriceRecommendations: many },
      errors: [{ message: 'no', extensions: { code: 'FORBIDDEN' } }],
    });
    const withErrors = await run(
      (post) =>
        new MarketWorker(
          post,
          fakeFetch(() => ({ status: 200, body }), 1000),
        ),
      { ...base, transport: 'graphql', url: 'http://host/api/v2/graphql', body: { query: 'q' }, markets: null },
    );
    expect(withErrors.at(-1)?.type).toBe('error');
    const cut = JSON.stringify({ data: { getPriceRecommendations: many } }).slice(0, -40);
    const truncated = await run(
      (post) =>
        new MarketWorker(
          post,
          fakeFetch(() => ({ status: 200, body: cut }), 1000),
        ),
      { ...base, transport: 'graphql', url: 'http://host/api/v2/graphql', body: { query: 'q' }, markets: null },
    );
    const last = truncated.at(-1);
    expect(last?.type === 'error' && last.error.detail).toMatch(/not valid JSON/);
  });

  it('warms up on request without posting anything', () => {
    const got: MarketResponse[] = [];
    const engine = new MarketWorker(
      (m) => got.push(m),
      fakeFetch(() => ({ status: 500, body: '' })),
    );
    engine.handle({ type: 'warm' });
    engine.handle({ type: 'warm' });
    expect(got).toEqual([]);
  });

  it('an answer that is not a list is a clear error', async () => {
    const fetch = fakeFetch(() => ({
      status: 200,
      body: JSON.stringify({ data: { getPriceRecommendations: { items: [] } } }),
    }));
    const msgs = await run((post) => new MarketWorker(post, fetch), {
      ...base,
      transport: 'graphql',
      url: 'http://host/api/v2/graphql',
      body: { query: 'q' },
      markets: null,
    });
    const last = msgs.at(-1);
    expect(last?.type === 'error' && last.error.detail).toMatch(
      /getPriceRecommendations: expected an array of items, got a object/,
    );
  });
});

describe('MarketWorker: hostile answers', () => {
  it('a 2 MB body of zeros is an empty grid, and an answer past the item cap a clear invalid-response error, never a crash', async () => {
    const zeros = `[${'0,'.repeat(1024 * 1024 - 1)}0]`;
    const empty = await run(
      (post) =>
        new MarketWorker(
          post,
          fakeFetch(
            () => ({ status: 200, body: `{"data":{"aggregatedMinPrices":${zeros},"aggregatedMaxOrders":${zeros}}}` }),
            1 << 20,
          ),
        ),
      gqlRequest,
    );
    const last = empty.at(-1);
    expect(last).toMatchObject({ type: 'result', data: { n: 0, notes: { skippedItems: 2 * 1024 * 1024 } } });
    const many = `[${new Array<string>(MAX_ITEMS_PER_ANSWER + 1).fill('{"market_hash_name":"x","prices":[]}').join(',')}]`;
    const over = await run(
      (post) =>
        new MarketWorker(
          post,
          fakeFetch(
            () => ({ status: 200, body: `{"data":{"aggregatedMinPrices":${many},"aggregatedMaxOrders":[]}}` }),
            1 << 20,
          ),
        ),
      gqlRequest,
    );
    expect(over.at(-1)).toMatchObject({
      type: 'error',
      error: { kind: 'invalid-response', detail: expect.stringContaining('more than the 150,000 one answer may hold') },
    });
  });
});
