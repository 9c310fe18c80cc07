import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS, GRAPHQL_PATH, REST_PATHS, TOKEN_HEADER } from '../shared/api/schema';
import { createGateway, type Forwarder } from './gateway';
import { FakeUpstream, json } from './testing/fake-upstream';
import { startHttpUpstream, type HttpUpstream } from './testing/http-upstream';
import { TokenBroker, UpstreamFailure, type ForwardRequest } from './token-broker';

const QUERY = JSON.stringify({ query: '{ aggregatedMinPrices(markets: ["a"]) { market_hash_name } }' });

function post(path: string, init: { body?: string; headers?: Record<string, string>; method?: string } = {}): Request {
  const method = init.method ?? 'POST';
  return new Request(`app://market-desk${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...init.headers },
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: init.body ?? QUERY }),
  });
}

class RecordingForwarder implements Forwarder {
  readonly seen: ForwardRequest[] = [];
  constructor(
    private readonly answer: (req: ForwardRequest) => Response | Promise<Response> = () => json(200, { data: {} }),
  ) {}
  async send(request: ForwardRequest): Promise<Response> {
    this.seen.push(request);
    return this.answer(request);
  }
}

describe('gateway: what it forwards', () => {
  it('forwards each of the six API paths, POST only', async () => {
    const forwarder = new RecordingForwarder();
    const gateway = createGateway({ forwarder: () => forwarder });
    for (const path of API_PATHS) expect((await gateway(post(path))).status).toBe(200);
    expect(forwarder.seen.map((r) => r.path)).toEqual([...API_PATHS]);
  });

  it.each([
    '/api/v2/graphql/',
    '/api/v2/rest/other',
    '/api/v1/graphql',
    '/api/v2/__admin/faults',
    '/api/v2/graphql%2f',
  ])('404 for %s', async (path) => {
    const forwarder = new RecordingForwarder();
    const res = await createGateway({ forwarder: () => forwarder })(post(path));
    expect(res.status).toBe(404);
    expect(forwarder.seen).toHaveLength(0);
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('405 for %s', async (method) => {
    const forwarder = new RecordingForwarder();
    const res = await createGateway({ forwarder: () => forwarder })(post(GRAPHQL_PATH, { method }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(forwarder.seen).toHaveLength(0);
  });

  it('415 unless JSON, 413 when too large', async () => {
    const forwarder = new RecordingForwarder();
    const gateway = createGateway({ forwarder: () => forwarder, maxRequestBytes: 1000 });
    expect((await gateway(post(GRAPHQL_PATH, { headers: { 'content-type': 'text/plain' } }))).status).toBe(415);
    expect((await gateway(post(GRAPHQL_PATH, { body: JSON.stringify({ query: 'x'.repeat(2000) }) }))).status).toBe(413);
    expect(forwarder.seen).toHaveLength(0);
  });

  it('refuses token mutations from the renderer', async () => {
    const forwarder = new RecordingForwarder();
    const body = JSON.stringify({ query: 'mutation { createSubscriptionToken(api_key: "x") }' });
    const res = await createGateway({ forwarder: () => forwarder })(post(GRAPHQL_PATH, { body }));
    expect(res.status).toBe(403);
    expect(forwarder.seen).toHaveLength(0);
  });

  it('drops every credential the renderer sent; upstream sees only the broker-made headers', async () => {
    const upstream = new FakeUpstream();
    const broker = new TokenBroker({
      target: { baseUrl: upstream.baseUrl, apiKey: 'good-key' },
      fetch: upstream.fetch,
    });
    const gateway = createGateway({ forwarder: () => broker });
    const res = await gateway(
      post(REST_PATHS.minPrices, {
        body: JSON.stringify({ game_id: 730, markets: ['a'] }),
        headers: {
          [TOKEN_HEADER]: 'renderer-forged-token',
          authorization: 'Bearer stolen',
          cookie: 'session=1',
          'x-api-key': 'nope',
          'proxy-authorization': 'Basic x',
          accept: 'application/json',
        },
      }),
    );
    expect(res.status).toBe(200);
    const call = upstream.apiCalls[0]!;
    expect([...call.headers.keys()].sort()).toEqual(['accept', 'api-token', 'content-type']);
    expect(call.headers.get(TOKEN_HEADER)).not.toBe('renderer-forged-token');
    expect(upstream.validTokens.has(call.headers.get(TOKEN_HEADER)!)).toBe(true);
    expect(call.body).toBe(JSON.stringify({ game_id: 730, markets: ['a'] }));
  });

  it('passes only harmless response headers back; the body is the upstream body', async () => {
    const forwarder = new RecordingForwarder(
      () =>
        new Response('[1,2,3]', {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'set-cookie': 'a=b',
            'x-internal': 'x',
            [TOKEN_HEADER]: 'leak',
          },
        }),
    );
    const res = await createGateway({ forwarder: () => forwarder })(post(GRAPHQL_PATH));
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('x-internal')).toBeNull();
    expect(res.headers.get(TOKEN_HEADER)).toBeNull();
    expect(await res.text()).toBe('[1,2,3]');
  });

  it.each([
    ['key-rejected', 401],
    ['no-access', 403],
    ['offline', 504],
    ['server-error', 502],
  ] as const)('a %s failure becomes HTTP %i with a GraphQL-shaped error', async (kind, status) => {
    const forwarder: Forwarder = {
      send: () => Promise.reject(new UpstreamFailure(kind, 'x')),
    };
    const res = await createGateway({ forwarder: () => forwarder })(post(GRAPHQL_PATH));
    expect(res.status).toBe(status);
    const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe(kind.toUpperCase().replace('-', '_'));
  });

  // Whether a request needs a new token is timing (a reconnect probe may be minting one just then), so the
  // page must see the same status for the same service answer either way.
  it.each([500, 503])(
    'the service’s %i reaches the page as that status, whether it answered the token mutation or the request',
    async (status) => {
      const answers: number[] = [];
      for (const where of ['mutation', 'request'] as const) {
        const upstream = new FakeUpstream();
        const failure = () =>
          json(status, { errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
        if (where === 'mutation') upstream.onMutation = failure;
        else upstream.onApi = failure;
        const broker = new TokenBroker({
          target: { baseUrl: upstream.baseUrl, apiKey: 'good-key' },
          fetch: upstream.fetch,
          maxAttempts: 1,
        });
        answers.push((await createGateway({ forwarder: () => broker })(post(GRAPHQL_PATH))).status);
      }
      expect(answers).toEqual([status, status]);
    },
  );
});

describe('gateway: streaming', () => {
  it('hands the upstream stream on: the first chunk arrives before upstream has finished', async () => {
    let push!: (chunk: string) => void;
    let finish!: () => void;
    const upstreamBody = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => controller.enqueue(new TextEncoder().encode(chunk));
        finish = () => controller.close();
      },
    });
    const forwarder = new RecordingForwarder(
      () => new Response(upstreamBody, { headers: { 'content-type': 'application/json' } }),
    );
    const res = await createGateway({ forwarder: () => forwarder })(post(GRAPHQL_PATH));
    const reader = res.body!.getReader();
    push('{"data":');
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('{"data":');
    push('{}}');
    finish();
    const second = await reader.read();
    expect(new TextDecoder().decode(second.value)).toBe('{}}');
    expect((await reader.read()).done).toBe(true);
  });

  describe('through real HTTP and the real broker', () => {
    let server: Server | null = null;
    afterEach(async () => {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    });

    it('a 24 MB body passes through chunk by chunk, the first before upstream has sent the rest', async () => {
      const fake = new FakeUpstream();
      const CHUNK = 64 * 1024;
      const CHUNKS = 384; // 24 MiB
      let continueUpstream!: () => void;
      const upstreamMayContinue = new Promise<void>((resolve) => (continueUpstream = resolve));
      let upstreamFinished = false;
      server = createServer((req, res) => {
        const parts: Buffer[] = [];
        req.on('data', (c: Buffer) => parts.push(c));
        req.on('end', async () => {
          if (Buffer.concat(parts).toString().includes('createSubscriptionToken')) {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ data: { createSubscriptionToken: fake.issue() } }));
            return;
          }
          if (!fake.validTokens.has(String(req.headers[TOKEN_HEADER]))) {
            res.writeHead(401).end();
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write(Buffer.alloc(CHUNK, 0x61));
          await upstreamMayContinue; // hold the rest back until the test has seen the first chunk
          for (let i = 1; i < CHUNKS; i += 1) {
            if (!res.write(Buffer.alloc(CHUNK, 0x61))) await new Promise((r) => res.once('drain', r));
          }
          upstreamFinished = true;
          res.end();
        });
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const broker = new TokenBroker({ target: { baseUrl: `http://127.0.0.1:${port}`, apiKey: 'good-key' } });
      const gateway = createGateway({ forwarder: () => broker });

      const res = await gateway(post(REST_PATHS.minPrices));
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      expect(upstreamFinished).toBe(false);
      continueUpstream();
      let total = first.value!.byteLength;
      let chunks = 1;
      let largest = first.value!.byteLength;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        chunks += 1;
        largest = Math.max(largest, value.byteLength);
      }
      expect(total).toBe(CHUNK * CHUNKS);
      expect(chunks).toBeGreaterThan(50);
      // Nothing along the way gathered the body into one piece.
      expect(largest).toBeLessThanOrEqual(1024 * 1024);
    });
  });
});

