/**
 * The main-process side of the preload bridge. Every handler first checks that the message comes from the
 * app's own page (app://market-desk), then validates its input with zod; the answers are statuses only,
 * never the key or the token.
 */
import { z } from 'zod';
import { ConnectRequestSchema, type ConnectionStatus, type ConnectRequest } from '../../shared/api/status';
import type { RequestUsage } from '../../shared/budget/usage';
import { SaveFileRequestSchema, SaveFilesRequestSchema } from '../../shared/files/save';
import { NotifyRequestSchema, type NotifyRequest, type NotifyResult } from '../../shared/alerts/notify';
import { IPC, STEAM_JOB_ID, isAppUrl, type PushChannel } from '../common/ipc-channels';
import { ConnectRequestError } from '../../backend/connection';
import { NotifyError } from './notify';
import { SaveError, type FileSaver } from './save-files';
import type { ExportFiles } from './export-files';
import {
  ExportAbortSchema,
  ExportChunkSchema,
  ExportEndSchema,
  ExportOpenSchema,
  type ExportOpenResult,
} from '../../shared/export/stream-files';
import { isSafeExternalUrl } from '../../backend/external-url';
import type { SteamInventoryFetcher } from '../../backend/steam-inventory';
import { SteamInventoryRequestSchema } from '../../shared/steam/schemas';
import type { SteamInventoryResult } from '../../shared/steam/inventory';
import { RatesRequestError } from '../../backend/rates';
import { RatesSettingsRequestSchema } from '../../shared/rates/schemas';
import type { RatesSettingsRequest, RatesSnapshot } from '../../shared/rates/types';

export interface IpcEventLike {
  readonly senderFrame: { readonly url: string } | null;
  /** The asking window's webContents (Electron's IpcMainInvokeEvent.sender): progress goes back to it only. */
  readonly sender?: SenderLike;
}

/**
 * What the Steam handler uses of a webContents (https://www.electronjs.org/docs/latest/api/web-contents):
 * send() to push progress (structured clone: plain data only), isDestroyed() before each push, and its
 * 'destroyed' event to cancel the jobs of a window that closed.
 */
interface SenderLike {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed?(): boolean;
  once?(event: 'destroyed', listener: () => void): unknown;
  removeListener?(event: 'destroyed', listener: () => void): unknown;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void;
}

/** What the IPC handlers need of the connection controller. */
export interface ConnectionCommands {
  getStatus(): ConnectionStatus;
  connect(request: ConnectRequest): Promise<ConnectionStatus>;
  useDemo(): Promise<ConnectionStatus>;
  forgetKey(): Promise<ConnectionStatus>;
  retryNow(): Promise<ConnectionStatus>;
  requestUsage(): RequestUsage;
}

/** What the IPC handlers need of the rates service (backend/rates). */
interface RatesCommands {
  snapshot(): RatesSnapshot;
  setSettings(request: RatesSettingsRequest): Promise<RatesSnapshot>;
  refresh(): Promise<RatesSnapshot>;
}

export interface IpcDeps {
  readonly connection: ConnectionCommands;
  readonly openExternal: (url: string) => Promise<void>;
  /** Save dialogs and writes for exported files (save-files.ts). */
  readonly files: FileSaver;
  /** Streamed exports' files (export-files.ts); without it, opening one answers that there are none. */
  readonly exports?: ExportFiles;
  /** Desktop notifications for alerts (notify.ts); without it, `notify` answers that there are none. */
  readonly notify?: (request: NotifyRequest) => NotifyResult;
  /** Reads public Steam inventories (backend/steam-inventory); without it, the fetch answers that it is not available. */
  readonly steamInventory?: SteamInventoryFetcher;
  /** The exchange rates (backend/rates); without it, the rates calls answer `ratesUnavailable` (or that there are none). */
  readonly rates?: RatesCommands;
  /** Why there are no rates (e.g. a bad MARKET_DESK_RATES_URL), said to the page on each rates call. */
  readonly ratesUnavailable?: string;
}

/**
 * Errors cross IPC as "Error invoking remote method '…': <name>: <message>". Plain Errors with a message
 * meant for the user (the renderer strips the prefix); anything unexpected becomes a generic message so no
 * internals (paths, upstream details) reach the page.
 */
