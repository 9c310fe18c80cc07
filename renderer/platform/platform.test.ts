import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../../shared/api/status';
import { MAX_EXPORT_CHUNK_BYTES } from '../../shared/export/stream-files';
import { MAX_FILE_BYTES } from '../../shared/files/save';
import { cleanIpcMessage, createElectronApi } from './electron';
import { PlatformError } from './errors';
import { pickDesktopApi } from './index';
import { createWebApi } from './web';
import type { EventSourceLike } from './web-events';
import { buildZip } from './web-files';

const good: ConnectionStatus = {
  state: 'demo',
  baseUrl: '',
  message: 'Showing demo data from the built-in reference service.',
  action: 'Add your API key in Settings to see live prices.',
  hasKey: false,
  keyStorage: 'none',
  weakStorageOnly: false,
  nextRetryAt: null,
  since: 1_700_000_000_000,
};

function bridge(overrides: Record<string, unknown> = {}) {
  let push: ((s: unknown) => void) | null = null;
  let click: ((t: unknown) => void) | null = null;
  const b = {
    getStatus: vi.fn(async () => good as unknown),
    onStatus: vi.fn((l: (s: unknown) => void) => {
      push = l;
      return () => {
        push = null;
      };
    }),
    connect: vi.fn(
      async () => ({ ...good, state: 'connected', baseUrl: 'https://api.example.com', hasKey: true }) as unknown,
    ),
    useDemo: vi.fn(async () => good as unknown),
    forgetKey: vi.fn(async () => good as unknown),
    retryNow: vi.fn(async () => good as unknown),
    openExternal: vi.fn(async () => undefined),
    saveFile: vi.fn(async () => ({ saved: true, path: '/home/me/a.png' }) as unknown),
    saveFiles: vi.fn(async () => ({ saved: false }) as unknown),
    notify: vi.fn(async () => ({ shown: true }) as unknown),
    onNotificationClick: vi.fn((l: (t: unknown) => void) => {
      click = l;
      return () => {
        click = null;
      };
    }),
    ...overrides,
  };
  return { b, push: (s: unknown) => push?.(s), click: (t: unknown) => click?.(t) };
}

describe('Electron DesktopApi', () => {
  it('passes valid statuses through', async () => {
    const { b } = bridge();
    const api = createElectronApi(b);
    expect(api.host).toBe('electron');
    await expect(api.getStatus()).resolves.toEqual(good);
    const s = await api.connect({ baseUrl: 'https://api.example.com', apiKey: 'k', acceptWeakStorage: false });
    expect(s.state).toBe('connected');
    expect(b.connect).toHaveBeenCalledWith({
      baseUrl: 'https://api.example.com',
      apiKey: 'k',
      acceptWeakStorage: false,
    });
  });

  it('turns bad bridge data into a clear PlatformError, not a crash', async () => {
    const { b } = bridge({ getStatus: async () => ({ state: 'happy', hasKey: 'yes' }) });
    const api = createElectronApi(b);
    const err = await api.getStatus().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).kind).toBe('invalid-data');
    expect((err as PlatformError).message).toMatch(/could not read the connection status/);
    expect((err as PlatformError).detail).toMatch(/state/);
  });

  it('a keyring-locked status (Retry) is valid; Retry reaches the host', async () => {
    const locked = {
      ...good,
      state: 'demo',
      keyStorage: 'keyring-locked',
      hasKey: true,
      message: 'The keyring is locked: unlock it and retry.',
    };
    const { b } = bridge({ retryNow: async () => locked });
    await expect(createElectronApi(b).retryNow()).resolves.toEqual(locked);
  });

  it('rejects non-objects and nulls from the bridge', async () => {
    for (const bad of [
      null,
      undefined,
      'connected',
      42,
      [],
      { ...good, since: 'now' },
      { ...good, keyStorage: 'keychain' },
    ]) {
      const { b } = bridge({ getStatus: async () => bad });
      await expect(createElectronApi(b).getStatus()).rejects.toBeInstanceOf(PlatformError);
    }
  });

  it('drops invalid pushed statuses and reports them as problems', () => {
    const { b, push } = bridge();
    const api = createElectronApi(b);
    const statuses: ConnectionStatus[] = [];
    const problems: PlatformError[] = [];
    api.onStatus((s) => statuses.push(s));
    api.onProblem((p) => problems.push(p));
    push({ nonsense: true });
    push({ ...good, state: 'connected' });
    expect(statuses.map((s) => s.state)).toEqual(['connected']);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.kind).toBe('invalid-data');
  });

  it('a missing or incomplete bridge gives an API whose calls fail clearly', async () => {
    for (const candidate of [{}, { getStatus: 1 }, 'bridge', { ...bridge().b, forgetKey: undefined }]) {
      const api = createElectronApi(candidate);
      const err = await api.getStatus().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PlatformError);
      expect((err as PlatformError).kind).toBe('bridge-missing');
      expect(() => api.onStatus(() => {})()).not.toThrow();
    }
  });

  it('IPC errors read as the main process meant them', async () => {
    const { b } = bridge({
      connect: async () => {
        throw new Error("Error invoking remote method 'market-desk:connect': Error: Enter your API key.");
      },
    });
    const err = await createElectronApi(b)
      .connect({ baseUrl: '', apiKey: '', acceptWeakStorage: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).message).toBe('Enter your API key.');
    expect(cleanIpcMessage('plain')).toBe('plain');
  });
});

