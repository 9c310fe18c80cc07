/**
 * The one interface between the React UI and its host: the Electron preload bridge (electron/preload/bridge.ts)
 * or the browser host (renderer/platform/web.ts). Neither hands the renderer the API key or the access token,
 * only a ConnectionStatus. In shared/ because both sides compile against it: the preload implements
 * DesktopBridge, the renderer consumes DesktopApi. API data does not go through it: the renderer fetches
 * same-origin `/api/v2/...` and the host forwards that through the gateway.
 */
import type { ConnectionStatus, ConnectRequest } from '../api/status';
import type { RequestUsage } from '../budget/usage';
import type { SaveFileRequest, SaveFilesRequest, SaveResult } from '../files/save';
import type { NotifyPermission, NotifyRequest, NotifyResult, NotifyTarget } from '../alerts/notify';
import type {
  ExportAbortRequest,
  ExportChunkRequest,
  ExportEndRequest,
  ExportOpenRequest,
  ExportOpenResult,
} from '../export/stream-files';
import type { SteamInventoryProgress, SteamInventoryRequest, SteamInventoryResult } from '../steam/inventory';
import type { RatesSettingsRequest, RatesSnapshot } from '../rates/types';

export type { ExportOpenResult } from '../export/stream-files';

export interface DesktopApi {
  readonly host: 'electron' | 'web';
  getStatus(): Promise<ConnectionStatus>;
  /** Called on every status change; returns an unsubscribe function. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /** Stores the key (as the host allows) and connects to baseUrl ('' = embedded demo service). */
  connect(request: ConnectRequest): Promise<ConnectionStatus>;
  /** Forgets nothing; switches to the embedded demo service. */
  useDemo(): Promise<ConnectionStatus>;
  /** Deletes the stored key and returns to demo data. */
  forgetKey(): Promise<ConnectionStatus>;
  /** While offline or failing: try the connection now instead of at the next automatic try. */
  retryNow(): Promise<ConnectionStatus>;
  /** The requests sent to the service in use: last minute, today, 30 days, 429s, stated limits (shared/budget/usage). */
  getRequestUsage(): Promise<RequestUsage>;
  /** Opens an https link in the system browser (the host refuses anything else). */
  openExternal(url: string): Promise<void>;
  /**
   * Saves one exported file. Desktop: the native save dialog, then the file is written ({saved:false} when
   * the user cancels). Web: a browser download (the browser decides where; no path is known).
   * Names follow isSafeFileName and end in a SAVE_EXTENSIONS extension; sizes are capped (shared/files/save).
   */
  saveFile(request: SaveFileRequest): Promise<SaveResult>;
  /** Saves several files together. Desktop: a new folder `folderName` in a folder the user picks. Web: `${folderName}.zip`. */
  saveFiles(request: SaveFilesRequest): Promise<SaveResult>;
  /**
   * A streamed export of any size (shared/export/stream-files): opens its files, then the page writes each in
   * chunks (at most MAX_EXPORT_CHUNK_BYTES; each write resolves once the host has taken the chunk, so a slow
   * disk or network slows the export instead of piling chunks up), ends each, or aborts them all.
   * Desktop: a folder dialog, then a NEW folder there (nothing is overwritten), the free space checked against
   * `estimateBytes`, each file written to "name.part" and renamed when it ends; {opened:false} when the user
   * cancels. Web: a streamed browser download the web host serves as the chunks arrive.
   * An abort, a failure or a closed window removes every file of the export.
   */
  openExport(request: ExportOpenRequest): Promise<ExportOpenResult>;
  writeExport(request: ExportChunkRequest): Promise<void>;
  endExport(request: ExportEndRequest): Promise<void>;
  abortExport(request: ExportAbortRequest): Promise<void>;
  /**
   * Shows an alert's desktop notification. Desktop: an OS notification from the main process (Electron's
   * Notification). Web: the browser's Notification API, once the user has allowed it; {shown:false, reason}
   * otherwise.
   */
  notify(request: NotifyRequest): Promise<NotifyResult>;
  /** Called when the user clicks one of those notifications (the window is brought forward first). */
  onNotificationClick(listener: (target: NotifyTarget) => void): () => void;
  /** Whether notifications may be shown (desktop: always 'granted'). */
  notificationPermission(): NotifyPermission;
  /** Web: asks the browser (call it from a user action, e.g. a button press). Desktop: 'granted'. */
  requestNotificationPermission(): Promise<NotifyPermission>;
  /**
   * Reads a public Steam inventory, page by page and politely (429 and Retry-After honoured), through the
   * host. Never carries the market data service's key or token. Aborting `signal` cancels it
   * ({ok:false, reason:'cancelled'}). A private, missing or empty inventory is a result, not a throw.
   */
  fetchSteamInventory(
    request: SteamInventoryRequest,
    options: { onProgress?: (p: SteamInventoryProgress) => void; signal?: CancelSignal },
  ): Promise<SteamInventoryResult>;
  /**
   * The exchange rates the host keeps (the ECB's euro reference rates, every day fetched, the last attempt and
   * the next). The host contacts the rates source only once the user has turned rates on (setRatesSettings).
   */
  getRates(): Promise<RatesSnapshot>;
  /** Called on every change of the rates (a fetch, its failure, a settings change); returns an unsubscribe function. */
  onRates(listener: (snapshot: RatesSnapshot) => void): () => void;
  /** Turns the rates source on or off, or changes its address ('' = the ECB's); refused with a sentence when the address is bad. */
  setRatesSettings(request: RatesSettingsRequest): Promise<RatesSnapshot>;
  /** Fetches now instead of at the next scheduled time (refused while rates are off). */
  refreshRates(): Promise<RatesSnapshot>;
}

/** The part of an AbortSignal the bridge uses (shared/ is compiled without the DOM's types). */
export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
}

/** What the Electron preload exposes: the DesktopApi less what the page answers itself. */
export type DesktopBridge = Omit<DesktopApi, 'notificationPermission' | 'requestNotificationPermission'>;
