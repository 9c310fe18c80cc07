import { describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../../shared/api/status';
import { IPC } from '../common/ipc-channels';
import { createDesktopApi, type IpcRendererLike } from './bridge';

const STATUS: ConnectionStatus = {
  state: 'connected', baseUrl: 'https://x.com', message: 'm', action: '', hasKey: true, keyStorage: 'os-encrypted', weakStorageOnly: false, nextRetryAt: null, since: 5,
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
      'connect', 'forgetKey', 'getStatus', 'host', 'notify', 'onNotificationClick', 'onStatus', 'openExternal', 'retryNow', 'saveFile', 'saveFiles', 'useDemo',
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
    const withGetter = { suggestedName: 'a.png', mime: 'image/png', bytes: view, get sneaky() { return 'x'; } };
    await expect(api.saveFile(withGetter)).resolves.toEqual({ saved: true, path: '/home/me/a.png' });
    const sent = ipc.invoked[0]!;
    expect(sent.channel).toBe(IPC.saveFile);
    expect(Object.keys(sent.args[0] as object).sort()).toEqual(['bytes', 'mime', 'suggestedName']);
    expect([...((sent.args[0] as { bytes: Uint8Array }).bytes)]).toEqual([2, 3, 4]);

    ipc.answer = { saved: false };
    await expect(
      api.saveFiles({ folderName: 'f', files: [{ name: 'a.csv', bytes: new Uint8Array([65]) }] }),
    ).resolves.toEqual({ saved: false });
    expect(ipc.invoked[1]).toEqual({ channel: IPC.saveFiles, args: [{ folderName: 'f', files: [{ name: 'a.csv', bytes: new Uint8Array([65]) }] }] });
  });

  it('save calls refuse non-bytes and odd answers', async () => {
    const ipc = new FakeIpcRenderer();
    const api = createDesktopApi(ipc);
    await expect(api.saveFile({ suggestedName: 'a.png', mime: 'image/png', bytes: [1, 2] as unknown as Uint8Array })).rejects.toThrow(
      /Invalid file data/,
    );
    expect(ipc.invoked).toHaveLength(0);
    ipc.answer = { saved: 'yes' };
    await expect(api.saveFile({ suggestedName: 'a.png', mime: 'image/png', bytes: new Uint8Array(1) })).rejects.toThrow(/Invalid answer/);
  });

  it('validates what main answers', async () => {
    const ipc = new FakeIpcRenderer();
    ipc.answer = { state: 'connected', hasKey: 'yes' };
    await expect(createDesktopApi(ipc).getStatus()).rejects.toThrow();
  });

  it('the keyring-locked status crosses the bridge as it is (the renderer parses it with the full schema)', async () => {
    const ipc = new FakeIpcRenderer();
    const locked = { ...STATUS, state: 'demo', keyStorage: 'keyring-locked', message: 'The keyring is locked: unlock it and retry.' };
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
