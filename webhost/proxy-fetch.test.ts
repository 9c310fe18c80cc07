import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { describeFetchPath, type UpstreamHandler } from '../backend/testing/fetch-contract';
import { createProxyFetch, describeProxySettings, proxySettingsFromEnv, type ProxyFetch } from './proxy-fetch';
import { startTestProxy, type TestProxy } from './testing/test-proxy';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './testing/test-tls';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Made-up names (and localhost) resolve to this computer; nothing else resolves. */
const localLookup: LookupFunction = (hostname, options, callback) => {
  if (!hostname.endsWith('.example.test') && hostname !== 'localhost') {
    callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
    return;
  }
  if ((options as { all?: boolean }).all)
    (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
      { address: '127.0.0.1', family: 4 },
    ]);
  else callback(null, '127.0.0.1', 4);
};

/** An https upstream on 127.0.0.1 for the made-up hosts; it notes the client port of every request. */
async function httpsUpstream(handler: UpstreamHandler) {
  const clientPorts: number[] = [];
  const server = createHttpsServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, (req: IncomingMessage, res) => {
    clientPorts.push(req.socket.remotePort ?? 0);
    handler(req, res);
  });
  const port = await listen(server);
  return { server, port, clientPorts };
}

describeFetchPath('web host through HTTPS_PROXY (a CONNECT tunnel through a local proxy)', async (handler) => {
  const upstream = await httpsUpstream(handler);
  const proxy = await startTestProxy(() => ({ host: '127.0.0.1', port: upstream.port }));
  const settings = proxySettingsFromEnv({ HTTPS_PROXY: proxy.url });
  const pf = createProxyFetch(settings!, { ca: TEST_TLS_CERT, lookup: localLookup });
  return {
    fetch: pf.fetch,
    baseUrl: 'https://api.example.test',
    routed() {
      // Every request the upstream got came in over a connection the proxy opened after a CONNECT for the host.
      expect(upstream.clientPorts.length).toBeGreaterThan(0);
      for (const port of upstream.clientPorts) expect(proxy.outgoingPorts.has(port)).toBe(true);
      expect(new Set(proxy.seen)).toEqual(new Set(['CONNECT api.example.test:443']));
      upstream.clientPorts.length = 0;
    },
    async close() {
      await pf.close();
      await proxy.close();
      await closeServer(upstream.server);
    },
  };
});

describeFetchPath("web host without a proxy (Node's own fetch)", async (handler) => {
  let requests = 0;
  const server = createHttpServer((req, res) => {
    requests += 1;
    handler(req, res);
  });
  const port = await listen(server);
  return {
    fetch: (input, init) => fetch(input, init),
    baseUrl: `http://127.0.0.1:${port}`,
    routed() {
      expect(requests).toBeGreaterThan(0);
      requests = 0;
    },
    close: () => closeServer(server),
  };
});

describe('proxy settings from the environment', () => {
  it('reads HTTPS_PROXY / HTTP_PROXY / NO_PROXY, the lower-case name first; none set is no proxy', () => {
    expect(proxySettingsFromEnv({})).toBeNull();
    expect(proxySettingsFromEnv({ NO_PROXY: 'a.example' })).toBeNull();
    expect(proxySettingsFromEnv({ HTTPS_PROXY: ' http://proxy:3128 ', NO_PROXY: '.corp.example' })).toEqual({
      httpProxy: '',
      httpsProxy: 'http://proxy:3128',
      noProxy: '.corp.example',
    });
    expect(
      proxySettingsFromEnv({
        https_proxy: 'http://lower:1',
        HTTPS_PROXY: 'http://upper:2',
        no_proxy: 'x',
        NO_PROXY: 'y',
        http_proxy: 'http://h:3',
      }),
    ).toEqual({
      httpProxy: 'http://h:3',
      httpsProxy: 'http://lower:1',
      noProxy: 'x',
    });
  });

  it('says which proxy is used without its password', () => {
    const line = describeProxySettings({
      httpProxy: '',
      httpsProxy: 'http://me:s3cret@proxy.corp:3128',
      noProxy: '.corp',
    });
    expect(line).toBe(
      'Using the proxy from the environment: https via http://proxy.corp:3128 (direct: .corp, this computer).',
    );
    expect(line).not.toContain('s3cret');
  });
});