describe('gateway: token mutations are found by parsing, not by searching bytes', () => {
  const MINT = 'createSubscriptionToken(api_key: "demo")';

  async function send(body: string, path: string = GRAPHQL_PATH) {
    const forwarder = new RecordingForwarder();
    const res = await createGateway({ forwarder: () => forwarder })(post(path, { body }));
    const json = (await res.json()) as { errors?: { message: string; extensions: { code: string } }[] };
    return { status: res.status, code: json.errors?.[0]?.extensions.code, forwarded: forwarder.seen };
  }

  it.each([
    // JSON lets any character be escaped: the bytes no longer spell the field name, the query still does.
    ['a JSON-escaped name', '{"query":"mutation { \\u0063reateSubscriptionToken(api_key: \\"demo\\") }"}'],
    ['an alias', JSON.stringify({ query: `mutation { t: ${MINT} }` })],
    ['a fragment', JSON.stringify({ query: `mutation M { ...F } fragment F on Mutation { ${MINT} }` })],
    ['an inline fragment', JSON.stringify({ query: `mutation { ... on Mutation { x: ${MINT} } }` })],
    ['a second operation', JSON.stringify({ query: `query A { a } mutation B { ${MINT} }`, operationName: 'A' })],
    ['a hidden duplicate key', `{"query":"{ a }","query":"mutation { ${MINT.replace(/"/g, '\\"')} }"}`],
  ])('refuses the mutation with %s (403, not forwarded)', async (_name, body) => {
    const r = await send(body);
    expect(r).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(r.forwarded).toHaveLength(0);
  });

  it('refuses batches outright (400), whatever they hold', async () => {
    for (const batch of [[{ query: '{ a }' }, { query: `mutation { ${MINT} }` }], [{ query: '{ a }' }]]) {
      const r = await send(JSON.stringify(batch));
      expect(r).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
      expect(r.forwarded).toHaveLength(0);
    }
  });

  it.each([
    ['not JSON', '{"query": "{ a }"', 'BAD_REQUEST'],
    ['no query', JSON.stringify({ variables: {} }), 'BAD_REQUEST'],
    ['a query that is not a string', JSON.stringify({ query: 5 }), 'BAD_REQUEST'],
    ['a JSON string', JSON.stringify('{ a }'), 'BAD_REQUEST'],
    [
      'a query that does not parse',
      JSON.stringify({ query: 'mutation { createSubscriptionToken(' }),
      'GRAPHQL_PARSE_FAILED',
    ],
  ])('answers 400 for %s instead of forwarding it', async (_name, body, code) => {
    const r = await send(body);
    expect(r).toMatchObject({ status: 400, code });
    expect(r.forwarded).toHaveLength(0);
  });

  it('answers 400 for a body that is not UTF-8', async () => {
    const forwarder = new RecordingForwarder();
    // Raw bytes: a lone 0xff is not UTF-8, and a lenient decoder would turn it into U+FFFD and carry on.
    const body = new Uint8Array([...Buffer.from('{"query":"{ a }","variables":{"x":"'), 0xff, ...Buffer.from('"}}')]);
    const request = new Request(`app://market-desk${GRAPHQL_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect((await createGateway({ forwarder: () => forwarder })(request)).status).toBe(400);
    expect(forwarder.seen).toHaveLength(0);
  });

  it('forwards a normal query, and a field merely aliased createSubscriptionToken', async () => {
    for (const query of [
      '{ aggregatedMinPrices(markets: ["a"]) { market_hash_name } }',
      '{ createSubscriptionToken: aggregatedMinPrices(markets: ["a"]) { market_hash_name } }',
    ]) {
      const forwarder = new RecordingForwarder();
      const body = JSON.stringify({ query, variables: { n: 1 } });
      const res = await createGateway({ forwarder: () => forwarder })(post(GRAPHQL_PATH, { body }));
      expect(res.status).toBe(200);
      expect(Buffer.from(forwarder.seen[0]!.body).toString('utf8')).toBe(body);
    }
  });

  it('forwards exactly what it vetted: of duplicate keys, only the one it read goes upstream', async () => {
    const forwarder = new RecordingForwarder();
    const body = `{"query":"mutation { ${MINT.replace(/"/g, '\\"')} }", "query":"{ a }"}`;
    expect((await createGateway({ forwarder: () => forwarder })(post(GRAPHQL_PATH, { body }))).status).toBe(200);
    expect(Buffer.from(forwarder.seen[0]!.body).toString('utf8')).toBe('{"query":"{ a }"}');
  });

  it('passes REST bodies on byte for byte: they are not GraphQL', async () => {
    const forwarder = new RecordingForwarder();
    const body = '{ "game_id": 730,  "markets": ["createSubscriptionToken"] }';
    const res = await createGateway({ forwarder: () => forwarder })(post(REST_PATHS.minPrices, { body }));
    expect(res.status).toBe(200);
    expect(Buffer.from(forwarder.seen[0]!.body).toString('utf8')).toBe(body);
  });

  it('against the reference service: the escaped spelling mints nothing', async () => {
    const { startService } = await import('../service/src/index');
    const service = await startService({ port: 0, quiet: true });
    try {
      const broker = new TokenBroker({ target: { baseUrl: service.url, apiKey: service.demoKey }, timeoutMs: 10_000 });
      const gateway = createGateway({ forwarder: () => broker });
      const escaped = `{"query":"mutation { \\u0063reateSubscriptionToken(api_key: \\"${service.demoKey}\\") }"}`;
      const res = await gateway(post(GRAPHQL_PATH, { body: escaped }));
      expect(res.status).toBe(403);
      expect(await res.text()).not.toMatch(/eyJ/);
      expect(broker.mutationCount).toBe(0);
      // The same bytes sent straight to the service do mint a token: the refusal is the gateway's doing.
      const direct = await fetch(service.url + GRAPHQL_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: escaped,
      });
      expect(await direct.text()).toMatch(/"createSubscriptionToken":"eyJ/);
    } finally {
      await service.close();
    }
  });
});