describe('Electron DesktopApi: saving files', () => {
  const png = { suggestedName: 'a-2026-11-23.png', mime: 'image/png', bytes: new Uint8Array([1, 2, 3]) };

  it('passes valid requests to the bridge and validates its answers', async () => {
    const { b } = bridge();
    const api = createElectronApi(b);
    await expect(api.saveFile(png)).resolves.toEqual({ saved: true, path: '/home/me/a.png' });
    expect(b.saveFile).toHaveBeenCalledWith(png);
    await expect(
      api.saveFiles({ folderName: 'f', files: [{ name: 'a.csv', bytes: new Uint8Array(1) }] }),
    ).resolves.toEqual({ saved: false });
    const odd = createElectronApi(bridge({ saveFile: async () => ({ saved: 'maybe' }) }).b);
    const err = (await odd.saveFile(png).catch((e: unknown) => e)) as PlatformError;
    expect(err.kind).toBe('invalid-data');
  });

  it('refuses oversized or oddly named files itself, with a sentence, without calling the bridge', async () => {
    const { b } = bridge();
    const api = createElectronApi(b);
    const big = (await api
      .saveFile({ ...png, bytes: new Uint8Array(MAX_FILE_BYTES + 1) })
      .catch((e: unknown) => e)) as PlatformError;
    expect(big.kind).toBe('refused');
    expect(big.message).toBe('Market Desk will not save that: a file is larger than 64 MiB.');
    await expect(api.saveFile({ ...png, suggestedName: '../a.png' })).rejects.toBeInstanceOf(PlatformError);
    expect(b.saveFile).not.toHaveBeenCalled();
  });
});

