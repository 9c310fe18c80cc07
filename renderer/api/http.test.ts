/**
 * The one POST client against a real HTTP server on 127.0.0.1 (Node's fetch, as the page's and the workers'
 * fetch would talk to the gateway): what it sends, how it reads, what it throws.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isApiError, type ApiError } from './errors';
import { postAndParse, postAndStreamRows, postJson, restPost } from './http';

type Route = (req: IncomingMessage, body: string, res: ServerResponse) => void | Promise<void>;
const routes = new Map<string, Route>();
const seen: {
  method: string;
  path: string;
  contentType: string | undefined;
  accept: string | undefined;
  body: string;
}[] = [];
let closedEarly = 0;
let server: Server;
let base = '';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        accept: req.headers.accept,
        body,
      });
      res.on('close', () => {
        if (!res.writableFinished) closedEarly += 1;
      });
      const route = routes.get(req.url ?? '');
      if (!route) {
        res.writeHead(404).end('no route');
        return;
      }
      void route(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  routes.clear();
  seen.length = 0;
  closedEarly = 0;
});

/** A JSON answer in pieces of `size` bytes, `gapMs` apart, with or without a Content-Length. */
function answer(
  status: number,
  text: string,
  opts: { size?: number; gapMs?: number; length?: boolean; headers?: Record<string, string> } = {},
): Route {
  return async (_req, _body, res) => {
    const bytes = Buffer.from(text, 'utf8');
    res.writeHead(status, {
      'content-type': 'application/json',
      ...(opts.length === false ? {} : { 'content-length': String(bytes.length) }),
      ...opts.headers,
    });
    const size = opts.size ?? bytes.length;
    for (let i = 0; i < bytes.length; i += size) {
      if (res.destroyed) return;
      res.write(bytes.subarray(i, i + size));
      if (opts.gapMs) await sleep(opts.gapMs);
    }
    res.end();
  };
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (v) => {
      throw new Error(`expected a failure, got ${JSON.stringify(v)}`);
    },
    (e: unknown) => e,
  );
}

async function apiFailure(p: Promise<unknown>): Promise<ApiError> {
  const e = await failure(p);
  expect(isApiError(e)).toBe(true);
  return e as ApiError;
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ market_hash_name: `Item ${i}`, price: i }));

describe('postJson', () => {
  it('POSTs the body as JSON to the gateway and returns the parsed answer', async () => {
    routes.set('/api/v2/rest/x', answer(200, '{"ok":true,"name":"Ä"}'));
    await expect(postJson(`${base}/api/v2/rest/x`, { game_id: 730, markets: ['steam'] })).resolves.toEqual({
      ok: true,
      name: 'Ä',
    });
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/api/v2/rest/x',
        contentType: 'application/json',
        accept: 'application/json',
        body: '{"game_id":730,"markets":["steam"]}',
      },
    ]);
  });

  it('turns error statuses and their bodies into ApiErrors', async () => {
    routes.set(
      '/401',
      answer(401, JSON.stringify({ error: { code: 'KEY_REJECTED', message: 'The key was rejected.' } })),
    );
    routes.set(
      '/429',
      answer(429, JSON.stringify({ errors: [{ message: 'slow down', extensions: { code: 'RATE_LIMITED' } }] }), {
        headers: { 'retry-after': '7' },
      }),
    );
    routes.set('/503', answer(503, 'upstream is down', { headers: { 'content-type': 'text/plain' } }));
    const e401 = await apiFailure(postJson(`${base}/401`, {}));
    expect([e401.kind, e401.status, e401.code, e401.detail]).toEqual([
      'unauthenticated',
      401,
      'KEY_REJECTED',
      'The key was rejected.',
    ]);
    const e429 = await apiFailure(postJson(`${base}/429`, {}));
    expect([e429.kind, e429.status, e429.code, e429.retryAfterSeconds]).toEqual([
      'rate-limited',
      429,
      'RATE_LIMITED',
      7,
    ]);
    const e503 = await apiFailure(postJson(`${base}/503`, {}));
    expect([e503.kind, e503.status, e503.detail]).toEqual(['unavailable', 503, 'upstream is down']);
  });

  it('a success that is not JSON is invalid-response; no server is network', async () => {
    routes.set('/html', answer(200, '<html>login</html>', { headers: { 'content-type': 'text/html' } }));
    const bad = await apiFailure(postJson(`${base}/html`, {}));
    expect(bad.kind).toBe('invalid-response');
    expect(bad.detail).toBe(`${base}/html: the answer is not JSON (18 bytes)`);
    // A port nobody listens on: take one, free it, then ask it.
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const port = (spare.address() as AddressInfo).port;
    await new Promise((resolve) => spare.close(resolve));
    const dead = await apiFailure(postJson(`http://127.0.0.1:${port}/x`, {}));
    expect(dead.kind).toBe('network');
  });

  it('an abort, before the answer or while it downloads, passes through as the AbortError', async () => {
    routes.set('/slow', async (_req, _body, res) => {
      await sleep(2_000);
      if (!res.destroyed) res.writeHead(200).end('{}');
    });
    routes.set('/dribble', answer(200, JSON.stringify(rows(200)), { size: 64, gapMs: 5 }));
    for (const path of ['/slow', '/dribble']) {
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 60);
      const e = await failure(postJson(`${base}${path}`, {}, { signal: ac.signal }));
      expect((e as Error).name, path).toBe('AbortError');
    }
    await sleep(20);
    expect(closedEarly).toBe(2);
  });
});

