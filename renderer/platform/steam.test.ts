/**
 * DesktopApi.fetchSteamInventory on both hosts, from the page's side: through a fake context bridge that
 * behaves as Electron's (plain data copied without prototypes, functions proxied:
 * https://www.electronjs.org/docs/latest/api/context-bridge#parameter--error--return-type-support), and
 * through the web host's NDJSON route (a fake fetch streaming the lines in odd chunks).
 */
import { describe, expect, it } from 'vitest';
import type { SteamInventoryProgress, SteamInventoryResult } from '../../shared/steam/inventory';
import { createElectronApi } from './electron';
import { createWebApi } from './web';
import { fetchSteamViaHost } from './web-steam';

const REQUEST = { profile: 'https://steamcommunity.com/id/someone', appId: 730 };
const PROGRESS: SteamInventoryProgress = { stage: 'page', context: '2', pages: 1, assets: 5, total: 9, waitMs: null };
const RESULT: SteamInventoryResult = {
  ok: true,
  steamId: '76561190000000001',
  inventory: {
    assets: [{ assetid: '1', classid: '2', instanceid: '0', amount: '1', contextid: '2' }],
    descriptions: [{ classid: '2', instanceid: '0', market_hash_name: 'Fracture Case', tradable: 1, marketable: 1 }],
    total_inventory_count: 1,
  },
  fetchedAt: 5,
};

/** What crossing Electron's context bridge does to a value. */
function cross(value: unknown): unknown {
  if (typeof value === 'function')
    return (...args: unknown[]) => cross((value as (...a: unknown[]) => unknown)(...args.map(cross)));
  if (value instanceof Promise) return value.then(cross);
  if (Array.isArray(value)) return value.map(cross);
  if (typeof value === 'object' && value !== null) {
    // Own enumerable keys only: an AbortSignal arrives as {} (its members live on the prototype).
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = cross((value as Record<string, unknown>)[key]);
    return Object.freeze(out);
  }
  return value;
}

/** A preload whose fetch reports progress, then waits for the cancel or `finish`. */
function fakePreload(answer: unknown = RESULT) {
  const seen: { request?: unknown; aborted?: boolean } = {};
  let finish: () => void = () => undefined;
  const fetchSteamInventory = async (
    request: unknown,
    options: {
      onProgress: (p: unknown) => void;
      signal?: { aborted: boolean; addEventListener: (t: 'abort', l: () => void) => void };
    },
  ) => {
    seen.request = request;
    options.onProgress(PROGRESS);
    options.onProgress({ ...PROGRESS, stage: 'nonsense' });
    await new Promise<void>((resolve) => {
      finish = resolve;
      options.signal?.addEventListener('abort', () => {
        seen.aborted = true;
        resolve();
      });
    });
    return seen.aborted ? { ok: false, reason: 'cancelled', message: 'Fetching from Steam was cancelled.' } : answer;
  };
  const fn = async () => undefined;
  const bridge = {
    getStatus: fn,
    onStatus: () => () => undefined,
    connect: fn,
    useDemo: fn,
    forgetKey: fn,
    retryNow: fn,
    openExternal: fn,
    saveFile: fn,
    saveFiles: fn,
    notify: fn,
    onNotificationClick: () => () => undefined,
    fetchSteamInventory,
  };
  return { bridge: cross(bridge), seen, finish: () => finish() };
}

