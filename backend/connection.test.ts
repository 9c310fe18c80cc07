import { describe, expect, it } from 'vitest';
import { KEYRING_LOCKED_TEXT, STATUS_TEXT, type ConnectionStatus, type KeyStorage } from '../shared/api/status';
import {
  ConnectionController,
  ConnectRequestError,
  KeyStorageError,
  normalizeBaseUrl,
  type KeyVault,
  type StoredConnection,
} from './connection';
import { UpstreamFailure } from './token-broker';
import { FakeClock } from './testing/fake-clock';
import { FakeUpstream, json } from './testing/fake-upstream';

/** A vault that behaves as the real ones do (main/key-store.ts): OS encryption, basic_text, a locked keyring. */
class MemoryVault implements KeyVault {
  stored: StoredConnection | null = null;
  acceptedWeak: boolean | null = null;
  /** As on Linux 'basic_text': only weak storage exists, and the key is persisted only if the user accepts it. */
  weakOnly = false;
  /** As a locked keyring: a key is stored but can be neither read nor replaced. */
  locked = false;
  private sessionOnly = false;
  read() {
    return this.locked ? null : this.stored;
  }
  write(connection: StoredConnection, acceptWeak: boolean) {
    if (this.locked) throw new KeyStorageError(`Market Desk could not save your key. ${KEYRING_LOCKED_TEXT.message}`);
    this.stored = connection;
    this.acceptedWeak = acceptWeak;
    this.sessionOnly = this.weakOnly && !acceptWeak;
  }
  clear() {
    this.stored = null;
    this.locked = false;
    this.sessionOnly = false;
  }
  info(): { keyStorage: KeyStorage; weakStorageOnly: boolean } {
    if (!this.stored) return { keyStorage: 'none', weakStorageOnly: this.weakOnly };
    if (this.locked) return { keyStorage: 'keyring-locked', weakStorageOnly: false };
    if (this.sessionOnly) return { keyStorage: 'session-only', weakStorageOnly: true };
    return { keyStorage: this.weakOnly ? 'file-0600' : 'os-encrypted', weakStorageOnly: false };
  }
}

