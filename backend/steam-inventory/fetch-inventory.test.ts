/**
 * The fetcher against the Steam stand-in as a real HTTP server on 127.0.0.1 (backend/testing/steam-standin.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { realClock, type Clock } from '../clock';
import { startSteamStandin, type SteamStandin, type SteamStandinOptions } from '../testing/steam-standin';
import {
  FIXTURE_CONTEXT_2,
  FIXTURE_EMPTY_ID,
  FIXTURE_PRIVATE_ID,
  FIXTURE_STEAM_ID,
  FIXTURE_VANITY,
} from '../../shared/steam/test-fixtures';
import type { SteamInventoryProgress, SteamInventoryResult } from '../../shared/steam/inventory';
import { RECENTLY_ACQUIRED_NOTE, createSteamInventoryFetcher, type SteamFetcherOptions } from './fetch-inventory';

let standin: SteamStandin | null = null;
afterEach(async () => {
  await standin?.close();
  standin = null;
});

/** The request timeouts (also sleeps on the clock), told apart from the polite waits. */
const TIMEOUT = 7_777;

/** The real clock, with every wait recorded and the short ones shortened (the 429 test needs no real seconds). */
function recordingClock(shortenBelowMs = 5_000): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => Date.now(),
    sleep: (ms, signal) => {
      if (ms !== TIMEOUT) sleeps.push(ms);
      return realClock.sleep(ms < shortenBelowMs ? Math.min(ms, 5) : ms, signal);
    },
  };
}

async function setup(standinOptions: SteamStandinOptions = {}, fetcherOptions: Partial<SteamFetcherOptions> = {}) {
  standin = await startSteamStandin(standinOptions);
  const clock = recordingClock();
  const fetcher = createSteamInventoryFetcher({
    fetch: (input, init) => fetch(input, init),
    clock,
    steamUrl: standin.url,
    pauseMs: 1_000,
    backoffMs: 2_000,
    headersTimeoutMs: TIMEOUT,
    bodyIdleTimeoutMs: TIMEOUT,
    ...fetcherOptions,
  });
  const progress: SteamInventoryProgress[] = [];
  return { standin, clock, fetcher, progress, onProgress: (p: SteamInventoryProgress) => progress.push(p) };
}

const stripAppId = <T extends { appid?: number }>({ appid: _appid, ...rest }: T) => rest;