describe('Electron DesktopApi: streamed exports', () => {
  const openReq = {
    folderName: 'price-history-game-730',
    files: ['price-history-730.csv', 'provenance.json'],
    estimateBytes: 1000,
  };

  it('checks every request before it crosses and every opening that comes back', async () => {
    const opened = { opened: true, exportId: 'e-12345678', path: '/home/me/x' };
    const openExport = vi.fn(async () => opened as unknown);
    const writeExport = vi.fn(async () => undefined);
    const { b } = bridge({
      openExport,
      writeExport,
      endExport: vi.fn(async () => undefined),
      abortExport: vi.fn(async () => undefined),
    });
    const api = createElectronApi(b);
    await expect(api.openExport(openReq)).resolves.toEqual(opened);
    await api.writeExport({ exportId: 'e-12345678', name: 'price-history-730.csv', chunk: new Uint8Array(3) });
    expect(writeExport).toHaveBeenCalledTimes(1);
    const big = (await api
      .writeExport({
        exportId: 'e-12345678',
        name: 'price-history-730.csv',
        chunk: new Uint8Array(MAX_EXPORT_CHUNK_BYTES + 1),
      })
      .catch((e: unknown) => e)) as PlatformError;
    expect(big.kind).toBe('refused');
    await expect(api.openExport({ ...openReq, files: ['../x.csv'] })).rejects.toBeInstanceOf(PlatformError);
    expect(writeExport).toHaveBeenCalledTimes(1);
    expect(openExport).toHaveBeenCalledTimes(1);
    openExport.mockResolvedValueOnce({ opened: true, exportId: '../../etc', path: '/x' });
    expect(((await api.openExport(openReq).catch((e: unknown) => e)) as PlatformError).kind).toBe('invalid-data');
  });

  it('an older preload without them refuses with a sentence', async () => {
    const api = createElectronApi(bridge().b);
    await expect(api.openExport(openReq)).rejects.toThrow(/cannot stream exports/);
  });
});

function fakeFetch(routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const f = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const route = routes[`${init?.method ?? 'GET'} ${url}`];
    if (!route) return new Response('not found', { status: 404 });
    return route(init);
  });
  return { fetch: f as unknown as typeof fetch, calls };
}

const json = (v: unknown, status = 200) =>
  new Response(JSON.stringify(v), { status, headers: { 'content-type': 'application/json' } });

describe('web DesktopApi: streamed exports', () => {
  it('opens an export on the host, starts one download per file, sends chunks as bytes, and reports the host\u2019s refusal', async () => {
    const id = '0c9d7a52-1111-4222-8333-944455556666';
    const { fetch, calls } = fakeFetch({
      'POST /app/export': () => json({ opened: true, exportId: id, path: '' }),
      [`POST /app/export/${id}/write?name=a.csv`]: () => new Response(null, { status: 204 }),
      [`POST /app/export/${id}/write?name=provenance.json`]: () =>
        json({ error: { code: 'EXPORT_STOPPED', message: 'The browser stopped the download.' } }, 409),
      [`POST /app/export/${id}/end`]: () => new Response(null, { status: 204 }),
    });
    const started: Array<[string, string]> = [];
    const api = createWebApi({ fetch, downloadUrl: (name, url) => started.push([name, url]) });
    await expect(
      api.openExport({ folderName: 'x', files: ['a.csv', 'provenance.json'], estimateBytes: 10 }),
    ).resolves.toEqual({ opened: true, exportId: id, path: '' });
    expect(started).toEqual([
      ['a.csv', `/app/export/${id}/file/a.csv`],
      ['provenance.json', `/app/export/${id}/file/provenance.json`],
    ]);
    await api.writeExport({ exportId: id, name: 'a.csv', chunk: new Uint8Array([1, 2, 3]) });
    const sent = calls.at(-1)!.init!;
    expect(new Headers(sent.headers).get('content-type')).toBe('application/octet-stream');
    expect([...(sent.body as Uint8Array)]).toEqual([1, 2, 3]);
    await api.endExport({ exportId: id, name: 'a.csv' });
    await expect(api.writeExport({ exportId: id, name: 'provenance.json', chunk: new Uint8Array(1) })).rejects.toThrow(
      'The browser stopped the download.',
    );
    // Checked before anything is sent.
    const before = calls.length;
    await expect(api.openExport({ folderName: 'x', files: ['../a.csv'], estimateBytes: 10 })).rejects.toBeInstanceOf(
      PlatformError,
    );
    await expect(
      api.writeExport({ exportId: 'not an id', name: 'a.csv', chunk: new Uint8Array(1) }),
    ).rejects.toBeInstanceOf(PlatformError);
    expect(calls.length).toBe(before);
  });
});