describe('restPost', () => {
  const Row = {
    strict: z.object({ market_hash_name: z.string() }),
    lenient: z.object({ market_hash_name: z.string() }),
  };

  it('reads the array row by row; a 200 carrying an error body is that error', async () => {
    routes.set('/rows', answer(200, JSON.stringify([{ market_hash_name: 'A' }, { market_hash_name: 5 }])));
    routes.set('/err', answer(200, JSON.stringify({ error: { code: 'FORBIDDEN', message: 'no plan' } })));
    await expect(restPost(`${base}/rows`, {}, Row)).resolves.toEqual({
      rows: [{ market_hash_name: 'A' }],
      droppedRows: 1,
      invalidValues: 0,
    });
    const e = await apiFailure(restPost(`${base}/err`, {}, Row));
    expect([e.kind, e.code]).toEqual(['forbidden', 'FORBIDDEN']);
  });
});

describe('postAndParse', () => {
  const text = JSON.stringify({ data: { list: rows(500) } });
  const size = Buffer.byteLength(text);

  it('reports the bytes as they come and parses the same answer natively or as text', async () => {
    routes.set('/big', answer(200, text, { size: 1024, gapMs: 1 }));
    for (const textPath of [false, true]) {
      const progress: [number, number | null][] = [];
      const got = await postAndParse(`${base}/big`, {}, { textPath, onBytes: (b, t) => progress.push([b, t]) });
      expect(got.json).toEqual(JSON.parse(text));
      expect(got.bytes).toBe(size);
      expect(got.bytesDoneAt).toBeGreaterThan(Date.now() - 60_000);
      expect(progress.length, `textPath ${textPath}`).toBeGreaterThan(2);
      expect(progress.at(-1)).toEqual([size, size]);
      const counts = progress.map(([b]) => b);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(progress.every(([, t]) => t === size)).toBe(true);
    }
  });

  it('without a Content-Length the total is null', async () => {
    routes.set('/chunked', answer(200, text, { size: 4096, length: false }));
    const totals = new Set<number | null>();
    await postAndParse(`${base}/chunked`, {}, { onBytes: (_b, t) => totals.add(t) });
    expect([...totals]).toEqual([null]);
  });

  it('a cut answer is invalid-response either way; an error status goes to httpError with its body', async () => {
    routes.set('/cut', answer(200, text.slice(0, 1000)));
    for (const textPath of [false, true]) {
      const e = await apiFailure(postAndParse(`${base}/cut`, {}, { textPath }));
      expect(e.kind).toBe('invalid-response');
      expect(e.detail).toMatch(/not (valid )?JSON \(1000 bytes\)/);
    }
    routes.set(
      '/400',
      answer(400, JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'Unknown market "nope"' } }), {
        headers: { 'retry-after': '3' },
      }),
    );
    const calls: unknown[] = [];
    const e = await failure(
      postAndParse(`${base}/400`, {}, { httpError: (...args) => (calls.push(args), new Error('mine')) }),
    );
    expect((e as Error).message).toBe('mine');
    expect(calls).toEqual([[400, { error: { code: 'BAD_REQUEST', message: 'Unknown market "nope"' } }, '3']]);
  });
});

