/**
 * The request meter through the real broker and connection controller (fake service, fake clock): every
 * request counted per origin, 429s and their waits, the limits a service states, the minute / today /
 * 30-day windows, and the versioned record that survives a restart and a failed write.
 */
import { describe, expect, it } from 'vitest';
import { ConnectionController, type KeyVault, type StoredConnection } from './connection';
import { RequestMeter, USAGE_FORMAT, type UsageRecord, type UsageStore } from './request-meter';
import { FakeClock } from './testing/fake-clock';
import { FakeUpstream, json } from './testing/fake-upstream';
import { GRAPHQL_PATH } from '../shared/api/schema';

const START = Date.UTC(2025, 0, 10, 12, 0, 0);
const BODY = new Uint8Array(Buffer.from('{"query":"{ x }"}'));

class MemoryStore implements UsageStore {
  record: unknown = undefined;
  failing: Error | null = null;
  saves = 0;
  load(): unknown {
    return this.record === undefined ? undefined : JSON.parse(JSON.stringify(this.record));
  }
  save(record: UsageRecord): void {
    if (this.failing) throw this.failing;
    this.saves += 1;
    this.record = JSON.parse(JSON.stringify(record));
  }
}

class NoVault implements KeyVault {
  read(): StoredConnection | null {
    return null;
  }
  write(): void {}
  clear(): void {}
  info() {
    return { keyStorage: 'none' as const, weakStorageOnly: false };
  }
}

function setup(store: MemoryStore = new MemoryStore(), clock = new FakeClock(START, 60_000)) {
  const upstream = new FakeUpstream();
  upstream.keys = new Set(['demo-key']);
  const meter = new RequestMeter({ store, clock });
  const controller = new ConnectionController({
    vault: new NoVault(),
    clock,
    meter,
    embedded: { url: upstream.baseUrl, demoKey: 'demo-key' },
    broker: { fetch: upstream.fetch, random: () => 0.5, timeoutMs: 3_600_000, bodyIdleTimeoutMs: 3_600_000 },
  });
  const send = () => controller.currentBroker().send({ path: GRAPHQL_PATH, body: BODY });
  return { upstream, meter, controller, store, clock, send };
}

describe('RequestMeter', () => {
  it('counts every request the broker sends, the token request included', async () => {
    const { controller, send } = setup();
    await controller.useDemo();
    await send();
    await send();
    expect(controller.requestUsage()).toMatchObject({
      origin: '',
      lastMinute: 3,
      today: 3,
      last30Days: 3,
      rateLimited30Days: 0,
      problem: null,
    });
  });

  it('counts 429s and the time waited for them, and reads the limits the service states', async () => {
    const { controller, upstream, send, clock } = setup();
    await controller.useDemo();
    let limited = 2;
    upstream.onApi = () =>
      limited-- > 0
        ? json(
            429,
            { errors: [] },
            { 'retry-after': '3', 'ratelimit-policy': '"minute";q=30;w=60', ratelimit: '"minute";r=0;t=3' },
          )
        : json(200, { data: {} }, { 'ratelimit-policy': '"minute";q=30;w=60', ratelimit: '"minute";r=29;t=57' });
    const res = await send();
    expect(res.status).toBe(200);
    const usage = controller.requestUsage();
    expect(usage).toMatchObject({ last30Days: 4, rateLimitedToday: 2, rateLimited30Days: 2, waitedMs30Days: 6000 });
    expect(usage.stated).toEqual([
      { name: 'minute', quota: 30, windowSeconds: 60, remaining: 29, resetAt: clock.now() + 57_000 },
    ]);
    expect(usage.statedAt).toBe(clock.now());
  });

  it('the last minute empties after a minute, today after midnight, the 30 days after 30 days', async () => {
    const { controller, send, clock } = setup();
    await controller.useDemo();
    await send();
    clock.advance(61_000);
    expect(controller.requestUsage()).toMatchObject({ lastMinute: 0, today: 2, last30Days: 2 });
    clock.advance(24 * 3_600_000);
    expect(controller.requestUsage()).toMatchObject({ today: 0, last30Days: 2 });
    clock.advance(30 * 24 * 3_600_000);
    expect(controller.requestUsage()).toMatchObject({ last30Days: 0 });
  });

  it('keeps each service apart', () => {
    const clock = new FakeClock(START);
    const meter = new RequestMeter({ clock });
    const ok = { status: 200, headers: new Headers() };
    meter.record('https://a.example/api/v2/graphql', ok);
    meter.record('https://a.example/api/v2/rest/x', ok);
    meter.record('https://b.example/api/v2/graphql', ok);
    meter.record('not a url', ok);
    expect(meter.snapshot('https://a.example').last30Days).toBe(2);
    expect(meter.snapshot('https://b.example').last30Days).toBe(1);
    expect(meter.snapshot('https://a.example').origin).toBe('https://a.example');
  });

  it('survives a restart through its versioned record', async () => {
    const store = new MemoryStore();
    const first = setup(store);
    await first.controller.useDemo();
    await first.send();
    expect((store.record as { v: number }).v).toBe(USAGE_FORMAT);
    const second = setup(store, first.clock);
    expect(second.controller.requestUsage()).toMatchObject({ today: 2, last30Days: 2 });
  });

  it('starts afresh on a record of another version or a damaged one, and says so when it cannot read it', () => {
    const store = new MemoryStore();
    store.record = { v: 99, origins: {} };
    expect(new RequestMeter({ store }).snapshot('https://a.example')).toMatchObject({ last30Days: 0, problem: null });
    store.record = { v: USAGE_FORMAT, origins: { 'https://a.example': { hours: 'nope' } } };
    expect(new RequestMeter({ store }).snapshot('https://a.example').last30Days).toBe(0);
    const unreadable: UsageStore = {
      load: () => {
        throw new Error('EACCES');
      },
      save: () => undefined,
    };
    expect(new RequestMeter({ store: unreadable }).snapshot('https://a.example').problem).toMatch(
      /could not be read \(EACCES\)/,
    );
  });

  it('keeps counting in memory when a write fails, says so, and saves again once it can', async () => {
    const { controller, send, store } = setup();
    await controller.useDemo();
    store.failing = new Error('ENOSPC: no space left on device');
    await send();
    const usage = controller.requestUsage();
    expect(usage.last30Days).toBe(2);
    expect(usage.problem).toMatch(/could not be saved \(ENOSPC/);
    store.failing = null;
    await send();
    expect(controller.requestUsage()).toMatchObject({ last30Days: 3, problem: null });
    const restarted = new RequestMeter({ store, clock: new FakeClock(START) });
    expect(restarted.snapshot(new FakeUpstream().baseUrl, true).last30Days).toBe(3);
  });
});
