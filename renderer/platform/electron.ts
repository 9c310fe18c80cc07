/**
 * DesktopApi over the Electron preload bridge (window.marketDesk). The bridge is an untrusted boundary
 * as far as types go: its shape is checked once, and every value it returns is validated with zod.
 */
import { z } from 'zod';
import type { ConnectionStatus, ConnectRequest } from '../../shared/api/status';
import { ConnectRequestSchema } from '../../shared/api/status';
import type { RequestUsage } from '../../shared/budget/usage';
import { parseRequestUsage } from './request-usage';
import {
  SaveFileRequestSchema,
  SaveFilesRequestSchema,
  SaveResultSchema,
  saveProblem,
  type SaveResult,
} from '../../shared/files/save';
import {
  ExportAbortSchema,
  ExportChunkSchema,
  ExportEndSchema,
  ExportOpenResultSchema,
  ExportOpenSchema,
} from '../../shared/export/stream-files';
import {
  NotifyRequestSchema,
  NotifyResultSchema,
  NotifyTargetSchema,
  type NotifyResult,
} from '../../shared/alerts/notify';
import {
  SteamInventoryProgressSchema,
  SteamInventoryRequestSchema,
  toSteamInventoryResult,
} from '../../shared/steam/schemas';
import type { SteamInventoryProgress, SteamInventoryRequest, SteamInventoryResult } from '../../shared/steam/inventory';
import type { CancelSignal } from '../../shared/bridge/desktop-api';
import { RatesSettingsRequestSchema } from '../../shared/rates/schemas';
import { parseRatesSnapshot } from './rates';
import { PlatformError, describeError } from './errors';
import { parseStatus } from './status';
import { Emitter, type PlatformApi } from './types';

type AnyFn = (...args: never[]) => unknown;
const fn = z.custom<AnyFn>((v) => typeof v === 'function', { message: 'not a function' });

/** What the preload must expose (named methods only). */
const BridgeSchema = z.object({
  getStatus: fn,
  onStatus: fn,
  connect: fn,
  useDemo: fn,
  forgetKey: fn,
  retryNow: fn,
  openExternal: fn,
  saveFile: fn,
  saveFiles: fn,
  notify: fn,
  onNotificationClick: fn,
  // Optional: a preload without it leaves the rest of the app working (the fetch then says it is not available).
  fetchSteamInventory: fn.optional(),
  // Optional too: an older preload only loses the request counts in Settings.
  getRequestUsage: fn.optional(),
  // Optional: an older preload saves exports whole (HistoryExport asks streamedExports()).
  openExport: fn.optional(),
  writeExport: fn.optional(),
  endExport: fn.optional(),
  abortExport: fn.optional(),
  // Optional: an older preload has no exchange rates (the page then shows the service's currency only).
  getRates: fn.optional(),
  onRates: fn.optional(),
  setRatesSettings: fn.optional(),
  refreshRates: fn.optional(),
});

interface Bridge {
  getStatus(): Promise<unknown>;
  onStatus(listener: (status: unknown) => void): unknown;
  connect(request: ConnectRequest): Promise<unknown>;
  useDemo(): Promise<unknown>;
  forgetKey(): Promise<unknown>;
  retryNow(): Promise<unknown>;
  getRequestUsage?(): Promise<unknown>;
  openExternal(url: string): Promise<unknown>;
  saveFile(request: unknown): Promise<unknown>;
  saveFiles(request: unknown): Promise<unknown>;
  notify(request: unknown): Promise<unknown>;
  onNotificationClick(listener: (target: unknown) => void): unknown;
  openExport?(request: unknown): Promise<unknown>;
  writeExport?(request: unknown): Promise<unknown>;
  endExport?(request: unknown): Promise<unknown>;
  abortExport?(request: unknown): Promise<unknown>;
  fetchSteamInventory?(
    request: SteamInventoryRequest,
    options: { onProgress: (p: unknown) => void; signal?: CancelSignal },
  ): Promise<unknown>;
  getRates?(): Promise<unknown>;
  onRates?(listener: (snapshot: unknown) => void): unknown;
  setRatesSettings?(request: unknown): Promise<unknown>;
  refreshRates?(): Promise<unknown>;
}