function refused(message: string): Error {
  return new Error(message);
}

function publicError(error: unknown): Error {
  if (
    error instanceof ConnectRequestError ||
    error instanceof SaveError ||
    error instanceof NotifyError ||
    error instanceof RatesRequestError
  )
    return new Error(error.message);
  if (error instanceof Error && error.message.startsWith('Refused')) return error;
  return new Error('Market Desk could not complete that request.');
}

const NoArgs = z.tuple([]);
const OpenExternalArgs = z.tuple([z.string().max(2048)]);
const ConnectArgs = z.tuple([ConnectRequestSchema]);
const SaveFileArgs = z.tuple([SaveFileRequestSchema]);
const SaveFilesArgs = z.tuple([SaveFilesRequestSchema]);
const NotifyArgs = z.tuple([NotifyRequestSchema]);
const JobId = z.string().regex(STEAM_JOB_ID);
const SteamArgs = z.tuple([JobId, SteamInventoryRequestSchema]);
const SteamCancelArgs = z.tuple([JobId]);
const RatesSettingsArgs = z.tuple([RatesSettingsRequestSchema]);
// The chunk's cap is in ExportChunkSchema: a larger chunk is refused before anything is written.
const ExportOpenArgs = z.tuple([ExportOpenSchema]);
const ExportChunkArgs = z.tuple([ExportChunkSchema]);
const ExportEndArgs = z.tuple([ExportEndSchema]);
const ExportAbortArgs = z.tuple([ExportAbortSchema]);

export function isTrustedSender(event: IpcEventLike): boolean {
  const url = event.senderFrame?.url;
  return typeof url === 'string' && isAppUrl(url);
}

/** Wraps a handler: sender check, then argument validation, then the work. */
function guarded<A extends unknown[], R>(
  schema: z.ZodType<A>,
  run: (args: A, event: IpcEventLike) => R | Promise<R>,
): (event: IpcEventLike, ...args: unknown[]) => R | Promise<R> {
  return (event, ...args) => {
    if (!isTrustedSender(event)) throw refused('Refused: the request did not come from the Market Desk window.');
    const parsed = schema.safeParse(args);
    if (!parsed.success) throw refused('Refused: invalid request.');
    const result = run(parsed.data, event);
    return result instanceof Promise
      ? result.catch((error: unknown) => {
          throw publicError(error);
        })
      : result;
  };
}

export function createIpcHandlers(
  deps: IpcDeps,
): Record<Exclude<(typeof IPC)[keyof typeof IPC], PushChannel>, (event: IpcEventLike, ...args: unknown[]) => unknown> {
  const steam = steamHandlers(deps.steamInventory);
  const exports = exportHandlers(deps.exports);
  const rates = (): RatesCommands => {
    if (!deps.rates)
      throw new RatesRequestError(deps.ratesUnavailable ?? 'Exchange rates are not available in this window.');
    return deps.rates;
  };
  return {
    [IPC.getStatus]: guarded(NoArgs, () => deps.connection.getStatus()),
    [IPC.connect]: guarded(ConnectArgs, ([request]) => deps.connection.connect(request)),
    [IPC.useDemo]: guarded(NoArgs, () => deps.connection.useDemo()),
    [IPC.forgetKey]: guarded(NoArgs, () => deps.connection.forgetKey()),
    [IPC.retryNow]: guarded(NoArgs, () => deps.connection.retryNow()),
    [IPC.requestUsage]: guarded(NoArgs, () => deps.connection.requestUsage()),
    [IPC.openExternal]: guarded(OpenExternalArgs, async ([url]) => {
      if (!isSafeExternalUrl(url)) throw refused('Refused: only https links can be opened.');
      // eng-disable OPEN_EXTERNAL_JS_CHECK — checked on the line above, and main passes openExternalSafely (https only again)
      await deps.openExternal(url);
    }),
    [IPC.saveFile]: guarded(SaveFileArgs, ([request]) => deps.files.saveFile(request)),
    [IPC.saveFiles]: guarded(SaveFilesArgs, ([request]) => deps.files.saveFiles(request)),
    [IPC.exportOpen]: guarded(ExportOpenArgs, ([request], event) => exports.open(request, event)),
    [IPC.exportWrite]: guarded(ExportChunkArgs, ([request]) => exports.files().write(request)),
    [IPC.exportEnd]: guarded(ExportEndArgs, ([request]) =>
      exports.settle(request.exportId, exports.files().end(request)),
    ),
    [IPC.exportAbort]: guarded(ExportAbortArgs, ([request]) =>
      exports.settle(request.exportId, exports.files().abort(request)),
    ),
    [IPC.notify]: guarded(NotifyArgs, ([request]): NotifyResult =>
      deps.notify ? deps.notify(request) : { shown: false, reason: 'This window has no desktop notifications.' },
    ),
    [IPC.steamInventory]: guarded(SteamArgs, ([jobId, request], event) => steam.fetch(jobId, request, event)),
    [IPC.steamInventoryCancel]: guarded(SteamCancelArgs, ([jobId]) => steam.cancel(jobId)),
    [IPC.getRates]: guarded(NoArgs, async () => rates().snapshot()),
    [IPC.setRatesSettings]: guarded(RatesSettingsArgs, async ([request]) => rates().setSettings(request)),
    [IPC.refreshRates]: guarded(NoArgs, async () => rates().refresh()),
  };
}