describe('fetchSteamInventory through the Electron bridge', () => {
  it('passes valid progress on, and the result parsed', async () => {
    const p = fakePreload();
    const api = createElectronApi(p.bridge);
    const got: SteamInventoryProgress[] = [];
    const pending = api.fetchSteamInventory(REQUEST, { onProgress: (x) => got.push(x) });
    await new Promise((r) => setTimeout(r, 0));
    p.finish();
    await expect(pending).resolves.toEqual(RESULT);
    expect(got).toEqual([PROGRESS]);
    expect(p.seen.request).toEqual(REQUEST);
  });

  it('cancels across the bridge: the abort reaches the preload although an AbortSignal cannot cross', async () => {
    const p = fakePreload();
    const api = createElectronApi(p.bridge);
    const controller = new AbortController();
    const pending = api.fetchSteamInventory(REQUEST, { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 0));
    controller.abort();
    await expect(pending).resolves.toMatchObject({ ok: false, reason: 'cancelled' });
    expect(p.seen.aborted).toBe(true);
  });

  it('turns odd answers, a missing method and bad requests into failures with a sentence', async () => {
    const odd = fakePreload({ ok: true, steamId: 'x' });
    const pending = createElectronApi(odd.bridge).fetchSteamInventory(REQUEST, {});
    await new Promise((r) => setTimeout(r, 0));
    odd.finish();
    await expect(pending).resolves.toMatchObject({ ok: false, reason: 'bad-data' });

    const { fetchSteamInventory: _gone, ...older } = fakePreload().bridge as Record<string, unknown>;
    await expect(createElectronApi(older).fetchSteamInventory(REQUEST, {})).resolves.toMatchObject({
      ok: false,
      message: expect.stringMatching(/not available/),
    });

    const p = fakePreload();
    await expect(
      createElectronApi(p.bridge).fetchSteamInventory({ profile: ' ', appId: 730 }, {}),
    ).resolves.toMatchObject({ ok: false, reason: 'bad-profile' });
    expect(p.seen.request).toBeUndefined();
  });
});

/** A streamed NDJSON answer, cut into chunks at odd places. */
function ndjson(lines: unknown[], chunk = 7): Response {
  const text = lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(out) {
        if (at >= bytes.length) {
          out.close();
          return;
        }
        out.enqueue(bytes.slice(at, at + chunk));
        at += chunk;
      },
    }),
    { status: 200, headers: { 'content-type': 'application/x-ndjson' } },
  );
}

describe('fetchSteamInventory through the web host', () => {
  it('posts the request as JSON and reads progress lines, then the result', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const api = createWebApi({
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return ndjson([{ progress: PROGRESS }, { progress: { junk: 1 } }, { result: RESULT }]);
      },
      eventSource: () => ({
        onopen: null,
        onmessage: null,
        onerror: null,
        addEventListener: () => undefined,
        close: () => undefined,
      }),
    });
    const got: SteamInventoryProgress[] = [];
    await expect(api.fetchSteamInventory(REQUEST, { onProgress: (p) => got.push(p) })).resolves.toEqual(RESULT);
    expect(got).toEqual([PROGRESS]);
    expect(calls[0]?.url).toBe('/app/steam-inventory');
    expect(calls[0]?.init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: JSON.stringify(REQUEST) });
  });

  it('an abort cancels the request; a refused or cut-off answer is a failure with a sentence', async () => {
    const controller = new AbortController();
    const pending = fetchSteamViaHost(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      '/app/steam-inventory',
      REQUEST,
      { signal: controller.signal },
    );
    controller.abort();
    await expect(pending).resolves.toMatchObject({ ok: false, reason: 'cancelled' });

    const refused = async () =>
      new Response(JSON.stringify({ error: { code: 'BAD_REQUEST', message: 'Enter a Steam profile link.' } }), {
        status: 400,
      });
    await expect(fetchSteamViaHost(refused, '/x', REQUEST, {})).resolves.toEqual({
      ok: false,
      reason: 'bad-profile',
      message: 'Enter a Steam profile link.',
    });

    const cut = async () => ndjson([{ progress: PROGRESS }]);
    await expect(fetchSteamViaHost(cut, '/x', REQUEST, {})).resolves.toMatchObject({
      ok: false,
      reason: 'network',
      message: expect.stringMatching(/stopped before/),
    });

    const offline = async () => Promise.reject(new TypeError('fetch failed'));
    await expect(fetchSteamViaHost(offline, '/x', REQUEST, {})).resolves.toMatchObject({
      ok: false,
      reason: 'network',
      message: expect.stringMatching(/cannot reach its web host/),
    });
  });
});
