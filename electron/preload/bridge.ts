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
import type { CancelSignal, DesktopBridge, ExportOpenResult } from '../../shared/bridge/desktop-api';
import type { SteamInventoryProgress, SteamInventoryRequest, SteamInventoryResult } from '../../shared/steam/inventory';
import type { RatesSettingsRequest, RatesSnapshot } from '../../shared/rates/types';
import { IPC } from '../common/ipc-channels';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

const STRING_FIELDS = ['state', 'baseUrl', 'message', 'action', 'keyStorage'] as const;
const BOOLEAN_FIELDS = ['hasKey', 'weakStorageOnly'] as const;

/** Shape check of a ConnectionStatus from main; only these fields are copied on. */
function toStatus(value: unknown): ConnectionStatus {
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
function toSaveResult(value: unknown): SaveResult {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof v.saved !== 'boolean' || (v.path !== undefined && typeof v.path !== 'string')) {
    throw new Error('Invalid answer from the desktop back end.');
  }
  return typeof v.path === 'string' ? { saved: v.saved, path: v.path } : { saved: v.saved };
}

/** Shape check of an export's opening from main; only these fields are copied on. */
function toExportOpened(value: unknown): ExportOpenResult {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (v.opened === false) return { opened: false };
  if (v.opened !== true || typeof v.exportId !== 'string' || typeof v.path !== 'string')
    throw new Error('Invalid answer from the desktop back end.');
  return { opened: true, exportId: v.exportId, path: v.path };
}

/** Shape check of a notify answer from main; only these fields are copied on. */
function toNotifyResult(value: unknown): NotifyResult {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof v.shown !== 'boolean' || (v.reason !== undefined && typeof v.reason !== 'string')) {
    throw new Error('Invalid answer from the desktop back end.');
  }
  return typeof v.reason === 'string' ? { shown: v.shown, reason: v.reason } : { shown: v.shown };
}

/** Shape check of a clicked notification's target from main (null: not one). */
function toNotifyTarget(value: unknown): NotifyTarget | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.game !== 'number' || typeof v.item !== 'string' || typeof v.alertId !== 'string') return null;
  return { game: v.game, item: v.item, alertId: v.alertId };
}

/** Shape check of a Steam progress event from main; only these fields are copied on (null: not one). */
function toSteamProgress(value: unknown): SteamInventoryProgress | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const num = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
  const numOrNull = (x: unknown): x is number | null => x === null || num(x);
  if (v.stage !== 'resolving' && v.stage !== 'page' && v.stage !== 'waiting') return null;
  if (typeof v.context !== 'string' || !num(v.pages) || !num(v.assets) || !numOrNull(v.total) || !numOrNull(v.waitMs))
    return null;
  return { stage: v.stage, context: v.context, pages: v.pages, assets: v.assets, total: v.total, waitMs: v.waitMs };
}

/** Shape check of a Steam result from main (the renderer parses it in full with zod: renderer/platform). */
function toSteamResult(value: unknown): SteamInventoryResult {
  if (typeof value !== 'object' || value === null || typeof (value as { ok?: unknown }).ok !== 'boolean') {
    throw new Error('Invalid answer from the desktop back end.');
  }
  return value as SteamInventoryResult;
}

/** Shape check of a rates snapshot from main (the renderer parses it in full with zod: renderer/platform). */
function toRatesSnapshot(value: unknown): RatesSnapshot {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof v.settings !== 'object' || v.settings === null || !Array.isArray(v.days))
    throw new Error('Invalid answer from the desktop back end.');
  return value as RatesSnapshot;
}

let steamJobs = 0;

/**
 * One Steam inventory read: a job id of this page's own, progress events for that id only, and a cancel
 * message to main when the page's signal aborts (main then aborts the read, also mid-wait).
 */
async function fetchSteamInventory(
  ipc: IpcRendererLike,
  request: SteamInventoryRequest,
  options: { onProgress?: (p: SteamInventoryProgress) => void; signal?: CancelSignal },
): Promise<SteamInventoryResult> {
  const cancelled: SteamInventoryResult = {
    ok: false,
    reason: 'cancelled',
    message: 'Fetching from Steam was cancelled.',
  };
  if (options.signal?.aborted) return cancelled;
  steamJobs += 1;
  const jobId = `steam-${steamJobs}-${Math.random().toString(36).slice(2, 10)}`;
  const onProgress = options.onProgress;
  const listener = (_event: unknown, payload: unknown): void => {
    if (typeof payload !== 'object' || payload === null || (payload as { jobId?: unknown }).jobId !== jobId) return;
    const progress = toSteamProgress((payload as { progress?: unknown }).progress);
    if (progress && onProgress) onProgress(progress);
  };
  ipc.on(IPC.steamInventoryProgress, listener);
  let live = true;
  options.signal?.addEventListener(
    'abort',
    () => {
      if (live) void ipc.invoke(IPC.steamInventoryCancel, jobId).catch(() => undefined);
    },
    { once: true },
  );
  try {
    // Plain copies; main validates (zod).
    return toSteamResult(
      await ipc.invoke(IPC.steamInventory, jobId, { profile: String(request.profile), appId: Number(request.appId) }),
    );
  } finally {
    live = false;
    ipc.removeListener(IPC.steamInventoryProgress, listener);
  }
}

