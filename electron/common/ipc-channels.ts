/** IPC channel names and the app origin, shared by main and preload (bundled into each). */
export const IPC = {
  getStatus: 'market-desk:get-status',
  connect: 'market-desk:connect',
  useDemo: 'market-desk:use-demo',
  forgetKey: 'market-desk:forget-key',
  retryNow: 'market-desk:retry-now',
  /** The request counts of the service in use (shared/budget/usage). */
  requestUsage: 'market-desk:request-usage',
  openExternal: 'market-desk:open-external',
  saveFile: 'market-desk:save-file',
  saveFiles: 'market-desk:save-files',
  /**
   * A streamed export (shared/export/stream-files): open (folder dialog, new folder, one .part file per name),
   * write a chunk to a file (answered once written: the page's back-pressure), end a file (renamed into
   * place), abort (every file and the folder removed).
   */
  exportOpen: 'market-desk:export-open',
  exportWrite: 'market-desk:export-write',
  exportEnd: 'market-desk:export-end',
  exportAbort: 'market-desk:export-abort',
  /** Show a desktop notification for an alert (shared/alerts/notify). */
  notify: 'market-desk:notify',
  /** Read a public Steam inventory: (jobId, SteamInventoryRequest) -> SteamInventoryResult. */
  steamInventory: 'market-desk:steam-inventory',
  /** Cancel the Steam inventory read of a job id (answers whether one was running). */
  steamInventoryCancel: 'market-desk:steam-inventory-cancel',
  /** The exchange rates the host keeps (shared/rates): read, change the settings, fetch now. */
  getRates: 'market-desk:get-rates',
  setRatesSettings: 'market-desk:set-rates-settings',
  refreshRates: 'market-desk:refresh-rates',
  /** main -> renderer push on every status change. */
  status: 'market-desk:status',
  /** main -> renderer push: the user clicked an alert's notification (its NotifyTarget). */
  notificationClick: 'market-desk:notification-click',
  /** main -> renderer push: progress of a Steam inventory read ({ jobId, progress }), to the window that asked. */
  steamInventoryProgress: 'market-desk:steam-inventory-progress',
  /** main -> renderer push: the exchange rates changed (a RatesSnapshot). */
  rates: 'market-desk:rates',
} as const;

/** Channels main pushes on (no handler in main). */
export type PushChannel =
  typeof IPC.status | typeof IPC.notificationClick | typeof IPC.steamInventoryProgress | typeof IPC.rates;

/** A Steam inventory job's id, chosen by the page (one per fetch, so progress and cancel find it). */
export const STEAM_JOB_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The renderer is served from app://market-desk/ (a privileged standard scheme), never file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'market-desk';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/`;

/** True for URLs of the app itself. Node's URL gives origin 'null' for custom schemes, so compare parts. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}
