/**
 * DesktopApi for the browser host: same-origin HTTP calls to the web host's control endpoints (/app/*, listed in
 * README.md here), its event stream, browser downloads for saved files and the browser's Notification API.
 * Every answer is validated with zod; anything else becomes a PlatformError with a readable message.
 */
import type { ConnectionStatus } from '../../shared/api/status';
import { ConnectRequestSchema } from '../../shared/api/status';
import { RatesSettingsRequestSchema } from '../../shared/rates/schemas';
import { parseRatesSnapshot } from './rates';
import { parseRequestUsage } from './request-usage';
import { PlatformError } from './errors';
import { parseStatus } from './status';
import { Emitter, type PlatformApi } from './types';
import { createHostEvents, type EventSourceFactory, type EventSourceLike } from './web-events';
import { createWebFiles } from './web-files';
import { FROM, createHostRequest } from './web-host-request';
import { createWebNotify, type BrowserNotifications } from './web-notify';
import { fetchSteamViaHost } from './web-steam';

export interface WebApiOptions {
  fetch?: typeof fetch;
  eventSource?: EventSourceFactory;
  /** Prefix for the control endpoints; '' = same origin. */
  base?: string;
  /** Opens a vetted link (the web host only vets it; the page opens it). Default: a new browser tab. */
  openWindow?: (url: string) => void;
  /** Hands a file to the browser as a download. Default: a click on an <a download> of a blob URL. */
  download?: (name: string, blob: Blob) => void;
  /** Starts the browser's download of a same-origin URL (a streamed export's file). Default: an <a download> clicked. */
  downloadUrl?: (name: string, url: string) => void;
  /** The browser's notifications. Default: window.Notification (browserNotifications()). */
  notifications?: BrowserNotifications;
}

export function createWebApi(options: WebApiOptions = {}): PlatformApi {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = options.base ?? '';
  const openEvents: EventSourceFactory =
    options.eventSource ?? ((url) => new EventSource(url) as unknown as EventSourceLike);
  const openWindow =
    options.openWindow ?? ((url: string) => void globalThis.open?.(url, '_blank', 'noopener,noreferrer'));
  const problems = new Emitter<PlatformError>();
  const request = createHostRequest(doFetch, base);

  async function statusCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ConnectionStatus> {
    const json = await request(method, path, body);
    // A POST answered with no body (204) still means "done": read the status afresh.
    if (json === undefined && method === 'POST') return parseStatus(await request('GET', '/app/status'), FROM);
    return parseStatus(json, FROM);
  }

  return {
    host: 'web',
    getStatus: () => statusCall('GET', '/app/status'),
    ...createHostEvents({ openEvents, base, problems, readStatus: () => statusCall('GET', '/app/status') }),
    connect: (req) => statusCall('POST', '/app/connect', ConnectRequestSchema.parse(req)),
    useDemo: () => statusCall('POST', '/app/demo'),
    forgetKey: () => statusCall('POST', '/app/forget'),
    retryNow: () => statusCall('POST', '/app/retry'),
    async getRequestUsage() {
      return parseRequestUsage(await request('GET', '/app/request-usage'), FROM);
    },
    async openExternal(url) {
      // The host vets the link (https only) and answers 204; the browser then opens it.
      await request('POST', '/app/open-external', { url });
      openWindow(url);
    },
    ...createWebFiles({ doFetch, base, request, download: options.download, downloadUrl: options.downloadUrl }),
    ...createWebNotify(options.notifications),
    fetchSteamInventory: (request, opts) =>
      fetchSteamViaHost(doFetch, `${base}/app/steam-inventory`, request, opts ?? {}),
    getRates: async () => parseRatesSnapshot(await request('GET', '/app/rates'), FROM),
    async setRatesSettings(req) {
      const parsed = RatesSettingsRequestSchema.safeParse(req);
      if (!parsed.success)
        throw new PlatformError('refused', 'Market Desk could not prepare that change of the exchange rates settings.');
      return parseRatesSnapshot(await request('POST', '/app/rates/settings', parsed.data), FROM);
    },
    refreshRates: async () => parseRatesSnapshot(await request('POST', '/app/rates/refresh'), FROM),
    onProblem: (listener) => problems.on(listener),
  };
}
