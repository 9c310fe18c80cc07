/** Small HTTP helpers for the service tests (fetch over 127.0.0.1). */
import { request } from 'node:http';
import { DEMO_API_KEY } from '../../../shared/api/demo';
import { GRAPHQL_PATH, TOKEN_HEADER } from '../../../shared/api/schema';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: () => unknown;
}

/** POSTs `body` (an object is JSON-encoded; a string is sent as is) with content-type application/json by default. */
export async function post(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as unknown };
}

export async function createToken(base: string, apiKey: string = DEMO_API_KEY): Promise<string> {
  const r = await post(base, GRAPHQL_PATH, {
    query: 'mutation Token($k: String) { createSubscriptionToken(api_key: $k) }',
    variables: { k: apiKey },
  });
  if (r.status !== 200) throw new Error(`token creation failed: ${r.status} ${r.text}`);
  const token = (r.json() as { data: { createSubscriptionToken: string } }).data.createSubscriptionToken;
  return token;
}

export interface GqlReply<T> extends Reply {
  data: T;
}

export async function gql<T = Record<string, unknown>>(
  base: string,
  token: string | null,
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
): Promise<GqlReply<T>> {
  const r = await post(base, GRAPHQL_PATH, { query, variables, operationName }, token ? { [TOKEN_HEADER]: token } : {});
  const parsed = r.status === 200 ? (r.json() as { data: T }).data : (undefined as T);
  return { ...r, data: parsed };
}

export async function rest<T = unknown>(
  base: string,
  path: string,
  token: string | null,
  body: unknown,
): Promise<Reply & { data: T }> {
  const r = await post(base, path, body, token ? { [TOKEN_HEADER]: token } : {});
  return { ...r, data: (r.status === 200 ? r.json() : undefined) as T };
}

/** A raw request with node:http (any method/headers, no fetch normalisation); resolves on response end or socket error. */
export function raw(
  base: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<
  { status: number; headers: Record<string, string | string[] | undefined>; text: string } | { error: string }
> {
  const u = new URL(base + path);
  return new Promise((resolve) => {
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method: opts.method ?? 'POST', headers: opts.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', (e) => resolve({ error: e.message }));
      },
    );
    req.on('error', (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
    if (opts.body !== undefined) req.end(opts.body);
    else req.end();
  });
}
