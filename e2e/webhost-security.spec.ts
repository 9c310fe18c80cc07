/**
 * The web host's security promises, checked in Chromium:
 * - the page never gets the API key or a token: not in window, storage, cookies or the DOM, and not in any
 *   response (status JSON, event stream, API answers);
 * - other origins are refused: a foreign Origin, a foreign Host (DNS rebinding), a cross-site page;
 * - nothing is answered without this launch's secret, and a stored key goes only to its own origin.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Response } from '@playwright/test';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../shared/api/schema';
import { CONTENT_SECURITY_POLICY } from '../backend/security-headers';
import { expect, test } from './fixtures';
import { inlineScriptRuns } from './page-checks';

const SECRET_KEY = 'e2e-secret-key-4f1c9a7d2b';
/** Any JWT (the service issues HS256 JWTs: three base64url parts, header starting eyJ). */
const JWT_PATTERN = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/;

test.use({ recordHistory: false, serviceOptions: { apiKeys: [{ key: SECRET_KEY }] } });

async function bodies(responses: Response[]): Promise<string[]> {
  const out: string[] = [];
  for (const response of responses) {
    const headers = await response.allHeaders();
    // An event stream never finishes; its messages are statuses, checked through /app/status below.
    const streaming = (headers['content-type'] ?? '').startsWith('text/event-stream');
    const body = streaming ? '' : await response.text().catch(() => '');
    out.push(JSON.stringify(headers) + body);
  }
  return out;
}

async function pageSecrets(page: Page): Promise<string> {
  return page.evaluate(() => {
    const seen: string[] = [];
    for (const key of Object.getOwnPropertyNames(window)) {
      let value: unknown;
      try {
        value = (window as unknown as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      if (typeof value === 'string') seen.push(value);
      else if (value && typeof value === 'object' && !(value instanceof Node) && value !== window) {
        try {
          seen.push(JSON.stringify(value));
        } catch {
          // cyclic or exotic objects: not where a leaked string would sit
        }
      }
    }
    seen.push(JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage }), document.cookie);
    seen.push(document.documentElement.outerHTML);
    return seen.join('\n');
  });
}

test('the page never sees the key or a token', async ({ page, appUrl }) => {
  const responses: Response[] = [];
  page.on('response', (r) => responses.push(r));
  await page.goto(appUrl);

  // Connect with a real key through the same endpoint the settings screen uses.
  const status = await page.evaluate(async (apiKey) => {
    const res = await fetch('/app/connect', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ baseUrl: '', apiKey, acceptWeakStorage: false }),
    });
    return (await res.json()) as { state: string; keyStorage: string; weakStorageOnly: boolean };
  }, SECRET_KEY);
  expect(status).toMatchObject({ state: 'connected', keyStorage: 'memory', weakStorageOnly: true });

  // API traffic through the gateway: GraphQL and REST, success and failure.
  const api = await page.evaluate(
    async ({ graphql, rest }) => {
      const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        return { status: res.status, text: await res.text() };
      };
      return [
        await call(graphql, { query: '{ getPriceRecommendations { market_hash_name suggested_price } }' }),
        await call(rest, { game_id: 440 }),
        await call(graphql, { query: '{ nope }' }),
        await call(graphql, { query: 'mutation { createSubscriptionToken(api_key: "x") }' }),
        await call(
          graphql,
          { query: '{ getSteamAnalytics(game_id: 570) { market_hash_name } }' },
          { 'api-token': 'forged' },
        ),
      ];
    },
    { graphql: GRAPHQL_PATH, rest: REST_PATHS.priceRecommendations },
  );
  expect(api[0]!.status).toBe(200);
  expect(api[0]!.text).toContain('market_hash_name');
  expect(api[1]!.status).toBe(200);
  expect(api[2]!.status).toBe(400);
  expect(api[3]!.status).toBe(403);
  expect(api[4]!.status).toBe(200);

  const everything = [...(await bodies(responses)), ...api.map((a) => a.text), await pageSecrets(page)].join('\n');
  expect(everything).not.toContain(SECRET_KEY);
  expect(everything).not.toMatch(JWT_PATTERN);
  expect(everything.toLowerCase()).not.toContain(`"${TOKEN_HEADER}"`);

  // The status, as the UI reads it.
  const statusJson = await page.evaluate(async () => (await fetch('/app/status')).text());
  expect(statusJson).not.toContain(SECRET_KEY);
  expect(statusJson).not.toMatch(JWT_PATTERN);
});

