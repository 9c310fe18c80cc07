/**
 * Fault injection (off by default): latency, 500s, 429 + Retry-After, truncated bodies, reset connections,
 * early token expiry; set by options, setFaults() and the admin endpoints; deterministic sequences.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../../shared/api/schema';
import { FaultInjector, NO_FAULTS } from '../src/server/faults';
import type { RunningService } from '../src/server/start';
import { createToken, post, raw } from './helpers/http';
import { FIXED_NOW, startTestService } from './helpers/service';

const Q = { query: '{ getPriceRecommendations(game_id: 440) { market_hash_name liquidity_score } }' };

let svc: RunningService;
let token: string;
beforeAll(async () => {
  svc = await startTestService({ admin: true });
  token = await createToken(svc.url);
});
afterAll(async () => {
  await svc.close();
});

const auth = (): Record<string, string> => ({ [TOKEN_HEADER]: token });

async function statuses(n: number): Promise<(number | string)[]> {
  const out: (number | string)[] = [];
  for (let i = 0; i < n; i++) {
    const r = await raw(svc.url, GRAPHQL_PATH, {
      headers: { 'content-type': 'application/json', ...auth() },
      body: JSON.stringify(Q),
    });
    out.push('error' in r ? r.error : r.status);
  }
  return out;
}

describe('fault injection', () => {
  it('is off by default', async () => {
    const s = await statuses(20);
    expect(s.every((x) => x === 200)).toBe(true);
  });

  it('errorRate 1: every API request is 500 INTERNAL_SERVER_ERROR (GraphQL and REST shapes)', async () => {
    svc.setFaults({ errorRate: 1 });
    try {
      const g = await post(svc.url, GRAPHQL_PATH, Q, auth());
      expect(g.status).toBe(500);
      expect(g.json()).toMatchObject({ errors: [{ extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
      const r = await post(svc.url, REST_PATHS.steamAnalytics, {}, auth());
      expect(r.status).toBe(500);
      expect(r.json()).toMatchObject({ error: { code: 'INTERNAL_SERVER_ERROR' } });
    } finally {
      svc.setFaults({ ...NO_FAULTS });
    }
  });

  it('rateLimitRate 1: 429 RATE_LIMITED with Retry-After', async () => {
    svc.setFaults({ rateLimitRate: 1, retryAfterSeconds: 7 });
    try {
      const g = await post(svc.url, GRAPHQL_PATH, Q, auth());
      expect(g.status).toBe(429);
      expect(g.headers.get('retry-after')).toBe('7');
      expect(g.json()).toMatchObject({ errors: [{ extensions: { code: 'RATE_LIMITED', retryAfter: 7 } }] });
    } finally {
      svc.setFaults({ ...NO_FAULTS });
    }
  });

  it('truncateRate 1: status 200 with a body that is cut short (invalid JSON)', async () => {
    svc.setFaults({ truncateRate: 1 });
    try {
      const full = await (async () => {
        svc.setFaults({ truncateRate: 0 });
        const r = await post(svc.url, GRAPHQL_PATH, Q, auth());
        svc.setFaults({ truncateRate: 1 });
        return r.text;
      })();
      const g = await post(svc.url, GRAPHQL_PATH, Q, auth());
      expect(g.status).toBe(200);
      expect(g.text.length).toBeLessThan(full.length);
      expect(full.startsWith(g.text)).toBe(true);
      expect(() => JSON.parse(g.text) as unknown).toThrow();
      const r = await post(svc.url, REST_PATHS.priceRecommendations, { game_id: 440 }, auth());
      expect(r.status).toBe(200);
      expect(() => JSON.parse(r.text) as unknown).toThrow();
    } finally {
      svc.setFaults({ ...NO_FAULTS });
    }
  });

  it('resetRate 1: the connection is destroyed without an answer', async () => {
    svc.setFaults({ resetRate: 1 });
    try {
      const r = await raw(svc.url, GRAPHQL_PATH, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(Q),
      });
      expect('error' in r).toBe(true);
      await expect(
        fetch(svc.url + GRAPHQL_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      ).rejects.toThrow();
    } finally {
      svc.setFaults({ ...NO_FAULTS });
    }
  });

  it('latencyMs delays answers', async () => {
    svc.setFaults({ latencyMs: 150 });
    try {
      const t = performance.now();
      const g = await post(svc.url, GRAPHQL_PATH, Q, auth());
      expect(g.status).toBe(200);
      expect(performance.now() - t).toBeGreaterThanOrEqual(140);
    } finally {
      svc.setFaults({ ...NO_FAULTS });
    }
  });

  it('tokenEarlyExpiry rejects tokens older than N seconds as expired', async () => {
    svc.setFaults({ tokenEarlyExpiry: 0 });
    try {
      const g = await post(svc.url, GRAPHQL_PATH, Q, auth());
      expect(g.status).toBe(401);
      expect(g.json()).toMatchObject({
        errors: [{ extensions: { code: 'UNAUTHENTICATED', reason: 'TOKEN_EXPIRED' } }],
      });
      svc.setFaults({ tokenEarlyExpiry: 60 });
      expect((await post(svc.url, GRAPHQL_PATH, Q, auth())).status).toBe(200);
    } finally {
      svc.setFaults({ ...NO_FAULTS });
    }
  });

  it('mixed rates give a deterministic sequence for a given seed', async () => {
    svc.setFaults({ errorRate: 0.3, rateLimitRate: 0.2, seed: 99 });
    const a = await statuses(30);
    svc.setFaults({ seed: 99 });
    const b = await statuses(30);
    svc.setFaults({ ...NO_FAULTS });
    expect(a).toEqual(b);
    expect(a).toContain(200);
    expect(a).toContain(500);
    expect(a).toContain(429);
    const inj = new FaultInjector({ errorRate: 0.5, seed: 5 });
    const seq1 = Array.from({ length: 20 }, () => inj.decide().error);
    inj.set({ seed: 5 });
    expect(Array.from({ length: 20 }, () => inj.decide().error)).toEqual(seq1);
  });

  it('faults set at start-up apply from the first request', async () => {
    const s = await startTestService({ faults: { errorRate: 1 } });
    try {
      expect((await post(s.url, GRAPHQL_PATH, { query: '{ __typename }' })).status).toBe(500);
    } finally {
      await s.close();
    }
  });
});

describe('admin endpoints (admin: true, loopback only)', () => {
  it('POST /__admin/faults patches the configuration and answers the current one', async () => {
    const r = await post(svc.url, '/__admin/faults', { rateLimitRate: 1, retryAfterSeconds: 3 });
    expect(r.status).toBe(200);
    expect(r.json()).toMatchObject({ rateLimitRate: 1, retryAfterSeconds: 3, errorRate: 0 });
    expect((await post(svc.url, GRAPHQL_PATH, Q, auth())).status).toBe(429);
    const off = await post(svc.url, '/__admin/faults', { rateLimitRate: 0 });
    expect(off.status).toBe(200);
    expect((await post(svc.url, GRAPHQL_PATH, Q, auth())).status).toBe(200);
    const current = await raw(svc.url, '/__admin/faults', { method: 'GET' });
    expect('status' in current && current.status).toBe(200);
  });

  it('rejects invalid fault patches with 400 naming the field', async () => {
    for (const body of [{ errorRate: 2 }, { latencyMs: -1 }, { bogus: 1 }, [], { errorRate: '0.5' }]) {
      const r = await post(svc.url, '/__admin/faults', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
  });

  it('POST /__admin/clock {advanceMs} moves the service clock: tokens expire', async () => {
    const s = await startTestService({ admin: true });
    try {
      const t = await createToken(s.url);
      const r = await post(s.url, '/__admin/clock', { advanceMs: 2 * 3600 * 1000 - 1 });
      expect(r.json()).toEqual({ nowMs: FIXED_NOW + 2 * 3600 * 1000 - 1, offsetMs: 2 * 3600 * 1000 - 1 });
      expect((await post(s.url, GRAPHQL_PATH, Q, { [TOKEN_HEADER]: t })).status).toBe(200);
      await post(s.url, '/__admin/clock', { advanceMs: 1 });
      expect((await post(s.url, GRAPHQL_PATH, Q, { [TOKEN_HEADER]: t })).status).toBe(401);
      for (const bad of [{ advanceMs: -5 }, { advanceMs: 'x' }, {}, { advanceMs: 1.5 }]) {
        expect((await post(s.url, '/__admin/clock', bad)).status).toBe(400);
      }
      expect(s.now()).toBe(FIXED_NOW + 2 * 3600 * 1000);
    } finally {
      await s.close();
    }
  });

  it('admin endpoints are 404 unless enabled', async () => {
    const s = await startTestService();
    try {
      expect((await post(s.url, '/__admin/faults', { errorRate: 1 })).status).toBe(404);
      expect((await post(s.url, '/__admin/clock', { advanceMs: 1 })).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});