const NO_RATES = 'This version of the desktop app has no exchange rates; update it.';

/**
 * An AbortSignal does not cross the context bridge as one: objects are copied without their prototype (so
 * without `aborted` or addEventListener), while functions are proxied
 * (https://www.electronjs.org/docs/latest/api/context-bridge#parameter--error--return-type-support). The
 * preload gets a plain object whose addEventListener is a function of this world, which is proxied.
 */
function bridgeSignal(signal: CancelSignal): CancelSignal {
  return {
    aborted: signal.aborted,
    addEventListener: (type, listener, options) => signal.addEventListener(type, () => listener(), options),
  };
}

/** Through the preload: the request checked, progress and the result parsed with zod; a failure is a result, never a throw. */
async function fetchSteamThroughBridge(
  bridge: Bridge,
  request: SteamInventoryRequest,
  options: { onProgress?: (p: SteamInventoryProgress) => void; signal?: CancelSignal },
): Promise<SteamInventoryResult> {
  const req = SteamInventoryRequestSchema.safeParse(request);
  if (!req.success) return { ok: false, reason: 'bad-profile', message: 'Enter a Steam profile link or a SteamID64.' };
  if (!bridge.fetchSteamInventory)
    return {
      ok: false,
      reason: 'network',
      message: 'Fetching from Steam is not available in this version of the desktop app.',
    };
  if (options.signal?.aborted) return { ok: false, reason: 'cancelled', message: 'Fetching from Steam was cancelled.' };
  const onProgress = options.onProgress;
  try {
    const raw = await bridge.fetchSteamInventory(req.data, {
      onProgress: (p: unknown) => {
        const parsed = SteamInventoryProgressSchema.safeParse(p);
        if (parsed.success && onProgress) onProgress(parsed.data);
      },
      ...(options.signal ? { signal: bridgeSignal(options.signal) } : {}),
    });
    return toSteamInventoryResult(raw);
  } catch (e) {
    return {
      ok: false,
      reason: 'network',
      message: cleanIpcMessage(describeError(e)) || 'The desktop app could not fetch from Steam.',
    };
  }
}

const FROM = 'the desktop app';

/** Electron prefixes errors thrown in main: "Error invoking remote method 'x': Error: message". */
export function cleanIpcMessage(message: string): string {
  return message
    .replace(/^Error invoking remote method '[^']*':\s*/, '')
    .replace(/^(Error|TypeError|RangeError):\s*/, '');
}

async function call(what: string, run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (e) {
    throw new PlatformError('refused', cleanIpcMessage(describeError(e)) || `The desktop app could not ${what}.`);
  }
}

/** Checks a request before it crosses (a clear refusal here beats 200 MB sent over IPC to be refused). */
function validRequest<T>(schema: z.ZodType<T>, request: unknown): T {
  const parsed = schema.safeParse(request);
  if (!parsed.success) throw new PlatformError('refused', saveProblem(parsed.error));
  return parsed.data;
}

/** The bridge's streamed export calls; an older preload without them refuses clearly. */
function exportBridge(
  bridge: Bridge,
): Required<Pick<Bridge, 'openExport' | 'writeExport' | 'endExport' | 'abortExport'>> {
  const { openExport, writeExport, endExport, abortExport } = bridge;
  if (!openExport || !writeExport || !endExport || !abortExport) {
    throw new PlatformError('refused', 'This version of the desktop app cannot stream exports; update it.');
  }
  return {
    openExport: (r) => openExport.call(bridge, r),
    writeExport: (r) => writeExport.call(bridge, r),
    endExport: (r) => endExport.call(bridge, r),
    abortExport: (r) => abortExport.call(bridge, r),
  };
}