class FakeEventSource implements EventSourceLike {
  static last: FakeEventSource | null = null;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(): void {}
  close(): void {
    this.closed = true;
  }
  send(data: string) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

describe('web host DesktopApi', () => {
  it('uses exactly the documented control endpoints', async () => {
    const { fetch, calls } = fakeFetch({
      'GET /app/status': () => json(good),
      'POST /app/connect': () => json({ ...good, state: 'key-rejected' }),
      'POST /app/demo': () => json(good),
      'POST /app/forget': () => json(good),
      'POST /app/open-external': () => new Response(null, { status: 204 }),
    });
    const opened: string[] = [];
    const api = createWebApi({ fetch, eventSource: (u) => new FakeEventSource(u), openWindow: (u) => opened.push(u) });
    expect(api.host).toBe('web');
    await api.getStatus();
    const s = await api.connect({ baseUrl: 'http://127.0.0.1:1', apiKey: 'wrong', acceptWeakStorage: true });
    expect(s.state).toBe('key-rejected');
    await api.useDemo();
    await api.forgetKey();
    await api.openExternal('https://example.com/');
    expect(calls.map((c) => `${c.init?.method} ${c.url}`)).toEqual([
      'GET /app/status',
      'POST /app/connect',
      'POST /app/demo',
      'POST /app/forget',
      'POST /app/open-external',
    ]);
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'wrong',
      acceptWeakStorage: true,
    });
    expect(JSON.parse(String(calls[4]?.init?.body))).toEqual({ url: 'https://example.com/' });
    expect(opened).toEqual(['https://example.com/']);
  });

  it('bad JSON, wrong shapes and HTTP errors become PlatformErrors with readable messages', async () => {
    const { fetch } = fakeFetch({
      'GET /app/status': () => new Response('<html>oops</html>', { status: 200 }),
      'POST /app/demo': () => json({ state: 'demo' }),
      'POST /app/connect': () =>
        json({ error: { code: 'BAD_REQUEST', message: 'The Base URL must start with https://.' } }, 400),
      'POST /app/forget': () => new Response('boom', { status: 500 }),
    });
    const api = createWebApi({ fetch, eventSource: (u) => new FakeEventSource(u) });
    const e1 = (await api.getStatus().catch((e: unknown) => e)) as PlatformError;
    expect(e1.kind).toBe('invalid-data');
    const e2 = (await api.useDemo().catch((e: unknown) => e)) as PlatformError;
    expect(e2.kind).toBe('invalid-data');
    const e3 = (await api
      .connect({ baseUrl: 'ftp://x', apiKey: 'k', acceptWeakStorage: false })
      .catch((e: unknown) => e)) as PlatformError;
    expect(e3.kind).toBe('refused');
    expect(e3.message).toBe('The Base URL must start with https://.');
    const e4 = (await api.forgetKey().catch((e: unknown) => e)) as PlatformError;
    expect(e4.kind).toBe('refused');
    expect(e4.message).toMatch(/HTTP 500/);
  });

  it('a host that cannot be reached is said so', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const err = (await createWebApi({ fetch })
      .getStatus()
      .catch((e: unknown) => e)) as PlatformError;
    expect(err.kind).toBe('unreachable');
    expect(err.message).toMatch(/cannot reach its web host/);
  });

  it('a POST answered 204 reads the status afresh', async () => {
    const { fetch, calls } = fakeFetch({
      'POST /app/demo': () => new Response(null, { status: 204 }),
      'GET /app/status': () => json(good),
    });
    await expect(createWebApi({ fetch }).useDemo()).resolves.toEqual(good);
    expect(calls).toHaveLength(2);
  });

  it('streams statuses from /app/events, validating each; bad events are problems', () => {
    const { fetch } = fakeFetch({});
    const api = createWebApi({ fetch, eventSource: (u) => new FakeEventSource(u) });
    const seen: string[] = [];
    const problems: PlatformError[] = [];
    api.onProblem((p) => problems.push(p));
    const off = api.onStatus((s) => seen.push(s.state));
    const es = FakeEventSource.last!;
    expect(es.url).toBe('/app/events');
    es.send(JSON.stringify({ ...good, state: 'connecting' }));
    es.send('not json');
    es.send(JSON.stringify({ ...good, state: 'exploded' }));
    es.send(JSON.stringify({ ...good, state: 'connected' }));
    es.onerror?.(new Event('error'));
    expect(seen).toEqual(['connecting', 'connected']);
    expect(problems.map((p) => p.kind)).toEqual(['invalid-data', 'invalid-data', 'unreachable']);
    off();
    expect(es.closed).toBe(true);
  });
});

