/**
 * The main-process side of the preload bridge. Every handler first checks that the message comes from the
 * app's own page (app://market-desk), then validates its input with zod; the answers are statuses only,
 * never the key or the token.
 */
import { z } from 'zod';
import { ConnectRequestSchema, type ConnectionStatus, type ConnectRequest } from '../../shared/api/status';
import { SaveFileRequestSchema, SaveFilesRequestSchema } from '../../shared/files/save';
import { NotifyRequestSchema, type NotifyRequest, type NotifyResult } from '../../shared/alerts/notify';
import { IPC, isAppUrl, type PushChannel } from '../common/ipc-channels';
import { ConnectRequestError } from '../../backend/connection';
import { NotifyError } from './notify';
import { SaveError, type FileSaver } from './save-files';
import { isSafeExternalUrl } from '../../backend/external-url';

export interface IpcEventLike {
  readonly senderFrame: { readonly url: string } | null;
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
}

export interface IpcDeps {
  readonly connection: ConnectionCommands;
  readonly openExternal: (url: string) => Promise<void>;
  /** Save dialogs and writes for exported files (save-files.ts). */
  readonly files: FileSaver;
  /** Desktop notifications for alerts (notify.ts); without it, `notify` answers that there are none. */
  readonly notify?: (request: NotifyRequest) => NotifyResult;
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
  if (error instanceof ConnectRequestError || error instanceof SaveError || error instanceof NotifyError) return new Error(error.message);
  if (error instanceof Error && error.message.startsWith('Refused')) return error;
  return new Error('Market Desk could not complete that request.');
}

const NoArgs = z.tuple([]);
const OpenExternalArgs = z.tuple([z.string().max(2048)]);
const ConnectArgs = z.tuple([ConnectRequestSchema]);
const SaveFileArgs = z.tuple([SaveFileRequestSchema]);
const SaveFilesArgs = z.tuple([SaveFilesRequestSchema]);
const NotifyArgs = z.tuple([NotifyRequestSchema]);

export function isTrustedSender(event: IpcEventLike): boolean {
  const url = event.senderFrame?.url;
  return typeof url === 'string' && isAppUrl(url);
}

/** Wraps a handler: sender check, then argument validation, then the work. */
function guarded<A extends unknown[], R>(
  schema: z.ZodType<A>,
  run: (...args: A) => R | Promise<R>,
): (event: IpcEventLike, ...args: unknown[]) => R | Promise<R> {
  return (event, ...args) => {
    if (!isTrustedSender(event)) throw refused('Refused: the request did not come from the Market Desk window.');
    const parsed = schema.safeParse(args);
    if (!parsed.success) throw refused('Refused: invalid request.');
    const result = run(...parsed.data);
    return result instanceof Promise
      ? result.catch((error: unknown) => {
          throw publicError(error);
        })
      : result;
  };
}

export function createIpcHandlers(deps: IpcDeps): Record<Exclude<(typeof IPC)[keyof typeof IPC], PushChannel>, (event: IpcEventLike, ...args: unknown[]) => unknown> {
  return {
    [IPC.getStatus]: guarded(NoArgs, () => deps.connection.getStatus()),
    [IPC.connect]: guarded(ConnectArgs, (request) => deps.connection.connect(request)),
    [IPC.useDemo]: guarded(NoArgs, () => deps.connection.useDemo()),
    [IPC.forgetKey]: guarded(NoArgs, () => deps.connection.forgetKey()),
    [IPC.retryNow]: guarded(NoArgs, () => deps.connection.retryNow()),
    [IPC.openExternal]: guarded(OpenExternalArgs, async (url) => {
      if (!isSafeExternalUrl(url)) throw refused('Refused: only https links can be opened.');
      // eng-disable OPEN_EXTERNAL_JS_CHECK — checked on the line above, and main passes openExternalSafely (https only again)
      await deps.openExternal(url);
    }),
    [IPC.saveFile]: guarded(SaveFileArgs, (request) => deps.files.saveFile(request)),
    [IPC.saveFiles]: guarded(SaveFilesArgs, (request) => deps.files.saveFiles(request)),
    [IPC.notify]: guarded(NotifyArgs, (request): NotifyResult => (deps.notify ? deps.notify(request) : { shown: false, reason: 'This window has no desktop notifications.' })),
  };
}

export function registerIpc(ipcMain: IpcMainLike, deps: IpcDeps): void {
  for (const [channel, handler] of Object.entries(createIpcHandlers(deps))) ipcMain.handle(channel, handler);
}