describe('gateway: only queries go upstream, with only query, variables and operationName', () => {
  let up: HttpUpstream | null = null;
  afterEach(async () => {
    await up?.close();
    up = null;
  });

  /** The real broker against a 127.0.0.1 service that records every API body and answers `{"data":{}}`. */
  async function upstream() {
    const bodies: string[] = [];
    up = await startHttpUpstream((body, res) => {
      bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
    });
    const broker = new TokenBroker({ target: { baseUrl: up.baseUrl, apiKey: 'good-key' }, timeoutMs: 10_000 });
    return { broker, bodies };
  }

  async function send(gateway: ReturnType<typeof createGateway>, body: unknown) {
    const res = await gateway(post(GRAPHQL_PATH, { body: JSON.stringify(body) }));
    const json = (await res.json()) as { errors?: { message: string; extensions: { code: string } }[] };
    return { status: res.status, code: json.errors?.[0]?.extensions.code, message: json.errors?.[0]?.message };
  }

  it.each([
    ['any mutation', { query: 'mutation { deleteEverything { ok } }' }],
    [
      'a named mutation',
      { query: 'mutation Wipe($id: ID!) { wipe(id: $id) }', variables: { id: '1' }, operationName: 'Wipe' },
    ],
    ['a subscription', { query: 'subscription { priceChanged { market_hash_name } }' }],
    ['a query beside a mutation', { query: 'query A { a } mutation B { b }', operationName: 'A' }],
  ])('refuses %s (403): only queries are forwarded', async (_name, body) => {
    const { broker, bodies } = await upstream();
    const r = await send(createGateway({ forwarder: () => broker }), body);
    expect(r).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(r.message).toMatch(/only queries/i);
    expect(bodies).toEqual([]);
  });

  it.each([
    ['two operations, no operationName', { query: 'query A { a } query B { b }' }],
    ['two operations, an operationName naming neither', { query: 'query A { a } query B { b }', operationName: 'C' }],
    ['an anonymous operation beside another', { query: '{ a } query B { b }', operationName: 'B' }],
    ['one operation, another name', { query: 'query A { a }', operationName: 'B' }],
    ['variables that are not an object', { query: '{ a }', variables: [1] }],
    ['an operationName that is not a string', { query: '{ a }', operationName: 5 }],
  ])('refuses %s (400), naming the problem', async (_name, body) => {
    const { broker, bodies } = await upstream();
    const r = await send(createGateway({ forwarder: () => broker }), body);
    expect(r).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(bodies).toEqual([]);
  });

  it('forwards a query with only query, variables and operationName; anything else the page sent stays behind', async () => {
    const { broker, bodies } = await upstream();
    const gateway = createGateway({ forwarder: () => broker });
    const query = 'query A { a } query B($n: Int) { b(n: $n) }';
    const res = await gateway(
      post(GRAPHQL_PATH, {
        body: JSON.stringify({
          extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } },
          query,
          variables: { n: 1 },
          operationName: 'B',
          api_key: 'k',
          token: 't',
        }),
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"data":{}}');
    expect(bodies).toEqual([JSON.stringify({ query, variables: { n: 1 }, operationName: 'B' })]);
  });
});

