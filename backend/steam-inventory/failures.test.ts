/**
 * How the fetcher turns each kind of bad answer into a result with a sentence, with a scripted fetch (the
 * shapes Steam is known to send; the stand-in tests cover the common ones over real HTTP).
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/fake-clock';
import type { FetchFn } from '../timed-fetch';
import { createSteamInventoryFetcher } from './fetch-inventory';

const ID = '76561190000000001';
const REQUEST = { profile: ID, appId: 440 };

function scripted(...answers: Array<() => Response>): { fetch: FetchFn; urls: string[]; inits: RequestInit[] } {
  const urls: string[] = [];
  const inits: RequestInit[] = [];
  return {
    urls,
    inits,
    fetch: async (url, init) => {
      urls.push(url);
      inits.push(init);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    },
  };
}

const json =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });

/** Waits under 10 minutes complete at once on the fake clock (pauses, backoff, Retry-After); the request timeouts (1 h) never fire. */
const TIMEOUTS = { headersTimeoutMs: 3_600_000, bodyIdleTimeoutMs: 3_600_000 };

function fetcherFor(
  f: ReturnType<typeof scripted>,
  extra: { maxPageBytes?: number; maxTotalBytes?: number; maxDescriptions?: number } = {},
) {
  return createSteamInventoryFetcher({
    fetch: f.fetch,
    clock: new FakeClock(Date.UTC(2026, 10, 25), 600_000),
    steamUrl: 'https://steam.example',
    ...TIMEOUTS,
    ...extra,
  });
}

describe('Steam answers the fetcher turns into sentences', () => {
  it.each([
    ['null with 200 (private)', json(200, 'null'), 'private', /private/],
    ['success false', json(200, '{"success":false}'), 'private', /private/],
    ['403', json(403, 'null'), 'private', /private/],
    ['404', json(404, 'null'), 'not-found', /no inventory/],
    ['not JSON', json(200, '<html>busy</html>'), 'bad-data', /not JSON/],
    ['wrong fields', json(200, '{"assets":"none"}'), 'bad-data', /cannot read/],
    [
      'more_items without last_assetid',
      json(200, '{"assets":[],"descriptions":[],"more_items":1,"total_inventory_count":3}'),
      'bad-data',
      /more items but not where/,
    ],
    [
      'a redirect',
      () => new Response(null, { status: 302, headers: { location: 'https://login.example/' } }),
      'network',
      /elsewhere \(login.example\)/,
    ],
  ])('%s', async (_what, answer, reason, message) => {
    const f = scripted(answer);
    expect(await fetcherFor(f)(REQUEST)).toEqual({ ok: false, reason, message: expect.stringMatching(message) });
  });

  it('reads no page larger than the cap', async () => {
    const big = JSON.stringify({
      assets: [],
      descriptions: [{ classid: '1', market_hash_name: 'x'.repeat(400) }],
      total_inventory_count: 0,
    });
    const f = scripted(json(200, big));
    expect(await fetcherFor(f, { maxPageBytes: 100 })(REQUEST)).toMatchObject({
      ok: false,
      reason: 'bad-data',
      message: expect.stringMatching(/larger than/),
    });
  });

  it('retries a 5xx with a growing backoff, then gives up with a sentence', async () => {
    const f = scripted(json(500, 'null'), json(502, 'null'), json(503, 'null'), json(500, 'null'));
    expect(await fetcherFor(f)(REQUEST)).toMatchObject({
      ok: false,
      reason: 'network',
      message: expect.stringMatching(/HTTP 500.*after 4 tries/),
    });
    expect(f.urls).toHaveLength(4);
  });

  it('a 429 without Retry-After (as Steam sends them) waits the backoff, 10 s doubling, then goes on', async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 25, 12), 600_000);
    const f = scripted(
      json(429, 'null'),
      json(429, 'null'),
      json(200, JSON.stringify({ assets: [], descriptions: [], total_inventory_count: 0, success: 1 })),
    );
    const fetcher = createSteamInventoryFetcher({
      fetch: f.fetch,
      clock,
      steamUrl: 'https://steam.example',
      pauseMs: 0,
      ...TIMEOUTS,
    });
    expect(await fetcher(REQUEST)).toMatchObject({ ok: true });
    expect(clock.waits(1, 600_000)).toEqual([10_000, 20_000]);
  });

  it('reads an HTTP-date Retry-After', async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 25, 12), 600_000);
    const f = scripted(
      json(429, 'null', { 'retry-after': 'Wed, 25 Nov 2026 12:00:42 GMT' }),
      json(200, JSON.stringify({ assets: [], descriptions: [], total_inventory_count: 0, success: 1 })),
    );
    const fetcher = createSteamInventoryFetcher({
      fetch: f.fetch,
      clock,
      steamUrl: 'https://steam.example',
      pauseMs: 0,
      ...TIMEOUTS,
    });
    expect(await fetcher(REQUEST)).toMatchObject({ ok: true });
    expect(clock.waits(0, 600_000)).toEqual([42_000]);
  });

  it('asks for one context for games other than CS2, with l=english, no credentials and only an accept header', async () => {
    const f = scripted(
      json(200, JSON.stringify({ assets: [], descriptions: [], total_inventory_count: 0, success: 1 })),
    );
    const result = await fetcherFor(f)(REQUEST);
    expect(result).toMatchObject({ ok: true, inventory: { assets: [] } });
    expect(f.urls).toEqual([`https://steam.example/inventory/${ID}/440/2?l=english&count=2000`]);
    expect(f.inits[0]).toMatchObject({ method: 'GET', credentials: 'omit', redirect: 'manual' });
    expect(Object.keys(f.inits[0]!.headers as Record<string, string>)).toEqual(['accept']);
  });

  it('leaves out and counts items it cannot read, and says so', async () => {
    const page = {
      assets: [{ assetid: '1', classid: '2', instanceid: '0', amount: '1' }, { assetid: 'x' }],
      descriptions: [],
      total_inventory_count: 2,
      success: 1,
    };
    const f = scripted(json(200, JSON.stringify(page)));
    const result = await fetcherFor(f)(REQUEST);
    expect(result).toMatchObject({
      ok: true,
      notes: ["1 item(s) in Steam's answer could not be read and are left out."],
    });
    expect(result.ok && result.inventory.assets).toEqual([
      { assetid: '1', classid: '2', instanceid: '0', amount: '1', contextid: '2' },
    ]);
  });
});

