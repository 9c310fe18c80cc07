/**
 * The Steam inventory IPC handlers through a fake ipcMain that behaves as Electron's: handlers registered by
 * channel, invoked with an IpcMainInvokeEvent (senderFrame, sender = the asking webContents), arguments and
 * answers structured-cloned across (https://www.electronjs.org/docs/latest/api/ipc-main#ipcmainhandlechannel-listener),
 * and pushes through webContents.send.
 */
import { describe, expect, it } from 'vitest';
import type { SteamInventoryFetcher } from '../../backend/steam-inventory';
import type { SteamInventoryProgress } from '../../shared/steam/inventory';
import { IPC } from '../common/ipc-channels';
import { registerIpc, type ConnectionCommands } from './ipc';
import { FakeIpcMain, FakeWebContents } from './testing/fake-ipc';
import type { FileSaver } from './save-files';

const APP = 'app://market-desk/index.html';
const REQUEST = { profile: '76561190000000001', appId: 730 };
const PROGRESS: SteamInventoryProgress = { stage: 'page', context: '2', pages: 1, assets: 5, total: 9, waitMs: null };

function connection(): ConnectionCommands {
  const fail = () => Promise.reject(new Error('unused'));
  return {
    getStatus: () => {
      throw new Error('unused');
    },
    connect: fail,
    useDemo: fail,
    forgetKey: fail,
    retryNow: fail,
    requestUsage: () => {
      throw new Error('unused');
    },
  };
}
const files = {
  saveFile: async () => ({ saved: false }),
  saveFiles: async () => ({ saved: false }),
} as unknown as FileSaver;

/** A fetcher that reports one page, then waits until it is cancelled (or `finish` is called). */
function waitingFetcher() {
  const calls: Array<{ signal: AbortSignal | undefined }> = [];
  let finish: () => void = () => undefined;
  const fetcher: SteamInventoryFetcher = async (_request, call = {}) => {
    calls.push({ signal: call.signal });
    call.onProgress?.(PROGRESS);
    await new Promise<void>((resolve) => {
      finish = resolve;
      call.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    if (call.signal?.aborted) return { ok: false, reason: 'cancelled', message: 'Fetching from Steam was cancelled.' };
    return {
      ok: true,
      steamId: REQUEST.profile,
      inventory: { assets: [], descriptions: [], total_inventory_count: 0 },
      fetchedAt: 1,
    };
  };
  return { fetcher, calls, finish: () => finish() };
}

function setup(fetcher?: SteamInventoryFetcher) {
  const ipcMain = new FakeIpcMain();
  registerIpc(ipcMain, {
    connection: connection(),
    openExternal: async () => undefined,
    files,
    ...(fetcher ? { steamInventory: fetcher } : {}),
  });
  return ipcMain;
}

describe('Steam inventory over IPC (main)', () => {
  it('registers the fetch and cancel channels', () => {
    expect(setup().channels()).toEqual(expect.arrayContaining([IPC.steamInventory, IPC.steamInventoryCancel]));
  });

  it('pushes progress to the asking window only, tagged with the job id, and answers the result', async () => {
    const f = waitingFetcher();
    const ipcMain = setup(f.fetcher);
    const window = new FakeWebContents();
    const pending = ipcMain.invoke(window, APP, IPC.steamInventory, 'job-1', REQUEST);
    await Promise.resolve();
    await Promise.resolve();
    f.finish();
    expect(await pending).toMatchObject({ ok: true, steamId: REQUEST.profile });
    expect(window.sent).toEqual([
      { channel: IPC.steamInventoryProgress, args: [{ jobId: 'job-1', progress: PROGRESS }] },
    ]);
    // The window's 'destroyed' listener is removed once the job ends.
    expect(window.listenerCount()).toBe(0);
  });

  it('cancels a job by its id (also while it waits), and a cancel of an unknown job answers false', async () => {
    const f = waitingFetcher();
    const ipcMain = setup(f.fetcher);
    const window = new FakeWebContents();
    const pending = ipcMain.invoke(window, APP, IPC.steamInventory, 'job-2', REQUEST);
    await new Promise((r) => setTimeout(r, 0));
    expect(await ipcMain.invoke(window, APP, IPC.steamInventoryCancel, 'job-2')).toBe(true);
    expect(await pending).toEqual({ ok: false, reason: 'cancelled', message: 'Fetching from Steam was cancelled.' });
    expect(f.calls[0]?.signal?.aborted).toBe(true);
    expect(await ipcMain.invoke(window, APP, IPC.steamInventoryCancel, 'job-2')).toBe(false);
  });

  it('cancels the jobs of a window that is destroyed, and pushes nothing to it', async () => {
    const f = waitingFetcher();
    const ipcMain = setup(f.fetcher);
    const window = new FakeWebContents();
    const pending = ipcMain.invoke(window, APP, IPC.steamInventory, 'job-3', REQUEST);
    await new Promise((r) => setTimeout(r, 0));
    window.destroy();
    expect(await pending).toMatchObject({ ok: false, reason: 'cancelled' });
  });

  it('refuses other senders, bad job ids and bad requests before any fetch', async () => {
    const f = waitingFetcher();
    const ipcMain = setup(f.fetcher);
    const window = new FakeWebContents();
    await expect(ipcMain.invoke(window, 'https://evil.example/', IPC.steamInventory, 'job-4', REQUEST)).rejects.toThrow(
      /did not come from/,
    );
    await expect(ipcMain.invoke(window, APP, IPC.steamInventory, '../../x', REQUEST)).rejects.toThrow(
      /invalid request/,
    );
    await expect(ipcMain.invoke(window, APP, IPC.steamInventory, 'job-5', { profile: '', appId: 730 })).rejects.toThrow(
      /invalid request/,
    );
    await expect(
      ipcMain.invoke(window, APP, IPC.steamInventory, 'job-6', { profile: 'x', appId: 'cs2' }),
    ).rejects.toThrow(/invalid request/);
    await expect(ipcMain.invoke(window, APP, IPC.steamInventoryCancel, 42)).rejects.toThrow(/invalid request/);
    expect(f.calls).toHaveLength(0);
  });

  it('refuses a second fetch under a running job id', async () => {
    const f = waitingFetcher();
    const ipcMain = setup(f.fetcher);
    const window = new FakeWebContents();
    const first = ipcMain.invoke(window, APP, IPC.steamInventory, 'job-7', REQUEST);
    await new Promise((r) => setTimeout(r, 0));
    await expect(ipcMain.invoke(window, APP, IPC.steamInventory, 'job-7', REQUEST)).rejects.toThrow(/already running/);
    f.finish();
    await first;
  });

  it('answers that fetching is not available when the host has no fetcher', async () => {
    const ipcMain = setup();
    expect(await ipcMain.invoke(new FakeWebContents(), APP, IPC.steamInventory, 'job-8', REQUEST)).toMatchObject({
      ok: false,
      reason: 'network',
    });
  });
});
