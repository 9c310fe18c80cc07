import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../shared/api/schema';
import { realClock } from './clock';
import { FakeClock } from './testing/fake-clock';
import { FakeUpstream, json, makeJwt } from './testing/fake-upstream';
import { TimeoutError, type FetchFn } from './timed-fetch';
import { TokenBroker, UpstreamFailure, tokenLifetimeMs, type BrokerOptions, type Outcome } from './token-broker';

const BODY = new Uint8Array(
  Buffer.from(JSON.stringify({ query: '{ aggregatedMinPrices(markets: ["a"]) { market_hash_name } }' })),
);
const HOUR = 3_600_000;

function setup(overrides: Partial<BrokerOptions> = {}, apiKey = 'good-key') {
  const upstream = new FakeUpstream();
  // Backoff and Retry-After waits complete at once; the 30 s request timeouts never fire on their own.
  const clock = new FakeClock(Date.UTC(2025, 0, 1), 60_000);
  const outcomes: Outcome[] = [];
  const broker = new TokenBroker({
    target: { baseUrl: upstream.baseUrl, apiKey },
    fetch: upstream.fetch,
    clock,
    random: () => 0.5,
    timeoutMs: 120_000,
    bodyIdleTimeoutMs: 120_000,
    onOutcome: (o) => outcomes.push(o),
    ...overrides,
  });
  const send = (path: string = GRAPHQL_PATH) => broker.send({ path, body: BODY });
  return { upstream, clock, broker, outcomes, send };
}