describe('gateway: the answer is size-capped before the page reads it', () => {
  let up: HttpUpstream | null = null;
  afterEach(async () => {
    await up?.close();
    up = null;
  });

  /** The real broker against a 127.0.0.1 service answering `bytes` bytes, with or without a Content-Length. */
  async function bigAnswer(bytes: number, declared: boolean) {
    let written = 0;
    let closedEarly = false;
    up = await startHttpUpstream(async (_body, res) => {
      res.on('close', () => (closedEarly = written < bytes));
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(bytes) } : {}),
      });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      while (written < bytes && !res.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - written));
        written += part.length;
        if (!res.write(part)) await new Promise((r) => res.once('drain', r).once('close', r));
      }
      res.end();
    });
    const broker = new TokenBroker({ target: { baseUrl: up.baseUrl, apiKey: 'good-key' }, timeoutMs: 10_000 });
    return { broker, closedEarly: () => closedEarly };
  }

  it('an answer declared larger than the cap is a clear 502 error, and is not read', async () => {
    const up = await bigAnswer(3 * 1024 * 1024, true);
    const gateway = createGateway({ forwarder: () => up.broker, maxResponseBytes: 1024 * 1024 });
    const res = await gateway(post(REST_PATHS.minPrices));
    expect(res.status).toBe(502);
    const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]).toMatchObject({ extensions: { code: 'RESPONSE_TOO_LARGE' } });
    expect(body.errors[0]!.message).toMatch(/larger than 1 MiB/);
  });

  it('an answer without a length is passed on up to the cap, then cut with the same error; upstream is not read further', async () => {
    const up = await bigAnswer(16 * 1024 * 1024, false);
    const gateway = createGateway({ forwarder: () => up.broker, maxResponseBytes: 1024 * 1024 });
    const res = await gateway(post(REST_PATHS.minPrices));
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = 0;
    const error = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return null;
        received += value.byteLength;
      }
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/larger than 1 MiB/);
    expect(received).toBeLessThanOrEqual(1024 * 1024);
    // The upstream connection was dropped long before its 16 MiB were sent.
    for (let i = 0; i < 100 && !up.closedEarly(); i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(up.closedEarly()).toBe(true);
  });

  it('the default cap passes a whole-catalog-sized answer untouched (the CS2 grid is 40.9 MB from the reference service)', async () => {
    const up = await bigAnswer(48 * 1000 * 1000, false);
    const res = await createGateway({ forwarder: () => up.broker })(post(REST_PATHS.minPrices));
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(48 * 1000 * 1000);
  });
});
