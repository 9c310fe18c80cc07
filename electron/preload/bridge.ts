/**
 * The DesktopApi the preload exposes as window.marketDesk: named methods only, each one fixed IPC call.
 * The page never gets ipcRenderer, the IPC event object, or anything but ConnectionStatus values.
 * A pure function of an injected ipcRenderer so tests need no Electron.
 *
 * The preload stays tiny (no zod: it would add ~700 kB to every window start): it checks the shape of what
 * main sends here, and the renderer parses every value with the full zod schema (renderer/platform).
 */
import type { ConnectionStatus, ConnectRequest } from '../../shared/api/status';
import type { SaveFileRequest, SaveFilesRequest, SaveResult } from '../../shared/files/save';
import type { NotifyRequest, NotifyResult, NotifyTarget } from '../../shared/alerts/notify';
import type { DesktopBridge } from '../../shared/bridge/desktop-api';
import { IPC } from '../common/ipc-channels';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

const STRING_FIELDS = ['state', 'baseUrl', 'message', 'action', 'keyStorage'] as const;
const BOOLEAN_FIELDS = ['hasKey', 'weakStorageOnly'] as const;

/** Shape check of a ConnectionStatus from main; only these fields are copied on. */
export function toStatus(value: unknown): ConnectionStatus {
  if (typeof value !== 'object' || value === null) throw new Error('Invalid status from the desktop back end.');
  const v = value as Record<string, unknown>;
  const ok =
    STRING_FIELDS.every((k) => typeof v[k] === 'string') &&
    BOOLEAN_FIELDS.every((k) => typeof v[k] === 'boolean') &&
    typeof v.since === 'number' &&
    (v.nextRetryAt === undefined || v.nextRetryAt === null || typeof v.nextRetryAt === 'number');
  if (!ok) throw new Error('Invalid status from the desktop back end.');
  return {
    state: v.state,
    baseUrl: v.baseUrl,
    message: v.message,
    action: v.action,
    hasKey: v.hasKey,
    keyStorage: v.keyStorage,
    weakStorageOnly: v.weakStorageOnly,
    nextRetryAt: typeof v.nextRetryAt === 'number' ? v.nextRetryAt : null,
    since: v.since,
  } as ConnectionStatus;
}

/** Bytes from the page as a plain Uint8Array (a typed array from the page's world is checked by shape, not instanceof). */
function toBytes(value: unknown): Uint8Array {
  if (!ArrayBuffer.isView(value) || value instanceof DataView) throw new Error('Invalid file data.');
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
}

/** Shape check of a save answer from main; only these fields are copied on. */
export function toSaveResult(value: unknown): SaveResult {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof v.saved !== 'boolean' || (v.path !== undefined && typeof v.path !== 'string')) {
    throw new Error('Invalid answer from the desktop back end.');
  }
  return typeof v.path === 'string' ? { saved: v.saved, path: v.path } : { saved: v.saved };
}

/** Shape check of a notify answer from main; only these fields are copied on. */
export function toNotifyResult(value: unknown): NotifyResult {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof v.shown !== 'boolean' || (v.reason !== undefined && typeof v.reason !== 'string')) {
    throw new Error('Invalid answer from the desktop back end.');
  }
  return typeof v.reason === 'string' ? { shown: v.shown, reason: v.reason } : { shown: v.shown };
}

/** Shape check of a clicked notification's target from main (null: not one). */
export function toNotifyTarget(value: unknown): NotifyTarget | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.game !== 'number' || typeof v.item !== 'string' || typeof v.alertId !== 'string') return null;
  return { game: v.game, item: v.item, alertId: v.alertId };
}

export function createDesktopApi(ipc: IpcRendererLike): DesktopBridge {
  const status = async (channel: string, ...args: unknown[]): Promise<ConnectionStatus> =>
    toStatus(await ipc.invoke(channel, ...args));
  return {
    host: 'electron',
    getStatus: () => status(IPC.getStatus),
    onStatus(listener) {
      const wrapped = (_event: unknown, payload: unknown): void => {
        let status: ConnectionStatus;
        try {
          status = toStatus(payload);
        } catch {
          return;
        }
        listener(status);
      };
      ipc.on(IPC.status, wrapped);
      return () => {
        ipc.removeListener(IPC.status, wrapped);
      };
    },
    // Copy the fields: only plain data crosses, never a page object with getters.
    connect: (request: ConnectRequest) =>
      status(IPC.connect, {
        baseUrl: String(request.baseUrl),
        apiKey: String(request.apiKey),
        acceptWeakStorage: request.acceptWeakStorage === true,
      }),
    useDemo: () => status(IPC.useDemo),
    forgetKey: () => status(IPC.forgetKey),
    retryNow: () => status(IPC.retryNow),
    async openExternal(url: string) {
      await ipc.invoke(IPC.openExternal, String(url));
    },
    // Plain copies again; main validates names and sizes (zod) and owns the dialog and the disk.
    saveFile: async (request: SaveFileRequest) =>
      toSaveResult(
        await ipc.invoke(IPC.saveFile, {
          suggestedName: String(request.suggestedName),
          mime: String(request.mime),
          bytes: toBytes(request.bytes),
        }),
      ),
    saveFiles: async (request: SaveFilesRequest) =>
      toSaveResult(
        await ipc.invoke(IPC.saveFiles, {
          folderName: String(request.folderName),
          files: Array.from(request.files, (f) => ({ name: String(f.name), bytes: toBytes(f.bytes) })),
        }),
      ),
    // Placeholder until the main process's Steam fetcher lands on this branch.
    fetchSteamInventory: async () => ({ ok: false, reason: 'network', message: 'Fetching from Steam is not available in this build.' }),
    // Plain copies; main validates (zod) and owns the notification.
    notify: async (request: NotifyRequest) =>
      toNotifyResult(
        await ipc.invoke(IPC.notify, {
          title: String(request.title),
          body: String(request.body),
          target: { game: Number(request.target.game), item: String(request.target.item), alertId: String(request.target.alertId) },
        }),
      ),
    onNotificationClick(listener) {
      const wrapped = (_event: unknown, payload: unknown): void => {
        const target = toNotifyTarget(payload);
        if (target) listener(target);
      };
      ipc.on(IPC.notificationClick, wrapped);
      return () => {
        ipc.removeListener(IPC.notificationClick, wrapped);
      };
    },
  };
}
