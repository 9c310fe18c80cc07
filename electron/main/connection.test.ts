import { describe, expect, it } from 'vitest';
import type { ConnectionStatus, KeyStorage } from '../../shared/api/status';
import { ConnectionController, ConnectRequestError, normalizeBaseUrl, type KeyVault, type StoredConnection } from './connection';
import { FakeClock } from './testing/fake-clock';
import { FakeUpstream, json } from './testing/fake-upstream';

class MemoryVault implements KeyVault {
  stored: StoredConnection | null = null;
  acceptedWeak: boolean | null = null;
  read() {
    return this.stored;
  }
  write(connection: StoredConnection, acceptWeak: boolean) {
    this.stored = connection;
    this.acceptedWeak = acceptWeak;
  }
  clear() {
    this.stored = null;
  }
  info(): { keyStorage: KeyStorage; weakStorageOnly: boolean } {
    return { keyStorage: this.stored ? 'os-encrypted' : 'none', weakStorageOnly: false };
  }
}

function setup() {
  // Two upstreams on one fake fetch: the "real" service and the embedded demo one.
  const real = new FakeUpstream();
  const demo = new FakeUpstream();
  demo.keys = new Set(['demo-key']);
  const fetchFn: typeof real.fetch = (input, init) =>
    input.startsWith('http://127.0.0.1:9') ? demo.fetch(input, init) : real.fetch(input, init);
  const vault = new MemoryVault();
  const clock = new FakeClock(Date.UTC(2025, 0, 1), 60_000);
  const controller = new ConnectionController({
    vault,
    clock,
    embedded: { url: 'http://127.0.0.1:9', demoKey: 'demo-key' },
    broker: { fetch: fetchFn, random: () => 0.5 },
  });
  const seen: ConnectionStatus[] = [];
  controller.hub.subscribe((s) => seen.push(s));
  return { real, demo, vault, controller, seen, clock };
}

describe('ConnectionController', () => {
  it('starts on demo data when no key is stored', async () => {
    const { controller, demo, seen } = setup();
    expect(controller.getStatus().state).toBe('connecting');
    const status = await controller.start();
    expect(status).toMatchObject({ state: 'demo', baseUrl: '', hasKey: false, keyStorage: 'none' });
    expect(demo.mutations).toHaveLength(1);
    expect(seen.map((s) => s.state)).toEqual(['demo']);
  });

  it('starts on the stored key when there is one', async () => {
    const { controller, vault, real } = setup();
    vault.stored = { baseUrl: real.baseUrl, apiKey: 'good-key' };
    expect(await controller.start()).toMatchObject({ state: 'connected', baseUrl: real.baseUrl, hasKey: true });
  });

  it('connect: a good key connects and is stored as the user chose', async () => {
    const { controller, vault, real } = setup();
    await controller.start();
    const status = await controller.connect({ baseUrl: `${real.baseUrl}/api/v2/`, apiKey: ' good-key ', acceptWeakStorage: true });
    expect(status).toMatchObject({ state: 'connected', baseUrl: real.baseUrl, hasKey: true, keyStorage: 'os-encrypted' });
    expect(vault.stored).toEqual({ baseUrl: real.baseUrl, apiKey: 'good-key' });
    expect(vault.acceptedWeak).toBe(true);
    expect(JSON.stringify(status)).not.toContain('good-key');
  });

  it('connect: a rejected key is reported and not stored', async () => {
    const { controller, vault, real } = setup();
    await controller.start();
    const status = await controller.connect({ baseUrl: real.baseUrl, apiKey: 'bad-key', acceptWeakStorage: false });
    expect(status).toMatchObject({ state: 'key-rejected', hasKey: false });
    expect(status.action).toMatch(/API Keys/);
    expect(vault.stored).toBeNull();
  });

  it('connect: an empty key field reuses the stored key; none at all is a clear error', async () => {
    const { controller, vault, real } = setup();
    await expect(controller.connect({ baseUrl: real.baseUrl, apiKey: '  ', acceptWeakStorage: false })).rejects.toBeInstanceOf(ConnectRequestError);
    vault.stored = { baseUrl: '', apiKey: 'good-key' };
    expect((await controller.connect({ baseUrl: real.baseUrl, apiKey: '', acceptWeakStorage: false })).state).toBe('connected');
  });

  it('connect with baseUrl "" uses the embedded service with the given key', async () => {
    const { controller, demo } = setup();
    demo.keys.add('my-local-key');
    expect(await controller.connect({ baseUrl: '', apiKey: 'my-local-key', acceptWeakStorage: false })).toMatchObject({ state: 'connected', baseUrl: '' });
  });

  it('request outcomes move the status: offline, then connected again', async () => {
    const { controller, real } = setup();
    await controller.connect({ baseUrl: real.baseUrl, apiKey: 'good-key', acceptWeakStorage: false });
    real.onApi = () => {
      throw new TypeError('fetch failed');
    };
    await expect(controller.currentBroker().send({ path: '/api/v2/graphql', body: new Uint8Array() })).rejects.toBeDefined();
    expect(controller.getStatus().state).toBe('offline');
    real.onApi = () => null;
    await controller.currentBroker().send({ path: '/api/v2/graphql', body: new Uint8Array() });
    expect(controller.getStatus().state).toBe('connected');
    real.onApi = () => json(403, {});
    await controller.currentBroker().send({ path: '/api/v2/graphql', body: new Uint8Array() });
    expect(controller.getStatus().state).toBe('no-access');
  });

  it('useDemo keeps the key; forgetKey deletes it; both end on demo data', async () => {
    const { controller, vault, real } = setup();
    await controller.connect({ baseUrl: real.baseUrl, apiKey: 'good-key', acceptWeakStorage: false });
    expect(await controller.useDemo()).toMatchObject({ state: 'demo', baseUrl: '', hasKey: true });
    expect(vault.stored).not.toBeNull();
    expect(await controller.forgetKey()).toMatchObject({ state: 'demo', hasKey: false, keyStorage: 'none' });
    expect(vault.stored).toBeNull();
  });

  it("a replaced connection's late outcome doesn't move the status", async () => {
    const { controller, real } = setup();
    await controller.connect({ baseUrl: real.baseUrl, apiKey: 'good-key', acceptWeakStorage: false });
    const old = controller.currentBroker();
    await controller.useDemo();
    real.onApi = () => json(500, {});
    await old.send({ path: '/api/v2/graphql', body: new Uint8Array() }).catch(() => undefined);
    expect(controller.getStatus().state).toBe('demo');
  });

  it('since moves only when the state changes', async () => {
    const { controller, clock } = setup();
    const first = await controller.start();
    clock.advance(1000);
    await controller.currentBroker().send({ path: '/api/v2/graphql', body: new Uint8Array() });
    expect(controller.getStatus().since).toBe(first.since);
  });
});

describe('normalizeBaseUrl', () => {
  it.each([
    ['', ''],
    ['  https://api.example.com/  ', 'https://api.example.com'],
    ['https://api.example.com/api/v2', 'https://api.example.com'],
    ['https://api.example.com/prefix/api/v2/', 'https://api.example.com/prefix'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://localhost:8787/', 'http://localhost:8787'],
    ['https://api.example.com/?x=1#y', 'https://api.example.com'],
  ])('%j -> %j', (input, output) => expect(normalizeBaseUrl(input)).toBe(output));

  it.each(['http://api.example.com', 'ftp://x', 'not a url', 'https://u:p@api.example.com', 'file:///etc'])('refuses %j', (input) => {
    expect(() => normalizeBaseUrl(input)).toThrow(ConnectRequestError);
  });
});