describe('postAndStreamRows', () => {
  const many = rows(3000);
  const text = JSON.stringify({ data: { list: many } });

  it('hands rows over while the answer is still downloading and returns the rest of it', async () => {
    routes.set('/stream', answer(200, text, { size: 8192, gapMs: 3 }));
    const batches: number[] = [];
    let bytesAtFirstRows = -1;
    let bytes = 0;
    const got = await postAndStreamRows(`${base}/stream`, { q: 1 }, { onBytes: (b) => (bytes = b) }, 'list', (r) => {
      if (bytesAtFirstRows < 0) bytesAtFirstRows = bytes;
      batches.push(r.length);
    });
    expect(got.streamed).toBe(true);
    expect(got.json).toEqual({ data: { list: [] } });
    expect(got.bytes).toBe(Buffer.byteLength(text));
    expect(batches.reduce((a, b) => a + b, 0)).toBe(many.length);
    expect(batches.length).toBeGreaterThan(1);
    expect(bytesAtFirstRows).toBeLessThan(got.bytes);
    expect(seen[0]?.body).toBe('{"q":1}');
  });

  it('an answer of another shape, or with no field to stream, is read whole', async () => {
    const errorsFirst = JSON.stringify({ errors: [{ message: 'x' }], data: { list: rows(3) } });
    routes.set('/other', answer(200, errorsFirst, { size: 16 }));
    const onRows: unknown[][] = [];
    const other = await postAndStreamRows(`${base}/other`, {}, {}, 'list', (r) => onRows.push(r));
    expect(other).toMatchObject({ streamed: false, json: JSON.parse(errorsFirst) });
    const whole = await postAndStreamRows(`${base}/other`, {}, {}, null, (r) => onRows.push(r));
    expect(whole).toMatchObject({ streamed: false, json: JSON.parse(errorsFirst) });
    expect(onRows).toEqual([]);
  });

  it('a cut answer is invalid-response, an error status the mapped error, an abort the AbortError', async () => {
    routes.set('/cut', answer(200, text.slice(0, -40), { size: 8192 }));
    const cut = await apiFailure(postAndStreamRows(`${base}/cut`, {}, {}, 'list', () => {}));
    expect(cut.kind).toBe('invalid-response');
    expect(cut.detail).toMatch(/not valid JSON/);
    routes.set(
      '/403',
      answer(403, JSON.stringify({ errors: [{ message: 'no access', extensions: { code: 'FORBIDDEN' } }] })),
    );
    const denied = await apiFailure(postAndStreamRows(`${base}/403`, {}, {}, 'list', () => {}));
    expect([denied.kind, denied.status, denied.detail]).toEqual(['forbidden', 403, 'no access']);
    routes.set('/dribble', answer(200, text, { size: 1024, gapMs: 5 }));
    const ac = new AbortController();
    let got = 0;
    const aborted = await failure(
      postAndStreamRows(`${base}/dribble`, {}, { signal: ac.signal }, 'list', (r) => {
        got += r.length;
        ac.abort();
      }),
    );
    expect((aborted as Error).name).toBe('AbortError');
    expect(got).toBeGreaterThan(0);
    expect(got).toBeLessThan(many.length);
  });
});