describe('web host DesktopApi: saving files', () => {
  const downloads = () => {
    const got: { name: string; blob: Blob }[] = [];
    return { got, download: (name: string, blob: Blob) => void got.push({ name, blob }) };
  };

  it('saveFile is a download of exactly the bytes, with the type of its extension; no host call', async () => {
    const { fetch, calls } = fakeFetch({});
    const d = downloads();
    const api = createWebApi({ fetch, download: d.download });
    const bytes = new TextEncoder().encode('\uFEFFa,b\r\n');
    await expect(api.saveFile({ suggestedName: 'x-2026-11-23.csv', mime: 'text/csv', bytes })).resolves.toEqual({
      saved: true,
    });
    expect(d.got).toHaveLength(1);
    expect(d.got[0]!.name).toBe('x-2026-11-23.csv');
    expect(d.got[0]!.blob.type).toBe('text/csv');
    expect(new Uint8Array(await d.got[0]!.blob.arrayBuffer())).toEqual(bytes);
    expect(calls).toHaveLength(0);
  });

  it('saveFiles downloads one zip named after the folder that unzips to the same files', async () => {
    const d = downloads();
    const api = createWebApi({ fetch: fakeFetch({}).fetch, download: d.download });
    const files = [
      { name: 'top-2026-11-23.png', bytes: new Uint8Array([137, 80, 78, 71, 0, 255]) },
      {
        name: 'top-2026-11-23.svg',
        bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'.repeat(50)),
      },
      { name: 'top-2026-11-23.csv', bytes: new TextEncoder().encode('\uFEFFItem,Price\r\nAK,1.500\r\n') },
    ];
    await expect(api.saveFiles({ folderName: 'cs2-market-2026-11-23', files })).resolves.toEqual({ saved: true });
    expect(d.got.map((g) => [g.name, g.blob.type])).toEqual([['cs2-market-2026-11-23.zip', 'application/zip']]);
    const unzipped = unzipSync(new Uint8Array(await d.got[0]!.blob.arrayBuffer()));
    expect(Object.keys(unzipped).sort()).toEqual(files.map((f) => f.name).sort());
    for (const f of files) expect(unzipped[f.name]).toEqual(f.bytes);
  });

  it('buildZip stores PNGs as they are and deflates text', () => {
    const text = new TextEncoder().encode('a'.repeat(10_000));
    const zip = buildZip({ folderName: 'f', files: [{ name: 'a.csv', bytes: text }] });
    expect(zip.byteLength).toBeLessThan(1_000);
    const stored = buildZip({ folderName: 'f', files: [{ name: 'a.png', bytes: text }] });
    expect(stored.byteLength).toBeGreaterThan(10_000);
  });

  it('refuses traversal, duplicate names and oversized files before downloading anything', async () => {
    const d = downloads();
    const api = createWebApi({ fetch: fakeFetch({}).fetch, download: d.download });
    const one = { name: 'a.csv', bytes: new Uint8Array(1) };
    await expect(api.saveFiles({ folderName: '../x', files: [one] })).rejects.toBeInstanceOf(PlatformError);
    await expect(api.saveFiles({ folderName: 'x', files: [{ ...one, name: '../a.csv' }] })).rejects.toBeInstanceOf(
      PlatformError,
    );
    await expect(api.saveFiles({ folderName: 'x', files: [one, one] })).rejects.toThrow(/same name/);
    await expect(
      api.saveFile({ suggestedName: 'a.png', mime: 'image/png', bytes: new Uint8Array(MAX_FILE_BYTES + 1) }),
    ).rejects.toThrow(/larger than 64 MiB/);
    expect(d.got).toHaveLength(0);
  });
});