test('every app response carries the strict CSP, and inline script does not run', async ({ page, appUrl }) => {
  const response = await page.goto(appUrl);
  expect(response!.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(await inlineScriptRuns(page)).toBe(false);
});

test('a foreign Origin is refused on the API and control endpoints', async ({ request, webHost }) => {
  const evil = { origin: 'https://evil.example' };
  const api = await request.post(`${webHost.url}${GRAPHQL_PATH}`, {
    headers: { ...evil, 'content-type': 'application/json' },
    data: { query: '{ getSteamAnalytics { market_hash_name } }' },
  });
  expect(api.status()).toBe(403);
  expect((await request.get(`${webHost.url}/app/status`, { headers: evil })).status()).toBe(403);
  const connect = await request.post(`${webHost.url}/app/connect`, {
    headers: { ...evil, 'content-type': 'application/json' },
    data: { baseUrl: 'https://attacker.example', apiKey: 'x' },
  });
  expect(connect.status()).toBe(403);
  // The same requests from our own origin, with the launch secret, work.
  expect(
    (
      await request.get(`${webHost.url}/app/status`, {
        headers: { origin: webHost.url, 'x-market-desk-secret': webHost.secret },
      })
    ).status(),
  ).toBe(200);
});

test('a foreign Host (DNS rebinding) is refused', async ({ webHost }) => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: webHost.port,
        path: '/app/status',
        headers: { host: `rebind.attacker.example:${webHost.port}` },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
  expect(status).toBe(403);
});

test('a page on another origin cannot use the gateway or the control endpoints: the host refuses them', async ({
  page,
  webHost,
}) => {
  // The page most able to try: another local server's (127.0.0.1, another port). It is the same site, so
  // the browser even sends this host's SameSite=Strict cookie along; only the host's Origin check is left
  // to refuse. (A public site's page is stopped earlier by Chromium's Private Network Access, which would
  // hide whether the host refuses.)
  const other = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>other</title>'),
  );
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  // What the host answered, from the network layer (DevTools protocol): the page gets no answer at all —
  // the host's Cross-Origin-Resource-Policy makes Chromium drop it (ERR_BLOCKED_BY_RESPONSE) — and
  // Playwright reports no response for it, but the raw status line and request headers are still seen here.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent = new Map<string, string>();
  const cookies = new Map<string, boolean>();
  const statuses = new Map<string, number>();
  let watching = false;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (watching && e.request.url.startsWith(webHost.url + '/'))
      sent.set(e.requestId, `${e.request.method} ${new URL(e.request.url).pathname}`);
  });
  // (The extra-info events may come before or after the one above: joined by request id at the end.)
  cdp.on('Network.requestWillBeSentExtraInfo', (e) =>
    cookies.set(
      e.requestId,
      String(e.headers['Cookie'] ?? e.headers['cookie'] ?? '').includes(`market-desk-${webHost.port}-`),
    ),
  );
  cdp.on('Network.responseReceivedExtraInfo', (e) => statuses.set(e.requestId, e.statusCode));
  const answers = {
    entries: () =>
      [...sent]
        .filter(([id]) => statuses.has(id))
        .map(([id, key]) => [key, { status: statuses.get(id)!, cookie: cookies.get(id) ?? false }] as const),
    keys: () => [...sent].filter(([id]) => statuses.has(id)).map(([, key]) => key),
  };
  try {
    await page.goto(webHost.launchUrl);
    await expect(page.getByTestId('status-pill')).toHaveAttribute('data-state', 'demo');
    await page.goto(`${otherUrl}/`);
    watching = true;
    // Simple no-cors requests: no preflight, so each one reaches the host and only the host can refuse it
    // (CORS would hide a readable answer from the page, not stop the request).
    await page.evaluate(async (target) => {
      const send = (path: string, init: RequestInit) =>
        fetch(target + path, { ...init, mode: 'no-cors', credentials: 'include' }).catch(() => undefined);
      await send('/app/status', {});
      await send('/api/v2/graphql', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ query: '{ getSteamAnalytics { market_hash_name } }' }),
      });
      await send('/app/connect', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ baseUrl: 'https://attacker.example', apiKey: 'x' }),
      });
    }, webHost.url);
    await expect
      .poll(() => [...answers.keys()].sort().join(' | '), { timeout: 10_000 })
      .toBe('GET /app/status | POST /api/v2/graphql | POST /app/connect');
    expect(Object.fromEntries(answers.entries())).toEqual({
      'GET /app/status': { status: 403, cookie: true },
      'POST /api/v2/graphql': { status: 403, cookie: true },
      'POST /app/connect': { status: 403, cookie: true },
    });
  } finally {
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
  // Nothing changed.
  const after = (await (
    await fetch(`${webHost.url}/app/status`, { headers: { 'x-market-desk-secret': webHost.secret } })
  ).json()) as { baseUrl: string; state: string };
  expect(after.baseUrl).toBe('');
  expect(after.state).toBe('demo');
});

