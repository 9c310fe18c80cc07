import { describe, expect, it } from 'vitest';
import { summarizeSteam } from '../model/market-summary';
import { AnalyticsEngine } from './engine';
import type { AnalyticsResponse } from './protocol';
import { unpackNames } from '../../../market/history/recorder';

const sales = (last_30d: number, median: number, latest: number) => ({
  last_90d: last_30d * 3,
  last_30d,
  last_7d: 1,
  last_24h: 0,
  avg_daily_volume: last_30d / 30,
  median_price_90d: median,
  average_price_90d: median,
  latest_median_price_sold: latest,
});
const listings = {
  sell_orders_last_7d: 1,
  sell_orders_last_24h: 0,
  median_sell_price_90d: 1,
  average_sell_price_90d: 1,
  latest_sell_order_price: 1,
  min_sell_order_price: 1,
  max_sell_order_price: 1,
  min_sell_order_price_90d: 1,
  min_sell_order_price_30d: 1,
  min_sell_order_price_7d: 1,
  min_sell_order_price_24h: 1,
};
const buyOrders = {
  buy_orders_last_7d: 1,
  buy_orders_last_24h: 0,
  median_buy_price_90d: 1,
  average_buy_price_90d: 1,
  latest_buy_order_price: 1,
  min_buy_order_price: 1,
  max_buy_order_price: 1,
  max_buy_order_price_90d: 1,
  max_buy_order_price_30d: 1,
  max_buy_order_price_7d: 1,
  max_buy_order_price_24h: 1,
};

function engineWith(answer: () => Response) {
  const out: AnalyticsResponse[] = [];
  const seen: { url: string; body: string }[] = [];
  const engine = new AnalyticsEngine(
    (m) => out.push(m),
    async (url, init) => {
      seen.push({ url, body: String(init.body) });
      return answer();
    },
  );
  return { engine, out, seen };
}

const json = (status: number, v: unknown) =>
  new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json' } });
const load = {
  type: 'load',
  id: 1,
  key: 'demo|730|steam',
  kind: 'steam',
  url: '/api/v2/graphql',
  body: { query: 'query { getSteamAnalytics { market_hash_name } }' },
} as const;

