/** The web host end to end over real HTTP, against the real reference service. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_FAULTS, startService, type ResponseInfo, type RunningService } from '../service/src/index';
import { GRAPHQL_PATH, REST_PATHS } from '../shared/api/schema';
import { ConnectionStatusSchema, type ConnectionStatus } from '../shared/api/status';
import { CONTENT_SECURITY_POLICY } from '../backend/security-headers';
import { cookieToken, secretCookieName } from './launch-secret';
import { startWebHost, type WebHost, type WebHostOptions } from './server';

const USER_KEY = 'user-key-9d3e1f0a77';
/** Every host here runs with this launch secret; `fetch` below presents it unless told not to. */
const LAUNCH_SECRET = 'launch-secret-for-tests-5b7c';

/** fetch with the launch secret header (as scripts use the web host); `{ secret: null }` sends none. */
function fetch(input: string, init: RequestInit & { secret?: string | null } = {}): Promise<Response> {
  const { secret = LAUNCH_SECRET, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (secret !== null) headers.set('x-market-desk-secret', secret);
  return globalThis.fetch(input, { ...rest, headers });
}
const JWT_PATTERN = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/;

let service: RunningService;
let tmp: string;
let staticDir: string;
const hosts: WebHost[] = [];
const served: ResponseInfo[] = [];

beforeAll(async () => {
  service = await startService({
    port: 0,
    quiet: true,
    admin: true,
    apiKeys: [{ key: USER_KEY }],
    onResponse: (info) => served.push(info),
  });
  tmp = mkdtempSync(path.join(os.tmpdir(), 'market-desk-webhost-'));
  staticDir = path.join(tmp, 'renderer');
  mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Market Desk</title><div id="root"></div>');
  writeFileSync(path.join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
});

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
  service.setFaults({ ...NO_FAULTS });
});

