import { CombinedError } from '@urql/core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { REST_PATHS } from '../../shared/api/schema';
import {
  errorFromGraphQL,
  errorFromHttp,
  fromCombinedError,
  isApiError,
  kindFromCode,
  parseRetryAfter,
  readErrorBody,
  toApiError,
  type ApiError,
} from './errors';
import { postJson, restPost } from './http';
import { shouldRetry } from './query-client';
import { rest } from './rest';

const json = (v: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json', ...headers } });
const fetchReturning = (r: Response | (() => Promise<Response>)) =>
  vi.fn(async () => (typeof r === 'function' ? r() : r.clone())) as unknown as typeof fetch;

describe('HTTP status to a clear error', () => {
  const cases: Array<[number, ApiError['kind'], RegExp]> = [
    [401, 'unauthenticated', /did not accept the credentials/],
    [403, 'forbidden', /no access/],
    [400, 'bad-request', /rejected the request as invalid/],
    [429, 'rate-limited', /too many requests/],
    [500, 'server', /answered with an error/],
    [502, 'server', /answered with an error/],
    [503, 'unavailable', /cannot be reached/],
    [504, 'unavailable', /cannot be reached/],
    [404, 'not-found', /does not offer this operation/],
  ];
  for (const [status, kind, text] of cases) {
    it(`${status} -> ${kind}`, () => {
      const e = errorFromHttp(status, { error: { code: 'X', message: 'service words' } });
      expect(e.kind).toBe(kind);
      expect(e.message).toMatch(text);
      expect(e.message).toContain(`HTTP ${status}`);
      expect(e.action.length).toBeGreaterThan(10);
      expect(e.detail).toBe('service words');
    });
  }

  it('reads the app gateway\u2019s answers (status + code)', () => {
    expect(errorFromHttp(504, { error: { code: 'OFFLINE', message: 'x' } }).kind).toBe('unavailable');
    expect(errorFromHttp(502, { error: { code: 'SERVER_ERROR', message: 'x' } }).kind).toBe('server');
    expect(errorFromHttp(502, { error: { code: 'OFFLINE', message: 'x' } }).kind).toBe('unavailable');
    expect(errorFromHttp(401, { error: { code: 'KEY_REJECTED', message: 'x' } }).kind).toBe('unauthenticated');
    expect(errorFromHttp(403, { error: { code: 'NO_ACCESS', message: 'x' } }).kind).toBe('forbidden');
    expect(
      errorFromHttp(403, { error: { code: 'FORBIDDEN', message: 'Tokens are managed by Market Desk itself.' } }).kind,
    ).toBe('forbidden');
  });

  it('reads both documented error bodies', () => {
    expect(readErrorBody({ errors: [{ message: 'm', extensions: { code: 'UNAUTHENTICATED' } }] })).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'm',
    });
    expect(readErrorBody({ error: { code: 'FORBIDDEN', message: 'no' } })).toEqual({
      code: 'FORBIDDEN',
      message: 'no',
    });
    expect(readErrorBody({ something: 'else' })).toBeNull();
    expect(readErrorBody('<html>')).toBeNull();
  });

  it('uses the code when the status says nothing (GraphQL errors with 200)', () => {
    expect(errorFromGraphQL([{ message: 'expired', extensions: { code: 'UNAUTHENTICATED' } }]).kind).toBe(
      'unauthenticated',
    );
    expect(errorFromGraphQL([{ message: 'nope', extensions: { code: 'FORBIDDEN' } }]).kind).toBe('forbidden');
    expect(errorFromGraphQL([{ message: 'bad arg', extensions: { code: 'BAD_USER_INPUT' } }]).kind).toBe('bad-request');
    expect(errorFromGraphQL([{ message: 'x' }]).kind).toBe('bad-request');
    expect(kindFromCode('RATE_LIMITED')).toBe('rate-limited');
    expect(kindFromCode('INTERNAL_SERVER_ERROR')).toBe('server');
    expect(kindFromCode('KEY_REJECTED')).toBe('unauthenticated');
    expect(kindFromCode('NO_ACCESS')).toBe('forbidden');
    expect(kindFromCode(null)).toBeNull();
  });

  it('429 with Retry-After says how long to wait', () => {
    const e = errorFromHttp(429, { error: { code: 'RATE_LIMITED', message: 'slow down' } }, '7');
    expect(e.retryAfterSeconds).toBe(7);
    expect(e.action).toMatch(/Wait 7 s/);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('is plain data: a structured clone (a worker\u2019s message) keeps its kind, HTTP status, wait and words', () => {
    const e = errorFromHttp(429, { error: { code: 'RATE_LIMITED', message: 'slow down' } }, '30');
    const copy = structuredClone(e);
    expect(copy).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'slow down',
      retryAfterSeconds: 30,
    });
    expect(copy.message).toBe(e.message);
    expect(copy.message).toMatch(/\(HTTP 429\)/);
    expect(copy.action).toMatch(/Wait 30 s/);
    expect(toApiError(copy)).toBe(copy);
  });

  it('keeps server text short and plain', () => {
    const e = errorFromHttp(500, '<b>' + 'x'.repeat(1000) + '</b>');
    expect(e.detail.length).toBeLessThanOrEqual(300);
  });

  it('retries only what may pass by itself', () => {
    expect(shouldRetry(0, errorFromHttp(503, ''))).toBe(true);
    expect(shouldRetry(0, errorFromHttp(429, ''))).toBe(true);
    expect(shouldRetry(3, errorFromHttp(503, ''))).toBe(false);
    expect(shouldRetry(0, errorFromHttp(401, ''))).toBe(false);
    expect(shouldRetry(0, errorFromHttp(403, ''))).toBe(false);
    expect(shouldRetry(0, errorFromHttp(400, ''))).toBe(false);
  });

  it('toApiError wraps anything', () => {
    expect(toApiError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(toApiError('weird').kind).toBe('invalid-response');
    const e = errorFromHttp(401, '');
    expect(toApiError(e)).toBe(e);
  });
});