function setup() {
  // Two upstreams on one fake fetch: the "real" service and the embedded demo one.
  const real = new FakeUpstream();
  const demo = new FakeUpstream();
  demo.keys = new Set(['demo-key']);
  const requested: string[] = [];
  const fetchFn: typeof real.fetch = (input, init) => {
    requested.push(input);
    return input.startsWith('http://127.0.0.1:9') ? demo.fetch(input, init) : real.fetch(input, init);
  };
  const vault = new MemoryVault();
  const clock = new FakeClock(Date.UTC(2025, 0, 1), 60_000);
  const controller = new ConnectionController({
    vault,
    clock,
    embedded: { url: 'http://127.0.0.1:9', demoKey: 'demo-key' },
    // Request timeouts above the clock's auto-advance bound: they fire only on advance(), never in a race
    // with the fake service's answer.
    broker: { fetch: fetchFn, random: () => 0.5, timeoutMs: 3_600_000, bodyIdleTimeoutMs: 3_600_000 },
    // Reconnect waits at or above the clock's auto-advance bound, so they happen only on advance();
    // random 1 makes each wait its full step: 60 s, 120 s, 240 s, then the 480 s cap.
    random: () => 1,
    reconnectBaseMs: 60_000,
    reconnectCapMs: 480_000,
  });
  const seen: ConnectionStatus[] = [];
  controller.hub.subscribe((s) => seen.push(s));
  return { real, demo, vault, controller, seen, clock, requested };
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
    const status = await controller.connect({
      baseUrl: `${real.baseUrl}/api/v2/`,
      apiKey: ' good-key ',
      acceptWeakStorage: true,
    });
    expect(status).toMatchObject({
      state: 'connected',
      baseUrl: real.baseUrl,
      hasKey: true,
      keyStorage: 'os-encrypted',
    });
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

  it('connect: an empty key field reuses the stored key for its own origin; none at all is a clear error', async () => {
    const { controller, vault, real } = setup();
    await expect(
      controller.connect({ baseUrl: real.baseUrl, apiKey: '  ', acceptWeakStorage: false }),
    ).rejects.toBeInstanceOf(ConnectRequestError);
    vault.stored = { baseUrl: `${real.baseUrl}/old-prefix`, apiKey: 'good-key' };
    expect((await controller.connect({ baseUrl: real.baseUrl, apiKey: '', acceptWeakStorage: false })).state).toBe(
      'connected',
    );
  });

  it('connect: a stored key never goes to another origin, whoever asks', async () => {
    const { controller, vault, real, demo } = setup();
    await controller.start();
    const before = real.seen.length;
    // Entered for the embedded service: not for the real one.
    vault.stored = { baseUrl: '', apiKey: 'good-key' };
    const err = await controller
      .connect({ baseUrl: real.baseUrl, apiKey: '', acceptWeakStorage: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectRequestError);
    expect((err as Error).message).toBe(
      `Your saved key belongs to the built-in reference service. Enter the API key for ${real.baseUrl}.`,
    );
    // Entered for the real one: not for another host, not for another port or scheme of it.
    vault.stored = { baseUrl: real.baseUrl, apiKey: 'good-key' };
    for (const other of ['https://other.example', 'https://api.example.test:8443', 'http://127.0.0.1:8787', '']) {
      await expect(controller.connect({ baseUrl: other, apiKey: '', acceptWeakStorage: false })).rejects.toBeInstanceOf(
        ConnectRequestError,
      );
    }
    expect(real.seen.length).toBe(before);
    expect(demo.mutations.map((m) => m.body).join()).not.toContain('good-key');
  });

  it('preset without a key uses the stored key only for its origin, else demo data', async () => {
    const { controller, vault, real, demo } = setup();
    vault.stored = { baseUrl: 'https://other.example', apiKey: 'good-key' };
    expect(await controller.preset({ baseUrl: real.baseUrl, apiKey: '' })).toMatchObject({ state: 'demo' });
    expect(real.seen).toHaveLength(0);
    expect(demo.mutations.map((m) => m.body).join()).not.toContain('good-key');
    vault.stored = { baseUrl: real.baseUrl, apiKey: 'good-key' };
    expect(await controller.preset({ baseUrl: real.baseUrl, apiKey: '' })).toMatchObject({ state: 'connected' });
  });

  it('a preset is held in memory only: the stored key is neither written nor cleared; Connect and Forget still change it', async () => {
    const { controller, vault, real } = setup();
    const saved = { baseUrl: real.baseUrl, apiKey: 'good-key' };
    vault.stored = saved;
    real.keys.add('script-key');
    // Without a key (the stored one, same origin), and with a key of its own: the vault is only read.
    expect(await controller.preset({ baseUrl: real.baseUrl, apiKey: '' })).toMatchObject({
      state: 'connected',
      hasKey: true,
    });
    expect(await controller.preset({ baseUrl: real.baseUrl, apiKey: 'script-key' })).toMatchObject({
      state: 'connected',
      keyStorage: 'memory',
    });
    expect(vault.stored).toBe(saved);
    expect(vault.acceptedWeak).toBeNull();
    // The preset key is in use (and may be reused for its origin by an empty key field) but is not "stored".
    expect(real.mutations.at(-1)?.body).toContain('script-key');
    // The user's own Connect replaces the stored key; their Forget clears it and the preset.
    expect(await controller.connect({ baseUrl: real.baseUrl, apiKey: '', acceptWeakStorage: false })).toMatchObject({
      state: 'connected',
    });
    expect(vault.stored).toEqual({ baseUrl: real.baseUrl, apiKey: 'script-key' });
    expect(await controller.forgetKey()).toMatchObject({ state: 'demo', hasKey: false, keyStorage: 'none' });
    expect(vault.stored).toBeNull();
  });

  it('Forget with a preset in use drops the preset only; the stored key stays until a second Forget', async () => {
    const { controller, vault, real } = setup();
    const saved = { baseUrl: 'https://other.example', apiKey: 'saved-key' };
    vault.stored = saved;
    expect(await controller.preset({ baseUrl: real.baseUrl, apiKey: 'good-key' })).toMatchObject({
      state: 'connected',
      keyStorage: 'memory',
    });
    expect(await controller.forgetKey()).toMatchObject({ state: 'demo', hasKey: true, keyStorage: 'os-encrypted' });
    expect(vault.stored).toBe(saved);
    expect(await controller.forgetKey()).toMatchObject({ state: 'demo', hasKey: false, keyStorage: 'none' });
    expect(vault.stored).toBeNull();
  });

  it('connect with baseUrl "" uses the embedded service with the given key', async () => {
    const { controller, demo } = setup();
    demo.keys.add('my-local-key');
    expect(await controller.connect({ baseUrl: '', apiKey: 'my-local-key', acceptWeakStorage: false })).toMatchObject({
      state: 'connected',
      baseUrl: '',
    });
  });

  it('request outcomes move the status: offline, then connected again', async () => {
    const { controller, real } = setup();
    await controller.connect({ baseUrl: real.baseUrl, apiKey: 'good-key', acceptWeakStorage: false });
    real.onApi = () => {
      throw new TypeError('fetch failed');
    };
    const failed = controller.currentBroker().send({ path: '/api/v2/graphql', body: new Uint8Array() });
    await expect(failed).rejects.toBeInstanceOf(UpstreamFailure);
    await expect(failed).rejects.toMatchObject({
      kind: 'offline',
      message: 'The market data service cannot be reached.',
    });
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

  it('down at start: tries again by itself with doubling waits, says when, and connects when the service answers', async () => {
    const { controller, vault, real, clock, seen } = setup();
    vault.stored = { baseUrl: real.baseUrl, apiKey: 'good-key' };
    let down = true;
    real.onMutation = () => {
      if (down) throw new TypeError('fetch failed');
      return null;
    };
    const first = await controller.start();
    expect(first.state).toBe('offline');
    expect(first.nextRetryAt).toBe(clock.now() + 60_000);
    const tries = () => real.mutations.length;
    const afterStart = tries();

    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const at = controller.getStatus().nextRetryAt!;
      waits.push(at - clock.now());
      clock.advance(at - clock.now());
      await until(
        () =>
          tries() > afterStart + i * 3 &&
          controller.getStatus().nextRetryAt !== null &&
          controller.getStatus().nextRetryAt !== at,
      );
    }
    // 60 s doubling to the 480 s cap (the broker's own quick retries aside).
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000, 480_000]);
    expect(controller.getStatus().state).toBe('offline');

    down = false;
    clock.advance(controller.getStatus().nextRetryAt! - clock.now());
    await until(() => controller.getStatus().state === 'connected');
    expect(controller.getStatus().nextRetryAt).toBeNull();
    expect(seen.at(-1)).toMatchObject({ state: 'connected', nextRetryAt: null });
  });

  it('a drop mid-session: offline, then connected again by itself; only data ends the backoff', async () => {
    const { controller, real, clock } = setup();
    await controller.connect({ baseUrl: real.baseUrl, apiKey: 'good-key', acceptWeakStorage: false });
    const send = () => controller.currentBroker().send({ path: '/api/v2/graphql', body: new Uint8Array() });
    real.onApi = () => json(500, {});
    await send();
    expect(controller.getStatus()).toMatchObject({ state: 'server-error', nextRetryAt: clock.now() + 60_000 });
    clock.advance(60_000);
    // The probe gets a fresh token (the service is half up): connected, but the backoff keeps growing.
    await until(() => controller.getStatus().state === 'connected');
    await send();
    expect(controller.getStatus()).toMatchObject({ state: 'server-error', nextRetryAt: clock.now() + 120_000 });
    // Data flows again: the next bad spell starts from the first wait.
    real.onApi = () => null;
    clock.advance(120_000);
    await until(() => controller.getStatus().state === 'connected');
    await send();
    real.onApi = () => json(500, {});
    await send();
    expect(controller.getStatus()).toMatchObject({ state: 'server-error', nextRetryAt: clock.now() + 60_000 });
  });

  it('retryNow tries at once; a rejected key is never retried by itself', async () => {
    const { controller, vault, real, clock } = setup();
    vault.stored = { baseUrl: real.baseUrl, apiKey: 'good-key' };
    let down = true;
    real.onMutation = () => {
      if (down) throw new TypeError('fetch failed');
      return null;
    };
    await controller.start();
    expect(controller.getStatus().state).toBe('offline');
    down = false;
    expect(await controller.retryNow()).toMatchObject({ state: 'connected', nextRetryAt: null });

    vault.stored = { baseUrl: real.baseUrl, apiKey: 'revoked-key' };
    await controller.start();
    expect(controller.getStatus()).toMatchObject({ state: 'key-rejected', nextRetryAt: null });
    const tries = real.mutations.length;
    clock.advance(3_600_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(real.mutations.length).toBe(tries);
    expect((await controller.retryNow()).state).toBe('key-rejected');
    expect(real.mutations.length).toBe(tries);
  });

  it('a redirect is named in the status, for a new connection and for the current one', async () => {
    const { controller, vault, real } = setup();
    real.onMutation = () =>
      new Response(null, { status: 307, headers: { location: 'https://moved.example/api/v2/graphql' } });
    const tried = await controller.connect({ baseUrl: real.baseUrl, apiKey: 'good-key', acceptWeakStorage: false });
    expect(tried.state).toBe('server-error');
    expect(tried.message).toBe(
      'The service redirected to https://moved.example/api/v2/graphql; Market Desk does not follow redirects with your key. Check the Base URL.',
    );
    expect(vault.stored).toBeNull();
    vault.stored = { baseUrl: real.baseUrl, apiKey: 'good-key' };
    const started = await controller.start();
    expect(started).toMatchObject({ state: 'server-error', message: tried.message });
    expect(started.action).toMatch(/Base URL/);
  });

  it('since moves only when the state changes', async () => {
    const { controller, clock } = setup();
    const first = await controller.start();
    clock.advance(1000);
    await controller.currentBroker().send({ path: '/api/v2/graphql', body: new Uint8Array() });
    expect(controller.getStatus().since).toBe(first.since);
  });
});

