/**
 * The web host's control endpoints: the HTTP form of the DesktopApi (renderer/platform/web.ts is the client),
 * listed in README.md here. Answers are ConnectionStatus JSON only, never the key or the token.
 * Every POST must be application/json: a cross-site HTML form can't send that without a CORS preflight,
 * which this host never grants.
 */
import { z } from 'zod';
import { ConnectRequestSchema, type ConnectionStatus } from '../shared/api/status';
import type { RequestUsage } from '../shared/budget/usage';
import { ConnectRequestError } from '../backend/connection';
import type { RequestHandler } from '../backend/gateway';
import { readCapped } from '../backend/read-capped';
import { isSafeExternalUrl } from '../backend/external-url';
import type { StatusHub } from '../backend/status-hub';
import type { SteamInventoryFetcher } from '../backend/steam-inventory';
import type { SteamInventoryRequest } from '../shared/steam/inventory';
import { SteamInventoryRequestSchema } from '../shared/steam/schemas';
import { RatesRequestError } from '../backend/rates';
import { RatesSettingsRequestSchema } from '../shared/rates/schemas';
import type { RatesSettingsRequest, RatesSnapshot } from '../shared/rates/types';

export interface ControlTarget {
  readonly hub: StatusHub;
  getStatus(): ConnectionStatus;
  connect(request: z.infer<typeof ConnectRequestSchema>): Promise<ConnectionStatus>;
  useDemo(): Promise<ConnectionStatus>;
  forgetKey(): Promise<ConnectionStatus>;
  retryNow(): Promise<ConnectionStatus>;
  requestUsage(): RequestUsage;
}

export interface ControlHandler {
  readonly handle: RequestHandler;
  /** Ends every open event stream (host shutdown). */
  closeStreams(): void;
}

const MAX_CONTROL_BODY = 64 * 1024;
const KEEPALIVE_MS = 25_000;
const OpenExternalSchema = z.object({ url: z.string().max(2048) });

/** What the routes use of the rates service (backend/rates). */
interface RatesTarget {
  snapshot(): RatesSnapshot;
  setSettings(request: RatesSettingsRequest): Promise<RatesSnapshot>;
  refresh(): Promise<RatesSnapshot>;
  subscribe(listener: (snapshot: RatesSnapshot) => void): () => void;
}

export interface ControlExtras {
  /** Reads public Steam inventories (backend/steam-inventory); without it the route answers 404. */
  readonly steamInventory?: SteamInventoryFetcher;
  /** The exchange rates (backend/rates); without them the rates routes answer 404. */
  readonly rates?: RatesTarget;
}

