/**
 * DesktopApi for the browser host: same-origin HTTP calls to the web host's control endpoints.
 *
 *   GET  /app/status         -> ConnectionStatus
 *   POST /app/connect        ConnectRequest -> ConnectionStatus
 *   POST /app/demo           -> ConnectionStatus
 *   POST /app/forget         -> ConnectionStatus
 *   POST /app/retry          -> ConnectionStatus (try the connection now)
 *   GET  /app/request-usage  -> RequestUsage (the requests sent to the service in use)
 *   GET  /app/events         text/event-stream, one ConnectionStatus JSON per change, and `event: rates`
 *                            with a RatesSnapshot now and on each change of the exchange rates
 *   GET  /app/rates          -> RatesSnapshot; POST /app/rates/settings RatesSettingsRequest, POST /app/rates/refresh
 *   POST /app/open-external  {url} -> 204 when it is a safe (https) link; the page then opens it
 *   POST /app/steam-inventory  SteamInventoryRequest -> NDJSON: {"progress":…} lines, then {"result":…};
 *                            aborting the request cancels the read on the host
 *   POST /app/export…        a streamed export: opened, its chunks sent, each file downloaded from
 *                            GET /app/export/<id>/file/<name> as they arrive (webhost/export-sessions.ts)
 *
 * Saving files involves no host: saveFile is a browser download of a blob URL, saveFiles one zip of them.
 * Notifications neither: the browser's Notification API, after the user allows it (requestNotificationPermission
 * from a button press); a click focuses the tab and is passed to onNotificationClick.
 *
 * Every answer is validated with zod; anything else becomes a PlatformError with a readable message.
 */
import { zipSync, type Zippable } from 'fflate';
import {
  ExportAbortSchema,
  ExportChunkSchema,
  ExportEndSchema,
  ExportOpenResultSchema,
  ExportOpenSchema,
} from '../../shared/export/stream-files';
import { z } from 'zod';
import type { ConnectionStatus } from '../../shared/api/status';
import { ConnectRequestSchema } from '../../shared/api/status';
import { RequestUsageSchema } from '../../shared/budget/usage';
import {
  SAVE_MIME,
  SaveFileRequestSchema,
  SaveFilesRequestSchema,
  saveExtension,
  saveProblem,
  type SaveFilesRequest,
} from '../../shared/files/save';
import { NotifyRequestSchema, type NotifyPermission, type NotifyTarget } from '../../shared/alerts/notify';
import {
  SteamInventoryProgressSchema,
  SteamInventoryRequestSchema,
  toSteamInventoryResult,
} from '../../shared/steam/schemas';
import type { SteamInventoryResult } from '../../shared/steam/inventory';
import type { DesktopApi } from '../../shared/bridge/desktop-api';
import { RatesSettingsRequestSchema } from '../../shared/rates/schemas';
import type { RatesSnapshot } from '../../shared/rates/types';
import { parseRatesSnapshot } from './rates';
import { PlatformError, describeError } from './errors';
import { parseStatus, parseStatusJson } from './status';
import { Emitter, type PlatformApi } from './types';

/** The subset of EventSource this module uses (injectable for tests). */
export interface EventSourceLike {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (ev: MessageEvent) => void): void;
  close(): void;
}
type EventSourceFactory = (url: string) => EventSourceLike;

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

/** The part of the browser's Notification API the web host uses (injectable for tests). */
interface BrowserNotifications {
  permission(): NotifyPermission;
  requestPermission(): Promise<NotifyPermission>;
  /** Shows one; `onClick` runs when the user clicks it. Throws when the browser refuses. */
  show(title: string, options: { body: string; tag: string }, onClick: () => void): void;
}

function asPermission(p: unknown): NotifyPermission {
  return p === 'granted' || p === 'denied' || p === 'default' ? p : 'unsupported';
}

/** window.Notification, or 'unsupported' everywhere when the browser has none. */
function browserNotifications(): BrowserNotifications {
  const N = (globalThis as { Notification?: typeof Notification }).Notification;
  return {
    permission: () => (N ? asPermission(N.permission) : 'unsupported'),
    async requestPermission() {
      if (!N) return 'unsupported';
      return asPermission(await N.requestPermission());
    },
    show(title, options, onClick) {
      if (!N) throw new Error('This browser has no notifications.');
      const n = new N(title, options);
      n.onclick = () => {
        globalThis.focus?.();
        n.close();
        onClick();
      };
    },
  };
}

/** The browser's download of a same-origin URL: an <a download> clicked once (the host answers it as an attachment). */
function browserDownloadUrl(name: string, url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}

