/**
 * Probes against a real HTTP server on 127.0.0.1: a success is cancelled after its first bytes, a refusal
 * is read for the names it gives, in either style, and other errors are thrown as what they are.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, type ApiError } from '../../api/errors';
import { httpProbe, type ProbeStats } from './probe';

const OFFERED = new Set(['steamcommunity', 'buff163']);
const ROW = JSON.stringify({
  market_hash_name: 'AK-47 | Redline (Field-Tested)',
  prices: [{ market_name: 'buff163', offers: 3, price: 12_340, price_locked: null }],
});
const BIG_ROWS = 40_000;
let server: Server;
let base = '';
let style: 'named' | 'opaque' | 'ok200error' | 'down' = 'named';
const finished: boolean[] = [];

function bigArray(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  let i = 0;
  const more = () => {
    // Slowly, in pieces: a probe that read it all would take seconds.
    while (i < BIG_ROWS) {
      const ok = res.write(`${i === 0 ? '[' : ','}${ROW}`);
      i++;
      if (i % 500 === 0) {
        setTimeout(more, 5);
        return;
      }
      if (!ok) {
        res.once('drain', more);
        return;
      }
    }
    res.end(']');
  };
  more();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.on('close', () => finished.push(res.writableFinished));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { markets?: string[] };
      if (style === 'down') {
        res
          .writeHead(503, { 'content-type': 'application/json', 'retry-after': '3' })
          .end(JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'down' } }));
        return;
      }
      const bad = (body.markets ?? []).find((m) => !OFFERED.has(m));
      if (bad === undefined) return bigArray(res);
      if (style === 'named')
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 'BAD_REQUEST', message: `unknown market: ${bad}` } }));
      else if (style === 'opaque') res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad Request');
      else
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            errors: [{ message: `Unknown market "${bad}"`, extensions: { code: 'BAD_USER_INPUT' } }],
          }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const viaServer = (input: string, init: RequestInit) => fetch(base + input, init);

describe('httpProbe', () => {
  it('cancels a success after its first bytes', async () => {
    const stats: ProbeStats = { requests: 0, bytes: 0 };
    const probe = httpProbe('minPrices', 730, stats, viaServer);
    const total = BIG_ROWS * (ROW.length + 1);
    expect(await probe(['steamcommunity', 'buff163'])).toEqual({ ok: true });
    expect(stats.requests).toBe(1);
    expect(stats.bytes).toBeGreaterThan(0);
    expect(stats.bytes).toBeLessThan(total / 20);
    // The server saw the answer cut short.
    await expect.poll(() => finished.at(-1), { timeout: 5000 }).toBe(false);
  });
  it('reads the names of a refusal, in both styles and as a 200 carrying GraphQL errors', async () => {
    const stats: ProbeStats = { requests: 0, bytes: 0 };
    style = 'named';
    expect(await httpProbe('minPrices', 730, stats, viaServer)(['steamcommunity', 'steam'])).toEqual({
      ok: false,
      named: ['steam'],
    });
    style = 'opaque';
    expect(await httpProbe('maxOrders', 570, stats, viaServer)(['steamcommunity', 'steam'])).toEqual({
      ok: false,
      named: [],
    });
    style = 'ok200error';
    expect(await httpProbe('recommendations', 730, stats, viaServer)(['steamcommunity', 'nosuch'])).toEqual({
      ok: false,
      named: ['nosuch'],
    });
    expect(stats.requests).toBe(3);
  });
  it('throws other errors as ApiErrors (they say nothing about names)', async () => {
    style = 'down';
    const e = await httpProbe(
      'minPrices',
      730,
      { requests: 0, bytes: 0 },
      viaServer,
    )(['steamcommunity']).catch((x: unknown) => x);
    expect(isApiError(e)).toBe(true);
    expect((e as ApiError).kind).toBe('unavailable');
    expect((e as ApiError).retryAfterSeconds).toBe(3);
    style = 'named';
  });
});
