/**
 * Spec 3 and 5: token lifecycle across expiry on a fake clock, API keys (demo, --api-key, keys file,
 * operation limits), and every authentication failure class.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../shared/api/demo';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../../shared/api/schema';
import { parseApiKeyFlag, parseKeysJson } from '../src/server/keys';
import type { RunningService } from '../src/server/start';
import { createToken, gql, post, rest } from './helpers/http';
import { FIXED_NOW, startTestService } from './helpers/service';

const TWO_HOURS = 2 * 60 * 60 * 1000;
const Q = '{ getPriceRecommendations(game_id: 440) { market_hash_name } }';

let now = FIXED_NOW;
let svc: RunningService;
const dir = mkdtempSync(join(tmpdir(), 'md-keys-'));
const keysFile = join(dir, 'keys.json');
writeFileSync(keysFile, JSON.stringify(['file-key', { key: 'file-limited', operations: ['getSteamAnalytics'] }]));

beforeAll(async () => {
  svc = await startTestService({
    clock: () => now,
    apiKeys: [{ key: 'full-key' }, { key: 'min-only', operations: ['aggregatedMinPrices'] }],
    keysFile,
  });
});
afterAll(async () => {
  await svc.close();
});

function errorOf(r: { json: () => unknown }): { code: string; reason?: string; message: string } {
  const b = r.json() as {
    errors?: { message: string; extensions: { code: string; reason?: string } }[];
    error?: { code: string; reason?: string; message: string };
  };
  if (b.errors) return { ...b.errors[0]!.extensions, message: b.errors[0]!.message };
  return b.error!;
}

describe('token lifecycle (spec 3, 5.4) on the service clock', () => {
  it('is valid until just before 2 h, 401 UNAUTHENTICATED from 2 h on; a new token works', async () => {
    now = FIXED_NOW;
    const t = await createToken(svc.url);
    now = FIXED_NOW + TWO_HOURS - 1;
    expect((await gql(svc.url, t, Q)).status).toBe(200);
    expect((await rest(svc.url, REST_PATHS.priceRecommendations, t, { game_id: 440 })).status).toBe(200);
    now = FIXED_NOW + TWO_HOURS;
    const g = await gql(svc.url, t, Q);
    expect(g.status).toBe(401);
    expect(errorOf(g)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'TOKEN_EXPIRED' });
    const r = await rest(svc.url, REST_PATHS.priceRecommendations, t, { game_id: 440 });
    expect(r.status).toBe(401);
    expect(errorOf(r)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'TOKEN_EXPIRED' });
    const fresh = await createToken(svc.url);
    expect((await gql(svc.url, fresh, Q)).status).toBe(200);
    now = FIXED_NOW;
  });

  it('the JWT is HS256 with iat/exp 7200 s apart', async () => {
    const t = await createToken(svc.url);
    const [h, p] = t.split('.');
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { iat: number; exp: number; sub: string };
    expect(payload.exp - payload.iat).toBe(7200);
    expect(payload.iat).toBe(Math.floor(FIXED_NOW / 1000));
    expect(JSON.stringify(payload)).not.toContain(DEMO_API_KEY);
  });

  it('tokenTtlSeconds configures the lifetime', async () => {
    let t0 = FIXED_NOW;
    const short = await startTestService({ clock: () => t0, tokenTtlSeconds: 60 });
    try {
      const t = await createToken(short.url);
      t0 += 59_999;
      expect((await gql(short.url, t, Q)).status).toBe(200);
      t0 += 1;
      expect((await gql(short.url, t, Q)).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('authentication failures (spec 5, 7)', () => {
  it('createSubscriptionToken with a wrong key: 401 UNAUTHENTICATED reason INVALID_API_KEY', async () => {
    const g = await gql(svc.url, null, 'mutation { createSubscriptionToken(api_key: "nope") }');
    expect(g.status).toBe(401);
    expect(errorOf(g)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'INVALID_API_KEY' });
    const missing = await gql(svc.url, null, 'mutation { createSubscriptionToken }');
    expect(missing.status).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT', argument: 'api_key' } }] });
  });

  it('missing token on every data operation: 401 TOKEN_MISSING (GraphQL and REST)', async () => {
    const g = await gql(svc.url, null, Q);
    expect(g.status).toBe(401);
    expect(errorOf(g)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'TOKEN_MISSING' });
    for (const path of Object.values(REST_PATHS)) {
      const r = await rest(svc.url, path, null, { game_id: 730, markets: ['steamcommunity'], market_name: 'buff163' });
      expect(r.status).toBe(401);
      expect(errorOf(r)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'TOKEN_MISSING' });
    }
  });

  it('token in the wrong header (Authorization: Bearer) is 401 with a hint', async () => {
    const t = await createToken(svc.url);
    const g = await post(svc.url, GRAPHQL_PATH, { query: Q }, { authorization: `Bearer ${t}` });
    expect(g.status).toBe(401);
    expect(errorOf(g).message).toContain(TOKEN_HEADER);
    const u = await post(svc.url, GRAPHQL_PATH, { query: Q }, { api_token: t });
    expect(u.status).toBe(401);
  });

  it('malformed, wrong-signature, wrong-algorithm and tampered tokens: 401 TOKEN_INVALID', async () => {
    const t = await createToken(svc.url);
    const [h, p] = t.split('.');
    const otherKey = new TextEncoder().encode('x'.repeat(32));
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(FIXED_NOW / 1000))
      .setExpirationTime(Math.floor(FIXED_NOW / 1000) + 3600)
      .setSubject('x')
      .sign(otherKey);
    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ sub: 'someone', iat: 1, exp: 9e9 })).toString('base64url')}.${t.split('.')[2]}`;
    for (const bad of ['garbage', 'a.b.c', `Bearer ${t}`, forged, noneAlg, tampered, `${t}x`]) {
      const g = await gql(svc.url, bad, Q);
      expect(g.status, bad).toBe(401);
      expect(errorOf(g)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'TOKEN_INVALID' });
    }
  });

  it('a token from another service instance (other secret) is rejected', async () => {
    const other = await startTestService();
    try {
      const t = await createToken(other.url);
      expect((await gql(svc.url, t, Q)).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('API keys and access (spec 5.6)', () => {
  it('demo key, --api-key keys and keys-file keys all issue working tokens', async () => {
    for (const key of [DEMO_API_KEY, 'full-key', 'file-key']) {
      const t = await createToken(svc.url, key);
      expect((await gql(svc.url, t, Q)).status).toBe(200);
    }
  });

  it('a key limited to some operations gets 403 FORBIDDEN for the others', async () => {
    const t = await createToken(svc.url, 'min-only');
    expect(
      (await gql(svc.url, t, '{ aggregatedMinPrices(markets: ["steamcommunity"]) { market_hash_name } }')).status,
    ).toBe(200);
    expect((await rest(svc.url, REST_PATHS.minPrices, t, { game_id: 730, markets: ['steamcommunity'] })).status).toBe(
      200,
    );
    const g = await gql(svc.url, t, '{ aggregatedMaxOrders(markets: ["steamcommunity"]) { market_hash_name } }');
    expect(g.status).toBe(403);
    expect(errorOf(g)).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(g).message).toContain('aggregatedMaxOrders');
    const mixed = await gql(
      svc.url,
      t,
      '{ aggregatedMinPrices(markets: ["steamcommunity"]) { market_hash_name } getSteamAnalytics(game_id: 570) { market_hash_name } }',
    );
    expect(mixed.status).toBe(403);
    const r = await rest(svc.url, REST_PATHS.steamAnalytics, t, { game_id: 570 });
    expect(r.status).toBe(403);
    expect(errorOf(r)).toMatchObject({ code: 'FORBIDDEN', operation: 'getSteamAnalytics' });
    const f = await createToken(svc.url, 'file-limited');
    expect((await rest(svc.url, REST_PATHS.steamAnalytics, f, { game_id: 570 })).status).toBe(200);
    expect((await rest(svc.url, REST_PATHS.priceRecommendations, f, { game_id: 440 })).status).toBe(403);
  });

  it('parses --api-key KEY:op1,op2 and keys files', () => {
    expect(parseApiKeyFlag('abc')).toEqual({ key: 'abc' });
    expect(parseApiKeyFlag('abc:aggregatedMinPrices,getSteamAnalytics')).toEqual({
      key: 'abc',
      operations: ['aggregatedMinPrices', 'getSteamAnalytics'],
    });
    expect(parseApiKeyFlag('a:b:c')).toEqual({ key: 'a:b:c' });
    expect(parseApiKeyFlag('a:b:aggregatedMinPrices')).toEqual({ key: 'a:b', operations: ['aggregatedMinPrices'] });
    expect(() => parseApiKeyFlag('k:aggregatedMinPrices,nope')).toThrow(/unknown operation/);
    expect(parseKeysJson('{"keys":["a",{"key":"b","operations":["getSteamAnalytics"]}]}', 'f')).toEqual([
      { key: 'a' },
      { key: 'b', operations: ['getSteamAnalytics'] },
    ]);
    expect(() => parseKeysJson('{"keys":[{"key":""}]}', 'f')).toThrow();
    expect(() => parseKeysJson('not json', 'f')).toThrow(/not valid JSON/);
  });

  it('rejects keys limited to unknown operations at start-up', async () => {
    await expect(startTestService({ apiKeys: [{ key: 'k', operations: ['dropTables'] }] })).rejects.toThrow(
      /unknown operation/,
    );
  });
});