describe('analytics engine', () => {
  it('reads the catalog row by row, answers with the summary only, and keeps rows for item lookups', async () => {
    const { engine, out, seen } = engineWith(() =>
      json(200, {
        data: {
          getSteamAnalytics: [
            { market_hash_name: 'B', sales: sales(40, 2_000, 3_000), listings, buyOrders },
            { market_hash_name: 'A', sales: sales(90, 1_000, 900), listings, buyOrders },
            { market_hash_name: null, sales: sales(1, 1, 1), listings, buyOrders },
            { market_hash_name: 'C', sales: { ...sales(5, 500, 500), median_price_90d: null }, listings, buyOrders },
          ],
        },
      }),
    );
    await engine.handle(load);
    expect(seen[0]).toEqual({ url: '/api/v2/graphql', body: JSON.stringify(load.body) });
    const loaded = out[0];
    if (loaded?.type !== 'loaded') throw new Error(`expected loaded, got ${JSON.stringify(loaded)}`);
    expect(loaded.catalog.names).toEqual(['A', 'B', 'C']);
    expect(loaded.catalog.droppedRows).toBe(1);
    expect(loaded.catalog.invalidValues).toBe(1);
    expect(loaded.catalog.summary.topByVolume.map((t) => [t.name, t.volume, t.price])).toEqual([
      ['A', 90, 1_000],
      ['B', 40, 2_000],
    ]);
    expect(loaded.catalog.summary.topByTurnover.map((t) => t.name)).toEqual(['A', 'B']); // 90,000 vs 80,000
    await engine.handle({ type: 'items', id: 2, key: load.key, names: ['B', 'nope'] });
    const items = out[1];
    if (items?.type !== 'items') throw new Error('expected items');
    expect(items.rows[0]?.market_hash_name).toBe('B');
    expect(items.rows[1]).toBeNull();
    // The kept catalog's Steam medians for the price history (a bad value is "no value", not 0).
    await engine.handle({ type: 'steam-medians', id: 3, key: load.key, game: 730, at: 1234 });
    const med = out[2];
    if (med?.type !== 'steam-medians' || !med.values) throw new Error('expected steam-medians');
    expect(med.values).toMatchObject({
      game: 730,
      at: 1234,
      stream: 's',
      fields: ['latest_median_price_sold', 'median_price_90d'],
    });
    expect(unpackNames(med.values.names)).toEqual(['B', 'A', 'C']);
    expect(Array.from(med.values.values)).toEqual([3_000, 2_000, 900, 1_000, 500, NaN]);
    await engine.handle({ type: 'steam-medians', id: 4, key: 'not kept', game: 730, at: 1234 });
    expect(out[3]).toEqual({ type: 'steam-medians', id: 4, values: null });
  });

  it('turns HTTP and GraphQL errors into the app error kinds', async () => {
    const http = engineWith(() => json(403, { errors: [{ message: 'no access', extensions: { code: 'FORBIDDEN' } }] }));
    await http.engine.handle(load);
    expect(http.out[0]).toMatchObject({ type: 'error', error: { kind: 'forbidden', status: 403 } });
    const gql = engineWith(() =>
      json(200, {
        errors: [{ message: 'game_id 440 is not supported', extensions: { code: 'BAD_USER_INPUT' } }],
        data: null,
      }),
    );
    await gql.engine.handle(load);
    expect(gql.out[0]).toMatchObject({
      type: 'error',
      error: { kind: 'bad-request', detail: 'game_id 440 is not supported' },
    });
    const notList = engineWith(() => json(200, { data: { getSteamAnalytics: 'x' } }));
    await notList.engine.handle(load);
    expect(notList.out[0]).toMatchObject({ type: 'error', error: { kind: 'invalid-response' } });
  });

  it('a 429 keeps its Retry-After and words on the way out of the worker', async () => {
    const limited = engineWith(
      () =>
        new Response(JSON.stringify({ errors: [{ message: 'slow down', extensions: { code: 'RATE_LIMITED' } }] }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '30' },
        }),
    );
    await limited.engine.handle(load);
    expect(limited.out[0]).toMatchObject({
      type: 'error',
      error: { kind: 'rate-limited', status: 429, retryAfterSeconds: 30, action: expect.stringMatching(/Wait 30 s/) },
    });
  });

  it('reads the answer as it downloads, in any chunking, to the same catalog as reading it whole', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      market_hash_name: `Item {${i}} "q"`,
      sales: sales(i % 40, 1_000 + i * 37, 900 + ((i * 53) % 400)),
      listings,
      buyOrders,
    }));
    rows[7] = { ...rows[7]!, sales: { ...rows[7]!.sales, median_price_90d: null as unknown as number } };
    const text = JSON.stringify({ data: { getSteamAnalytics: [...rows, { market_hash_name: 5 }] } });
    const chunked = (size: number) => () => {
      const bytes = new TextEncoder().encode(text);
      let i = 0;
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(c) {
            if (i >= bytes.length) c.close();
            else c.enqueue(bytes.slice(i, (i += size)));
          },
        }),
        { status: 200 },
      );
    };
    const expected = summarizeSteam(
      rows.map((r, i) => (i === 7 ? { ...r, sales: { ...r.sales, median_price_90d: null } } : r)) as never,
    );
    for (const size of [1, 13, 4096, text.length]) {
      const { engine, out } = engineWith(chunked(size));
      await engine.handle(load);
      const loaded = out[0];
      if (loaded?.type !== 'loaded') throw new Error(`expected loaded, got ${JSON.stringify(loaded)}`);
      expect(loaded.catalog.summary, `chunks of ${size}`).toEqual(expected);
      expect(loaded.catalog.names).toHaveLength(300);
      expect([loaded.catalog.droppedRows, loaded.catalog.invalidValues, loaded.catalog.bytes]).toEqual([
        1,
        1,
        text.length,
      ]);
    }
    const cut = engineWith(() => new Response(text.slice(0, text.length / 2), { status: 200 }));
    await cut.engine.handle(load);
    expect(cut.out[0]).toMatchObject({ type: 'error', error: { kind: 'invalid-response' } });
  });
});
