/**
 * Redirects are never followed with a key or a token: the token mutation carries `api_key` in its body and
 * every data request carries `api-token`, and fetch's default would resend both to wherever Location
 * points. Real node:http servers on 127.0.0.1: one redirects, the other counts what reaches it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../shared/api/schema';
import { realClock } from './clock';
import { createGateway } from './gateway';
import { makeJwt } from './testing/fake-upstream';
import { RedirectError, timedFetch, type FetchFn } from './timed-fetch';
import { RedirectRefused, TokenBroker, UpstreamFailure, type Outcome } from './token-broker';

const API_KEY = 'secret-key-123';
const servers: Server[] = [];

interface Seen {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A server on 127.0.0.1 that records every request and answers with `answer`. */
async function serve(answer: (seen: Seen, res: ServerResponse) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const entry = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(parts).toString('utf8') };
      seen.push(entry);
      answer(entry, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** The place a redirect points to: it must never hear from us. */
function sink(): Promise<{ url: string; seen: Seen[] }> {
  return serve((_seen, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: { createSubscriptionToken: makeJwt({ iat: 1, exp: 7201 }) } }));
  });
}

function isMutation(seen: Seen): boolean {
  return seen.path === GRAPHQL_PATH && seen.body.includes('createSubscriptionToken');
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

function broker(baseUrl: string, outcomes: Outcome[] = []): TokenBroker {
  // Short timeouts: a test that hangs fails instead.
  return new TokenBroker({
    target: { baseUrl, apiKey: API_KEY },
    timeoutMs: 5_000,
    bodyIdleTimeoutMs: 5_000,
    onOutcome: (o) => outcomes.push(o),
  });
}

describe('redirects on the token mutation', () => {
  it('a 307 is not followed: the key never reaches the other port, and the error names the location', async () => {
    const other = await sink();
    const target = `${other.url}/api/v2/graphql`;
    const service = await serve((_seen, res) => res.writeHead(307, { location: target }).end());

    const error = await broker(service.url)
      .getToken()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(RedirectRefused);
    expect(error).toBeInstanceOf(UpstreamFailure);
    expect((error as UpstreamFailure).kind).toBe('server-error');
    expect((error as Error).message).toBe(
      `The service redirected to ${target}; Market Desk does not follow redirects with your key. Check the Base URL.`,
    );
    expect(other.seen).toHaveLength(0);
    // Asked once, and not retried as if the network had failed.
    expect(service.seen.filter(isMutation)).toHaveLength(1);
  });

  it.each([301, 302, 303, 308])('a %i is refused the same way', async (status) => {
    const other = await sink();
    const service = await serve((_seen, res) => res.writeHead(status, { location: `${other.url}/x` }).end());
    await expect(broker(service.url).getToken()).rejects.toThrow(`redirected to ${other.url}/x;`);
    expect(other.seen).toHaveLength(0);
  });

  it('a relative location is named as an absolute URL; the key in a location is blanked out', async () => {
    const service = await serve((seen, res) =>
      res.writeHead(307, { location: seen.path === GRAPHQL_PATH ? `/moved?k=${API_KEY}` : '/' }).end(),
    );
    const error = (await broker(service.url)
      .getToken()
      .catch((e: unknown) => e)) as RedirectRefused;
    expect(error.location).toBe(`${service.url}/moved?k=[redacted]`);
    expect(error.message).toContain(`redirected to ${service.url}/moved?k=[redacted];`);
    expect(error.message).not.toContain(API_KEY);
    // The redirect target is on the same server: it was still not requested.
    expect(service.seen.map((s) => s.path)).toEqual([GRAPHQL_PATH]);
  });

  it('is not sticky like a refused key: once the service stops redirecting, a token comes', async () => {
    let redirect = true;
    const service = await serve((_seen, res) => {
      if (redirect) {
        res.writeHead(307, { location: 'http://127.0.0.1:1/' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { createSubscriptionToken: makeJwt({ iat: 1, exp: 7201 }) } }));
    });
    const b = broker(service.url);
    await expect(b.getToken()).rejects.toBeInstanceOf(RedirectRefused);
    redirect = false;
    await expect(b.getToken()).resolves.toMatch(/^ey/);
  });
});

describe('redirects on data requests', () => {
  /** A service that issues tokens but answers every data request with `status` to the other server. */
  async function redirectingData(status: number, location: string) {
    const token = makeJwt({ sub: 'k', iat: 1_700_000_000, exp: 1_700_007_200 }, 'the-token');
    const service = await serve((seen, res) => {
      if (isMutation(seen)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { createSubscriptionToken: token } }));
        return;
      }
      res.writeHead(status, { location }).end();
    });
    return { service, token };
  }

  it('a 302 through the gateway: nothing reaches the other port, the renderer gets a JSON error naming the location', async () => {
    const other = await sink();
    const { service, token } = await redirectingData(302, `${other.url}/api/v2/rest/get-aggregated-min-prices`);
    const outcomes: Outcome[] = [];
    const b = broker(service.url, outcomes);
    const gateway = createGateway({ forwarder: () => b });

    const res = await gateway(
      new Request(`app://market-desk${REST_PATHS.minPrices}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game_id: 730, markets: ['steam'] }),
      }),
    );
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    const body = JSON.parse(text) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('SERVER_ERROR');
    expect(body.errors[0]!.message).toContain(`redirected to ${other.url}/api/v2/rest/get-aggregated-min-prices;`);
    expect(text).not.toContain(token);
    expect(text).not.toContain(API_KEY);
    expect(other.seen).toHaveLength(0);
    // The data request went to the service once, with the token, and was not retried.
    const data = service.seen.filter((s) => !isMutation(s));
    expect(data).toHaveLength(1);
    expect(data[0]!.headers[TOKEN_HEADER]).toBe(token);
    // The status the user sees names the redirect too.
    expect(outcomes.at(-1)).toEqual({ ok: false, kind: 'server-error', message: body.errors[0]!.message });
  });

  it('a token echoed into the location is blanked out of the message', async () => {
    const other = await sink();
    const token = makeJwt({ sub: 'k', iat: 1_700_000_000, exp: 1_700_007_200 }, 'echoed');
    const service = await serve((seen, res) => {
      if (isMutation(seen)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { createSubscriptionToken: token } }));
        return;
      }
      res.writeHead(302, { location: `${other.url}/?t=${String(seen.headers[TOKEN_HEADER])}` }).end();
    });
    const error = (await broker(service.url)
      .send({ path: GRAPHQL_PATH, body: new Uint8Array(Buffer.from('{"query":"{ a }"}')) })
      .catch((e: unknown) => e)) as RedirectRefused;
    expect(error).toBeInstanceOf(RedirectRefused);
    expect(error.message).toContain(`${other.url}/?t=[redacted];`);
    expect(error.message).not.toContain(token);
    expect(other.seen).toHaveLength(0);
  });
});

describe('timedFetch and redirects', () => {
  it('always asks fetch not to follow, whatever the caller passed', async () => {
    const inits: RequestInit[] = [];
    const fetchFn: FetchFn = async (_url, init) => {
      inits.push(init);
      return new Response('{}', { status: 200 });
    };
    await timedFetch(
      fetchFn,
      'http://127.0.0.1:1/',
      { method: 'POST', redirect: 'follow' },
      { clock: realClock, headersTimeoutMs: 1000, bodyIdleTimeoutMs: 1000 },
    );
    expect(inits[0]!.redirect).toBe('manual');
  });

  it('treats an opaque redirect (status 0, no Location) as a redirect too', async () => {
    // What a spec-following fetch returns for redirect: 'manual'; Response can't be built with that type.
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null } as unknown as Response;
    const error = await timedFetch(
      async () => opaque,
      'http://127.0.0.1:1/',
      {},
      { clock: realClock, headersTimeoutMs: 1000, bodyIdleTimeoutMs: 1000 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).location).toBeNull();
  });

  it('a 304 or a 300 without Location is an answer, not a redirect', async () => {
    for (const status of [304, 300]) {
      const res = await timedFetch(
        async () => new Response(null, { status }),
        'http://127.0.0.1:1/',
        {},
        {
          clock: realClock,
          headersTimeoutMs: 1000,
          bodyIdleTimeoutMs: 1000,
        },
      );
      expect(res.status).toBe(status);
    }
  });
});