function parseSaveResult(raw: unknown): SaveResult {
  const parsed = SaveResultSchema.safeParse(raw);
  if (!parsed.success)
    throw new PlatformError('invalid-data', `Market Desk could not read the answer from ${FROM}.`, 'save result');
  return parsed.data;
}

/** The bridge's file and streamed-export methods, each request and answer validated. */
function electronFiles(
  bridge: Bridge,
): Pick<PlatformApi, 'saveFile' | 'saveFiles' | 'openExport' | 'writeExport' | 'endExport' | 'abortExport'> {
  return {
    async saveFile(request) {
      const req = validRequest(SaveFileRequestSchema, request);
      return parseSaveResult(await call('save the file', () => bridge.saveFile(req)));
    },
    async saveFiles(request) {
      const req = validRequest(SaveFilesRequestSchema, request);
      return parseSaveResult(await call('save the files', () => bridge.saveFiles(req)));
    },
    async openExport(request) {
      const req = validRequest(ExportOpenSchema, request);
      const raw = await call('open the export', () => exportBridge(bridge).openExport(req));
      const parsed = ExportOpenResultSchema.safeParse(raw);
      if (!parsed.success)
        throw new PlatformError(
          'invalid-data',
          `Market Desk could not read the answer from ${FROM}.`,
          'export open result',
        );
      return parsed.data;
    },
    async writeExport(request) {
      const req = validRequest(ExportChunkSchema, request);
      await call('write the export', () => exportBridge(bridge).writeExport(req));
    },
    async endExport(request) {
      const req = validRequest(ExportEndSchema, request);
      await call('finish the export', () => exportBridge(bridge).endExport(req));
    },
    async abortExport(request) {
      const req = validRequest(ExportAbortSchema, request);
      await call('remove the export', () => exportBridge(bridge).abortExport(req));
    },
  };
}

/** The bridge's notifications; a click the bridge reports in a shape we cannot read becomes a problem. */
function electronNotify(
  bridge: Bridge,
  problems: Emitter<PlatformError>,
): Pick<PlatformApi, 'notify' | 'onNotificationClick' | 'notificationPermission' | 'requestNotificationPermission'> {
  return {
    async notify(request): Promise<NotifyResult> {
      const parsed = NotifyRequestSchema.safeParse(request);
      if (!parsed.success) throw new PlatformError('refused', 'Market Desk could not prepare that notification.');
      const raw = await call('show the notification', () => bridge.notify(parsed.data));
      const result = NotifyResultSchema.safeParse(raw);
      if (!result.success)
        throw new PlatformError('invalid-data', `Market Desk could not read the answer from ${FROM}.`, 'notify result');
      return result.data;
    },
    onNotificationClick(listener) {
      const off = bridge.onNotificationClick((raw: unknown) => {
        const target = NotifyTargetSchema.safeParse(raw);
        if (target.success) listener(target.data);
        else
          problems.emit(
            new PlatformError(
              'invalid-data',
              `Market Desk could not read a notification click from ${FROM}.`,
              'notification target',
            ),
          );
      });
      return () => {
        if (typeof off === 'function') (off as () => void)();
      };
    },
    // The main process shows the notifications: nothing for the page to ask (the OS may still mute them).
    notificationPermission: () => 'granted',
    requestNotificationPermission: async () => 'granted',
  };
}