export function createControlHandler(target: ControlTarget, extras: ControlExtras = {}): ControlHandler {
  const streams = new Set<() => void>();

  const handle: RequestHandler = async (request) => {
    const { pathname } = new URL(request.url);
    const route = `${request.method} ${pathname}`;
    switch (route) {
      case 'GET /app/status':
        return json(200, target.getStatus());
      case 'GET /app/request-usage':
        return json(200, target.requestUsage());
      case 'GET /app/events':
        return eventStream(target.hub, streams, extras.rates);
      case 'POST /app/connect': {
        const body = await readJson(request);
        if (body instanceof Response) return body;
        const parsed = ConnectRequestSchema.safeParse(body);
        if (!parsed.success) return error(400, 'BAD_REQUEST', 'The connection request is not valid.');
        try {
          return json(200, await target.connect(parsed.data));
        } catch (e) {
          if (e instanceof ConnectRequestError) return error(400, 'INVALID_CONNECTION', e.message);
          throw e;
        }
      }
      case 'POST /app/demo':
      case 'POST /app/forget':
      case 'POST /app/retry': {
        const body = await readJson(request);
        if (body instanceof Response) return body;
        const act = {
          '/app/demo': () => target.useDemo(),
          '/app/forget': () => target.forgetKey(),
          '/app/retry': () => target.retryNow(),
        }[pathname];
        return json(200, await act!());
      }
      case 'POST /app/open-external': {
        const body = await readJson(request);
        if (body instanceof Response) return body;
        const parsed = OpenExternalSchema.safeParse(body);
        if (!parsed.success || !isSafeExternalUrl(parsed.data.url)) {
          return error(400, 'BAD_URL', 'Only https links can be opened.');
        }
        // In a browser the page opens the link itself; the host only vets it.
        return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
      }
      case 'POST /app/steam-inventory': {
        if (!extras.steamInventory) return error(404, 'NOT_FOUND', 'No such endpoint.');
        const body = await readJson(request);
        if (body instanceof Response) return body;
        const parsed = SteamInventoryRequestSchema.safeParse(body);
        if (!parsed.success) return error(400, 'BAD_REQUEST', 'Enter a Steam profile link or a SteamID64, and a game.');
        return steamStream(extras.steamInventory, parsed.data, request.signal);
      }
      case 'GET /app/rates':
        return extras.rates ? json(200, extras.rates.snapshot()) : error(404, 'NOT_FOUND', 'No such endpoint.');
      case 'POST /app/rates/settings':
      case 'POST /app/rates/refresh': {
        const rates = extras.rates;
        if (!rates) return error(404, 'NOT_FOUND', 'No such endpoint.');
        const body = await readJson(request);
        if (body instanceof Response) return body;
        let run: () => Promise<RatesSnapshot>;
        if (pathname === '/app/rates/settings') {
          const parsed = RatesSettingsRequestSchema.safeParse(body);
          if (!parsed.success) return error(400, 'BAD_REQUEST', 'The exchange rates settings are not valid.');
          run = () => rates.setSettings(parsed.data);
        } else run = () => rates.refresh();
        try {
          return json(200, await run());
        } catch (e) {
          if (e instanceof RatesRequestError) return error(400, 'RATES_REFUSED', e.message);
          throw e;
        }
      }
      default:
        return KNOWN.has(pathname)
          ? error(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.')
          : error(404, 'NOT_FOUND', 'No such endpoint.');
    }
  };

  return {
    handle,
    closeStreams() {
      for (const close of [...streams]) close();
    },
  };
}

const KNOWN = new Set([
  '/app/status',
  '/app/events',
  '/app/connect',
  '/app/demo',
  '/app/forget',
  '/app/retry',
  '/app/request-usage',
  '/app/open-external',
  '/app/steam-inventory',
  '/app/rates',
  '/app/rates/settings',
  '/app/rates/refresh',
]);

/**
 * A Steam inventory read as NDJSON: progress lines as they come, then the result line. The read stops when
 * the request's signal aborts (the browser closed the request) or the body is cancelled.
 */
function steamStream(fetcher: SteamInventoryFetcher, request: SteamInventoryRequest, closed: AbortSignal): Response {
  const encoder = new TextEncoder();
  const cancel = new AbortController();
  const onClosed = (): void => cancel.abort();
  if (closed.aborted) cancel.abort();
  else closed.addEventListener('abort', onClosed, { once: true });
  const body = new ReadableStream<Uint8Array>({
    start(out) {
      let open = true;
      const write = (value: unknown): void => {
        if (!open) return;
        try {
          out.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
        } catch {
          open = false;
        }
      };
      void fetcher(request, { signal: cancel.signal, onProgress: (progress) => write({ progress }) })
        .then((result) => write({ result }))
        .finally(() => {
          closed.removeEventListener('abort', onClosed);
          if (!open) return;
          open = false;
          try {
            out.close();
          } catch {
            // the consumer went away
          }
        });
    },
    cancel() {
      cancel.abort();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    },
  });
}

/** The parsed JSON body (empty body = {}), or the error Response to send. */
export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) return error(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send application/json.');
  // Capped before and while reading: a chunked body has no content-length, and request.text() would buffer all of it.
  const bytes = await readCapped(request, MAX_CONTROL_BODY);
  if (bytes === null) return error(413, 'TOO_LARGE', 'The request body is too large.');
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.trim() === '') return {};
    return JSON.parse(text) as unknown;
  } catch {
    return error(400, 'BAD_JSON', 'The request body is not JSON.');
  }
}

function eventStream(hub: StatusHub, streams: Set<() => void>, rates?: RatesTarget): Response {
  const encoder = new TextEncoder();
  let stop = (): void => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (text: string): void => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const send = (status: ConnectionStatus): void => write(`data: ${JSON.stringify(status)}\n\n`);
      const sendRates = (snapshot: RatesSnapshot): void => write(`event: rates\ndata: ${JSON.stringify(snapshot)}\n\n`);
      const offStatus = hub.subscribe(send);
      const offRates = rates?.subscribe(sendRates);
      const unsubscribe = (): void => {
        offStatus();
        offRates?.();
      };
      // A comment line now and then keeps proxies and idle timers from closing a quiet stream.
      const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEPALIVE_MS);
      keepAlive.unref();
      stop = () => {
        if (!open) return;
        open = false;
        unsubscribe();
        clearInterval(keepAlive);
        streams.delete(stop);
        try {
          controller.close();
        } catch {
          // already closed by the consumer
        }
      };
      streams.add(stop);
      write('retry: 2000\n\n');
      send(hub.get());
      if (rates) sendRates(rates.snapshot());
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    },
  });
}

export function json(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The error shape the browser client reads: {"error":{"code","message"}}. */
export function error(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}