/** The browser's download of a blob: an <a download> clicked once; the URL is freed once the download has its data. */
function browserDownload(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty to start it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** One zip of the files, at its root. PNGs are stored (already compressed); text is deflated. */
export function buildZip(request: SaveFilesRequest): Uint8Array {
  const entries: Zippable = {};
  // PNG and Parquet (snappy) are compressed already: stored, not deflated again.
  for (const f of request.files)
    entries[f.name] = [
      f.bytes,
      { level: saveExtension(f.name) === 'png' || saveExtension(f.name) === 'parquet' ? 0 : 6 },
    ];
  return zipSync(entries);
}

function refusedSave(error: z.ZodError): PlatformError {
  return new PlatformError('refused', saveProblem(error));
}

const FROM = 'the Market Desk web host';
/** The longest NDJSON line read (the result of a large inventory is a few MB). */
const MAX_STEAM_LINE = 128 * 1024 * 1024;

/**
 * "Fetch from Steam" through the web host: one POST whose answer streams progress lines and then the result.
 * Failures are results with a sentence (never a throw), as DesktopApi.fetchSteamInventory promises.
 */
export async function fetchSteamViaHost(
  doFetch: typeof fetch,
  url: string,
  ...[request, options]: Parameters<DesktopApi['fetchSteamInventory']>
): Promise<SteamInventoryResult> {
  const cancelled: SteamInventoryResult = {
    ok: false,
    reason: 'cancelled',
    message: 'Fetching from Steam was cancelled.',
  };
  const req = SteamInventoryRequestSchema.safeParse(request);
  if (!req.success) return { ok: false, reason: 'bad-profile', message: 'Enter a Steam profile link or a SteamID64.' };
  if (options.signal?.aborted) return cancelled;
  const abort = new AbortController();
  options.signal?.addEventListener('abort', () => abort.abort(), { once: true });
  let res: Response;
  try {
    res = await doFetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify(req.data),
      signal: abort.signal,
    });
  } catch {
    return abort.signal.aborted
      ? cancelled
      : { ok: false, reason: 'network', message: 'Market Desk cannot reach its web host. Is it still running?' };
  }
  if (!res.ok || !res.body) {
    const err = HostErrorBody.safeParse(await res.json().catch(() => null));
    return {
      ok: false,
      reason: res.status === 400 ? 'bad-profile' : 'network',
      message: err.success ? err.data.error.message : `The web host answered HTTP ${res.status}.`,
    };
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const handle = (line: string): SteamInventoryResult | null => {
    if (line.trim() === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { ok: false, reason: 'bad-data', message: `Market Desk could not read the answer from ${FROM}.` };
    }
    if (typeof value !== 'object' || value === null) return null;
    if ('result' in value) return toSteamInventoryResult(value.result);
    if ('progress' in value) {
      const progress = SteamInventoryProgressSchema.safeParse(value.progress);
      if (progress.success) options.onProgress?.(progress.data);
    }
    return null;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += decoder.decode(value, { stream: !done });
      let nl = buffered.indexOf('\n');
      while (nl >= 0) {
        const result = handle(buffered.slice(0, nl));
        if (result) return result;
        buffered = buffered.slice(nl + 1);
        nl = buffered.indexOf('\n');
      }
      if (buffered.length > MAX_STEAM_LINE)
        return { ok: false, reason: 'bad-data', message: 'The answer about the Steam inventory is too large.' };
      if (done)
        return (
          handle(buffered) ?? {
            ok: false,
            reason: 'network',
            message: "The web host stopped before Steam's answer arrived. Try again.",
          }
        );
    }
  } catch {
    return abort.signal.aborted
      ? cancelled
      : { ok: false, reason: 'network', message: 'The connection to the web host broke off. Try again.' };
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
/** One chunk of a streamed export to the web host; answered once the download took it (back-pressure). */
async function sendChunk(doFetch: typeof fetch, url: string, chunk: Uint8Array): Promise<void> {
  let res: Response;
  try {
    res = await doFetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { 'content-type': 'application/octet-stream' },
      body: chunk as Uint8Array<ArrayBuffer>,
    });
  } catch (e) {
    throw new PlatformError(
      'unreachable',
      'Market Desk cannot reach its web host. Is it still running?',
      describeError(e),
    );
  }
  if (res.ok) return;
  const err = HostErrorBody.safeParse(await res.json().catch(() => null));
  throw new PlatformError(
    'refused',
    err.success ? err.data.error.message : `The web host answered the export with HTTP ${res.status}.`,
    `export write: HTTP ${res.status}`,
  );
}

