/**
 * Which marketplace names a service serves, and how it refuses the others: the published names by default;
 * another set (the `markets` option, as `--markets FILE` gives it) including names the catalog does not
 * know, which still get data; strict refusal (400) of every other name in all four places a name goes
 * (min prices, max orders, market_name of order analytics, the REST recommendations filter), in the
 * 'named' style (`unknown market: <first refused name>`) and the 'opaque' style (only "Bad Request").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../../shared/api/schema';
import {
  MARKETS,
  MARKET_ORDER_ANALYTICS_MARKETS as CANDIDATE_MOA,
  MAX_ORDER_MARKETS as CANDIDATE_MAX,
  nameStatus,
  publishedMarkets,
  type ServedMarkets,
} from '../../shared/catalog/markets';
import { createServiceHandler, startService } from '../src/index';
import type { RunningService } from '../src/server/start';
import { createToken, gql, post, rest } from './helpers/http';
import { FIXED_NOW, startTestService } from './helpers/service';

const PUBLISHED = publishedMarkets();
/** What a `--markets FILE` service might serve: the published names plus two nobody has catalogued. */
const CUSTOM: ServedMarkets = {
  minPrices: [...PUBLISHED.minPrices, 'newmarket-x', 'another-one'],
  maxOrders: [...PUBLISHED.maxOrders, 'newmarket-x'],
  marketOrderAnalytics: ['another-one', 'buff163'],
};

let def: RunningService;
let named: RunningService;
let opaque: RunningService;
const tokens = new Map<RunningService, string>();
const tok = (s: RunningService): string => tokens.get(s)!;

beforeAll(async () => {
  def = await startTestService();
  // Their own simulated markets (seed 1), built for CUSTOM.
  named = await startService({ quiet: true, clock: () => FIXED_NOW, markets: CUSTOM });
  opaque = await startService({ quiet: true, clock: () => FIXED_NOW, markets: CUSTOM, errorStyle: 'opaque' });
  for (const s of [def, named, opaque]) tokens.set(s, await createToken(s.url));
});
afterAll(async () => {
  await Promise.all([def, named, opaque].map((s) => s?.close()));
});

type Prices = { market_hash_name: string; prices: { market_name: string; price: number }[] }[];

describe('default: the published names', () => {
  it('serves exactly the published names: 28 min prices, 3 max orders, and the 6 order-analytics candidates', async () => {
    expect([PUBLISHED.minPrices.length, PUBLISHED.maxOrders.length, PUBLISHED.marketOrderAnalytics.length]).toEqual([
      28, 3, 6,
    ]);
    // Every published name is accepted (Dota 2: a small catalog)...
    const mp = await rest<Prices>(def.url, REST_PATHS.minPrices, tok(def), {
      game_id: 570,
      markets: PUBLISHED.minPrices,
    });
    expect(mp.status).toBe(200);
    const seen = new Set(mp.data.flatMap((it) => it.prices.map((p) => p.market_name)));
    for (const m of seen) expect(PUBLISHED.minPrices).toContain(m);
    expect(seen.size).toBeGreaterThan(5);
    expect(
      (await rest(def.url, REST_PATHS.maxOrders, tok(def), { game_id: 570, markets: PUBLISHED.maxOrders })).status,
    ).toBe(200);
    for (const m of PUBLISHED.marketOrderAnalytics) {
      expect(
        (await rest(def.url, REST_PATHS.marketOrderAnalytics, tok(def), { game_id: 570, market_name: m })).status,
        m,
      ).toBe(200);
    }
    // ...and every catalog candidate that is not published is refused, one by one.
    const candidates = MARKETS.map((m) => m.slug).filter((s) => nameStatus('minPrices', s) === 'candidate');
    expect(candidates.length).toBeGreaterThan(0);
    for (const m of candidates) {
      const r = await rest(def.url, REST_PATHS.minPrices, tok(def), { game_id: 570, markets: [m] });
      expect(r.status, m).toBe(400);
    }
    for (const m of CANDIDATE_MAX.filter((s) => !PUBLISHED.maxOrders.includes(s))) {
      expect((await rest(def.url, REST_PATHS.maxOrders, tok(def), { game_id: 570, markets: [m] })).status, m).toBe(400);
    }
    expect(CANDIDATE_MOA).toEqual(PUBLISHED.marketOrderAnalytics);
    // The names Market Desk once made up are not the service's.
    for (const old of ['steam', 'marketcsgo', 'c5game', 'lisskins']) {
      const r = await rest(def.url, REST_PATHS.minPrices, tok(def), { game_id: 570, markets: [old] });
      expect(r.text).toBe(
        JSON.stringify({
          error: { code: 'BAD_REQUEST', message: `unknown market: ${old}`, argument: 'markets', value: old },
        }),
      );
    }
  });
});

