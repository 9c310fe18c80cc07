/**
 * What every network path of the back end must keep, whatever carries the bytes (Node's fetch, Electron's
 * net.fetch, a proxy): the request and answer arrive intact, the header and body-idle timeouts fire, a body is
 * capped (by its Content-Length before anything is read, or as it comes), a redirect is never followed, and an
 * abort mid-body ends the read with its reason and lets the upstream go. Run against real local servers, with
 * the real clock and short timeouts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../../shared/api/schema';
import { realClock } from '../clock';
import { readCapped } from '../read-capped';
import { RedirectError, TimeoutError, timedFetch, type FetchFn } from '../timed-fetch';
import { RedirectRefused, TokenBroker } from '../token-broker';
import { makeJwt } from './fake-upstream';

export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FetchPath {
  readonly fetch: FetchFn;
  /** The upstream's base URL as this path reaches it. */
  readonly baseUrl: string;
  /** Asserts that the requests so far went this path's way (e.g. through the proxy), and forgets them. */
  routed(): void;
  close(): Promise<void>;
}

const FAST = { clock: realClock, headersTimeoutMs: 400, bodyIdleTimeoutMs: 400 };

/** Waits (bounded) until check() holds. */
async function eventually(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function describeFetchPath(name: string, open: (handler: UpstreamHandler) => Promise<FetchPath>): void {
  describe(`${name}: timeouts, body caps and redirects hold`, () => {
    let path: FetchPath;
    let handler: UpstreamHandler = (_req, res) => res.end();
    const hits: string[] = [];
    const pending = new Set<ServerResponse>();
    /** Responses the upstream saw torn down before it finished them. */
    let cutOff = 0;

    beforeAll(async () => {
      path = await open((req, res) => {
        hits.push(req.url ?? '');
        pending.add(res);
        res.on('close', () => {
          pending.delete(res);
          if (!res.writableFinished) cutOff += 1;
        });
        handler(req, res);
      });
    });
    afterEach(() => {
      for (const res of pending) res.destroy();
      hits.length = 0;
      cutOff = 0;
    });
    afterAll(async () => {
      await path.close();
    });

    const post = (pathname: string, body = '{}') => ({
      url: path.baseUrl + pathname,
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body } satisfies RequestInit,
    });

    it('carries the key to the token mutation and the token to the API, and the answer back intact', async () => {
      const seen: { url: string; token: string | undefined; body: string }[] = [];
      const token = makeJwt({
        sub: 'k',
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 7200,
      });
      handler = (req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          seen.push({ url: req.url ?? '', token: req.headers[TOKEN_HEADER] as string | undefined, body });
          res.setHeader('content-type', 'application/json');
          res.end(
            req.url === GRAPHQL_PATH
              ? JSON.stringify({ data: { createSubscriptionToken: token } })
              : '[{"market_hash_name":"AK-47 | Redline"}]',
          );
        });
      };
      const broker = new TokenBroker({
        target: { baseUrl: path.baseUrl, apiKey: 'good-key' },
        fetch: path.fetch,
        clock: realClock,
        timeoutMs: 5_000,
      });
      const res = await broker.send({
        path: REST_PATHS.minPrices,
        body: new Uint8Array(Buffer.from('{"game_id":730}')),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([{ market_hash_name: 'AK-47 | Redline' }]);
      expect(seen.map((s) => s.url)).toEqual([GRAPHQL_PATH, REST_PATHS.minPrices]);
      expect(JSON.parse(seen[0]!.body)).toMatchObject({ variables: { api_key: 'good-key' } });
      expect(seen[1]).toMatchObject({ token, body: '{"game_id":730}' });
      path.routed();
      broker.dispose();
    });

    it('gives up waiting for the headers after the headers timeout', async () => {
      handler = () => undefined; // never answers
      const { url, init } = post(GRAPHQL_PATH);
      const started = Date.now();
      await expect(timedFetch(path.fetch, url, init, FAST)).rejects.toBeInstanceOf(TimeoutError);
      expect(Date.now() - started).toBeLessThan(3_000);
      path.routed();
    });

    it('gives up on a body that stalls after the idle timeout', async () => {
      handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[{"a":1}');
      };
      const { url, init } = post(REST_PATHS.minPrices);
      const response = await timedFetch(path.fetch, url, init, FAST);
      await expect(response.text()).rejects.toBeInstanceOf(TimeoutError);
      await eventually(() => cutOff === 1, 'the upstream to be let go');
      path.routed();
    });

    it('refuses a body whose Content-Length is over the cap without reading it, and lets the upstream go', async () => {
      let written = 0;
      handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) });
        const chunk = Buffer.alloc(16 * 1024, 0x20);
        const more = (): void => {
          // Writes only as fast as the client reads: an unread body stops here.
          while (!res.destroyed && written < 50 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
        };
        res.on('drain', more);
        more();
      };
      const { url, init } = post(REST_PATHS.minPrices);
      const response = await timedFetch(path.fetch, url, init, {
        ...FAST,
        headersTimeoutMs: 5_000,
        bodyIdleTimeoutMs: 5_000,
      });
      expect(await readCapped(response, 1024 * 1024)).toBeNull();
      await eventually(() => cutOff === 1, 'the upstream to be cut off');
      expect(written).toBeLessThan(10 * 1024 * 1024);
      path.routed();
    });

    it('caps a body without Content-Length as it comes, and stops reading', async () => {
      handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const more = (): void => {
          while (!res.destroyed && res.write(chunk)) {
            /* fill until the client stops reading */
          }
        };
        res.on('drain', more);
        more();
      };
      const { url, init } = post(REST_PATHS.minPrices);
      const response = await timedFetch(path.fetch, url, init, {
        ...FAST,
        headersTimeoutMs: 5_000,
        bodyIdleTimeoutMs: 5_000,
      });
      expect(await readCapped(response, 256 * 1024)).toBeNull();
      await eventually(() => cutOff === 1, 'the upstream to be cut off');
      path.routed();
    });

    it('never follows a redirect: it is an error, and the target is never asked', async () => {
      handler = (req, res) => {
        if (req.url === GRAPHQL_PATH) res.writeHead(307, { location: `${path.baseUrl}/elsewhere` }).end();
        else res.end('{}');
      };
      const { url, init } = post(GRAPHQL_PATH);
      await expect(timedFetch(path.fetch, url, { ...init, redirect: 'follow' }, FAST)).rejects.toBeInstanceOf(
        RedirectError,
      );
      const broker = new TokenBroker({
        target: { baseUrl: path.baseUrl, apiKey: 'good-key' },
        fetch: path.fetch,
        clock: realClock,
        timeoutMs: 5_000,
      });
      const failed = broker.getToken();
      await expect(failed).rejects.toBeInstanceOf(RedirectRefused);
      await expect(failed).rejects.toThrow(/Market Desk does not follow redirects with your key/);
      expect(hits).toEqual([GRAPHQL_PATH, GRAPHQL_PATH]);
      path.routed();
      broker.dispose();
    });

    it('an abort while the body streams ends the read with its reason and lets the upstream go', async () => {
      handler = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
      };
      const caller = new AbortController();
      const { url, init } = post(REST_PATHS.minPrices);
      const response = await timedFetch(path.fetch, url, init, {
        ...FAST,
        bodyIdleTimeoutMs: 10_000,
        signal: caller.signal,
      });
      const reader = response.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toBe('[');
      const reading = reader.read();
      caller.abort(new Error('the window closed'));
      await expect(reading).rejects.toThrow('the window closed');
      await eventually(() => cutOff === 1, 'the upstream to be let go');
      path.routed();
    });
  });
}
