import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeFetchPath } from '../../backend/testing/fetch-contract';
import { RedirectError } from '../../backend/timed-fetch';
import { createNetFetch, MANUAL_REDIRECT_CANCELLED } from './net-fetch';
import { createFakeNetFetch } from './testing/fake-net-fetch';

describeFetchPath('desktop host through net.fetch (a fake that behaves as Electron documents)', async (handler) => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = createFakeNetFetch();
  return {
    fetch: createNetFetch(fake.fetch),
    baseUrl: `http://127.0.0.1:${port}`,
    routed() {
      expect(fake.inits.length).toBeGreaterThan(0);
      for (const init of fake.inits) {
        expect(init).toMatchObject({ redirect: 'manual', credentials: 'omit', bypassCustomProtocolHandlers: true });
      }
      fake.inits.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
});

describe('createNetFetch', () => {
  it("turns net.fetch's cancelled manual redirect into a RedirectError; the target is never asked", async () => {
    const server = createServer((req, res) => {
      if (req.url === '/start') res.writeHead(302, { location: '/target' }).end();
      else res.end('followed');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const fake = createFakeNetFetch();
      // The fake follows by default, as net.fetch does: that is what the adapter must never let happen.
      expect(await (await fake.fetch(`${base}/start`, {})).text()).toBe('followed');
      fake.requested.length = 0;
      const error = await createNetFetch(fake.fetch)(`${base}/start`, {
        method: 'POST',
        body: '{}',
        redirect: 'follow',
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toMatchObject({ location: null, status: 0 });
      expect(fake.requested).toEqual([`${base}/start`]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('passes other failures on as they are, and an abort stays the caller\u2019s abort', async () => {
    const offline = createNetFetch(async () => {
      throw new Error('net::ERR_PROXY_CONNECTION_FAILED');
    });
    await expect(offline('https://api.example.test/', {})).rejects.toThrow('net::ERR_PROXY_CONNECTION_FAILED');
    const caller = new AbortController();
    caller.abort(new Error('user left'));
    const aborted = createNetFetch(async () => {
      throw new Error(MANUAL_REDIRECT_CANCELLED);
    });
    await expect(aborted('https://api.example.test/', { signal: caller.signal })).rejects.not.toBeInstanceOf(
      RedirectError,
    );
  });
});