/** Waits (real time, bounded) for async work the fake clock set off. */
async function until(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('ConnectionController: where the key is kept', () => {
  it('only weak storage (Linux basic_text): the status offers it until the user takes it', async () => {
    const { controller, vault, real } = setup();
    vault.weakOnly = true;
    expect(await controller.start()).toMatchObject({ state: 'demo', keyStorage: 'none', weakStorageOnly: true });
    expect(
      await controller.connect({ baseUrl: real.baseUrl, apiKey: 'good-key', acceptWeakStorage: false }),
    ).toMatchObject({
      state: 'connected',
      keyStorage: 'session-only',
      weakStorageOnly: true,
      hasKey: true,
    });
    expect(
      await controller.connect({ baseUrl: real.baseUrl, apiKey: 'good-key', acceptWeakStorage: true }),
    ).toMatchObject({
      state: 'connected',
      keyStorage: 'file-0600',
      weakStorageOnly: false,
    });
    expect(vault.acceptedWeak).toBe(true);
  });

  it('keyring locked at start: demo data, the key kept, "unlock it and retry"; Retry after unlocking connects', async () => {
    const { controller, vault, real, demo } = setup();
    vault.stored = { baseUrl: real.baseUrl, apiKey: 'good-key' };
    vault.locked = true;
    const status = await controller.start();
    expect(status).toMatchObject({ state: 'demo', keyStorage: 'keyring-locked', hasKey: true, ...KEYRING_LOCKED_TEXT });
    expect(real.seen).toHaveLength(0);
    // Data keeps flowing from the demo service without losing the words.
    await controller.currentBroker().send({ path: '/api/v2/graphql', body: new Uint8Array() });
    expect(demo.apiCalls).toHaveLength(1);
    expect(controller.getStatus()).toMatchObject({ state: 'demo', message: KEYRING_LOCKED_TEXT.message });
    // Still locked: Retry says so again.
    expect(await controller.retryNow()).toMatchObject({ state: 'demo', keyStorage: 'keyring-locked' });
    expect(vault.stored).toEqual({ baseUrl: real.baseUrl, apiKey: 'good-key' });
    vault.locked = false;
    expect(await controller.retryNow()).toMatchObject({
      state: 'connected',
      baseUrl: real.baseUrl,
      keyStorage: 'os-encrypted',
    });
    expect(controller.getStatus().message).toBe(STATUS_TEXT.connected.message);
  });

  it('keyring locked: "keep my key" says to unlock, and a new key that cannot be stored changes nothing', async () => {
    const { controller, vault, real } = setup();
    vault.stored = { baseUrl: real.baseUrl, apiKey: 'good-key' };
    vault.locked = true;
    await controller.start();
    const keep = controller.connect({ baseUrl: real.baseUrl, apiKey: '', acceptWeakStorage: false });
    await expect(keep).rejects.toBeInstanceOf(ConnectRequestError);
    await expect(keep).rejects.toThrow(KEYRING_LOCKED_TEXT.message);
    const replace = controller.connect({ baseUrl: real.baseUrl, apiKey: 'good-key', acceptWeakStorage: false });
    await expect(replace).rejects.toBeInstanceOf(ConnectRequestError);
    await expect(replace).rejects.toThrow(`Market Desk could not save your key. ${KEYRING_LOCKED_TEXT.message}`);
    expect(controller.getStatus()).toMatchObject({ state: 'demo', keyStorage: 'keyring-locked' });
    expect(controller.currentBroker().target.baseUrl).toBe('http://127.0.0.1:9');
  });

  it('a stored Base URL is checked at start with the Settings rules: a refused one never gets the key', async () => {
    const { controller, vault, requested } = setup();
    vault.stored = { baseUrl: 'http://evil.example', apiKey: 'good-key' };
    const status = await controller.start();
    expect(status.state).toBe('demo');
    expect(status.message).toMatch(/^The saved Base URL can\u2019t be used: Use https:\/\//);
    expect(status.action).toMatch(/not sent anywhere/);
    expect(requested.filter((url) => !url.startsWith('http://127.0.0.1:9'))).toEqual([]);
    expect(vault.stored).not.toBeNull();
  });

  it('a stored Base URL is used in its normalized form', async () => {
    const { controller, vault, real } = setup();
    vault.stored = { baseUrl: `${real.baseUrl}/api/v2/`, apiKey: 'good-key' };
    expect(await controller.start()).toMatchObject({ state: 'connected', baseUrl: real.baseUrl });
    expect(real.mutations[0]?.url).toBe(`${real.baseUrl}/api/v2/graphql`);
  });
});

describe('normalizeBaseUrl', () => {
  // The rules themselves are shared/api/base-url.test.ts's table; here: a broken one is a ConnectRequestError.
  it('normalizes as the shared rules say and refuses with their sentence', () => {
    expect(normalizeBaseUrl('  https://API.example.com/api/v2/ ')).toBe('https://api.example.com');
    expect(normalizeBaseUrl('')).toBe('');
    expect(() => normalizeBaseUrl('http://api.example.com')).toThrow(ConnectRequestError);
    expect(() => normalizeBaseUrl('https://api.example.com/?x=1')).toThrow(/\? and #/);
  });
});