describe('another set of names (markets option)', () => {
  it('serves names the catalog does not know, with data, over both transports', async () => {
    const r = await rest<Prices>(named.url, REST_PATHS.minPrices, tok(named), {
      game_id: 440,
      markets: ['newmarket-x', 'another-one'],
    });
    expect(r.status).toBe(200);
    const listed = r.data.filter((it) => it.prices.length > 0);
    expect(listed.length).toBeGreaterThan(r.data.length * 0.1);
    for (const it of listed) for (const p of it.prices) expect(['newmarket-x', 'another-one']).toContain(p.market_name);
    expect(listed.some((it) => it.prices.some((p) => p.market_name === 'newmarket-x' && p.price > 0))).toBe(true);
    const mo = await rest<{ orders: { market_name: string }[] }[]>(named.url, REST_PATHS.maxOrders, tok(named), {
      game_id: 440,
      markets: ['newmarket-x'],
    });
    expect(mo.status).toBe(200);
    expect(mo.data.some((it) => it.orders.length === 1)).toBe(true);
    const moa = await rest<unknown[]>(named.url, REST_PATHS.marketOrderAnalytics, tok(named), {
      game_id: 440,
      market_name: 'another-one',
    });
    expect(moa.status).toBe(200);
    expect(moa.data.length).toBeGreaterThan(0);
    const recs = await rest<unknown[]>(named.url, REST_PATHS.priceRecommendations, tok(named), {
      game_id: 440,
      type: 'p2p',
      markets: ['newmarket-x'],
    });
    expect(recs.status).toBe(200);
    const g = await gql<{ aggregatedMaxOrders: unknown[] }>(
      named.url,
      tok(named),
      '{ aggregatedMaxOrders(markets: ["newmarket-x", "csgotm"]) { market_hash_name } }',
    );
    expect(g.status).toBe(200);
    // The opaque service serves the same names with the same data (same seed, same clock).
    const same = await rest(opaque.url, REST_PATHS.minPrices, tok(opaque), {
      game_id: 440,
      markets: ['newmarket-x', 'another-one'],
    });
    expect(same.text).toBe(r.text);
  });

  it('a name served for one operation only is refused by the others', async () => {
    // another-one: min prices and order analytics, not max orders; csgotm: max orders, not order analytics.
    expect(
      (await rest(named.url, REST_PATHS.maxOrders, tok(named), { game_id: 440, markets: ['another-one'] })).status,
    ).toBe(400);
    expect(
      (await rest(named.url, REST_PATHS.marketOrderAnalytics, tok(named), { game_id: 440, market_name: 'csgotm' }))
        .status,
    ).toBe(400);
  });

  it('a bad set of names is refused when the service is created', async () => {
    const bad: unknown[] = [
      { minPrices: [], maxOrders: [], marketOrderAnalytics: [] },
      { minPrices: ['Steam'], maxOrders: [], marketOrderAnalytics: [] },
      { minPrices: ['a', 'a'], maxOrders: [], marketOrderAnalytics: [] },
      { minPrices: ['a'], maxOrders: [] },
    ];
    for (const markets of bad) {
      expect(() => createServiceHandler({ markets: markets as ServedMarkets }), JSON.stringify(markets)).toThrow(
        /^markets: /,
      );
    }
    await expect(startService({ quiet: true, markets: bad[0] as ServedMarkets })).rejects.toThrow(/minPrices/);
  });
});

