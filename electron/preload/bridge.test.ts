import { describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../../shared/api/status';
import { IPC } from '../common/ipc-channels';
import { createDesktopApi, type IpcRendererLike } from './bridge';

const STATUS: ConnectionStatus = {
  state: 'connected',
  baseUrl: 'https://x.com',
  message: 'm',
  action: '',
  hasKey: true,
  keyStorage: 'os-encrypted',
  weakStorageOnly: false,
  nextRetryAt: null,
  since: 5,
};

class FakeIpcRenderer implements IpcRendererLike {
  readonly invoked: { channel: string; args: unknown[] }[] = [];
  readonly listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  answer: unknown = STATUS;
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invoked.push({ channel, args });
    return this.answer;
  }
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): this {
    if (!this.listeners.has(channel)) this.listeners.set(channel, new Set());
    this.listeners.get(channel)!.add(listener);
    return this;
  }
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): this {
    this.listeners.get(channel)?.delete(listener);
    return this;
  }
  emit(channel: string, payload: unknown): void {
    for (const l of this.listeners.get(channel) ?? []) l({ sender: 'ipc-event-object' }, payload);
  }
}

describe('preload bridge', () => {
  it('exposes named methods only, and host electron', () => {
    const api = createDesktopApi(new FakeIpcRenderer());
    expect(Object.keys(api).sort()).toEqual([
      'abortExport',
      'connect',
      'endExport',
      'fetchSteamInventory',
      'forgetKey',
      'getRates',
      'getRequestUsage',
      'getStatus',
      'host',
      'notify',
      'onNotificationClick',
      'onRates',
      'onStatus',
      'openExport',
      'openExternal',
      'refreshRates',
      'retryNow',
      'saveFile',
      'saveFiles',
      'setRatesSettings',
      'useDemo',
      'writeExport',
    ]);
    expect(api.host).toBe('electron');
    expect(JSON.stringify(Object.values(api).map(String))).not.toMatch(/ipcRenderer/);
  });

  it('each method is one fixed channel; connect sends plain copied fields', async () => {
    const ipc = new FakeIpcRenderer();
    const api = createDesktopApi(ipc);
    await api.getStatus();
    await api.connect({ baseUrl: 'https://x.com', apiKey: 'k', acceptWeakStorage: true });
    await api.useDemo();
    await api.forgetKey();
    await api.openExternal('https://example.com');
    expect(ipc.invoked).toEqual([
      { channel: IPC.getStatus, args: [] },
      { channel: IPC.connect, args: [{ baseUrl: 'https://x.com', apiKey: 'k', acceptWeakStorage: true }] },
      { channel: IPC.useDemo, args: [] },
      { channel: IPC.forgetKey, args: [] },
      { channel: IPC.openExternal, args: ['https://example.com'] },
    ]);
  });

  it('saveFile / saveFiles send plain copies of the fields, bytes as Uint8Array, and pass only saved/path back', async () => {
    const ipc = new FakeIpcRenderer();
    const api = createDesktopApi(ipc);
    ipc.answer = { saved: true, path: '/home/me/a.png', extra: 'dropped' };
    const buffer = new Uint8Array([0, 1, 2, 3, 4, 5]);
    // A view into a bigger buffer: only its own bytes cross.
    const view = buffer.subarray(2, 5);
    const withGetter = {
      suggestedName: 'a.png',
      mime: 'image/png',
      bytes: view,
      get sneaky() {
        return 'x';
      },
    };
    await expect(api.saveFile(withGetter)).resolves.toEqual({ saved: true, path: '/home/me/a.png' });
    const sent = ipc.invoked[0]!;
    expect(sent.channel).toBe(IPC.saveFile);
    expect(Object.keys(sent.args[0] as object).sort()).toEqual(['bytes', 'mime', 'suggestedName']);
    expect([...(sent.args[0] as { bytes: Uint8Array }).bytes]).toEqual([2, 3, 4]);

    ipc.answer = { saved: false };
    await expect(
      api.saveFiles({ folderName: 'f', files: [{ name: 'a.csv', bytes: new Uint8Array([65]) }] }),
    ).resolves.toEqual({ saved: false });
    expect(ipc.invoked[1]).toEqual({
      channel: IPC.saveFiles,
      args: [{ folderName: 'f', files: [{ name: 'a.csv', bytes: new Uint8Array([65]) }] }],
    });
  });

  it('a streamed export: one channel per step, plain copies, a chunk as only its own bytes, the opening checked', async () => {
    const ipc = new FakeIpcRenderer();
    const api = createDesktopApi(ipc);
    ipc.answer = { opened: true, exportId: 'e-12345678', path: '/home/me/x', extra: 'dropped' };
    const files = ['a.csv', 'provenance.json'];
    await expect(api.openExport({ folderName: 'x', files, estimateBytes: 10 })).resolves.toEqual({
      opened: true,
      exportId: 'e-12345678',
      path: '/home/me/x',
    });
    ipc.answer = undefined;
    const chunk = new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4);
    await api.writeExport({ exportId: 'e-12345678', name: 'a.csv', chunk });
    await api.endExport({ exportId: 'e-12345678', name: 'a.csv' });
    await api.abortExport({ exportId: 'e-12345678' });
    expect(ipc.invoked.map((c) => c.channel)).toEqual([
      IPC.exportOpen,
      IPC.exportWrite,
      IPC.exportEnd,
      IPC.exportAbort,
    ]);
    expect(ipc.invoked[0]!.args).toEqual([{ folderName: 'x', files, estimateBytes: 10 }]);
    expect((ipc.invoked[0]!.args[0] as { files: string[] }).files).not.toBe(files);
    expect([...(ipc.invoked[1]!.args[0] as { chunk: Uint8Array }).chunk]).toEqual([1, 2, 3]);
    await expect(
      api.writeExport({ exportId: 'e-12345678', name: 'a.csv', chunk: 'abc' as unknown as Uint8Array }),
    ).rejects.toThrow(/Invalid file data/);
    ipc.answer = { opened: true };
    await expect(api.openExport({ folderName: 'x', files, estimateBytes: 10 })).rejects.toThrow(/Invalid answer/);
    ipc.answer = { opened: false, path: '/leak' };
    await expect(api.openExport({ folderName: 'x', files, estimateBytes: 10 })).resolves.toEqual({ opened: false });
  });

  it('save calls refuse non-bytes and odd answers', async () => {
    const ipc = new FakeIpcRenderer();
    const api = createDesktopApi(ipc);
    await expect(
      api.saveFile({ suggestedName: 'a.png', mime: 'image/png', bytes: [1, 2] as unknown as Uint8Array }),
    ).rejects.toThrow(/Invalid file data/);
    expect(ipc.invoked).toHaveLength(0);
    ipc.answer = { saved: 'yes' };
    await expect(api.saveFile({ suggestedName: 'a.png', mime: 'image/png', bytes: new Uint8Array(1) })).rejects.toThrow(
      /Invalid answer/,
    );
  });

  it('validates what main answers', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.answer = { state: 'connected', hasKey: 'yes' };
    await expect(createDesktopApi(ipc).getStatus()).rejects.toThrow();
  });

  it('the keyring-locked status crosses the bridge as it is (the renderer parses it with the full schema)', async () => {
    const ipc = new FakeIpcRenderer();
    const locked = {
      ...STATUS,
      state: 'demo',
      keyStorage: 'keyring-locked',
      message: 'The keyring is locked: unlock it and retry.',
    };
    ipc.answer = locked;
    await expect(createDesktopApi(ipc).retryNow()).resolves.toEqual(locked);
  });

  it('onStatus passes statuses only (never the IPC event) and unsubscribes', () => {
    const ipc = new FakeIpcRenderer();
    const listener = vi.fn();
    const off = createDesktopApi(ipc).onStatus(listener);
    ipc.emit(IPC.status, STATUS);
    ipc.emit(IPC.status, { junk: true });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(STATUS);
    off();
    ipc.emit(IPC.status, STATUS);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(ipc.listeners.get(IPC.status)?.size).toBe(0);
  });
});