afterAll(async () => {
  await service.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function host(options: WebHostOptions = {}): Promise<WebHost> {
  const h = await startWebHost({
    port: 0,
    staticDir,
    keyFile: path.join(tmp, `key-${hosts.length}-${Date.now()}`),
    embeddedService: { url: service.url, demoKey: service.demoKey },
    broker: { backoffBaseMs: 5, backoffCapMs: 20 },
    secret: LAUNCH_SECRET,
    ...options,
  });
  hosts.push(h);
  return h;
}

async function control(
  h: WebHost,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(h.url + route, {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

async function status(
  h: WebHost,
  method: 'GET' | 'POST' = 'GET',
  route = '/app/status',
  body?: unknown,
): Promise<ConnectionStatus> {
  const res = await control(h, method, route, body);
  expect(res.status).toBe(200);
  return ConnectionStatusSchema.parse(res.json);
}

/** Raw request with full control over Host/Origin (fetch won't let us forge Host). */
function raw(
  h: WebHost,
  route: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: h.port,
        path: route,
        method,
        headers: { 'x-market-desk-secret': LAUNCH_SECRET, ...headers },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function graphql(h: WebHost, query: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(h.url + GRAPHQL_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
}

describe('web host: static files', () => {
  it('serves the renderer with the strict CSP, SPA fallback for routes, 404 for missing assets', async () => {
    const h = await host();
    const index = await fetch(`${h.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await index.text()).toContain('Market Desk');
    const route = await fetch(`${h.url}/settings/connection`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toMatch(/text\/html/);
    const asset = await fetch(`${h.url}/assets/app-1234.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    expect((await fetch(`${h.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${h.url}/..%2f..%2fetc%2fpasswd`)).status).not.toBe(500);
    expect(await (await fetch(`${h.url}/..%2f..%2fetc%2fpasswd`)).text()).not.toContain('root:');
  });

  it('listens on loopback only: the bound address, and no answer on another interface', async () => {
    const h = await host();
    expect(h.address).toBe('127.0.0.1');
    expect(h.url).toBe(`http://127.0.0.1:${h.port}`);
    // Any non-loopback IPv4 address of this machine must refuse the connection.
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (external) {
      const outcome = await new Promise<string>((resolve) => {
        const req = httpRequest({ host: external, port: h.port, path: '/', timeout: 2_000 }, (res) => {
          res.resume();
          resolve(`answered ${res.statusCode}`);
        });
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      });
      expect(outcome).toBe('ECONNREFUSED');
    }
  });
});

describe('web host: Host and Origin checks', () => {
  it('refuses a foreign Host (DNS rebinding) on every route', async () => {
    const h = await host();
    for (const route of ['/', '/app/status', GRAPHQL_PATH]) {
      expect(await raw(h, route, { host: `evil.example:${h.port}` })).toBe(403);
    }
    expect(await raw(h, '/app/status', { host: `127.0.0.1:${h.port + 1}` })).toBe(403);
  });

  it('accepts its own Host under both loopback names', async () => {
    const h = await host();
    expect(await raw(h, '/app/status', { host: `127.0.0.1:${h.port}` })).toBe(200);
    expect(await raw(h, '/app/status', { host: `localhost:${h.port}` })).toBe(200);
  });

  it('refuses a foreign Origin on control and API requests', async () => {
    const h = await host();
    const own = { host: `127.0.0.1:${h.port}` };
    expect(await raw(h, '/app/status', { ...own, origin: 'https://evil.example' })).toBe(403);
    expect(await raw(h, '/app/status', { ...own, origin: 'null' })).toBe(403);
    expect(
      await raw(
        h,
        GRAPHQL_PATH,
        { ...own, origin: 'http://127.0.0.1:1', 'content-type': 'application/json' },
        'POST',
        '{"query":"{__typename}"}',
      ),
    ).toBe(403);
    expect(
      await raw(
        h,
        '/app/forget',
        { ...own, origin: 'https://evil.example', 'content-type': 'application/json' },
        'POST',
        '{}',
      ),
    ).toBe(403);
    expect(await raw(h, '/app/status', { ...own, origin: h.url })).toBe(200);
  });

  it('refuses cross-site fetch metadata on control/API routes, but not a navigation to the app', async () => {
    const h = await host();
    const own = { host: `127.0.0.1:${h.port}` };
    expect(await raw(h, '/app/status', { ...own, 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await raw(h, '/app/status', { ...own, 'sec-fetch-site': 'same-origin' })).toBe(200);
    expect(await raw(h, '/', { ...own, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' })).toBe(200);
  });
});

describe('web host: control endpoints', () => {
  it('starts on demo data', async () => {
    const h = await host();
    expect(await status(h)).toMatchObject({
      state: 'demo',
      baseUrl: '',
      hasKey: false,
      keyStorage: 'none',
      weakStorageOnly: true,
    });
  });

  it('connect: a good key is kept in memory by default; the status never contains it', async () => {
    const h = await host();
    const s = await status(h, 'POST', '/app/connect', { baseUrl: '', apiKey: USER_KEY });
    expect(s).toMatchObject({ state: 'connected', hasKey: true, keyStorage: 'memory', weakStorageOnly: true });
    expect(JSON.stringify(s)).not.toContain(USER_KEY);
  });

  it('connect: a rejected key says so and is not kept', async () => {
    const h = await host();
    expect(await status(h, 'POST', '/app/connect', { baseUrl: '', apiKey: 'wrong' })).toMatchObject({
      state: 'key-rejected',
      hasKey: false,
    });
  });

  it('connect: acceptWeakStorage writes a 0600 key file that the next start uses; forget deletes it', async () => {
    const keyFile = path.join(tmp, 'persist', 'web-key');
    const h = await host({ keyFile });
    expect(
      await status(h, 'POST', '/app/connect', { baseUrl: '', apiKey: USER_KEY, acceptWeakStorage: true }),
    ).toMatchObject({
      state: 'connected',
      keyStorage: 'file-0600',
      weakStorageOnly: false,
    });
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).toContain(USER_KEY);
    await h.close();

    const again = await host({ keyFile });
    expect(await status(again)).toMatchObject({ state: 'connected', keyStorage: 'file-0600', hasKey: true });
    expect(await status(again, 'POST', '/app/forget')).toMatchObject({
      state: 'demo',
      hasKey: false,
      keyStorage: 'none',
    });
    expect(() => statSync(keyFile)).toThrow();
  });

  it('useDemo keeps the key', async () => {
    const h = await host();
    await status(h, 'POST', '/app/connect', { baseUrl: '', apiKey: USER_KEY });
    expect(await status(h, 'POST', '/app/demo')).toMatchObject({ state: 'demo', hasKey: true, keyStorage: 'memory' });
  });

  it('rejects bad input with {error} bodies', async () => {
    const h = await host();
    const bad = await control(h, 'POST', '/app/connect', { baseUrl: 42, apiKey: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const badUrl = await control(h, 'POST', '/app/connect', { baseUrl: 'http://api.example.com', apiKey: 'x' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json).toMatchObject({ error: { message: expect.stringMatching(/https/) } });
    const noKey = await control(h, 'POST', '/app/connect', { baseUrl: '', apiKey: '' });
    expect(noKey.status).toBe(400);
    const notJson = await fetch(`${h.url}/app/connect`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(notJson.status).toBe(415);
    const form = await fetch(`${h.url}/app/forget`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    });
    expect(form.status).toBe(415);
    expect((await control(h, 'GET', '/app/connect')).status).toBe(405);
    expect((await control(h, 'GET', '/app/nope')).status).toBe(404);
  });

  it('open-external vets the link (https only) and opens nothing itself', async () => {
    const h = await host();
    expect(
      (
        await fetch(`${h.url}/app/open-external`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ url: 'https://example.com/x' }),
        })
      ).status,
    ).toBe(204);
    for (const url of ['http://example.com', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect((await control(h, 'POST', '/app/open-external', { url })).status).toBe(400);
    }
  });

  it('events: the current status at once, then every change', async () => {
    const h = await host();
    const controller = new AbortController();
    const res = await fetch(`${h.url}/app/events`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const statuses: ConnectionStatus[] = [];
    let buffer = '';
    const next = async (): Promise<ConnectionStatus> => {
      for (;;) {
        // One event per block; named ones (`event: rates`) are not statuses.
        const match = /(?:^|\n\n)((?:event: (.*)\n)?)data: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length - 2);
          if (match[1] && match[2] !== 'status') continue;
          const s = ConnectionStatusSchema.parse(JSON.parse(match[3]!));
          statuses.push(s);
          return s;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
    };
    expect((await next()).state).toBe('demo');
    // A new connection is tried on the side, so the next change is straight to connected.
    void control(h, 'POST', '/app/connect', { baseUrl: '', apiKey: USER_KEY });
    expect((await next()).state).toBe('connected');
    controller.abort();
  });

  it('presets a connection from apiKey/baseUrl (MDS_API_KEY / MDS_BASE_URL), in memory only', async () => {
    const h = await host({ apiKey: USER_KEY, baseUrl: service.url });
    expect(await status(h)).toMatchObject({ state: 'connected', baseUrl: service.url, keyStorage: 'memory' });
  });
});

describe('web host: the launch secret', () => {
  it('refuses the app, the control routes and the gateway without it (403)', async () => {
    const h = await host();
    for (const route of ['/', '/assets/app-1234.js', '/app/status', '/app/events']) {
      expect((await fetch(h.url + route, { secret: null })).status).toBe(403);
    }
    for (const route of ['/app/connect', '/app/demo', '/app/retry', GRAPHQL_PATH, REST_PATHS.priceRecommendations]) {
      const res = await fetch(h.url + route, {
        secret: null,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(403);
    }
    // A wrong secret, by header or cookie, is no better.
    expect((await fetch(`${h.url}/app/status`, { secret: 'launch-secret-for-tests-5b7d' })).status).toBe(403);
    expect(
      (
        await fetch(`${h.url}/app/status`, {
          secret: null,
          headers: { cookie: `${secretCookieName(h.port, LAUNCH_SECRET)}=nope` },
        })
      ).status,
    ).toBe(403);
    // Nor is the launch secret itself in the cookie (the cookie holds a token made from it).
    expect(
      (
        await fetch(`${h.url}/app/status`, {
          secret: null,
          headers: { cookie: `${secretCookieName(h.port, LAUNCH_SECRET)}=${LAUNCH_SECRET}` },
        })
      ).status,
    ).toBe(403);
  });

  it('the launch URL trades the secret for an HttpOnly SameSite=Strict cookie and leaves the address bar', async () => {
    const h = await host();
    expect(h.launchUrl).toBe(`${h.url}/?secret=${LAUNCH_SECRET}`);
    const first = await fetch(h.launchUrl, { secret: null, redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^market-desk-${h.port}-[0-9a-f]{16}=[\\w-]{43};`));
    // Sent to every port of 127.0.0.1 (cookies ignore ports): it must not carry the launch secret.
    expect(cookie).not.toContain(LAUNCH_SECRET);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const pair = cookie.split(';')[0]!;
    for (const route of ['/', '/app/status']) {
      expect((await fetch(h.url + route, { secret: null, headers: { cookie: pair } })).status).toBe(200);
    }
    expect((await fetch(`${h.url}/?secret=wrong-secret-0000000000`, { secret: null, redirect: 'manual' })).status).toBe(
      403,
    );
  });

  it('each launch has its own cookie: another launch’s (another secret, or another port) is neither its name nor accepted', async () => {
    const a = await host();
    const b = await host({ secret: 'another-launch-secret-1234' });
    const cookieOf = async (h: WebHost) =>
      ((await fetch(h.launchUrl, { secret: null, redirect: 'manual' })).headers.get('set-cookie') ?? '').split(';')[0]!;
    const [ca, cb] = [await cookieOf(a), await cookieOf(b)];
    expect(ca.split('=')[0]).not.toBe(cb.split('=')[0]);
    // The browser sends both hosts' cookies to both (same host name): each accepts only its own.
    const both = `${ca}; ${cb}`;
    expect((await fetch(`${a.url}/app/status`, { secret: null, headers: { cookie: both } })).status).toBe(200);
    expect((await fetch(`${a.url}/app/status`, { secret: null, headers: { cookie: cb } })).status).toBe(403);
    expect((await fetch(`${b.url}/app/status`, { secret: null, headers: { cookie: ca } })).status).toBe(403);
    // The same secret on another port: another name and token.
    expect(secretCookieName(a.port, LAUNCH_SECRET)).not.toBe(secretCookieName(a.port + 1, LAUNCH_SECRET));
    expect(cookieToken(a.port, LAUNCH_SECRET)).not.toBe(cookieToken(a.port + 1, LAUNCH_SECRET));
  });

  it('the launch redirect stays on this site, whatever the path (real HTTP answers)', async () => {
    const h = await host();
    /** The Location of a launch URL sent as these exact bytes (fetch would normalise the path). */
    const locationOf = (pathAndQuery: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: h.port, path: pathAndQuery, headers: { host: `127.0.0.1:${h.port}` } },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          },
        );
        req.on('error', reject);
        req.end();
      });
    const S = `secret=${LAUNCH_SECRET}`;
    const cases: Array<[string, string]> = [
      [`/..//evil.example/?${S}`, '/evil.example/'],
      [`//evil.example/?${S}`, '/'],
      [`/.//evil.example/?${S}`, '/evil.example/'],
      [`/..///evil.example/x?a=1&${S}`, '/evil.example/x?a=1'],
      // Parsed as a network-path reference (the host would be evil.example): the path is '/'.
      [`/\\evil.example/?${S}`, '/'],
      [`/..\\/evil.example/?${S}`, '/evil.example/'],
      [`/%2F%2Fevil.example/?${S}`, '/%2F%2Fevil.example/'],
      [`/..%2F%2Fevil.example/?${S}`, '/..%2F%2Fevil.example/'],
      [`/%5C%5Cevil.example/?${S}`, '/%5C%5Cevil.example/'],
      [`/items/AK-47?x=1&${S}`, '/items/AK-47?x=1'],
    ];
    for (const [path, expected] of cases) {
      const r = await locationOf(path);
      expect({ path, status: r.status, location: r.location }).toEqual({ path, status: 303, location: expected });
      // Whatever it is, a browser resolves it on this host.
      expect(new URL(r.location!, h.url).origin).toBe(h.url);
    }
  });

  it('a random secret per launch unless one is given; a given one must be long and URL-safe', async () => {
    const a = await host({ secret: undefined });
    const b = await host({ secret: undefined });
    expect(a.secret).toMatch(/^[\w-]{32}$/);
    expect(a.secret).not.toBe(b.secret);
    await expect(host({ secret: 'short' })).rejects.toThrow(/MARKET_DESK_WEB_SECRET/);
    await expect(host({ secret: 'has spaces in it but is long' })).rejects.toThrow(/MARKET_DESK_WEB_SECRET/);
  });
});

describe('web host: a stored key goes only to its own origin', () => {
  /** A stand-in for another host: records every request it gets. */
  async function recorder(): Promise<{
    url: string;
    seen: { path: string; body: string; headers: Record<string, unknown> }[];
    close(): Promise<void>;
  }> {
    const { createServer } = await import('node:http');
    const seen: { path: string; body: string; headers: Record<string, unknown> }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body, headers: { ...req.headers } });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"createSubscriptionToken":null}}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    return {
      url: `http://127.0.0.1:${port}`,
      seen,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }

  it('an empty key to another origin sends nothing there and says the key must be typed again', async () => {
    const other = await recorder();
    try {
      const h = await host();
      expect(
        (await status(h, 'POST', '/app/connect', { baseUrl: service.url, apiKey: USER_KEY, acceptWeakStorage: true }))
          .state,
      ).toBe('connected');
      const moved = await control(h, 'POST', '/app/connect', { baseUrl: other.url, apiKey: '' });
      expect(moved.status).toBe(400);
      expect(JSON.stringify(moved.json)).toContain(`Your saved key belongs to ${service.url}`);
      expect(other.seen).toEqual([]);
      // Same origin, other path prefix: the key may stay (it is the same service).
      expect((await status(h, 'POST', '/app/connect', { baseUrl: `${service.url}/`, apiKey: '' })).state).toBe(
        'connected',
      );
      // The key typed again for the other origin is what goes there, and only then.
      await control(h, 'POST', '/app/connect', { baseUrl: other.url, apiKey: 'key-for-the-other-host' });
      expect(other.seen.map((r) => r.body).join('\n')).toContain('key-for-the-other-host');
      expect(other.seen.map((r) => r.body).join('\n')).not.toContain(USER_KEY);
    } finally {
      await other.close();
    }
  });

  it('MDS_BASE_URL without MDS_API_KEY never sends a key stored for another origin', async () => {
    const other = await recorder();
    try {
      const keyFile = path.join(tmp, `bound-${Date.now()}`);
      const first = await host({ keyFile });
      await status(first, 'POST', '/app/connect', { baseUrl: service.url, apiKey: USER_KEY, acceptWeakStorage: true });
      const h = await host({ keyFile, baseUrl: other.url });
      expect((await status(h)).state).toBe('demo');
      expect(other.seen).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('web host: a preset from the environment never touches the saved key file', () => {
  // Real key files in an ignored folder of the checkout (.cache/ is in .gitignore).
  const dir = path.resolve('.cache', 'test-key-files');
  let keyFile: string;
  beforeAll(() => mkdirSync(dir, { recursive: true }));
  afterEach(() => rmSync(keyFile, { force: true }));

  /** The user's own Connect with "remember on this computer": the file the next starts find. */
  async function savedKey(): Promise<string> {
    keyFile = path.join(dir, `web-key-${process.pid}-${Date.now()}`);
    const first = await host({ keyFile });
    await status(first, 'POST', '/app/connect', { baseUrl: service.url, apiKey: USER_KEY, acceptWeakStorage: true });
    await first.close();
    return readFileSync(keyFile, 'utf8');
  }

  it('MDS_BASE_URL of the saved key\u2019s service, no MDS_API_KEY: the saved key is used and its file kept', async () => {
    const saved = await savedKey();
    const h = await host({ keyFile, baseUrl: service.url });
    expect(await status(h)).toMatchObject({ state: 'connected', hasKey: true });
    expect(readFileSync(keyFile, 'utf8')).toBe(saved);
    await h.close();
    // The next plain start still finds it.
    expect(await status(await host({ keyFile }))).toMatchObject({ state: 'connected', keyStorage: 'file-0600' });
  });

  it('a scripted run with a key for another service uses it from memory; the saved key stays on disk', async () => {
    const saved = await savedKey();
    const h = await host({ keyFile, baseUrl: '', apiKey: USER_KEY });
    expect(await status(h)).toMatchObject({ state: 'connected', baseUrl: '', keyStorage: 'memory' });
    expect(readFileSync(keyFile, 'utf8')).toBe(saved);
    // Forget drops the key in use (the question said it is not on disk); the saved one is still there, and a
    // second Forget (now about the key file) deletes it.
    expect(await status(h, 'POST', '/app/forget')).toMatchObject({
      state: 'demo',
      hasKey: true,
      keyStorage: 'file-0600',
    });
    expect(readFileSync(keyFile, 'utf8')).toBe(saved);
    expect(await status(h, 'POST', '/app/forget')).toMatchObject({ state: 'demo', hasKey: false, keyStorage: 'none' });
    expect(() => statSync(keyFile)).toThrow();
  });
});

describe('web host: the gateway over the real service', () => {
  it('forwards GraphQL and REST on demo data and strips credentials; no token in any answer', async () => {
    const h = await host();
    const gql = await graphql(h, '{ getPriceRecommendations(game_id: 252490) { market_hash_name suggested_price } }', {
      'api-token': 'forged',
      authorization: 'Bearer x',
      cookie: 'a=b',
    });
    expect(gql.status).toBe(200);
    const text = await gql.text();
    expect(JSON.parse(text)).toMatchObject({ data: { getPriceRecommendations: expect.any(Array) } });
    expect(text).not.toMatch(JWT_PATTERN);
    expect(JSON.stringify([...gql.headers])).not.toMatch(JWT_PATTERN);

    const rest = await fetch(h.url + REST_PATHS.priceRecommendations, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game_id: 252490 }),
    });
    expect(rest.status).toBe(200);
    expect(Array.isArray(await rest.json())).toBe(true);
  });

  it('only the six paths, POST only', async () => {
    const h = await host();
    expect(
      (
        await fetch(`${h.url}/api/v2/__admin/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(404);
    expect((await fetch(h.url + GRAPHQL_PATH)).status).toBe(405);
  });

  it('a token the service expired mid-session is replaced transparently', async () => {
    const h = await host();
    expect((await graphql(h, '{ getSteamAnalytics(game_id: 570) { market_hash_name } }')).status).toBe(200);
    service.advanceClock(2 * 3600_000 + 1000); // the service's clock runs past the token's expiry; ours doesn't
    served.length = 0;
    const res = await graphql(h, '{ getSteamAnalytics(game_id: 570) { market_hash_name } }');
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    // refused (401), one new token, the retry served
    expect(served.map((r) => r.status)).toEqual([401, 200, 200]);
    expect(served.map((r) => r.operation).slice(1)).toEqual(['createSubscriptionToken', 'getSteamAnalytics']);
    expect((await status(h)).state).toBe('demo');
  });

  it('5xx after the bounded retries shows server-error; recovery brings the status back', async () => {
    const h = await host();
    service.setFaults({ errorRate: 1 });
    const failed = await graphql(h, '{ getSteamAnalytics(game_id: 570) { market_hash_name } }');
    expect(failed.status).toBe(500);
    expect((await status(h)).state).toBe('server-error');
    service.setFaults({ ...NO_FAULTS });
    const ok = await graphql(h, '{ getSteamAnalytics(game_id: 570) { market_hash_name } }');
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    expect((await status(h)).state).toBe('demo');
  });

  it('connecting to an unreachable upstream says offline and keeps demo data', async () => {
    const h = await host({ broker: { backoffBaseMs: 5, timeoutMs: 2000 } });
    const s = await status(h, 'POST', '/app/connect', { baseUrl: 'http://127.0.0.1:9', apiKey: USER_KEY });
    expect(s.state).toBe('offline');
    expect((await status(h, 'GET', '/app/status')).state).toBe('demo');
    expect((await graphql(h, '{ getSteamAnalytics { market_hash_name } }')).status).toBe(200);
  });

  it('a stored connection whose upstream is unreachable is reported offline, with a readable error', async () => {
    const h = await host({
      apiKey: USER_KEY,
      baseUrl: 'http://127.0.0.1:9',
      broker: { backoffBaseMs: 5, timeoutMs: 2000 },
    });
    expect((await status(h, 'GET', '/app/status')).state).toBe('offline');
    const res = await graphql(h, '{ getSteamAnalytics { market_hash_name } }');
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ errors: [{ extensions: { code: 'OFFLINE' } }] });
  });
});