describe('web host fetch: what goes through the proxy and what goes direct', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  async function world() {
    const upstream = await httpsUpstream((req, res) => res.end(JSON.stringify({ host: req.headers.host })));
    const plain = createHttpServer((req, res) => res.end(JSON.stringify({ host: req.headers.host })));
    const plainPort = await listen(plain);
    const proxy: TestProxy = await startTestProxy((hostPort) =>
      hostPort.startsWith('plain.')
        ? { host: '127.0.0.1', port: plainPort }
        : { host: '127.0.0.1', port: upstream.port },
    );
    cleanup.push(
      () => closeServer(upstream.server),
      () => closeServer(plain),
      () => proxy.close(),
    );
    const make = (env: Record<string, string>): ProxyFetch => {
      const pf = createProxyFetch(proxySettingsFromEnv(env)!, { ca: TEST_TLS_CERT, lookup: localLookup });
      cleanup.push(() => pf.close());
      return pf;
    };
    return { upstream, plainPort, proxy, make };
  }

  it('NO_PROXY hosts go direct, the others through the proxy', async () => {
    const { upstream, proxy, make } = await world();
    const pf = make({ HTTPS_PROXY: proxy.url, NO_PROXY: 'direct.example.test' });
    const direct = await pf.fetch(`https://direct.example.test:${upstream.port}/api/v2/graphql`, {
      method: 'POST',
      body: '{}',
    });
    expect(await direct.json()).toEqual({ host: `direct.example.test:${upstream.port}` });
    expect(proxy.seen).toEqual([]);
    expect(proxy.outgoingPorts.has(upstream.clientPorts[0]!)).toBe(false);
    const proxied = await pf.fetch('https://api.example.test/api/v2/graphql', { method: 'POST', body: '{}' });
    expect(await proxied.json()).toEqual({ host: 'api.example.test' });
    expect(proxy.seen).toEqual(['CONNECT api.example.test:443']);
    expect(proxy.outgoingPorts.has(upstream.clientPorts[1]!)).toBe(true);
  });

  it('lower-case https_proxy and no_proxy (with a leading dot for subdomains) work as well', async () => {
    const { upstream, proxy, make } = await world();
    const pf = make({ https_proxy: proxy.url, no_proxy: '.example.test:1' });
    await (await pf.fetch('https://api.example.test/x', { method: 'POST', body: '{}' })).text();
    expect(proxy.seen).toEqual(['CONNECT api.example.test:443']);
    const bypass = make({ https_proxy: proxy.url, no_proxy: '.example.test' });
    await (await bypass.fetch(`https://direct.example.test:${upstream.port}/x`, { method: 'POST', body: '{}' })).text();
    expect(proxy.seen).toEqual(['CONNECT api.example.test:443']);
  });

  it('HTTP_PROXY carries http:// too; loopback (the embedded service) always goes direct', async () => {
    const { plainPort, proxy, make } = await world();
    const pf = make({ HTTP_PROXY: proxy.url });
    const viaProxy = await pf.fetch('http://plain.example.test/api/v2/graphql', { method: 'POST', body: '{}' });
    expect(await viaProxy.json()).toEqual({ host: 'plain.example.test' });
    expect(proxy.seen).toEqual(['CONNECT plain.example.test:80']);
    for (const host of ['127.0.0.1', 'localhost']) {
      const local = await pf.fetch(`http://${host}:${plainPort}/api/v2/graphql`, { method: 'POST', body: '{}' });
      expect(await local.json()).toEqual({ host: `${host}:${plainPort}` });
    }
    expect(proxy.seen).toEqual(['CONNECT plain.example.test:80']);
  });
});