describe('REST helper', () => {
  const Row = {
    strict: z.object({ market_hash_name: z.string() }),
    lenient: z.object({ market_hash_name: z.string() }),
  };

  it('returns the rows read from the array', async () => {
    const fetch = fetchReturning(
      json([{ market_hash_name: 'AK-47 | Redline (Field-Tested)' }, { market_hash_name: 5 }]),
    );
    await expect(restPost(REST_PATHS.steamAnalytics, { game_id: 730 }, Row, { fetch })).resolves.toEqual({
      rows: [{ market_hash_name: 'AK-47 | Redline (Field-Tested)' }],
      droppedRows: 1,
      invalidValues: 0,
    });
    const [url, init] = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]!;
    expect(url).toBe('/api/v2/rest/get-steam-analytics');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(init.headers).get('api-token')).toBeNull();
  });

  it('maps the REST error body', async () => {
    const fetch = fetchReturning(
      json({ error: { code: 'KEY_REJECTED', message: 'The service rejected the API key.' } }, 401),
    );
    const e = (await restPost(REST_PATHS.minPrices, {}, Row, { fetch }).catch((x: unknown) => x)) as ApiError;
    expect(isApiError(e)).toBe(true);
    expect(e.kind).toBe('unauthenticated');
    expect(e.status).toBe(401);
    expect(e.code).toBe('KEY_REJECTED');
  });

  it('an answer that is not an array, or not JSON, is invalid-response; a dead network is network', async () => {
    const e1 = (await restPost('/x', {}, Row, { fetch: fetchReturning(json({ rows: [] })) }).catch(
      (x: unknown) => x,
    )) as ApiError;
    expect(e1.kind).toBe('invalid-response');
    expect(e1.detail).toBe('/x: expected an array of items, got a object');
    const e2 = (await restPost('/x', {}, Row, { fetch: fetchReturning(new Response('<html>', { status: 200 })) }).catch(
      (x: unknown) => x,
    )) as ApiError;
    expect(e2.kind).toBe('invalid-response');
    const dead = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const e3 = (await postJson('/x', {}, { fetch: dead }).catch((x: unknown) => x)) as ApiError;
    expect(e3.kind).toBe('network');
  });

  it('an abort passes through untouched', async () => {
    const aborting = vi.fn(async () => {
      throw new DOMException('aborted', 'AbortError');
    }) as unknown as typeof fetch;
    const e = await postJson('/x', {}, { fetch: aborting }).catch((x: unknown) => x);
    expect((e as DOMException).name).toBe('AbortError');
  });

  it('typed endpoints check the body before sending', async () => {
    const fetch = fetchReturning(json([]));
    await expect(rest('minPrices', { game_id: 570, markets: [] }, { fetch })).rejects.toThrow();
    expect(fetch).not.toHaveBeenCalled();
    const none = { rows: [], droppedRows: 0, invalidValues: 0 };
    await expect(rest('minPrices', { game_id: 570, markets: ['steam'] }, { fetch })).resolves.toEqual(none);
    await expect(rest('priceRecommendations', { markets: ['steam'] }, { fetch })).resolves.toEqual(none);
    const calls = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
    expect(calls.map(([url]) => url)).toEqual([REST_PATHS.minPrices, REST_PATHS.priceRecommendations]);
    expect(JSON.parse(String(calls[1]![1].body))).toEqual({ game_id: 730, markets: ['steam'] });
  });

  it('is only for what GraphQL lacks: CS2 prices and unfiltered recommendations are refused before sending', async () => {
    const fetch = fetchReturning(json([]));
    await expect(rest('minPrices', { game_id: 730, markets: ['steam'] }, { fetch })).rejects.toThrow(/GraphQL/);
    await expect(rest('maxOrders', { game_id: 730, markets: ['steam'] }, { fetch })).rejects.toThrow(/GraphQL/);
    // @ts-expect-error markets is required: without it the GraphQL form answers the same
    await expect(rest('priceRecommendations', { game_id: 730 }, { fetch })).rejects.toThrow();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('urql errors back to ApiError', () => {
  const withStatus = (
    status: number,
    graphQLErrors: Array<{ message: string; extensions?: Record<string, unknown> }>,
    net?: Error,
  ) => new CombinedError({ graphQLErrors, networkError: net, response: { status } });

  it('maps by status first, then code', () => {
    expect(
      fromCombinedError(withStatus(401, [{ message: 'expired', extensions: { code: 'UNAUTHENTICATED' } }])).kind,
    ).toBe('unauthenticated');
    expect(fromCombinedError(withStatus(403, [], new Error('Forbidden'))).kind).toBe('forbidden');
    expect(fromCombinedError(withStatus(429, [], new Error('Too Many Requests'))).kind).toBe('rate-limited');
    expect(fromCombinedError(withStatus(500, [], new Error('Internal Server Error'))).kind).toBe('server');
    expect(fromCombinedError(withStatus(200, [{ message: 'bad', extensions: { code: 'BAD_USER_INPUT' } }])).kind).toBe(
      'bad-request',
    );
    expect(fromCombinedError(new CombinedError({ networkError: new TypeError('Failed to fetch') })).kind).toBe(
      'network',
    );
  });

  it('gives back the ApiError a worker made, the same object, even after a structured clone', () => {
    const made = errorFromHttp(429, '', '3');
    expect(fromCombinedError(new CombinedError({ networkError: made }))).toBe(made);
    const posted = structuredClone(made);
    expect(fromCombinedError(new CombinedError({ networkError: posted }))).toBe(posted);
    expect(posted.action).toMatch(/Wait 3 s/);
  });
});