describe('pickDesktopApi', () => {
  it('picks Electron when window.marketDesk exists, else the web host', () => {
    expect(pickDesktopApi({ marketDesk: bridge().b }).host).toBe('electron');
    expect(pickDesktopApi({}).host).toBe('web');
  });
});

describe('notifications', () => {
  const request = {
    title: 'AK-47 | Redline (Field-Tested)',
    body: 'Best ask $9.80 on Buff163: below $10.00',
    target: { game: 730, item: 'AK-47 | Redline (Field-Tested)', alertId: 'a1' },
  };

  it('Electron: validated both ways; clicks come back as targets; always allowed', async () => {
    const { b, click } = bridge();
    const api = createElectronApi(b);
    expect(api.notificationPermission()).toBe('granted');
    await expect(api.notify(request)).resolves.toEqual({ shown: true });
    expect(b.notify).toHaveBeenCalledWith(request);
    await expect(api.notify({ ...request, title: '' })).rejects.toBeInstanceOf(PlatformError);
    expect(b.notify).toHaveBeenCalledTimes(1);
    const odd = createElectronApi(bridge({ notify: async () => ({ shown: 'yes' }) }).b);
    await expect(odd.notify(request)).rejects.toMatchObject({ kind: 'invalid-data' });
    const targets: unknown[] = [];
    const problems: PlatformError[] = [];
    api.onProblem((p) => problems.push(p));
    const off = api.onNotificationClick((t) => targets.push(t));
    click(request.target);
    click({ game: 'x' });
    expect(targets).toEqual([request.target]);
    expect(problems.map((p) => p.kind)).toEqual(['invalid-data']);
    off();
    click(request.target);
    expect(targets).toHaveLength(1);
  });

  it('web: the browser Notification API once allowed, with a tag per alert; a click is passed on', async () => {
    let permission: 'default' | 'granted' | 'denied' = 'default';
    const shown: Array<{ title: string; body: string; tag: string; click: () => void }> = [];
    const api = createWebApi({
      fetch: fakeFetch({}).fetch,
      notifications: {
        permission: () => permission,
        requestPermission: async () => (permission = 'granted'),
        show: (title, options, onClick) => void shown.push({ title, ...options, click: onClick }),
      },
    });
    expect(api.notificationPermission()).toBe('default');
    const before = await api.notify(request);
    expect(before.shown).toBe(false);
    expect(before.reason).toMatch(/not enabled/);
    await expect(api.requestNotificationPermission()).resolves.toBe('granted');
    await expect(api.notify(request)).resolves.toEqual({ shown: true });
    expect(shown).toEqual([
      { title: request.title, body: request.body, tag: 'market-desk-alert-a1', click: expect.any(Function) },
    ]);
    const targets: unknown[] = [];
    api.onNotificationClick((t) => targets.push(t));
    shown[0]!.click();
    expect(targets).toEqual([request.target]);
    permission = 'denied';
    expect((await api.notify(request)).reason).toMatch(/blocks notifications/);
  });

  it('web: a browser that refuses or has no notifications is a reason, not a crash', async () => {
    const refusing = createWebApi({
      fetch: fakeFetch({}).fetch,
      notifications: {
        permission: () => 'granted',
        requestPermission: async () => 'granted',
        show: () => {
          throw new TypeError('Illegal constructor');
        },
      },
    });
    const r = await refusing.notify(request);
    expect(r.shown).toBe(false);
    expect(r.reason).toMatch(/refused.*Illegal constructor/);
    const none = createWebApi({
      fetch: fakeFetch({}).fetch,
      notifications: { permission: () => 'unsupported', requestPermission: async () => 'unsupported', show: () => {} },
    });
    expect((await none.notify(request)).reason).toMatch(/no desktop notifications/);
  });
});