/** Listens on one channel; payloads `read` rejects (null or a throw) are dropped. Returns the unsubscribe. */
function subscribe<T>(
  ipc: IpcRendererLike,
  channel: string,
  read: (payload: unknown) => T | null,
  listener: (value: T) => void,
): () => void {
  const wrapped = (_event: unknown, payload: unknown): void => {
    let value: T | null;
    try {
      value = read(payload);
    } catch {
      return;
    }
    if (value !== null) listener(value);
  };
  ipc.on(channel, wrapped);
  return () => {
    ipc.removeListener(channel, wrapped);
  };
}

/** Saving files and streamed exports. */
function fileMethods(
  ipc: IpcRendererLike,
): Pick<DesktopBridge, 'saveFile' | 'saveFiles' | 'openExport' | 'writeExport' | 'endExport' | 'abortExport'> {
  return {
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
    // Plain copies; main validates each (zod: names, ids, the chunk's cap) and owns the folder and the files.
    openExport: async (request) =>
      toExportOpened(
        await ipc.invoke(IPC.exportOpen, {
          folderName: String(request.folderName),
          files: Array.from(request.files, String),
          estimateBytes: Number(request.estimateBytes),
        }),
      ),
    // Answered once main has written the chunk: the page waits for it (back-pressure).
    writeExport: async (request) => {
      await ipc.invoke(IPC.exportWrite, {
        exportId: String(request.exportId),
        name: String(request.name),
        chunk: toBytes(request.chunk),
      });
    },
    endExport: async (request) => {
      await ipc.invoke(IPC.exportEnd, { exportId: String(request.exportId), name: String(request.name) });
    },
    abortExport: async (request) => {
      await ipc.invoke(IPC.exportAbort, { exportId: String(request.exportId) });
    },
  };
}

export function createDesktopApi(ipc: IpcRendererLike): DesktopBridge {
  const status = async (channel: string, ...args: unknown[]): Promise<ConnectionStatus> =>
    toStatus(await ipc.invoke(channel, ...args));
  return {
    host: 'electron',
    getStatus: () => status(IPC.getStatus),
    onStatus: (listener) => subscribe(ipc, IPC.status, toStatus, listener),
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
    // Passed on as sent: the renderer parses it with the full zod schema (the preload stays without zod).
    getRequestUsage: () => ipc.invoke(IPC.requestUsage) as ReturnType<DesktopBridge['getRequestUsage']>,
    async openExternal(url: string) {
      await ipc.invoke(IPC.openExternal, String(url));
    },
    ...fileMethods(ipc),
    fetchSteamInventory: (request, options) => fetchSteamInventory(ipc, request, options ?? {}),
    // Plain copies; main validates (zod) and owns the notification.
    notify: async (request: NotifyRequest) =>
      toNotifyResult(
        await ipc.invoke(IPC.notify, {
          title: String(request.title),
          body: String(request.body),
          target: {
            game: Number(request.target.game),
            item: String(request.target.item),
            alertId: String(request.target.alertId),
          },
        }),
      ),
    onNotificationClick: (listener) => subscribe(ipc, IPC.notificationClick, toNotifyTarget, listener),
    getRates: async () => toRatesSnapshot(await ipc.invoke(IPC.getRates)),
    onRates: (listener) => subscribe(ipc, IPC.rates, toRatesSnapshot, listener),
    // Plain copies of the two fields; main validates (zod).
    setRatesSettings: async (request: RatesSettingsRequest) =>
      toRatesSnapshot(
        await ipc.invoke(IPC.setRatesSettings, {
          ...(request.enabled !== undefined ? { enabled: request.enabled === true } : {}),
          ...(request.url !== undefined ? { url: String(request.url) } : {}),
        }),
      ),
    refreshRates: async () => toRatesSnapshot(await ipc.invoke(IPC.refreshRates)),
  };
}
