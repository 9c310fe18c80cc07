/**
 * The DesktopApi the preload exposes as window.marketDesk: named methods only, each one fixed IPC call.
 * The page never gets ipcRenderer, the IPC event object, or anything but ConnectionStatus values.
 * A pure function of an injected ipcRenderer so tests need no Electron.
 *
 * The preload stays tiny (no zod: it would add ~700 kB to every window start): it checks the shape of what
 * main sends here, and the renderer parses every value with the full zod schema (renderer/platform).
 */
import type { ConnectionStatus, ConnectRequest } from '../../shared/api/status';
import type { DesktopApi } from '../../renderer/platform/desktop-api';
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

export function createDesktopApi(ipc: IpcRendererLike): DesktopApi {
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
  };
}