/** A page of `ids` assets (classid = id) with a description for each, plus `unused` descriptions no asset uses. */
function page(ids: number[], opts: { unused?: number; more?: boolean; pad?: number } = {}): () => Response {
  const assets = ids.map((id) => ({ assetid: String(id), classid: String(id), instanceid: '0', amount: '1' }));
  const descriptions = [
    ...ids.map((id) => ({
      classid: String(id),
      instanceid: '0',
      market_hash_name: `Item ${id}`,
      tradable: 1,
      marketable: 1,
      ...(opts.pad ? { pad: 'x'.repeat(opts.pad) } : {}),
    })),
    ...Array.from({ length: opts.unused ?? 0 }, (_, k) => ({
      classid: String(900_000 + k),
      instanceid: '0',
      market_hash_name: `Unused ${k}`,
      tradable: 1,
      marketable: 1,
    })),
  ];
  const body: Record<string, unknown> = { assets, descriptions, total_inventory_count: 99, success: 1 };
  if (opts.more) Object.assign(body, { more_items: 1, last_assetid: String(ids.at(-1)) });
  return json(200, JSON.stringify(body));
}

describe('what a fetch keeps: descriptions some asset uses, within caps across pages', () => {
  it('keeps only the descriptions some asset uses', async () => {
    const f = scripted(page([1, 2], { unused: 5_000, more: true }), page([3], { unused: 5_000 }));
    const result = await fetcherFor(f)(REQUEST);
    expect(result.ok && result.inventory.descriptions.map((d) => d.market_hash_name)).toEqual([
      'Item 1',
      'Item 2',
      'Item 3',
    ]);
  });

  it('stops with a sentence past the cap on different items (descriptions) across pages', async () => {
    const f = scripted(page([1, 2, 3], { more: true }), page([4, 5, 6], { more: true }), page([7]));
    expect(await fetcherFor(f, { maxDescriptions: 4 })(REQUEST)).toEqual({
      ok: false,
      reason: 'bad-data',
      message: 'The inventory has more than 4 different kinds of items; Market Desk stopped reading it.',
    });
    expect(f.urls).toHaveLength(2);
  });

  it('stops with a sentence when the pages together pass the byte cap, though each page is under its own', async () => {
    const f = scripted(
      page([1], { more: true, pad: 400 }),
      page([2], { more: true, pad: 400 }),
      page([3], { pad: 400 }),
    );
    expect(await fetcherFor(f, { maxPageBytes: 1_000, maxTotalBytes: 1_400 })(REQUEST)).toEqual({
      ok: false,
      reason: 'bad-data',
      message: expect.stringMatching(
        /^Steam's answers for this inventory came to more than 1 KB; Market Desk stopped reading it\./,
      ),
    });
    expect(f.urls).toHaveLength(3);
  });
});
