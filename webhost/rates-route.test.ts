/**
 * The web host's exchange rates routes over real HTTP: the real web host (connected with a user's key), the
 * ECB stand-in as the rates source. The stand-in sees no key, token, cookie or launch secret.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service/src/index';
import { startEcbStandin, type EcbStandin } from '../backend/testing/ecb-standin';
import { latestExpectedDay } from '../backend/rates/schedule';
import { RatesSnapshotSchema } from '../shared/rates/schemas';
import { startWebHost, type WebHost } from './server';

const SECRET = 'launch-secret-for-rates-tests-1';
const USER_KEY = 'user-key-rates-test-0123456789';
let service: RunningService;
let tmp: string;
let host: WebHost | null = null;
let standin: EcbStandin | null = null;

beforeAll(async () => {
  service = await startService({ port: 0, quiet: true, apiKeys: [{ key: USER_KEY }] });
  tmp = mkdtempSync(path.join(os.tmpdir(), 'market-desk-rates-route-'));
});
afterEach(async () => {
  await host?.close();
  await standin?.close();
  host = null;
  standin = null;
});
afterAll(async () => {
  await service.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function setup(ratesFile: string | null = null): Promise<{ host: WebHost; standin: EcbStandin }> {
  standin = await startEcbStandin({ from: '2026-09-01', to: latestExpectedDay(Date.now()) });
  host = await startWebHost({
    port: 0,
    staticDir: tmp,
    keyFile: null,
    ratesFile,
    embeddedService: { url: service.url, demoKey: service.demoKey },
    baseUrl: service.url,
    apiKey: USER_KEY,
    secret: SECRET,
    startupWaitMs: 2_000,
    ratesUrl: standin.url,
  });
  return { host, standin };
}

const headers = { 'content-type': 'application/json', 'x-market-desk-secret': SECRET };
const get = (h: WebHost, p: string) => fetch(`${h.url}${p}`, { headers });
const post = (h: WebHost, p: string, body: unknown = {}) =>
  fetch(`${h.url}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });

describe('web host rates routes', () => {
  it('GET /app/rates: off, the environment address, nothing contacted', async () => {
    const { host: h, standin: s } = await setup();
    const snapshot = RatesSnapshotSchema.parse(await (await get(h, '/app/rates')).json());
    expect(snapshot.settings).toEqual({ enabled: false, url: s.url, urlFromEnvironment: true });
    expect(s.requests).toEqual([]);
  });

  it('turned on and refreshed: the newest day arrives; the source got no key, token, cookie or secret', async () => {
    const { host: h, standin: s } = await setup(path.join(tmp, 'one', 'exchange-rates.json'));
    expect(((await get(h, '/app/status').then((r) => r.json())) as { state: string }).state).toBe('connected');
    expect((await post(h, '/app/rates/settings', { enabled: true })).status).toBe(200);
    const snapshot = RatesSnapshotSchema.parse(await (await post(h, '/app/rates/refresh')).json());
    expect(snapshot.days.at(-1)?.date).toBe(s.days().at(-1)?.date);
    expect(snapshot.lastFetch?.ok).toBe(true);
    expect(s.requests.length).toBeGreaterThan(0);
    for (const r of s.requests) {
      const sent = JSON.stringify(r.headers);
      expect(sent).not.toContain(USER_KEY);
      expect(sent).not.toContain(SECRET);
      expect(r.headers.cookie).toBeUndefined();
      expect(r.headers.authorization).toBeUndefined();
      expect(r.headers['api-token']).toBeUndefined();
    }
    // Kept in the host's data folder.
    expect(
      (JSON.parse(readFileSync(path.join(tmp, 'one', 'exchange-rates.json'), 'utf8')) as { enabled: boolean }).enabled,
    ).toBe(true);
  });

  it('the event stream carries the rates, now and after a change', async () => {
    const { host: h } = await setup();
    const abort = new AbortController();
    const res = await fetch(`${h.url}/app/events`, { headers, signal: abort.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (test: (t: string) => boolean): Promise<void> => {
      for (let i = 0; i < 50 && !test(text); i++) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    };
    await readUntil((t) => t.includes('event: rates'));
    expect(text).toMatch(/event: rates\ndata: \{"settings":\{"enabled":false/);
    await post(h, '/app/rates/settings', { enabled: true });
    await readUntil((t) => t.includes('"enabled":true'));
    expect(text).toContain('"enabled":true');
    abort.abort();
    await reader.cancel().catch(() => undefined);
  });

  it('refuses a refresh while off, a bad address (fixed by the environment: ignored), and malformed settings', async () => {
    const { host: h } = await setup();
    const off = await post(h, '/app/rates/refresh');
    expect(off.status).toBe(400);
    expect(await off.json()).toEqual({
      error: { code: 'RATES_REFUSED', message: 'Exchange rates are off: turn them on in Settings first.' },
    });
    expect((await post(h, '/app/rates/settings', { enabled: 'yes' })).status).toBe(400);
    expect((await post(h, '/app/rates/settings', { url: 'https://elsewhere.example/' })).status).toBe(200);
    expect(RatesSnapshotSchema.parse(await (await get(h, '/app/rates')).json()).settings.urlFromEnvironment).toBe(true);
    expect((await get(h, '/app/rates/refresh')).status).toBe(405);
  });
});
