/**
 * Error classes and shapes (service/README.md): 400/401/403/404/405/413, malformed bodies, wrong
 * content type, and a small fuzz: nothing a client sends crashes the server or leaks a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../../shared/api/schema';
import { mulberry32 } from '../../shared/random/mulberry32';
import { startHttpService, type RunningService } from '../src/server/start';
import { createFakeMarket } from './helpers/fake-market';
import { createToken, post, raw } from './helpers/http';
import { FIXED_NOW, startTestService } from './helpers/service';

let svc: RunningService;
let token: string;
beforeAll(async () => {
  svc = await startTestService();
  token = await createToken(svc.url);
});
afterAll(async () => {
  await svc.close();
});

const GQL_CODES = new Set([
  'BAD_REQUEST',
  'BAD_USER_INPUT',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'METHOD_NOT_ALLOWED',
]);

function expectGraphQLError(text: string, code: string): string {
  const b = JSON.parse(text) as { errors: { message: string; extensions: { code: string } }[]; data?: unknown };
  expect(b.data).toBeUndefined();
  expect(b.errors.length).toBeGreaterThan(0);
  expect(b.errors[0]!.extensions.code).toBe(code);
  return b.errors[0]!.message;
}

function expectRestError(text: string, code: string): string {
  const b = JSON.parse(text) as { error: { code: string; message: string } };
  expect(b.error.code).toBe(code);
  return b.error.message;
}

describe('HTTP-level errors', () => {
  it('unknown path: 404 NOT_FOUND', async () => {
    for (const path of [
      '/',
      '/api/v2',
      '/api/v2/rest/get-everything',
      '/api/v1/graphql',
      '/API/V2/GRAPHQL',
      '/__admin/faults',
    ]) {
      const r = await raw(svc.url, path, { headers: { 'content-type': 'application/json' }, body: '{}' });
      if ('error' in r) throw new Error(r.error);
      expect(r.status, path).toBe(404);
      expectRestError(r.text, 'NOT_FOUND');
    }
  });

  it('wrong method: 405 with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      for (const path of [GRAPHQL_PATH, REST_PATHS.minPrices]) {
        const r = await raw(svc.url, path, { method });
        if ('error' in r) throw new Error(r.error);
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(r.headers.allow).toBe('POST');
        if (path === GRAPHQL_PATH) expectGraphQLError(r.text, 'METHOD_NOT_ALLOWED');
        else expectRestError(r.text, 'METHOD_NOT_ALLOWED');
      }
    }
    const head = await raw(svc.url, GRAPHQL_PATH, { method: 'HEAD' });
    expect('status' in head && head.status).toBe(405);
  });

  it('body over 1 MiB: 413 PAYLOAD_TOO_LARGE (declared or streamed), and the server keeps serving', async () => {
    const big = JSON.stringify({ query: `{ __typename }#${'x'.repeat(1024 * 1024)}` });
    const r = await post(svc.url, GRAPHQL_PATH, big);
    expect(r.status).toBe(413);
    expectGraphQLError(r.text, 'PAYLOAD_TOO_LARGE');
    const chunked = await fetch(svc.url + REST_PATHS.minPrices, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body: new Blob([`{"game_id":730,"markets":["steamcommunity"],"pad":"${'y'.repeat(1_200_000)}"}`]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expectRestError(await chunked.text(), 'PAYLOAD_TOO_LARGE');
    const ok = await post(svc.url, GRAPHQL_PATH, { query: '{ __typename }' });
    expect(ok.status).toBe(200);
  });

  it('malformed JSON: 400 BAD_REQUEST', async () => {
    for (const body of ['{', '{"query": }', 'null x', '\u0000', '']) {
      const g = await post(svc.url, GRAPHQL_PATH, body);
      expect(g.status, JSON.stringify(body)).toBe(400);
      expectGraphQLError(g.text, 'BAD_REQUEST');
      const r = await post(svc.url, REST_PATHS.steamAnalytics, body, { [TOKEN_HEADER]: token });
      expect(r.status).toBe(400);
      expectRestError(r.text, 'BAD_REQUEST');
    }
  });

  it('wrong or missing content type: 400 BAD_REQUEST naming content-type', async () => {
    for (const ct of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/graphql',
      'multipart/form-data; boundary=x',
    ]) {
      const g = await raw(svc.url, GRAPHQL_PATH, {
        headers: { 'content-type': ct },
        body: '{"query":"{ __typename }"}',
      });
      if ('error' in g) throw new Error(g.error);
      expect(g.status, ct).toBe(400);
      expect(expectGraphQLError(g.text, 'BAD_REQUEST')).toContain('Content-Type');
    }
    const none = await raw(svc.url, REST_PATHS.steamAnalytics, { headers: { [TOKEN_HEADER]: token }, body: '{}' });
    expect('status' in none && none.status).toBe(400);
    const withCharset = await raw(svc.url, GRAPHQL_PATH, {
      headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
      body: '{"query":"{ __typename }"}',
    });
    expect('status' in withCharset && withCharset.status).toBe(200);
  });

  it('GraphQL body shape: query must be a non-empty string, variables an object, operationName a string', async () => {
    const cases: unknown[] = [
      {},
      { query: 5 },
      { query: '' },
      { query: '{ __typename }', variables: [1] },
      { query: '{ __typename }', variables: 'x' },
      { query: '{ __typename }', operationName: 3 },
      [],
      'str',
      42,
      null,
    ];
    for (const body of cases) {
      const g = await post(svc.url, GRAPHQL_PATH, JSON.stringify(body));
      expect(g.status, JSON.stringify(body)).toBe(400);
      expectGraphQLError(g.text, 'BAD_REQUEST');
    }
    for (const body of [[], 'str', 42, null]) {
      const r = await post(svc.url, REST_PATHS.steamAnalytics, JSON.stringify(body), { [TOKEN_HEADER]: token });
      expect(r.status).toBe(400);
    }
  });

  it('GraphQL parse and validation errors: 400 GRAPHQL_PARSE_FAILED / GRAPHQL_VALIDATION_FAILED with locations', async () => {
    const p = await post(svc.url, GRAPHQL_PATH, { query: '{ aggregatedMinPrices(' });
    expect(p.status).toBe(400);
    expectGraphQLError(p.text, 'GRAPHQL_PARSE_FAILED');
    expect(p.text).toContain('locations');
    for (const q of [
      '{ nope }',
      '{ aggregatedMinPrices(markets: ["steamcommunity"]) }',
      '{ aggregatedMinPrices { market_hash_name } }',
      'subscription { x }',
      '{ getSteamAnalytics(game_id: 730) { sales } }',
      'query($a: Int) { __typename }',
    ]) {
      const v = await post(svc.url, GRAPHQL_PATH, { query: q }, { [TOKEN_HEADER]: token });
      expect(v.status, q).toBe(400);
      expectGraphQLError(v.text, 'GRAPHQL_VALIDATION_FAILED');
    }
    const cached = await post(svc.url, GRAPHQL_PATH, { query: '{ nope }' });
    expect(cached.status).toBe(400);
  });

  it('operations that are too large are refused: more than 16 data root fields or 2000 selected fields', async () => {
    const roots = Array.from(
      { length: 17 },
      (_, i) => `a${i}: getPriceRecommendations(game_id: 440) { market_hash_name }`,
    ).join(' ');
    const r = await post(svc.url, GRAPHQL_PATH, { query: `{ ${roots} }` }, { [TOKEN_HEADER]: token });
    expect(r.status).toBe(400);
    expect(expectGraphQLError(r.text, 'GRAPHQL_VALIDATION_FAILED')).toContain('too large');
    const fields = Array.from({ length: 2001 }, (_, i) => `p${i}: price`).join(' ');
    const f = await post(
      svc.url,
      GRAPHQL_PATH,
      { query: `{ aggregatedMinPrices(markets: ["steamcommunity"]) { prices { ${fields} } } }` },
      { [TOKEN_HEADER]: token },
    );
    expect(f.status).toBe(400);
    const ok = await post(
      svc.url,
      GRAPHQL_PATH,
      { query: `{ ${roots.split(' a16:')[0]} }` },
      { [TOKEN_HEADER]: token },
    );
    expect(ok.status).toBe(200);
  });

  it('validation happens before authentication; authentication before argument rules', async () => {
    const noToken = await post(svc.url, GRAPHQL_PATH, {
      query: '{ getSteamAnalytics(game_id: 440) { market_hash_name } }',
    });
    expect(noToken.status).toBe(401);
    const invalid = await post(svc.url, GRAPHQL_PATH, { query: '{ getSteamAnalytics(game_id: 440) { nope } }' });
    expect(invalid.status).toBe(400);
  });
});

describe('robustness', () => {
  it('random bodies, headers and queries never crash the server or leak stack traces', async () => {
    // The HTTP/GraphQL layer is under test here, not the data: a small market keeps 200 requests fast.
    const small = await startHttpService({
      quiet: true,
      clock: () => FIXED_NOW,
      market: createFakeMarket({ items: 30 }),
    });
    try {
      await fuzz(small, await createToken(small.url));
    } finally {
      await small.close();
    }
  });

  async function fuzz(svc: RunningService, token: string): Promise<void> {
    const rnd = mulberry32(42);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const fragments = [
      '{',
      '}',
      '[',
      ']',
      '"',
      ':',
      ',',
      'null',
      'true',
      '1e999',
      '-0',
      '"\\u0000"',
      '"\\ud800"',
      'query',
      'markets',
      'game_id',
      '730',
      '"steamcommunity"',
      '{"query":',
      '"{ __typename }"',
      '"variables":',
      '{"a":{"b":{"c":[]}}}',
      '\u2603',
      ' ',
    ];
    const queries = [
      '{ aggregatedMinPrices(markets: $m) { market_hash_name } }',
      'query($m:[String!]!){aggregatedMinPrices(markets:$m){prices{price}}}',
      '{ __schema { types { name } } }',
      'mutation { createSubscriptionToken(api_key: 1) }',
      '{ getMarketOrderAnalytics(market_name: null) { market_hash_name } }',
      '{ ...F } fragment F on Query { __typename ...F }',
      '{'.repeat(200),
      `{ a: __typename ${'b: __typename '.repeat(100)} }`,
      'query Q { __typename } query Q { __typename }',
    ];
    const paths = [GRAPHQL_PATH, ...Object.values(REST_PATHS)];
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i++) {
      let body: string;
      const kind = rnd();
      if (kind < 0.35) body = Array.from({ length: 1 + Math.floor(rnd() * 12) }, () => pick(fragments)).join('');
      else if (kind < 0.7)
        body = JSON.stringify({
          query: pick(queries),
          variables: pick([
            undefined,
            { m: ['steamcommunity'] },
            { m: 'x' },
            { m: [null] },
            { m: Array(50).fill('steamcommunity') },
          ]),
        });
      else
        body = JSON.stringify(
          pick([
            {
              game_id: pick([730, '730', -1, 1e20, null, true, [730]]),
              markets: pick([['steamcommunity'], 'steamcommunity', [1], [], null, [{}]]),
              market_name: pick(['buff163', 5, null]),
              type: pick(['general', 'P2P', 0]),
            },
          ]),
        );
      const headers: Record<string, string> = {
        'content-type': pick(['application/json', 'application/json', 'text/plain']),
      };
      if (rnd() < 0.7) headers[TOKEN_HEADER] = pick([token, token, 'x', '']);
      const r = await raw(svc.url, pick(paths), { headers, body });
      if ('error' in r) throw new Error(`request ${i} failed: ${r.error}`);
      statuses.add(r.status);
      expect([200, 400, 401, 403]).toContain(r.status);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.text).not.toMatch(/at .*\.(ts|js):\d+/);
      const parsed = JSON.parse(r.text) as { errors?: { extensions: { code: string } }[] };
      if (parsed.errors) for (const e of parsed.errors) expect(GQL_CODES).toContain(e.extensions.code);
    }
    expect(statuses.has(400)).toBe(true);
    expect(statuses.has(200)).toBe(true);
    const ok = await post(svc.url, GRAPHQL_PATH, { query: '{ __typename }' });
    expect(ok.status).toBe(200);
  }

  it('a client that disconnects mid-answer does not disturb the next request', async () => {
    const ac = new AbortController();
    const res = await fetch(svc.url + REST_PATHS.minPrices, {
      method: 'POST',
      signal: ac.signal,
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body: JSON.stringify({ game_id: 730, markets: ['steamcommunity', 'buff163', 'csfloat'] }),
    });
    const reader = res.body!.getReader();
    await reader.read();
    ac.abort();
    await reader.read().catch(() => undefined);
    const ok = await post(svc.url, GRAPHQL_PATH, { query: '{ __typename }' });
    expect(ok.status).toBe(200);
  });
});