test('the launch cookie another server on 127.0.0.1 is sent holds no launch secret', async ({ page, webHost }) => {
  // Cookies ignore ports (RFC 6265 §8.5): a server on another port of 127.0.0.1 gets this host's cookie.
  const seen: string[] = [];
  const other = createServer((req, res) => {
    seen.push(req.headers.cookie ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>other</title>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(webHost.launchUrl);
    await expect(page.getByTestId('status-pill')).toHaveAttribute('data-state', 'demo');
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    // (The page and, maybe, its favicon.)
    expect(seen.length).toBeGreaterThanOrEqual(1);
    for (const cookie of seen) {
      // It is this launch's (named for its port), as browsers do; but what it carries is not the secret.
      expect(cookie).toMatch(new RegExp(`market-desk-${webHost.port}-[0-9a-f]{16}=`));
      expect(cookie).not.toContain(webHost.secret);
    }
  } finally {
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
});

test('without the launch secret: 403 for the page, the control routes and the gateway', async ({
  page,
  request,
  webHost,
}) => {
  // Another local process (or a page) that knows the port but not the secret.
  for (const route of ['/', '/app/status']) expect((await request.get(webHost.url + route)).status()).toBe(403);
  for (const route of ['/app/connect', '/app/forget', GRAPHQL_PATH, REST_PATHS.minPrices]) {
    expect((await request.post(webHost.url + route, { data: {} })).status()).toBe(403);
  }
  const refused = await page.goto(`${webHost.url}/`);
  expect(refused!.status()).toBe(403);
  await expect(page.locator('body')).toContainText('secret');
  // The printed launch URL opens the app, and the secret leaves the address bar.
  await page.goto(webHost.launchUrl);
  await expect(page).toHaveURL(`${webHost.url}/`);
  await expect(page.getByTestId('status-pill')).toHaveAttribute('data-state', 'demo');
  expect(await page.evaluate(() => document.cookie)).toBe(''); // HttpOnly: not readable by the page
});

test('a stored key goes only to the origin it was entered for', async ({ page, appUrl, service }) => {
  // A listening stand-in for another host records every request it gets.
  const seen: string[] = [];
  const other = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"createSubscriptionToken":null}}');
    });
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  try {
    await page.goto(appUrl);
    const connect = (body: unknown) =>
      page.evaluate(async (b) => {
        const res = await fetch('/app/connect', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(b),
        });
        return { status: res.status, text: await res.text() };
      }, body);
    expect((await connect({ baseUrl: service.url, apiKey: SECRET_KEY, acceptWeakStorage: false })).status).toBe(200);
    // "Keep my key" with another origin: refused, and nothing at all reaches that origin.
    const moved = await connect({ baseUrl: otherUrl, apiKey: '' });
    expect(moved.status).toBe(400);
    expect(moved.text).toContain('Enter the API key for');
    expect(seen).toEqual([]);
    // In Settings the same is said in words.
    await page.goto(`${appUrl}#/settings`);
    await page.getByLabel('Base URL', { exact: true }).fill(otherUrl);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByText(`Your saved key belongs to ${service.url}`)).toBeVisible();
    expect(seen).toEqual([]);
    await expect(page.getByTestId('status-pill')).toHaveAttribute('data-state', 'connected');
  } finally {
    await new Promise<void>((resolve) => other.close(() => resolve()));
  }
});
