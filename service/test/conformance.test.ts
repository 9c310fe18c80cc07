/**
 * Conformance: walks docs spec sections 2, 4 and 5 over a real server on 127.0.0.1 (random port) with the
 * real simulated market and a fixed clock. Every result is validated with the shared zod schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GRAPHQL_PATH, REST_PATHS } from '../../shared/api/schema';
import {
  AggregatedMaxOrders,
  AggregatedMinPrices,
  MarketOrderAnalytics,
  PriceRecommendation,
  SteamAnalytics,
} from '../../shared/api/types';
import { GAME_IDS, STEAM_ANALYTICS_GAMES } from '../../shared/catalog/games';
import type { RunningService } from '../src/server/start';
import { createToken, gql, rest } from './helpers/http';
import { FULL } from './helpers/queries';
import {
  MARKET_ORDER_ANALYTICS_MARKETS,
  MAX_ORDER_MARKETS,
  MIN_PRICE_MARKETS,
  P2P_MARKETS,
  slicedMarket,
  startTestService,
} from './helpers/service';

let svc: RunningService;
let token: string;

beforeAll(async () => {
  svc = await startTestService({ market: slicedMarket() });
  token = await createToken(svc.url);
});
afterAll(async () => {
  await svc.close();
});

const wrap = (field: string, restText: string): string => `{"data":{"${field}":${restText}}}`;

// Whole-catalog answers: the first one of each kind also computes the simulated market's snapshot.
describe('both transports answer every operation with the same values (spec 4.1, 4.2)', () => {
  it('aggregatedMinPrices: GraphQL (game 730) equals REST game_id 730, byte for byte, all 36 markets', async () => {
    const g = await gql(
      svc.url,
      token,
      `query($m: [String!]!) { aggregatedMinPrices(markets: $m) { ${FULL.minPrices} } }`,
      { m: MIN_PRICE_MARKETS },
    );
    const r = await rest(svc.url, REST_PATHS.minPrices, token, { game_id: 730, markets: MIN_PRICE_MARKETS });
    expect(g.status).toBe(200);
    expect(r.status).toBe(200);
    expect(g.text).toBe(wrap('aggregatedMinPrices', r.text));
    const items = z.array(AggregatedMinPrices).parse(r.data);
    expect(items.length).toBeGreaterThan(1000);
    // Rule 3: entries may be absent; rule 4: price_locked may be null; only requested markets appear.
    const seen = new Set<string>();
    let absent = 0;
    let nullLocked = 0;
    for (const it of items) {
      if (it.prices.length < MIN_PRICE_MARKETS.length) absent++;
      const names = it.prices.map((p) => p.market_name);
      expect(new Set(names).size).toBe(names.length);
      for (const p of it.prices) {
        seen.add(p.market_name);
        if (p.price_locked === null) nullLocked++;
      }
    }
    expect(absent).toBeGreaterThan(0);
    expect(nullLocked).toBeGreaterThan(0);
    for (const m of seen) expect(MIN_PRICE_MARKETS).toContain(m);
  });

  it('aggregatedMaxOrders: GraphQL equals REST game_id 730, all 7 markets', async () => {
    const g = await gql(
      svc.url,
      token,
      `{ aggregatedMaxOrders(markets: ${JSON.stringify(MAX_ORDER_MARKETS)}) { ${FULL.maxOrders} } }`,
    );
    const r = await rest(svc.url, REST_PATHS.maxOrders, token, { game_id: 730, markets: MAX_ORDER_MARKETS });
    expect(g.text).toBe(wrap('aggregatedMaxOrders', r.text));
    const items = z.array(AggregatedMaxOrders).parse(r.data);
    expect(items.length).toBeGreaterThan(1000);
    expect(items.some((it) => it.orders.length < MAX_ORDER_MARKETS.length)).toBe(true);
    for (const it of items.slice(0, 500)) for (const o of it.orders) expect(MAX_ORDER_MARKETS).toContain(o.market_name);
  });

  it.each(STEAM_ANALYTICS_GAMES.map((g) => [g]))(
    'getSteamAnalytics game %i: GraphQL equals REST, game_id in every element',
    async (game) => {
      const g = await gql(svc.url, token, `{ getSteamAnalytics(game_id: ${game}) { ${FULL.steam} } }`);
      const r = await rest<unknown[]>(svc.url, REST_PATHS.steamAnalytics, token, { game_id: game });
      expect(g.text).toBe(wrap('getSteamAnalytics', r.text));
      const items = z.array(SteamAnalytics.required({ game_id: true })).parse(r.data);
      expect(items.length).toBeGreaterThan(0);
      for (const it of items) expect(it.game_id).toBe(game);
    },
  );

  // CS2 on one market (each CS2 market is a full-catalog computation); the smaller games on all 6.
  it.each(GAME_IDS.map((g) => [g]))('getMarketOrderAnalytics game %i: GraphQL equals REST', async (game) => {
    const markets = game === 730 ? ['buff163'] : MARKET_ORDER_ANALYTICS_MARKETS;
    for (const market of markets) {
      const g = await gql(
        svc.url,
        token,
        `query($m: String!, $g: Int) { getMarketOrderAnalytics(market_name: $m, game_id: $g) { ${FULL.moa} } }`,
        { m: market, g: game },
      );
      const r = await rest(svc.url, REST_PATHS.marketOrderAnalytics, token, { market_name: market, game_id: game });
      expect(r.status).toBe(200);
      expect(g.text).toBe(wrap('getMarketOrderAnalytics', r.text));
      z.array(MarketOrderAnalytics).parse(r.data);
    }
  });

  it.each(
    GAME_IDS.flatMap(
      (g) =>
        [
          [g, 'general'],
          [g, 'p2p'],
        ] as const,
    ),
  )('getPriceRecommendations game %i type %s', async (game, type) => {
    const g = await gql(
      svc.url,
      token,
      `{ getPriceRecommendations(game_id: ${game}, type: ${type}) { ${FULL.recs} } }`,
    );
    const r = await rest(svc.url, REST_PATHS.priceRecommendations, token, { game_id: game, type });
    expect(g.text).toBe(wrap('getPriceRecommendations', r.text));
    const items = z.array(PriceRecommendation).parse(r.data);
    expect(items.length).toBeGreaterThan(0);
  });

  it('REST min prices and max orders take game_id for every game; markets the game lacks are just absent', async () => {
    for (const game of GAME_IDS) {
      const r = await rest(svc.url, REST_PATHS.minPrices, token, {
        game_id: game,
        markets: ['steamcommunity', 'csfloat', 'buff163'],
      });
      expect(r.status).toBe(200);
      const items = z.array(AggregatedMinPrices).parse(r.data);
      expect(items.length).toBeGreaterThan(0);
      const m = await rest(svc.url, REST_PATHS.maxOrders, token, {
        game_id: game,
        markets: ['steamcommunity', 'buff163'],
      });
      expect(m.status).toBe(200);
      z.array(AggregatedMaxOrders).parse(m.data);
    }
  });
});

describe('defaults (spec 4.3)', () => {
  it('getSteamAnalytics without game_id answers 730 (GraphQL and REST {})', async () => {
    const a = await gql(svc.url, token, '{ getSteamAnalytics { market_hash_name game_id sales { last_7d } } }');
    const b = await gql(
      svc.url,
      token,
      '{ getSteamAnalytics(game_id: 730) { market_hash_name game_id sales { last_7d } } }',
    );
    expect(a.text).toBe(b.text);
    const r1 = await rest(svc.url, REST_PATHS.steamAnalytics, token, {});
    const r2 = await rest(svc.url, REST_PATHS.steamAnalytics, token, { game_id: 730 });
    expect(r1.text).toBe(r2.text);
    const r3 = await rest(svc.url, REST_PATHS.steamAnalytics, token, { game_id: null });
    expect(r3.text).toBe(r2.text);
  });

  it('getMarketOrderAnalytics without game_id answers 730', async () => {
    const a = await rest(svc.url, REST_PATHS.marketOrderAnalytics, token, { market_name: 'buff163' });
    const b = await rest(svc.url, REST_PATHS.marketOrderAnalytics, token, { market_name: 'buff163', game_id: 730 });
    expect(a.status).toBe(200);
    expect(a.text).toBe(b.text);
    const g = await gql(svc.url, token, `{ getMarketOrderAnalytics(market_name: "buff163") { ${FULL.moa} } }`);
    expect(g.text).toBe(wrap('getMarketOrderAnalytics', a.text));
  });

  it('getPriceRecommendations defaults to game 730 and type general', async () => {
    const a = await rest(svc.url, REST_PATHS.priceRecommendations, token, {});
    const b = await rest(svc.url, REST_PATHS.priceRecommendations, token, { game_id: 730, type: 'general' });
    expect(a.text).toBe(b.text);
    const g = await gql(svc.url, token, `{ getPriceRecommendations { ${FULL.recs} } }`);
    expect(g.text).toBe(wrap('getPriceRecommendations', a.text));
  });

  it('REST price recommendations accept an optional markets filter', async () => {
    const r = await rest(svc.url, REST_PATHS.priceRecommendations, token, {
      game_id: 730,
      type: 'p2p',
      markets: P2P_MARKETS.slice(0, 3),
    });
    expect(r.status).toBe(200);
    z.array(PriceRecommendation).parse(r.data);
    const bad = await rest(svc.url, REST_PATHS.priceRecommendations, token, { markets: ['nowhere'] });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'BAD_REQUEST', argument: 'markets' } });
  });
});

describe('rules of spec 4.3', () => {
  it('steam analytics accepts only 730 and 570', async () => {
    for (const game of [440, 252490, 1, -730]) {
      const g = await gql(svc.url, token, `{ getSteamAnalytics(game_id: ${game}) { market_hash_name } }`);
      expect(g.status).toBe(400);
      expect(g.json()).toMatchObject({
        errors: [{ extensions: { code: 'BAD_USER_INPUT', argument: 'game_id', value: game } }],
      });
      expect((g.json() as { errors: { message: string }[] }).errors[0]!.message).toContain(String(game));
      const r = await rest(svc.url, REST_PATHS.steamAnalytics, token, { game_id: game });
      expect(r.status).toBe(400);
      expect(r.json()).toMatchObject({ error: { code: 'BAD_REQUEST', argument: 'game_id' } });
    }
  });

  it('market order analytics and price recommendations accept the four games only', async () => {
    const r = await rest(svc.url, REST_PATHS.marketOrderAnalytics, token, { market_name: 'buff163', game_id: 123 });
    expect(r.status).toBe(400);
    const p = await gql(svc.url, token, '{ getPriceRecommendations(game_id: 99) { market_hash_name } }');
    expect(p.status).toBe(400);
    const m = await rest(svc.url, REST_PATHS.minPrices, token, { game_id: 5, markets: ['steamcommunity'] });
    expect(m.status).toBe(400);
  });

  it('market lists: 36 for min prices, 7 for max orders, 6 for market order analytics', async () => {
    const all = await gql(
      svc.url,
      token,
      'query($m: [String!]!) { aggregatedMinPrices(markets: $m) { market_hash_name } }',
      { m: MIN_PRICE_MARKETS },
    );
    expect(all.status).toBe(200);
    const notMax = MIN_PRICE_MARKETS.find((m) => !MAX_ORDER_MARKETS.includes(m))!;
    const mo = await gql(
      svc.url,
      token,
      `{ aggregatedMaxOrders(markets: ["steamcommunity", "${notMax}"]) { market_hash_name } }`,
    );
    expect(mo.status).toBe(400);
    expect(mo.json()).toMatchObject({
      errors: [{ extensions: { code: 'BAD_USER_INPUT', argument: 'markets', value: notMax } }],
    });
    const notMoa = MAX_ORDER_MARKETS.find((m) => !MARKET_ORDER_ANALYTICS_MARKETS.includes(m))!;
    const moa = await gql(svc.url, token, `{ getMarketOrderAnalytics(market_name: "${notMoa}") { market_hash_name } }`);
    expect(moa.status).toBe(400);
    expect(moa.json()).toMatchObject({ errors: [{ extensions: { argument: 'market_name', value: notMoa } }] });
    const unknown = await rest(svc.url, REST_PATHS.minPrices, token, {
      game_id: 730,
      markets: ['steamcommunity', 'no-such-market'],
    });
    expect(unknown.status).toBe(400);
    expect((unknown.json() as { error: { message: string } }).error.message).toContain('no-such-market');
  });

  it('empty markets array is rejected (400), duplicates count once', async () => {
    const e = await rest(svc.url, REST_PATHS.minPrices, token, { game_id: 730, markets: [] });
    expect(e.status).toBe(400);
    const g = await gql(svc.url, token, '{ aggregatedMaxOrders(markets: []) { market_hash_name } }');
    expect(g.status).toBe(400);
    const d = await rest<{ prices: { market_name: string }[] }[]>(svc.url, REST_PATHS.minPrices, token, {
      game_id: 730,
      markets: ['steamcommunity', 'steamcommunity'],
    });
    const once = await rest(svc.url, REST_PATHS.minPrices, token, { game_id: 730, markets: ['steamcommunity'] });
    expect(d.text).toBe(once.text);
  });

  it('only requested markets appear, in request order; items without entries stay with an empty array', async () => {
    const r = await rest<{ market_hash_name: string; prices: { market_name: string }[] }[]>(
      svc.url,
      REST_PATHS.minPrices,
      token,
      { game_id: 730, markets: ['csgoroll', 'steamcommunity'] },
    );
    const all = await rest<unknown[]>(svc.url, REST_PATHS.minPrices, token, {
      game_id: 730,
      markets: MIN_PRICE_MARKETS,
    });
    expect(r.data.length).toBe(all.data.length);
    for (const it of r.data) {
      const names = it.prices.map((p) => p.market_name);
      expect(names.every((n) => n === 'csgoroll' || n === 'steamcommunity')).toBe(true);
      if (names.length === 2) expect(names).toEqual(['csgoroll', 'steamcommunity']);
    }
    expect(r.data.some((it) => it.prices.length === 0 || it.prices.length === 1)).toBe(true);
  });

  it('wrong argument types are 400 naming the input', async () => {
    const cases: [string, unknown][] = [
      [REST_PATHS.minPrices, { game_id: '730', markets: ['steamcommunity'] }],
      [REST_PATHS.minPrices, { game_id: 730, markets: 'steamcommunity' }],
      [REST_PATHS.minPrices, { game_id: 730, markets: [1] }],
      [REST_PATHS.minPrices, { game_id: 730.5, markets: ['steamcommunity'] }],
      [REST_PATHS.marketOrderAnalytics, { market_name: 5 }],
      [REST_PATHS.marketOrderAnalytics, {}],
      [REST_PATHS.priceRecommendations, { type: 'cheap' }],
      [REST_PATHS.maxOrders, { game_id: 730 }],
    ];
    for (const [path, body] of cases) {
      const r = await rest(svc.url, path, token, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      const err = (r.json() as { error: { code: string; argument: string; message: string } }).error;
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toContain(err.argument);
    }
    const g = await gql(svc.url, token, '{ getSteamAnalytics(game_id: "730") { market_hash_name } }');
    expect(g.status).toBe(400);
    expect(g.json()).toMatchObject({ errors: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
    const v = await gql(svc.url, token, 'query($g: Int) { getSteamAnalytics(game_id: $g) { market_hash_name } }', {
      g: 'x',
    });
    expect(v.status).toBe(400);
    expect(v.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
    expect(v.text).toContain('$g');
    const t = await gql(svc.url, token, '{ getPriceRecommendations(type: cheap) { market_hash_name } }');
    expect(t.status).toBe(400);
  });
});

describe('GraphQL field selection (spec 4.1)', () => {
  it('returns only the selected fields', async () => {
    const g = await gql<{ aggregatedMinPrices: Record<string, unknown>[] }>(
      svc.url,
      token,
      '{ aggregatedMinPrices(markets: ["steamcommunity", "buff163"]) { prices { price } } }',
    );
    for (const it of g.data.aggregatedMinPrices.slice(0, 200)) {
      expect(Object.keys(it)).toEqual(['prices']);
      for (const p of it.prices as Record<string, unknown>[]) expect(Object.keys(p)).toEqual(['price']);
    }
    const s = await gql<{ getSteamAnalytics: Record<string, unknown>[] }>(
      svc.url,
      token,
      '{ getSteamAnalytics { sales { last_24h } buyOrders { max_buy_order_price } } }',
    );
    expect(Object.keys(s.data.getSteamAnalytics[0]!)).toEqual(['sales', 'buyOrders']);
    expect(Object.keys(s.data.getSteamAnalytics[0]!.sales as object)).toEqual(['last_24h']);
  });

  it('aliases, fragments, inline fragments, __typename, @include/@skip with variables', async () => {
    const q = `query Q($withOffers: Boolean!, $noName: Boolean!) {
      __typename
      mp: aggregatedMinPrices(markets: ["steamcommunity"]) {
        ...Item
        n2: market_hash_name @skip(if: $noName)
        __typename
      }
      recs: getPriceRecommendations(game_id: 570, type: p2p) { ... on PriceRecommendation { liquidity_score score2: liquidity_score } }
    }
    fragment Item on AggregatedMinPrices { name: market_hash_name prices { p: price offers @include(if: $withOffers) __typename } }`;
    const g = await gql<{ __typename: string; mp: Record<string, unknown>[]; recs: Record<string, unknown>[] }>(
      svc.url,
      token,
      q,
      { withOffers: false, noName: true },
    );
    expect(g.status).toBe(200);
    expect(g.data.__typename).toBe('Query');
    const first = g.data.mp[0]!;
    expect(Object.keys(first)).toEqual(['name', 'prices', '__typename']);
    expect(first.__typename).toBe('AggregatedMinPrices');
    for (const it of g.data.mp.slice(0, 100)) {
      for (const p of it.prices as Record<string, unknown>[]) expect(Object.keys(p)).toEqual(['p', '__typename']);
    }
    expect(Object.keys(g.data.recs[0]!)).toEqual(['liquidity_score', 'score2']);
    const g2 = await gql<{ mp: Record<string, unknown>[] }>(svc.url, token, q, { withOffers: true, noName: false });
    expect(Object.keys(g2.data.mp[0]!)).toEqual(['name', 'prices', 'n2', '__typename']);
  });

  it('operationName picks one of several operations', async () => {
    const doc = 'query A { getSteamAnalytics(game_id: 570) { market_hash_name } } query B { __typename }';
    const b = await gql(svc.url, token, doc, undefined, 'B');
    expect(b.text).toBe('{"data":{"__typename":"Query"}}');
    const none = await gql(svc.url, token, doc);
    expect(none.status).toBe(400);
    const wrong = await gql(svc.url, token, doc, undefined, 'C');
    expect(wrong.status).toBe(400);
  });

  it('introspection works (without a token) and describes the SDL', async () => {
    const g = await gql<{ __schema: { queryType: { fields: { name: string }[] }; mutationType: { name: string } } }>(
      svc.url,
      null,
      '{ __schema { queryType { fields { name } } mutationType { name } } }',
    );
    expect(g.status).toBe(200);
    expect(g.data.__schema.queryType.fields.map((f) => f.name).sort()).toEqual([
      'aggregatedMaxOrders',
      'aggregatedMinPrices',
      'getMarketOrderAnalytics',
      'getPriceRecommendations',
      'getSteamAnalytics',
    ]);
    expect(g.data.__schema.mutationType.name).toBe('Mutation');
    const t = await gql<{ __type: { enumValues: { name: string }[] } }>(
      svc.url,
      null,
      '{ __type(name: "RecommendationType") { enumValues { name } } }',
    );
    expect(t.data.__type.enumValues.map((e) => e.name)).toEqual(['general', 'p2p']);
  });

  it('answers with {"data": {...}} and content-type application/json; charset=utf-8', async () => {
    const g = await gql(svc.url, token, '{ getPriceRecommendations(game_id: 440) { market_hash_name } }');
    expect(g.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(g.json() as object)).toEqual(['data']);
    const r = await rest(svc.url, REST_PATHS.priceRecommendations, token, { game_id: 440 });
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Array.isArray(r.data)).toBe(true);
  });

  it('the token mutation answers at data.createSubscriptionToken and works with aliases', async () => {
    const g = await gql<{ t: string }>(
      svc.url,
      null,
      'mutation { t: createSubscriptionToken(api_key: "demo-market-desk-key") }',
    );
    expect(g.status).toBe(200);
    expect(g.data.t.split('.')).toHaveLength(3);
    const r = await rest(svc.url, REST_PATHS.steamAnalytics, g.data.t, { game_id: 570 });
    expect(r.status).toBe(200);
    expect(GRAPHQL_PATH).toBe('/api/v2/graphql');
  });
});