/** The four places a market name goes, each with an unserved name first ("steam") and a second one after it. */
const USES = [
  {
    use: 'min prices',
    argument: 'markets',
    gql: '{ aggregatedMinPrices(markets: ["newmarket-x", "steam", "marketcsgo"]) { market_hash_name } }',
    path: REST_PATHS.minPrices,
    body: { game_id: 440, markets: ['newmarket-x', 'steam', 'marketcsgo'] },
  },
  {
    use: 'max orders',
    argument: 'markets',
    gql: '{ aggregatedMaxOrders(markets: ["steamcommunity", "steam", "marketcsgo"]) { market_hash_name } }',
    path: REST_PATHS.maxOrders,
    body: { game_id: 440, markets: ['steamcommunity', 'steam', 'marketcsgo'] },
  },
  {
    use: 'market order analytics',
    argument: 'market_name',
    gql: '{ getMarketOrderAnalytics(market_name: "steam", game_id: 440) { market_hash_name } }',
    path: REST_PATHS.marketOrderAnalytics,
    body: { game_id: 440, market_name: 'steam' },
  },
  // GraphQL getPriceRecommendations has no markets argument: the filter is REST only.
  {
    use: 'recommendations filter',
    argument: 'markets',
    gql: null,
    path: REST_PATHS.priceRecommendations,
    body: { game_id: 440, markets: ['newmarket-x', 'steam', 'marketcsgo'] },
  },
] as const;

describe("'named' errors (default): the first refused name, lower-case, like a real API", () => {
  it.each(USES)('$use', async (u) => {
    if (u.gql) {
      const g = await gql(named.url, tok(named), u.gql);
      expect(g.status).toBe(400);
      const body = g.json() as { errors: { message: string; extensions: unknown; path?: unknown }[] };
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]!.message).toBe('unknown market: steam');
      expect(body.errors[0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', argument: u.argument, value: 'steam' });
      expect(g.text).not.toContain('marketcsgo');
    }
    const r = await rest(named.url, u.path, tok(named), u.body);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.text).toBe(
      JSON.stringify({
        error: { code: 'BAD_REQUEST', message: 'unknown market: steam', argument: u.argument, value: 'steam' },
      }),
    );
  });

  it('never lists the names it serves', async () => {
    const r = await rest(named.url, REST_PATHS.marketOrderAnalytics, tok(named), { game_id: 440 });
    expect(r.status).toBe(400);
    for (const m of CUSTOM.marketOrderAnalytics) expect(r.text).not.toContain(m);
  });
});

describe('\'opaque\' errors: every 400 says only "Bad Request"', () => {
  it.each(USES)('$use', async (u) => {
    if (u.gql) {
      const g = await gql(opaque.url, tok(opaque), u.gql);
      expect(g.status).toBe(400);
      expect(g.headers.get('content-type')).toMatch(/^application\/json/);
      expect(g.text).toBe('{"errors":[{"message":"Bad Request"}]}');
    }
    const r = await rest(opaque.url, u.path, tok(opaque), u.body);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(r.text).toBe('Bad Request');
  });

  it('other 400s too (bad game_id, unparsable query, bad JSON); 401 and 404 keep their JSON bodies', async () => {
    expect((await rest(opaque.url, REST_PATHS.steamAnalytics, tok(opaque), { game_id: 440 })).text).toBe('Bad Request');
    expect((await gql(opaque.url, tok(opaque), '{ nope ')).text).toBe('{"errors":[{"message":"Bad Request"}]}');
    expect((await post(opaque.url, REST_PATHS.minPrices, '{', { [TOKEN_HEADER]: tok(opaque) })).text).toBe(
      'Bad Request',
    );
    const unauth = await rest(opaque.url, REST_PATHS.minPrices, null, { game_id: 440, markets: ['steam'] });
    expect(unauth.status).toBe(401);
    expect(unauth.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', reason: 'TOKEN_MISSING' } });
    const g401 = await post(opaque.url, GRAPHQL_PATH, {
      query: '{ aggregatedMinPrices(markets: ["steam"]) { market_hash_name } }',
    });
    expect(g401.status).toBe(401);
    expect(g401.json()).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
    const nf = await post(opaque.url, '/api/v2/rest/nowhere', {});
    expect(nf.status).toBe(404);
    expect(nf.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