const HostErrorBody = z.object({ error: z.object({ code: z.string().optional(), message: z.string() }) });

export function createWebApi(options: WebApiOptions = {}): PlatformApi {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = options.base ?? '';
  const openEvents: EventSourceFactory =
    options.eventSource ?? ((url) => new EventSource(url) as unknown as EventSourceLike);
  const openWindow =
    options.openWindow ?? ((url: string) => void globalThis.open?.(url, '_blank', 'noopener,noreferrer'));
  const download = options.download ?? browserDownload;
  const downloadUrl = options.downloadUrl ?? browserDownloadUrl;
  const notifications = options.notifications ?? browserNotifications();
  const clicks = new Emitter<NotifyTarget>();
  const problems = new Emitter<PlatformError>();
  const statuses = new Emitter<ConnectionStatus>();
  const rates = new Emitter<RatesSnapshot>();
  let source: EventSourceLike | null = null;
  /** The event stream is closed when nobody listens to either statuses or rates. */
  const releaseEvents = (): void => {
    if (statuses.size === 0 && rates.size === 0 && source) {
      source.close();
      source = null;
    }
  };

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        credentials: 'same-origin',
        cache: 'no-store',
        headers:
          method === 'POST'
            ? { 'content-type': 'application/json', accept: 'application/json' }
            : { accept: 'application/json' },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
    } catch (e) {
      throw new PlatformError(
        'unreachable',
        'Market Desk cannot reach its web host. Is it still running?',
        describeError(e),
      );
    }
    const text = await res.text().catch(() => '');
    let json: unknown = undefined;
    if (text.trim()) {
      try {
        json = JSON.parse(text);
      } catch {
        if (res.ok)
          throw new PlatformError(
            'invalid-data',
            `Market Desk could not read the answer from ${FROM}.`,
            `${path}: not JSON`,
          );
      }
    }
    if (!res.ok) {
      const err = HostErrorBody.safeParse(json);
      const message = err.success ? err.data.error.message : `The web host answered ${path} with HTTP ${res.status}.`;
      throw new PlatformError(
        'refused',
        message,
        `${method} ${path}: HTTP ${res.status}${err.success && err.data.error.code ? ` ${err.data.error.code}` : ''}`,
      );
    }
    return json;
  }

  async function statusCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ConnectionStatus> {
    const json = await request(method, path, body);
    // A POST answered with no body (204) still means "done": read the status afresh.
    if (json === undefined && method === 'POST') return parseStatus(await request('GET', '/app/status'), FROM);
    return parseStatus(json, FROM);
  }

  function handleEvent(ev: MessageEvent) {
    try {
      statuses.emit(parseStatusJson(String(ev.data), FROM));
    } catch (e) {
      problems.emit(e instanceof PlatformError ? e : new PlatformError('invalid-data', describeError(e)));
    }
  }

  function ensureEvents() {
    if (source) return;
    const es = openEvents(base + '/app/events');
    source = es;
    es.onmessage = handleEvent;
    // A host may name its events; accept the obvious name too.
    es.addEventListener('status', handleEvent);
    es.addEventListener('rates', (ev) => {
      try {
        let raw: unknown;
        try {
          raw = JSON.parse(String(ev.data));
        } catch {
          raw = undefined;
        }
        rates.emit(parseRatesSnapshot(raw, FROM));
      } catch (e) {
        problems.emit(e instanceof PlatformError ? e : new PlatformError('invalid-data', describeError(e)));
      }
    });
    let lost = false;
    es.onerror = () => {
      if (lost) return;
      lost = true;
      problems.emit(
        new PlatformError(
          'unreachable',
          'Lost contact with the Market Desk web host; reconnecting\u2026',
          'event stream error',
        ),
      );
    };
    es.onopen = () => {
      if (!lost) return;
      lost = false;
      // Reconnected: the stream may have missed changes, so read the status once (the rates come with the stream's start).
      void statusCall('GET', '/app/status').then(
        (s) => statuses.emit(s),
        (e: unknown) =>
          problems.emit(e instanceof PlatformError ? e : new PlatformError('unreachable', describeError(e))),
      );
    };
  }

  return {
    host: 'web',
    getStatus: () => statusCall('GET', '/app/status'),
    onStatus(listener) {
      const off = statuses.on(listener);
      ensureEvents();
      return () => {
        off();
        releaseEvents();
      };
    },
    connect: (req) => statusCall('POST', '/app/connect', ConnectRequestSchema.parse(req)),
    useDemo: () => statusCall('POST', '/app/demo'),
    forgetKey: () => statusCall('POST', '/app/forget'),
    retryNow: () => statusCall('POST', '/app/retry'),
    async getRequestUsage() {
      const parsed = RequestUsageSchema.safeParse(await request('GET', '/app/request-usage'));
      if (!parsed.success)
        throw new PlatformError(
          'invalid-data',
          `Market Desk could not read the request counts from ${FROM}.`,
          'request usage',
        );
      return parsed.data;
    },
    async openExternal(url) {
      // The host vets the link (https only) and answers 204; the browser then opens it.
      await request('POST', '/app/open-external', { url });
      openWindow(url);
    },
    async saveFile(request) {
      const parsed = SaveFileRequestSchema.safeParse(request);
      if (!parsed.success) throw refusedSave(parsed.error);
      const { suggestedName, bytes } = parsed.data;
      const ext = saveExtension(suggestedName);
      download(
        suggestedName,
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: ext ? SAVE_MIME[ext] : 'application/octet-stream' }),
      );
      return { saved: true };
    },
    async saveFiles(request) {
      const parsed = SaveFilesRequestSchema.safeParse(request);
      if (!parsed.success) throw refusedSave(parsed.error);
      const zip = buildZip(parsed.data);
      download(`${parsed.data.folderName}.zip`, new Blob([zip as Uint8Array<ArrayBuffer>], { type: SAVE_MIME.zip }));
      return { saved: true };
    },
    // A streamed export: the web host serves each file as a download while the page sends its chunks
    // (webhost/export-sessions.ts); one download per file, started here.
    async openExport(req) {
      const parsed = ExportOpenSchema.safeParse(req);
      if (!parsed.success) throw refusedSave(parsed.error);
      const opened = ExportOpenResultSchema.safeParse(await request('POST', '/app/export', parsed.data));
      if (!opened.success)
        throw new PlatformError(
          'invalid-data',
          `Market Desk could not read the answer from ${FROM}.`,
          'export open result',
        );
      if (opened.data.opened) {
        const id = opened.data.exportId;
        for (const name of parsed.data.files)
          downloadUrl(name, `${base}/app/export/${id}/file/${encodeURIComponent(name)}`);
      }
      return opened.data;
    },
    async writeExport(req) {
      const parsed = ExportChunkSchema.safeParse(req);
      if (!parsed.success) throw refusedSave(parsed.error);
      const { exportId, name, chunk } = parsed.data;
      await sendChunk(doFetch, `${base}/app/export/${exportId}/write?name=${encodeURIComponent(name)}`, chunk);
    },
    async endExport(req) {
      const parsed = ExportEndSchema.safeParse(req);
      if (!parsed.success) throw refusedSave(parsed.error);
      await request('POST', `/app/export/${parsed.data.exportId}/end`, { name: parsed.data.name });
    },
    async abortExport(req) {
      const parsed = ExportAbortSchema.safeParse(req);
      if (!parsed.success) throw refusedSave(parsed.error);
      await request('POST', `/app/export/${parsed.data.exportId}/abort`);
    },
    async notify(request) {
      const parsed = NotifyRequestSchema.safeParse(request);
      if (!parsed.success) throw new PlatformError('refused', 'Market Desk could not prepare that notification.');
      const permission = notifications.permission();
      if (permission === 'unsupported') return { shown: false, reason: 'This browser has no desktop notifications.' };
      if (permission === 'denied')
        return { shown: false, reason: 'The browser blocks notifications for this page (see its site settings).' };
      if (permission === 'default')
        return { shown: false, reason: 'Desktop notifications are not enabled yet (Alerts page).' };
      const { title, body, target } = parsed.data;
      try {
        notifications.show(title, { body, tag: `market-desk-alert-${target.alertId}` }, () => clicks.emit(target));
        return { shown: true };
      } catch (e) {
        return { shown: false, reason: `The browser refused the notification: ${describeError(e)}`.slice(0, 300) };
      }
    },
    onNotificationClick: (listener) => clicks.on(listener),
    notificationPermission: () => notifications.permission(),
    requestNotificationPermission: () => notifications.requestPermission(),
    fetchSteamInventory: (request, opts) =>
      fetchSteamViaHost(doFetch, `${base}/app/steam-inventory`, request, opts ?? {}),
    getRates: async () => parseRatesSnapshot(await request('GET', '/app/rates'), FROM),
    onRates(listener) {
      const off = rates.on(listener);
      ensureEvents();
      return () => {
        off();
        releaseEvents();
      };
    },
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