describe('preload bridge: notifications', () => {
  const target = { game: 730, item: 'AK-47 | Redline (Field-Tested)', alertId: 'a1' };

  it('notify sends plain copies on its channel and passes only shown/reason back', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.answer = { shown: false, reason: 'no daemon', extra: 'dropped' };
    const api = createDesktopApi(ipc);
    await expect(api.notify({ title: 't', body: 'b', target })).resolves.toEqual({ shown: false, reason: 'no daemon' });
    expect(ipc.invoked).toEqual([{ channel: IPC.notify, args: [{ title: 't', body: 'b', target }] }]);
    ipc.answer = { shown: 'maybe' };
    await expect(api.notify({ title: 't', body: 'b', target })).rejects.toThrow(/Invalid answer/);
  });

  it('a click from main reaches the listener as a target only, never the IPC event; unsubscribe works', () => {
    const ipc = new FakeIpcRenderer();
    const api = createDesktopApi(ipc);
    const got: unknown[] = [];
    const off = api.onNotificationClick((t) => got.push(t));
    ipc.emit(IPC.notificationClick, { ...target, extra: 1 });
    ipc.emit(IPC.notificationClick, 'garbage');
    expect(got).toEqual([target]);
    off();
    expect(ipc.listeners.get(IPC.notificationClick)?.size ?? 0).toBe(0);
  });
});

