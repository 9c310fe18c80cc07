/**
 * The library API: createServiceHandler embedded in another node:http server, startService's
 * RunningService, option validation, and price epochs moving with the service clock.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../shared/api/demo';
import { REST_PATHS } from '../../shared/api/schema';
import { createServiceHandler } from '../src/index';
import { KEEP_ALIVE_MS } from '../src/server/start';
import { EPOCH_MS } from '../src/sim/types';
import { createFakeMarket } from './helpers/fake-market';
import { createToken, gql, rest } from './helpers/http';
import { FIXED_NOW, sharedMarket, startTestService } from './helpers/service';

describe('library API', () => {
  it('createServiceHandler serves inside another server', async () => {
    const handler = createServiceHandler({
      quiet: true,
      clock: () => FIXED_NOW,
      market: createFakeMarket({ items: 5 }),
    });
    expect(handler.demoKey).toBe(DEMO_API_KEY);
    const server = createServer((req, res) => {
      if (req.url === '/health') res.end('ok');
      else handler(req, res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/health`)).text()).toBe('ok');
      const t = await createToken(base);
      const r = await rest<unknown[]>(base, REST_PATHS.priceRecommendations, t, { game_id: 730 });
      expect(r.status).toBe(200);
      expect(r.data).toHaveLength(5);
      expect(handler.setFaults({ errorRate: 1 }).errorRate).toBe(1);
      expect((await rest(base, REST_PATHS.priceRecommendations, t, {})).status).toBe(500);
      handler.setFaults({ errorRate: 0 });
      expect(() => handler.setFaults({ errorRate: 5 })).toThrow();
      expect(handler.advanceClock(1000)).toBe(FIXED_NOW + 1000);
      expect(handler.now()).toBe(FIXED_NOW + 1000);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('startService binds 127.0.0.1 on a free port and closes idempotently', async () => {
    const svc = await startTestService({ port: 0 });
    expect(svc.url).toBe(`http://127.0.0.1:${svc.port}`);
    expect(svc.port).toBeGreaterThan(0);
    expect(svc.demoKey).toBe(DEMO_API_KEY);
    // Idle connections are kept far longer than a client keeps them (no reset race at the server's edge).
    const res = await fetch(`${svc.url}/api/v2/graphql`, { method: 'POST' });
    await res.arrayBuffer();
    expect(res.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(600_000);
    await svc.close();
    await svc.close();
    await expect(fetch(`${svc.url}/api/v2/graphql`, { method: 'POST' })).rejects.toThrow();
  });

  it('rejects bad options', () => {
    expect(() => createServiceHandler({ tokenTtlSeconds: 0, market: createFakeMarket() })).toThrow(/tokenTtlSeconds/);
    expect(() => createServiceHandler({ faults: { errorRate: 3 }, market: createFakeMarket() })).toThrow();
    expect(() => createServiceHandler({ keysFile: '/nonexistent/keys.json', market: createFakeMarket() })).toThrow();
  });

  it('prices move with the service clock, per 5-minute epoch (same within an epoch)', async () => {
    const svc = await startTestService({ market: sharedMarket(), admin: true });
    try {
      const q =
        '{ aggregatedMaxOrders(markets: ["steamcommunity", "buff163", "csgotm"]) { market_hash_name orders { market_name price offers } } }';
      const t = await createToken(svc.url);
      const a = await gql(svc.url, t, q);
      svc.advanceClock(1000);
      const b = await gql(svc.url, t, q);
      expect(b.text).toBe(a.text);
      svc.advanceClock(EPOCH_MS);
      const c = await gql(svc.url, t, q);
      expect(c.status).toBe(200);
      expect(c.text).not.toBe(a.text);
    } finally {
      await svc.close();
    }
  });
});