describe('fetchSteamInventory against the stand-in', () => {
  it('reads both CS2 contexts page by page, start_assetid = last_assetid, politely, with progress after each page; says what a visitor cannot see', async () => {
    const { standin, clock, fetcher, progress, onProgress } = await setup();
    const result = await fetcher({ profile: FIXTURE_STEAM_ID, appId: 730 }, { onProgress });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // What Steam shows a visitor: context 2 without the AWPs bought in the last 10 days; context 16 refused.
    const visible = FIXTURE_CONTEXT_2.filter((a) => a.classid !== '3003');
    const inventoryRequests = standin.requests.filter((r) => r.path.startsWith('/inventory/'));
    expect(inventoryRequests.map((r) => [r.path, r.query])).toEqual([
      [`/inventory/${FIXTURE_STEAM_ID}/730/2`, { l: 'english', count: '2000' }],
      [`/inventory/${FIXTURE_STEAM_ID}/730/2`, { l: 'english', count: '2000', start_assetid: visible[4]!.assetid }],
      [`/inventory/${FIXTURE_STEAM_ID}/730/16`, { l: 'english', count: '2000' }],
    ]);
    // One pause before each request after the first.
    expect(clock.sleeps).toEqual([1_000, 1_000]);
    expect(result.steamId).toBe(FIXTURE_STEAM_ID);
    expect(result.inventory.assets).toEqual(visible.map(stripAppId));
    expect(result.inventory.descriptions.map((d) => d.market_hash_name).sort()).toEqual([
      '5 Year Veteran Coin',
      'AK-47 | Redline (Field-Tested)',
      'Fracture Case',
    ]);
    expect(result.inventory.descriptions.filter((d) => d.owner_descriptions !== undefined)).toEqual([]);
    expect(result.inventory.total_inventory_count).toBe(7);
    expect(result.notes).toEqual([
      'Trade-protected items (inventory context 16) are shown to their owner only and are not included.',
      RECENTLY_ACQUIRED_NOTE,
    ]);
    expect(progress.filter((p) => p.stage === 'page').map((p) => [p.context, p.pages, p.assets, p.total])).toEqual([
      ['2', 0, 0, null],
      ['2', 1, 5, 7],
      ['2', 2, 7, 7],
      ['16', 2, 7, null],
    ]);
  });

  it.each([
    ['a 5xx every time', 503, /could not be read: Steam had a problem \(HTTP 503\); it still did after 2 tries/],
    [
      'a 429 every time',
      429,
      /could not be read: Steam is limiting requests \(429 Too Many Requests\); it still did after 2 tries/,
    ],
  ])('keeps context 2 and says what is missing when context 16 answers %s', async (_what, status, said) => {
    const { fetcher, standin } = await setup(
      { rateLimit: { context: '16', start: null, retryAfter: null, times: 10, status } },
      { maxTries: 2 },
    );
    const result = await fetcher({ profile: FIXTURE_STEAM_ID, appId: 730 });
    expect(result).toMatchObject({
      ok: true,
      notes: [expect.stringMatching(/^Trade-protected items \(inventory context 16\) /), RECENTLY_ACQUIRED_NOTE],
    });
    expect(result.ok && result.notes?.[0]).toMatch(said);
    expect(result.ok && result.notes?.[0]).toMatch(/not included; fetch again later/);
    expect(result.ok && result.inventory.assets.map((a) => a.contextid)).toEqual(Array(7).fill('2'));
    expect(standin.requests.filter((r) => r.path.endsWith('/730/16'))).toHaveLength(2);
  });

  it('takes turns: two fetches at once never have two requests at Steam at the same time', async () => {
    const { standin, fetcher } = await setup({ delayMs: 30 }, { pauseMs: 0 });
    const [a, b] = await Promise.all([
      fetcher({ profile: FIXTURE_STEAM_ID, appId: 730 }),
      fetcher({ profile: FIXTURE_STEAM_ID, appId: 730 }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(standin.requests).toHaveLength(6);
    expect(standin.maxInFlight()).toBe(1);
  });

  it('sends nothing but the GET: no cookie, no authorization, no api-token, no key', async () => {
    const { standin, fetcher } = await setup();
    // A steamcommunity.com link: resolved and read at the configured address (the stand-in).
    await fetcher({ profile: `https://steamcommunity.com/id/${FIXTURE_VANITY}`, appId: 730 });
    expect(standin.requests.length).toBeGreaterThan(2);
    for (const r of standin.requests) {
      expect(r.method).toBe('GET');
      const names = Object.keys(r.headers);
      expect(names).not.toContain('cookie');
      expect(names).not.toContain('authorization');
      expect(names).not.toContain('api-token');
      expect(names.filter((n) => /token|key/i.test(n))).toEqual([]);
    }
  });

  it('resolves a custom profile link through ?xml=1, and says when there is no such profile', async () => {
    const { standin, fetcher, progress, onProgress } = await setup();
    const result = await fetcher({ profile: `${standin.url}/id/${FIXTURE_VANITY}/`, appId: 730 }, { onProgress });
    expect(result).toMatchObject({ ok: true, steamId: FIXTURE_STEAM_ID });
    expect(standin.requests[0]).toMatchObject({ path: `/id/${FIXTURE_VANITY}/`, query: { xml: '1' } });
    expect(progress[0]?.stage).toBe('resolving');
    const missing = await fetcher({ profile: 'nobody-here', appId: 730 });
    expect(missing).toEqual({
      ok: false,
      reason: 'not-found',
      message: expect.stringContaining('The specified profile could not be found.'),
    });
  });

  it('waits out a 429 for its Retry-After, says so in progress, then goes on', async () => {
    const { clock, fetcher, progress, onProgress, standin } = await setup({
      // The 5th asset a visitor sees (the AWPs bought in the last 10 days are not shown): the first page's last.
      rateLimit: {
        context: '2',
        start: FIXTURE_CONTEXT_2.filter((a) => a.classid !== '3003')[4]!.assetid,
        retryAfter: '3',
        times: 1,
      },
    });
    const result = await fetcher({ profile: FIXTURE_STEAM_ID, appId: 730 }, { onProgress });
    expect(result.ok).toBe(true);
    expect(clock.sleeps).toContain(3_000);
    expect(progress.find((p) => p.stage === 'waiting')).toMatchObject({ waitMs: 3_000, context: '2', pages: 1 });
    expect(standin.requests.filter((r) => r.path.endsWith('/730/2'))).toHaveLength(3);
    expect(result.ok && result.inventory.assets).toHaveLength(7);
  });

  it('gives up with a sentence after a few 429s, and at once when Retry-After asks for longer than the cap', async () => {
    const a = await setup({ rateLimit: { context: '2', start: null, retryAfter: null, times: 10 } }, { maxTries: 3 });
    expect(await a.fetcher({ profile: FIXTURE_STEAM_ID, appId: 730 })).toEqual({
      ok: false,
      reason: 'rate-limited',
      message: expect.stringMatching(/429 Too Many Requests.*after 3 tries/),
    });
    // No Retry-After: growing backoff.
    expect(a.clock.sleeps.filter((ms) => ms >= 2_000)).toEqual([2_000, 4_000]);
    await a.standin.close();
    standin = null;
    const b = await setup(
      { rateLimit: { context: '2', start: null, retryAfter: '3600', times: 1 } },
      { maxWaitMs: 60_000 },
    );
    expect(await b.fetcher({ profile: FIXTURE_STEAM_ID, appId: 730 })).toEqual({
      ok: false,
      reason: 'rate-limited',
      message: expect.stringMatching(/asks to wait 60 minutes/),
    });
    expect(b.standin.requests).toHaveLength(1);
  });

  it('cancels during a 429 wait at once', async () => {
    const { fetcher, standin } = await setup({ rateLimit: { context: '2', start: null, retryAfter: '30', times: 1 } });
    const controller = new AbortController();
    const pending = fetcher(
      { profile: FIXTURE_STEAM_ID, appId: 730 },
      {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.stage === 'waiting') setTimeout(() => controller.abort(), 20);
        },
      },
    );
    const result = await pending;
    expect(result).toEqual({ ok: false, reason: 'cancelled', message: 'Fetching from Steam was cancelled.' });
    expect(standin.requests).toHaveLength(1);
  });

  it('says a private inventory is private, and answers an empty one with no assets', async () => {
    const { fetcher } = await setup();
    const priv: SteamInventoryResult = await fetcher({ profile: FIXTURE_PRIVATE_ID, appId: 730 });
    expect(priv).toEqual({ ok: false, reason: 'private', message: expect.stringMatching(/private/) });
    const empty = await fetcher({ profile: FIXTURE_EMPTY_ID, appId: 730 });
    expect(empty).toMatchObject({ ok: true, inventory: { assets: [], descriptions: [], total_inventory_count: 0 } });
  });

  it("says the trade-protected items are the owner's only when Steam answers context 16 empty, as when it refuses it", async () => {
    const { fetcher } = await setup({ context16: 'empty' });
    const result = await fetcher({ profile: FIXTURE_STEAM_ID, appId: 730 });
    expect(result).toMatchObject({
      ok: true,
      notes: [
        'Trade-protected items (inventory context 16) are shown to their owner only and are not included.',
        RECENTLY_ACQUIRED_NOTE,
      ],
    });
    expect(result.ok && result.inventory.assets).toHaveLength(FIXTURE_CONTEXT_2.length - 2);
  });

  it('asks for fewer items when Steam refuses the page size with 400, and keeps the smaller size for the next context', async () => {
    const { fetcher, standin } = await setup({}, { pageSize: 5_000 });
    const result = await fetcher({ profile: FIXTURE_STEAM_ID, appId: 730 });
    expect(result.ok).toBe(true);
    expect(standin.requests.map((r) => r.query.count)).toEqual(['5000', '1000', '1000', '1000']);
  });

  it('refuses a bad profile without a request, and reports an unreachable Steam', async () => {
    const { fetcher, standin } = await setup();
    expect(await fetcher({ profile: 'https://evil.example/profiles/76561190000000001', appId: 730 })).toMatchObject({
      ok: false,
      reason: 'bad-profile',
    });
    expect(standin.requests).toHaveLength(0);
    const offline = createSteamInventoryFetcher({
      fetch: (input, init) => fetch(input, init),
      steamUrl: 'http://127.0.0.1:9',
      pauseMs: 0,
    });
    expect(await offline({ profile: FIXTURE_STEAM_ID, appId: 730 })).toMatchObject({
      ok: false,
      reason: 'network',
      message: expect.stringMatching(/could not be reached/),
    });
  });
});