describe('TokenBroker: tokens', () => {
  it('creates the token with the key as a GraphQL variable and no api-token header, then sends api-token', async () => {
    const { upstream, send } = setup();
    const res = await send(REST_PATHS.minPrices);
    expect(res.status).toBe(200);
    const [mutation] = upstream.mutations;
    expect(mutation).toBeDefined();
    expect(mutation!.path).toBe(GRAPHQL_PATH);
    expect(mutation!.headers.get(TOKEN_HEADER)).toBeNull();
    expect(JSON.parse(mutation!.body)).toMatchObject({ variables: { api_key: 'good-key' } });
    expect(mutation!.body).toMatch(/mutation\s+\w*\s*\(\$api_key: String\)/);
    const [call] = upstream.apiCalls;
    expect(call!.path).toBe(REST_PATHS.minPrices);
    expect(call!.headers.get(TOKEN_HEADER)).toBe([...upstream.validTokens][0]);
    expect(call!.body).not.toContain('good-key');
  });

  it('reuses the token until shortly before expiry, then refreshes ahead of it', async () => {
    const { upstream, clock, send } = setup();
    await send();
    clock.advance(2 * HOUR - 6 * 60_000); // 6 minutes left: still fine
    await send();
    expect(upstream.mutations).toHaveLength(1);
    clock.advance(60_000); // 5 minutes left: refresh before use
    await send();
    expect(upstream.mutations).toHaveLength(2);
    expect(upstream.apiCalls.at(-1)!.headers.get(TOKEN_HEADER)).not.toBe(
      upstream.apiCalls[0]!.headers.get(TOKEN_HEADER),
    );
  });

  it('50 requests at the moment of expiry cause exactly ONE token mutation', async () => {
    const { upstream, clock, send } = setup();
    await send();
    clock.advance(2 * HOUR);
    const responses = await Promise.all(Array.from({ length: 50 }, () => send()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(upstream.mutations).toHaveLength(2);
    const newToken = upstream.apiCalls.at(-1)!.headers.get(TOKEN_HEADER);
    expect(upstream.apiCalls.slice(1).every((c) => c.headers.get(TOKEN_HEADER) === newToken)).toBe(true);
  });

  it('expiry mid-flight: requests refused with 401 share one refresh and are retried once', async () => {
    const { upstream, send, outcomes } = setup();
    await send();
    // The service now considers the current token expired (e.g. its clock ran ahead of ours).
    upstream.validTokens.clear();
    const responses = await Promise.all(Array.from({ length: 10 }, () => send()));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(upstream.mutations).toHaveLength(2);
    expect(upstream.apiCalls).toHaveLength(1 + 10 + 10);
    expect(outcomes.at(-1)).toEqual({ ok: true });
  });

  it('a 401 with a brand-new token is passed on once, reported as no-access, not retried again', async () => {
    const { upstream, send, outcomes } = setup();
    upstream.onApi = () => json(401, { errors: [{ message: 'nope' }] });
    const res = await send();
    expect(res.status).toBe(401);
    expect(upstream.apiCalls).toHaveLength(2);
    expect(upstream.mutations).toHaveLength(2);
    expect(outcomes.at(-1)).toEqual({ ok: false, kind: 'no-access' });
  });

  it('uses exp - iat measured on our clock (immune to skew), else 2 hours', () => {
    const now = Date.UTC(2025, 0, 1);
    expect(tokenLifetimeMs(makeJwt({ iat: 100, exp: 100 + 600 }), now)).toBe(600_000);
    // exp only: compared with our clock
    expect(tokenLifetimeMs(makeJwt({ exp: now / 1000 + 900 }), now)).toBe(900_000);
    // no claims, garbage, or a lifetime past the spec's 2 hours
    expect(tokenLifetimeMs(makeJwt({ sub: 'x' }), now)).toBe(2 * HOUR);
    expect(tokenLifetimeMs('not-a-jwt', now)).toBe(2 * HOUR);
    expect(tokenLifetimeMs(makeJwt({ iat: 0, exp: 86_400 }), now)).toBe(2 * HOUR);
  });

  it('a token without exp is assumed to live 2 hours from issue', async () => {
    const { upstream, clock, send } = setup();
    upstream.onMutation = () => {
      const token = makeJwt({ sub: 'no-exp' });
      upstream.validTokens.add(token);
      return json(200, { data: { createSubscriptionToken: token } });
    };
    await send();
    clock.advance(2 * HOUR - 6 * 60_000);
    await send();
    expect(upstream.mutations).toHaveLength(1);
    clock.advance(2 * 60_000);
    await send();
    expect(upstream.mutations).toHaveLength(2);
  });
});

describe('TokenBroker: the token mutation is never retried blindly', () => {
  it('key rejected (401): one mutation, key-rejected, and later requests fail fast without asking again', async () => {
    const { upstream, send, outcomes } = setup({}, 'bad-key');
    await expect(send()).rejects.toMatchObject({ kind: 'key-rejected' });
    await expect(send()).rejects.toBeInstanceOf(UpstreamFailure);
    expect(upstream.mutations).toHaveLength(1);
    expect(upstream.apiCalls).toHaveLength(0);
    expect(outcomes).toEqual([
      { ok: false, kind: 'key-rejected' },
      { ok: false, kind: 'key-rejected' },
    ]);
  });

  it.each([
    ['400', () => json(400, { errors: [{ message: 'bad' }] })],
    [
      '200 with errors and a null token',
      () => json(200, { data: { createSubscriptionToken: null }, errors: [{ message: 'Invalid key' }] }),
    ],
  ])('treats %s from the mutation as a final key rejection', async (_name, answer) => {
    const { upstream, send } = setup();
    upstream.onMutation = answer;
    await expect(send()).rejects.toMatchObject({ kind: 'key-rejected' });
    expect(upstream.mutations).toHaveLength(1);
  });

  it('a 5xx from the mutation is a server error, not retried', async () => {
    const { upstream, send } = setup();
    upstream.onMutation = () => json(503, { errors: [{ message: 'down' }] });
    await expect(send()).rejects.toMatchObject({ kind: 'server-error' });
    expect(upstream.mutations).toHaveLength(1);
  });

  it('network errors on the mutation get the bounded retry, then offline', async () => {
    const { upstream, clock, send, outcomes } = setup();
    upstream.onMutation = () => {
      throw new TypeError('fetch failed');
    };
    await expect(send()).rejects.toMatchObject({ kind: 'offline' });
    expect(upstream.mutations).toHaveLength(3);
    expect(clock.waits(1, 59_999)).toHaveLength(2);
    expect(outcomes.at(-1)).toEqual({ ok: false, kind: 'offline' });
  });

  it('a network error followed by success recovers within the bound', async () => {
    const { upstream, send } = setup();
    let failures = 1;
    upstream.onMutation = () => {
      if (failures-- > 0) throw new TypeError('fetch failed');
      return null;
    };
    expect((await send()).status).toBe(200);
    expect(upstream.mutations).toHaveLength(2);
  });
});

describe('TokenBroker: API failures', () => {
  it('403 is passed on and reported as no-access, without retry', async () => {
    const { upstream, send, outcomes } = setup();
    upstream.onApi = () => json(403, { errors: [{ message: 'no access' }] });
    const res = await send();
    expect(res.status).toBe(403);
    expect(upstream.apiCalls).toHaveLength(1);
    expect(outcomes.at(-1)).toEqual({ ok: false, kind: 'no-access' });
  });

  it('429 honours Retry-After, then succeeds', async () => {
    const { upstream, clock, send } = setup();
    let limited = 1;
    upstream.onApi = () => (limited-- > 0 ? json(429, { errors: [] }, { 'retry-after': '2' }) : null);
    const res = await send();
    expect(res.status).toBe(200);
    expect(clock.waits(1, 59_999)).toEqual([2000]);
    expect(upstream.apiCalls).toHaveLength(2);
  });

  it('429 with a Retry-After beyond the bound is handed back at once (with its Retry-After)', async () => {
    const { upstream, clock, send } = setup({ maxRetryAfterMs: 10_000 });
    upstream.onApi = () => json(429, { errors: [{ message: 'slow down' }] }, { 'retry-after': '3600' });
    const res = await send();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('3600');
    expect(clock.waits(1, 59_999)).toEqual([]);
    expect(upstream.apiCalls).toHaveLength(1);
  });

  it('5xx: bounded retries with growing, jittered backoff, then server-error and the last answer', async () => {
    const { upstream, clock, send, outcomes } = setup({ random: () => 1, backoffBaseMs: 400, backoffCapMs: 5000 });
    upstream.onApi = () => json(500, { errors: [{ message: 'boom' }] });
    const res = await send();
    expect(res.status).toBe(500);
    expect(upstream.apiCalls).toHaveLength(3);
    expect(clock.waits(1, 59_999)).toEqual([400, 800]);
    expect(outcomes.at(-1)).toEqual({ ok: false, kind: 'server-error' });
  });

  it('jitter keeps each wait between half and all of its step', async () => {
    const { upstream, clock, send } = setup({ random: () => 0, backoffBaseMs: 400, maxAttempts: 4 });
    upstream.onApi = () => json(502, {});
    await send();
    expect(clock.waits(1, 59_999)).toEqual([200, 400, 800]);
  });

  it('network errors: bounded retries, then offline', async () => {
    const { upstream, send, outcomes } = setup();
    upstream.onApi = () => {
      throw new TypeError('fetch failed');
    };
    await expect(send()).rejects.toMatchObject({ kind: 'offline' });
    expect(upstream.apiCalls).toHaveLength(3);
    expect(outcomes.at(-1)).toEqual({ ok: false, kind: 'offline' });
  });

  it('every request has a timeout: a hanging upstream becomes offline after the bounded tries', async () => {
    const upstream = new FakeUpstream();
    let hanging = 0;
    const fetchFn: FetchFn = (input, init) => {
      if (
        Buffer.from(init.body as Uint8Array)
          .toString()
          .includes('createSubscriptionToken')
      )
        return upstream.fetch(input, init);
      hanging += 1;
      return new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    };
    const broker = new TokenBroker({
      target: { baseUrl: upstream.baseUrl, apiKey: 'good-key' },
      fetch: fetchFn,
      clock: realClock,
      timeoutMs: 40,
      backoffBaseMs: 5,
    });
    await expect(broker.send({ path: GRAPHQL_PATH, body: BODY })).rejects.toMatchObject({ kind: 'offline' });
    // Bounded: three timed-out tries, then offline (a hang would fail on the test's own timeout).
    expect(hanging).toBe(3);
  });

  it('the caller can abort a request waiting on a shared refresh without cancelling it for others', async () => {
    const { upstream, broker } = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    upstream.onMutation = async () => {
      await gate;
      return null;
    };
    const controller = new AbortController();
    const first = broker.send({ path: GRAPHQL_PATH, body: BODY, signal: controller.signal });
    const second = broker.send({ path: GRAPHQL_PATH, body: BODY });
    controller.abort(new Error('user left'));
    await expect(first).rejects.toThrow('user left');
    release();
    expect((await second).status).toBe(200);
    expect(upstream.mutations).toHaveLength(1);
  });

  it('error bodies never echo the token or the key', async () => {
    const { upstream, send } = setup();
    upstream.onApi = (_req, token) =>
      json(403, { errors: [{ message: `token ${token} of key good-key has no access` }] });
    const res = await send();
    const text = await res.text();
    expect(text).toContain('[redacted]');
    expect(text).not.toContain('good-key');
    for (const token of upstream.validTokens) expect(text).not.toContain(token);
  });

  it('a caller that leaves while the body streams: the next read fails with its reason, and no outcome is reported', async () => {
    const { upstream, broker, outcomes } = setup();
    const chunk = new Uint8Array(64 * 1024);
    upstream.onApi = () =>
      new Response(new ReadableStream({ pull: (c) => c.enqueue(chunk) }, { highWaterMark: 0 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const caller = new AbortController();
    const res = await broker.send({ path: GRAPHQL_PATH, body: BODY, signal: caller.signal });
    const reader = res.body!.getReader();
    expect((await reader.read()).value?.byteLength).toBe(chunk.byteLength);
    const reported = outcomes.length;
    caller.abort(new Error('user left'));
    await expect(reader.read()).rejects.toThrow('user left');
    expect(outcomes).toHaveLength(reported);
  });

  it('a disposed broker reports nothing more', async () => {
    const { broker, outcomes, send } = setup();
    broker.dispose();
    // The broker's lifetime signal carries the reason; nothing reaches the network.
    await expect(send()).rejects.toThrow('connection changed');
    expect(outcomes).toEqual([]);
  });
});

describe('TokenBroker: body idle timeout (real HTTP)', () => {
  let server: Server | null = null;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
  });

  it('a body that stalls mid-way is cut off with a TimeoutError; a healthy one is not', async () => {
    const upstream = new FakeUpstream();
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        if (body.includes('createSubscriptionToken')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ data: { createSubscriptionToken: upstream.issue() } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[{"market_hash_name":');
        // ...and then nothing: the body stalls.
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const broker = new TokenBroker({
      target: { baseUrl: `http://127.0.0.1:${port}`, apiKey: 'good-key' },
      timeoutMs: 2000,
      bodyIdleTimeoutMs: 100,
    });
    const res = await broker.send({ path: REST_PATHS.minPrices, body: BODY });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe('[{"market_hash_name":');
    await expect(reader.read()).rejects.toBeInstanceOf(TimeoutError);
  });
});