/**
 * Steam inventory reads by job id: progress is pushed to the asking window only (event.sender), a cancel
 * aborts the job's signal (also mid-wait), and a window that goes away cancels its jobs.
 */
function steamHandlers(fetcher: SteamInventoryFetcher | undefined) {
  const jobs = new Map<string, AbortController>();
  return {
    async fetch(
      jobId: string,
      request: z.infer<typeof SteamInventoryRequestSchema>,
      event: IpcEventLike,
    ): Promise<SteamInventoryResult> {
      if (!fetcher)
        return { ok: false, reason: 'network', message: 'Fetching from Steam is not available in this window.' };
      if (jobs.has(jobId)) throw refused('Refused: that Steam fetch is already running.');
      const controller = new AbortController();
      jobs.set(jobId, controller);
      const sender = event.sender;
      const onGone = (): void => controller.abort();
      sender?.once?.('destroyed', onGone);
      try {
        return await fetcher(request, {
          signal: controller.signal,
          onProgress: (progress) => {
            if (sender && !sender.isDestroyed?.()) sender.send(IPC.steamInventoryProgress, { jobId, progress });
          },
        });
      } finally {
        jobs.delete(jobId);
        sender?.removeListener?.('destroyed', onGone);
      }
    },
    cancel(jobId: string): boolean {
      const job = jobs.get(jobId);
      job?.abort();
      return job !== undefined;
    },
  };
}

/**
 * Streamed exports: the window that opened one owns it; when that window goes away (closed, crashed,
 * reloaded into another page) its open exports are aborted, so no .part file outlives the page that fed it.
 */
function exportHandlers(files: ExportFiles | undefined) {
  const owners = new Map<string, { sender: SenderLike; onGone: () => void }>();
  const release = (exportId: string): void => {
    const owner = owners.get(exportId);
    if (!owner) return;
    owners.delete(exportId);
    owner.sender.removeListener?.('destroyed', owner.onGone);
  };
  const available = (): ExportFiles => {
    if (!files) throw new SaveError('Streamed exports are not available in this window.');
    return files;
  };
  return {
    files: available,
    async open(request: z.infer<typeof ExportOpenSchema>, event: IpcEventLike): Promise<ExportOpenResult> {
      const result = await available().open(request);
      const sender = event.sender;
      if (result.opened && sender?.once) {
        const { exportId } = result;
        const onGone = (): void => {
          owners.delete(exportId);
          void available()
            .abort({ exportId })
            .catch(() => undefined);
        };
        owners.set(exportId, { sender, onGone });
        sender.once('destroyed', onGone);
      }
      return result;
    },
    /** After an end or abort: an export no longer open needs no owner. */
    async settle(exportId: string, done: Promise<void>): Promise<void> {
      try {
        await done;
      } finally {
        if (!available().isOpen(exportId)) release(exportId);
      }
    },
  };
}

export function registerIpc(ipcMain: IpcMainLike, deps: IpcDeps): void {
  for (const [channel, handler] of Object.entries(createIpcHandlers(deps))) ipcMain.handle(channel, handler);
}
