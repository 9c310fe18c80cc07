/** The web host's Steam route over real HTTP: the real web host module, the Steam stand-in as Steam. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../service/src/index';
import { realClock, type Clock } from '../backend/clock';
import { startSteamStandin, type SteamStandin, type SteamStandinOptions } from '../backend/testing/steam-standin';
import { FIXTURE_CONTEXT_2, FIXTURE_STEAM_ID } from '../shared/steam/test-fixtures';
import { SteamInventoryProgressSchema, SteamInventoryResultSchema } from '../shared/steam/schemas';
import { startWebHost, type WebHost } from './server';

const SECRET = 'launch-secret-for-steam-tests-1';
let service: RunningService;
let tmp: string;
let host: WebHost | null = null;
let standin: SteamStandin | null = null;

beforeAll(async () => {
  service = await startService({ port: 0, quiet: true });
  tmp = mkdtempSync(path.join(os.tmpdir(), 'market-desk-steam-route-'));
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

async function setup(
  standinOptions: SteamStandinOptions = {},
  clock: Clock = realClock,
): Promise<{ host: WebHost; standin: SteamStandin }> {
  standin = await startSteamStandin(standinOptions);
  host = await startWebHost({
    port: 0,
    staticDir: tmp,
    keyFile: null,
    embeddedService: { url: service.url, demoKey: service.demoKey },
    secret: SECRET,
    startupWaitMs: 50,
    steamUrl: standin.url,
    steam: { pauseMs: 1, clock },
  });
  return { host, standin };
}

function post(h: WebHost, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${h.url}/app/steam-inventory`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-market-desk-secret': SECRET },
    body: JSON.stringify(body),
    ...init,
  });
}

async function lines(res: Response): Promise<unknown[]> {
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);
}

describe('POST /app/steam-inventory', () => {
  it('streams progress lines, then the result; Steam gets no secret, cookie or key', async () => {
    const { host: h, standin: s } = await setup();
    const res = await post(h, { profile: FIXTURE_STEAM_ID, appId: 730 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const all = await lines(res);
    const last = all.at(-1) as { result: unknown };
    const result = SteamInventoryResultSchema.parse(last.result);
    // What Steam shows a visitor: no trade-protected context 16, no AWPs bought in the last 10 days.
    expect(result.ok && result.inventory.assets.map((a) => a.assetid)).toEqual(
      FIXTURE_CONTEXT_2.filter((a) => a.classid !== '3003').map((a) => a.assetid),
    );
    expect(result.ok && result.notes).toHaveLength(2);
    const progress = all
      .slice(0, -1)
      .map((l) => SteamInventoryProgressSchema.parse((l as { progress: unknown }).progress));
    expect(progress.filter((p) => p.stage === 'page').map((p) => p.pages)).toEqual([0, 1, 2, 2]);
    for (const r of s.requests) {
      const names = Object.keys(r.headers);
      expect(names).not.toContain('cookie');
      expect(names).not.toContain('x-market-desk-secret');
      expect(names.filter((n) => /token|key|secret|auth/i.test(n))).toEqual([]);
    }
  });

  it('a request closed by the page cancels the read, also during a 429 wait', async () => {
    const waits: Array<{ ms: number; aborted: boolean }> = [];
    const clock: Clock = {
      now: () => Date.now(),
      sleep: (ms, signal) => {
        const w = { ms, aborted: false };
        waits.push(w);
        signal?.addEventListener('abort', () => (w.aborted = true), { once: true });
        return realClock.sleep(ms, signal);
      },
    };
    const { host: h, standin: s } = await setup(
      { rateLimit: { context: '2', start: null, retryAfter: '30', times: 1 } },
      clock,
    );
    const page = new AbortController();
    const res = await post(h, { profile: FIXTURE_STEAM_ID, appId: 730 }, { signal: page.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (let i = 0; i < 50 && !text.includes('"waiting"'); i++)
      text += decoder.decode((await reader.read()).value ?? new Uint8Array(), { stream: true });
    expect(text).toContain('"waitMs":30000');
    page.abort();
    await reader.cancel().catch(() => undefined);
    for (let i = 0; i < 100 && !waits.find((w) => w.ms === 30_000)?.aborted; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(waits.find((w) => w.ms === 30_000)?.aborted).toBe(true);
    expect(s.requests).toHaveLength(1);
  });

  it('refuses a bad request with a sentence, and anything but JSON', async () => {
    const { host: h, standin: s } = await setup();
    const bad = await post(h, { profile: '', appId: 730 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.stringMatching(/SteamID64/) } });
    const form = await fetch(`${h.url}/app/steam-inventory`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-market-desk-secret': SECRET },
      body: 'x',
    });
    expect(form.status).toBe(415);
    const get = await fetch(`${h.url}/app/steam-inventory`, { headers: { 'x-market-desk-secret': SECRET } });
    expect(get.status).toBe(405);
    expect(s.requests).toHaveLength(0);
  });
});