describe('preload bridge: Steam inventory', () => {
  const REQUEST = { profile: 'https://steamcommunity.com/id/someone', appId: 730 };
  const PROGRESS = { stage: 'page', context: '2', pages: 1, assets: 5, total: 9, waitMs: null };
  const RESULT = {
    ok: true,
    steamId: '76561190000000001',
    inventory: { assets: [], descriptions: [], total_inventory_count: 0 },
    fetchedAt: 1,
  };

  /** ipcRenderer whose fetch call stays pending until `settle` (main works meanwhile). */
  class PendingIpc extends FakeIpcRenderer {
    settle: (value: unknown) => void = () => undefined;
    override async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
      this.invoked.push({ channel, args });
      if (channel === IPC.steamInventory) return new Promise((resolve) => (this.settle = resolve));
      return channel === IPC.steamInventoryCancel;
    }
    jobId(): string {
      return String(this.invoked.find((c) => c.channel === IPC.steamInventory)?.args[0]);
    }
  }

  it("sends a job id and a plain copy of the request; passes on only its own job's progress, as plain fields", async () => {
    const ipc = new PendingIpc();
    const api = createDesktopApi(ipc);
    const got: unknown[] = [];
    const pending = api.fetchSteamInventory({ ...REQUEST, extra: 'x' } as typeof REQUEST, {
      onProgress: (p) => got.push(p),
    });
    const jobId = ipc.jobId();
    expect(jobId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(ipc.invoked[0]).toEqual({ channel: IPC.steamInventory, args: [jobId, REQUEST] });
    ipc.emit(IPC.steamInventoryProgress, { jobId, progress: { ...PROGRESS, secret: 'dropped' } });
    ipc.emit(IPC.steamInventoryProgress, { jobId: 'someone-else', progress: PROGRESS });
    ipc.emit(IPC.steamInventoryProgress, { jobId, progress: { stage: 'bogus' } });
    ipc.settle(RESULT);
    await expect(pending).resolves.toEqual(RESULT);
    expect(got).toEqual([PROGRESS]);
    // The progress listener is gone once the fetch ends.
    expect(ipc.listeners.get(IPC.steamInventoryProgress)?.size ?? 0).toBe(0);
  });

  it("an abort of the page's signal sends a cancel for that job to main", async () => {
    const ipc = new PendingIpc();
    const api = createDesktopApi(ipc);
    const controller = new AbortController();
    const pending = api.fetchSteamInventory(REQUEST, { signal: controller.signal });
    const jobId = ipc.jobId();
    controller.abort();
    expect(ipc.invoked.at(-1)).toEqual({ channel: IPC.steamInventoryCancel, args: [jobId] });
    ipc.settle({ ok: false, reason: 'cancelled', message: 'Fetching from Steam was cancelled.' });
    await expect(pending).resolves.toMatchObject({ reason: 'cancelled' });
  });

  it('an already aborted signal sends nothing; an odd answer from main is refused', async () => {
    const ipc = new FakeIpcRenderer();
    const api = createDesktopApi(ipc);
    const controller = new AbortController();
    controller.abort();
    await expect(api.fetchSteamInventory(REQUEST, { signal: controller.signal })).resolves.toMatchObject({
      reason: 'cancelled',
    });
    expect(ipc.invoked).toEqual([]);
    ipc.answer = 'junk';
    await expect(api.fetchSteamInventory(REQUEST, {})).rejects.toThrow(/Invalid answer/);
  });
});

describe('preload bridge: exchange rates', () => {
  const SNAPSHOT = {
    settings: { enabled: false, url: 'https://www.ecb.europa.eu/stats/eurofxref/', urlFromEnvironment: false },
    days: [],
    lastFetch: null,
    nextRefreshAt: null,
  };

  it('one fixed channel each, settings sent as plain copies of the two fields; pushes passed on, bad ones dropped', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.answer = SNAPSHOT;
    const api = createDesktopApi(ipc);
    await api.getRates();
    await api.setRatesSettings({ enabled: true, url: 'https://mirror.example/', ...{ apiKey: 'k' } });
    await api.refreshRates();
    expect(ipc.invoked).toEqual([
      { channel: IPC.getRates, args: [] },
      { channel: IPC.setRatesSettings, args: [{ enabled: true, url: 'https://mirror.example/' }] },
      { channel: IPC.refreshRates, args: [] },
    ]);
    const heard: unknown[] = [];
    const off = api.onRates((s) => heard.push(s));
    ipc.emit(IPC.rates, SNAPSHOT);
    ipc.emit(IPC.rates, { not: 'a snapshot' });
    expect(heard).toEqual([SNAPSHOT]);
    off();
    expect(ipc.listeners.get(IPC.rates)?.size).toBe(0);
    ipc.answer = 'nonsense';
    await expect(api.getRates()).rejects.toThrow('Invalid answer from the desktop back end.');
  });
});