/** The bridge's exchange rates; an older preload without them refuses with a sentence (onRates stays silent). */
function electronRates(
  bridge: Bridge,
  problems: Emitter<PlatformError>,
): Pick<PlatformApi, 'getRates' | 'onRates' | 'setRatesSettings' | 'refreshRates'> {
  return {
    async getRates() {
      if (!bridge.getRates) throw new PlatformError('refused', NO_RATES);
      return parseRatesSnapshot(await call('read the exchange rates', () => bridge.getRates!()), FROM);
    },
    onRates(listener) {
      if (!bridge.onRates) return () => {};
      const off = bridge.onRates((raw: unknown) => {
        try {
          listener(parseRatesSnapshot(raw, FROM));
        } catch (e) {
          problems.emit(e instanceof PlatformError ? e : new PlatformError('invalid-data', describeError(e)));
        }
      });
      return () => {
        if (typeof off === 'function') (off as () => void)();
      };
    },
    async setRatesSettings(request) {
      if (!bridge.setRatesSettings) throw new PlatformError('refused', NO_RATES);
      const req = RatesSettingsRequestSchema.safeParse(request);
      if (!req.success)
        throw new PlatformError('refused', 'Market Desk could not prepare that change of the exchange rates settings.');
      return parseRatesSnapshot(
        await call('change the exchange rates settings', () => bridge.setRatesSettings!(req.data)),
        FROM,
      );
    },
    async refreshRates() {
      if (!bridge.refreshRates) throw new PlatformError('refused', NO_RATES);
      return parseRatesSnapshot(await call('fetch the exchange rates', () => bridge.refreshRates!()), FROM);
    },
  };
}

export function createElectronApi(candidate: unknown): PlatformApi {
  const checked = BridgeSchema.safeParse(candidate);
  if (!checked.success) {
    const problem = new PlatformError(
      'bridge-missing',
      'Market Desk\u2019s connection to its desktop back end is incomplete; please reinstall or update the app.',
      checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
    return brokenApi('electron', problem);
  }
  const bridge = candidate as Bridge;
  const problems = new Emitter<PlatformError>();
  const statusOf = async (what: string, run: () => Promise<unknown>): Promise<ConnectionStatus> =>
    parseStatus(await call(what, run), FROM);

  return {
    host: 'electron',
    getStatus: () => statusOf('read the connection status', () => bridge.getStatus()),
    onStatus(listener) {
      const off = bridge.onStatus((raw: unknown) => {
        try {
          listener(parseStatus(raw, FROM));
        } catch (e) {
          problems.emit(e instanceof PlatformError ? e : new PlatformError('invalid-data', describeError(e)));
        }
      });
      return () => {
        if (typeof off === 'function') (off as () => void)();
      };
    },
    connect: (request) => statusOf('connect', () => bridge.connect(ConnectRequestSchema.parse(request))),
    useDemo: () => statusOf('switch to demo data', () => bridge.useDemo()),
    forgetKey: () => statusOf('forget the key', () => bridge.forgetKey()),
    retryNow: () => statusOf('retry the connection', () => bridge.retryNow()),
    async getRequestUsage(): Promise<RequestUsage> {
      if (!bridge.getRequestUsage)
        throw new PlatformError('refused', 'This version of the desktop app does not count requests.');
      return parseRequestUsage(await call('read the request counts', () => bridge.getRequestUsage!()), FROM);
    },
    async openExternal(url) {
      await call('open the link', () => bridge.openExternal(url));
    },
    ...electronFiles(bridge),
    ...electronNotify(bridge, problems),
    fetchSteamInventory: (request, options) => fetchSteamThroughBridge(bridge, request, options ?? {}),
    ...electronRates(bridge, problems),
    onProblem: (listener) => problems.on(listener),
  };
}

/** An API whose every call fails with the same clear problem (the UI shows it; nothing crashes). */
function brokenApi(host: 'electron' | 'web', problem: PlatformError): PlatformApi {
  const fail = () => Promise.reject(problem);
  return {
    host,
    getStatus: fail,
    onStatus: () => () => {},
    connect: fail,
    useDemo: fail,
    forgetKey: fail,
    retryNow: fail,
    getRequestUsage: fail,
    openExternal: fail,
    saveFile: fail,
    saveFiles: fail,
    openExport: fail,
    writeExport: fail,
    endExport: fail,
    abortExport: fail,
    notify: fail,
    onNotificationClick: () => () => {},
    notificationPermission: () => 'unsupported',
    requestNotificationPermission: async () => 'unsupported',
    fetchSteamInventory: fail,
    getRates: fail,
    onRates: () => () => {},
    setRatesSettings: fail,
    refreshRates: fail,
    onProblem: () => () => {},
  };
}
