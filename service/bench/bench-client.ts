/** A minimal HTTP client for the benchmarks: POSTs JSON, counts and discards the body (or keeps it). */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

export interface BenchReply {
  status: number;
  bytes: number;
  /** Client-observed: request start to last body byte. */
  ms: number;
  /** The body, when `keep` was asked. */
  text?: string;
}

export function postJson(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  keep = false,
): Promise<BenchReply> {
  const u = new URL(base + path);
  const payload = Buffer.from(JSON.stringify(body));
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': String(payload.length), ...headers },
      },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (keep) chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            ms: performance.now() - t0,
            ...(keep ? { text: Buffer.concat(chunks).toString('utf8') } : {}),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function token(base: string, apiKey: string): Promise<string> {
  const r = await postJson(
    base,
    '/api/v2/graphql',
    { query: 'mutation($k: String) { createSubscriptionToken(api_key: $k) }', variables: { k: apiKey } },
    {},
    true,
  );
  if (r.status !== 200 || !r.text) throw new Error(`token: HTTP ${r.status}`);
  return (JSON.parse(r.text) as { data: { createSubscriptionToken: string } }).data.createSubscriptionToken;
}

export function closeAgent(): void {
  agent.destroy();
}
