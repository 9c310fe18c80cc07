/**
 * The per-minute request limit (requestsPerMinute / --requests-per-minute): the minute's requests pass with
 * limit headers, the next is 429 with Retry-After to the minute's end, the next minute starts afresh; off by
 * default; the flag parses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../../shared/api/schema';
import { parseCli } from '../src/server/cli-options';
import { RequestLimiter } from '../src/server/request-limit';
import type { RunningService } from '../src/server/start';
import { createToken, post } from './helpers/http';
import { FIXED_NOW, startTestService } from './helpers/service';

const Q = { query: '{ getPriceRecommendations(game_id: 440) { market_hash_name } }' };

describe('RequestLimiter', () => {
  it('spends the minute, refuses the rest with Retry-After to the minute\u2019s end, and starts afresh next minute', () => {
    let now = Date.UTC(2025, 0, 15, 12, 0, 15);
    const limiter = new RequestLimiter(2, () => now);
    const first = limiter.take();
    expect(first).toMatchObject({
      ok: true,
      headers: { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '45' },
    });
    expect(first.headers['ratelimit-policy']).toBe('"minute";q=2;w=60');
    expect(first.headers.ratelimit).toBe('"minute";r=1;t=45');
    expect(first.headers['retry-after']).toBeUndefined();
    expect(limiter.take().ok).toBe(true);
    const refused = limiter.take();
    expect(refused.ok).toBe(false);
    expect(refused.headers['retry-after']).toBe('45');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    now += 45_000;
    expect(limiter.take()).toMatchObject({
      ok: true,
      headers: { 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '60' },
    });
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new RequestLimiter(0, () => 0)).toThrow(/positive integer/);
    expect(() => new RequestLimiter(1.5, () => 0)).toThrow(/positive integer/);
  });
});

describe('service with requestsPerMinute', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startTestService({ requestsPerMinute: 3, admin: true });
  });
  afterAll(async () => {
    await svc.close();
  });

  it('counts the token request and data requests alike, answers 429 RATE_LIMITED past the limit, and lets the next minute in', async () => {
    const token = await createToken(svc.url);
    const a = await post(svc.url, GRAPHQL_PATH, Q, { [TOKEN_HEADER]: token });
    expect(a.status).toBe(200);
    expect(a.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(a.headers.get('ratelimit-policy')).toBe('"minute";q=3;w=60');
    const b = await post(
      svc.url,
      REST_PATHS.minPrices,
      { game_id: 440, markets: ['steamcommunity'] },
      { [TOKEN_HEADER]: token },
    );
    expect(b.headers.get('x-ratelimit-remaining')).toBe('0');
    const c = await post(svc.url, GRAPHQL_PATH, Q, { [TOKEN_HEADER]: token });
    expect(c.status).toBe(429);
    expect(c.json()).toMatchObject({ errors: [{ extensions: { code: 'RATE_LIMITED' } }] });
    // FIXED_NOW is on a whole minute: the whole minute is left.
    expect(FIXED_NOW % 60_000).toBe(0);
    expect(c.headers.get('retry-after')).toBe('60');
    expect(c.headers.get('ratelimit')).toBe('"minute";r=0;t=60');
    svc.advanceClock(60_000);
    const d = await post(svc.url, GRAPHQL_PATH, Q, { [TOKEN_HEADER]: token });
    expect(d.status).toBe(200);
  });
});

describe('without the option', () => {
  it('sends no limit headers and never answers 429', async () => {
    const svc = await startTestService();
    try {
      const token = await createToken(svc.url);
      for (let i = 0; i < 5; i++) {
        const r = await post(svc.url, GRAPHQL_PATH, Q, { [TOKEN_HEADER]: token });
        expect(r.status).toBe(200);
        expect(r.headers.get('ratelimit')).toBeNull();
      }
    } finally {
      await svc.close();
    }
  });
});

describe('--requests-per-minute', () => {
  it('parses a positive integer and refuses anything else', () => {
    expect(parseCli(['--requests-per-minute', '30']).requestsPerMinute).toBe(30);
    expect(parseCli([]).requestsPerMinute).toBeUndefined();
    expect(() => parseCli(['--requests-per-minute', '0'])).toThrow(/--requests-per-minute/);
    expect(() => parseCli(['--requests-per-minute', 'x'])).toThrow(/--requests-per-minute/);
  });
});
