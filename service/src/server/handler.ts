/**
 * The service as a Node (req, res) handler: routing, method and content-type checks, body limit,
 * authentication, fault injection, admin endpoints, error bodies and logging. Nothing a client sends may
 * crash it or leak a stack trace: every path ends in a JSON answer (or, for injected resets, a closed socket).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { DEMO_API_KEY } from '../../../shared/api/demo';
import { GRAPHQL_PATH, TOKEN_HEADER, TOKEN_LIFETIME_SECONDS } from '../../../shared/api/schema';
import type { ServedMarkets } from '../../../shared/catalog/markets';
import { defaultServedMarkets } from '../sim/served';
import type { SimulatedMarket } from '../sim/types';
import type { CatalogSlice } from '../sim/catalog';
import {
  badRequest, ERROR_STYLES, forbidden, graphqlErrorBody, internalError, OPAQUE_MESSAGE, opaqueGraphqlErrorBody,
  restErrorBody, ServiceError, unauthenticated, type ErrorStyle,
} from './errors';
import { FaultInjector, parseFaultPatch, type FaultConfig, type FaultDecision } from './faults';
import { GraphQLEndpoint, type AnswerStream, type Authorize, type Executor } from './graphql';
import { KeyRegistry, readKeysFile, type ApiKeySpec } from './keys';
import type { DataOperation } from './operations';
import { REST_ROUTES, RestEndpoint } from './rest';
import { parseServedMarkets } from './served-markets';
import { ClientGone } from './serialize';
import { TokenService } from './tokens';
import { ByteWriter, MemorySink, type ByteSink } from './writer';

export interface ServiceOptions {
  /** TCP port; 0 picks a free one (startService only; the CLI defaults to 8787). */
  port?: number;
  /** Interface to bind (startService only). Default 127.0.0.1. */
  host?: string;
  /** Seed of the simulated market. Default 1. */
  seed?: number;
  /** Access token lifetime in seconds. Default 7200 (spec: 2 hours). */
  tokenTtlSeconds?: number;
  /** Accepted API keys besides the demo key; `operations` limits a key to those operation names. */
  apiKeys?: ApiKeySpec[];
  /** JSON file of keys: `["key", {"key":"k2","operations":["aggregatedMinPrices"]}]` or `{"keys":[...]}`. */
  keysFile?: string;
  /** The service clock in ms since the epoch (tokens and price epochs). Default Date.now. */
  clock?: () => number;
  /** Initial fault injection (off by default). */
  faults?: Partial<FaultConfig>;
  /** Enables POST /__admin/faults and /__admin/clock (loopback clients only). */
  admin?: boolean;
  /** Passed to the simulated market (catalog data directory). */
  dataDir?: string;
  /** Passed to the simulated market: only a slice of each catalog (tests); default the whole catalog. */
  catalogSlice?: CatalogSlice;
  /** No request log lines. */
  quiet?: boolean;
  /**
   * The marketplace names this service serves (any other is refused with 400). Default: the names the real
   * service publishes (`publishedMarkets()` of shared/catalog/markets.ts). Names the catalog does not know
   * get simulated data too.
   */
  markets?: ServedMarkets;
  /** How 400 answers read: 'named' (default) names the refused input; 'opaque' says only "Bad Request". */
  errorStyle?: ErrorStyle;
  /** Use this simulated market instead of creating one from seed/dataDir (tests, embedding). */
  market?: SimulatedMarket;
  /** Creates the simulated market on first use (when `market` is not given). */
  createMarket?: (opts: { seed: number; dataDir?: string; markets: ServedMarkets; catalogSlice?: CatalogSlice }) => SimulatedMarket;
  /** 'fast' (default) or 'reference' (graphql-js execute for every GraphQL request; for tests). */
  executor?: Executor;
  /** Request body limit in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Called once per finished response (timings for benchmarks, custom logs). */
  onResponse?: (info: ResponseInfo) => void;
  /** Where log lines go. Default: stderr. */
  log?: (line: string) => void;
}

export interface ResponseInfo {
  method: string;
  path: string;
  status: number;
  /** Body bytes sent. */
  bytes: number;
  /** From the request's arrival to the last body byte handed to the socket. */
  ms: number;
  /** GraphQL root fields or the REST operation, when known. */
  operation: string;
  /** The injected fault, if any. */
  fault: string;
}

export interface ServiceHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  readonly demoKey: string;
  setFaults(patch: Partial<FaultConfig>): FaultConfig;
  getFaults(): FaultConfig;
  /** Moves the service clock forward (ms). */
  advanceClock(ms: number): number;
  /** The service clock now (ms). */
  now(): number;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const BASE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': JSON_TYPE,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};
const DEFAULT_MAX_BODY = 1024 * 1024;
const ADMIN_PREFIX = '/__admin/';
const MAX_CLOCK_ADVANCE_MS = 10 * 365 * 24 * 3600 * 1000;

type Wire = 'graphql' | 'rest';

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  wire: Wire;
  start: number;
  bytes: number;
  operation: string;
  fault: string;
  /** Why a 400 was refused, for the log when the answer itself does not say (opaque errors). */
  refused: string;
}

function pathOf(url: string | undefined): string {
  const u = url ?? '/';
  const q = u.indexOf('?');
  return q < 0 ? u : u.slice(0, q);
}

function isLoopback(addr: string | undefined): boolean {
  return addr === '127.0.0.1' || addr === '::1' || addr === '::ffff:127.0.0.1' || (addr?.startsWith('127.') ?? false);
}

/**
 * The Host an admin request may carry: the loopback names with the port it arrived on. A loopback peer is
 * not enough on its own: a page on evil.example whose name was rebound to 127.0.0.1 (DNS rebinding) reaches
 * us from the user's own browser, but its requests still say `Host: evil.example`.
 */
function isLoopbackHost(host: string | undefined, port: number | undefined): boolean {
  if (host === undefined || port === undefined) return false;
  const h = host.toLowerCase();
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  // Clients leave out the default port, so on port 80 the bare names are the same address.
  return names.some((name) => h === `${name}:${port}` || (port === 80 && h === name));
}

function sendBody(ex: Exchange, status: number, body: string | Buffer, headers: Readonly<Record<string, string>> = {}): void {
  const { res } = ex;
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const buf = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  ex.bytes += buf.length;
  res.writeHead(status, { ...BASE_HEADERS, ...headers, 'content-length': String(buf.length) });
  res.end(buf);
}

function sendError(ex: Exchange, e: ServiceError, style: ErrorStyle): void {
  if (style === 'opaque' && e.status === 400) {
    if (ex.wire === 'graphql') sendBody(ex, 400, opaqueGraphqlErrorBody(), e.headers);
    else sendBody(ex, 400, OPAQUE_MESSAGE, { ...e.headers, 'content-type': 'text/plain; charset=utf-8' });
    return;
  }
  sendBody(ex, e.status, ex.wire === 'graphql' ? graphqlErrorBody(e) : restErrorBody(e), e.headers);
}

function checkContentType(req: IncomingMessage): void {
  const ct = req.headers['content-type'];
  const media = (ct ?? '').split(';')[0]!.trim().toLowerCase();
  if (media !== 'application/json') {
    throw badRequest(
      ct ? `Unsupported Content-Type "${ct.slice(0, 100)}"; send application/json.` : 'Missing Content-Type; send application/json.',
      { argument: 'content-type' },
    );
  }
}

function tooLarge(limit: number): ServiceError {
  return new ServiceError(413, 'PAYLOAD_TOO_LARGE', { message: `The request body exceeds the limit of ${limit} bytes.`, details: { limit } });
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (c: Buffer): void => {
      size += c.length;
      if (size > limit) {
        done = true;
        req.off('data', onData);
        req.resume(); // let the rest drain so the 413 can be delivered
        reject(tooLarge(limit));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks, size));
    });
    req.on('error', (e) => {
      if (!done) reject(e);
      done = true;
    });
    req.on('close', () => {
      if (!done && !req.complete) reject(new ClientGone());
      done = true;
    });
  });
}

async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const body = await readBody(req, limit);
  if (body.length === 0) throw badRequest('The request body is empty; send a JSON object.');
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw badRequest(`The request body is not valid JSON: ${(e as Error).message.slice(0, 200)}`);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Creates the service as a (req, res) handler; `startService` wraps it in an HTTP server. */
export function createServiceHandler(opts: ServiceOptions = {}): ServiceHandler {
  const seed = opts.seed ?? 1;
  const ttl = opts.tokenTtlSeconds ?? TOKEN_LIFETIME_SECONDS;
  if (!Number.isFinite(ttl) || ttl <= 0) throw new Error('tokenTtlSeconds must be a positive number');
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const baseClock = opts.clock ?? Date.now;
  let clockOffset = 0;
  const clock = (): number => baseClock() + clockOffset;
  const quiet = opts.quiet ?? false;
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const errorStyle = opts.errorStyle ?? 'named';
  if (!ERROR_STYLES.includes(errorStyle)) throw new Error(`errorStyle must be one of ${ERROR_STYLES.join(', ')}`);
  let served: ServedMarkets;
  try {
    served = parseServedMarkets(opts.markets ?? defaultServedMarkets());
  } catch (e) {
    throw new Error(`markets: ${(e as Error).message}`);
  }

  const keySpecs: ApiKeySpec[] = [...(opts.apiKeys ?? [])];
  if (opts.keysFile) keySpecs.push(...readKeysFile(opts.keysFile));
  const keys = new KeyRegistry(keySpecs);
  const faults = new FaultInjector({ seed, ...parseFaultPatch(opts.faults ?? {}) });
  const tokens = new TokenService({ ttlSeconds: ttl, clock, earlyExpirySeconds: () => faults.current.tokenEarlyExpiry });

  let market = opts.market;
  const getMarket = (): SimulatedMarket => {
    if (!market) {
      if (!opts.createMarket) throw new Error('no simulated market: pass `market` or `createMarket`');
      market = opts.createMarket({ seed, markets: served, ...(opts.dataDir ? { dataDir: opts.dataDir } : {}), ...(opts.catalogSlice ? { catalogSlice: opts.catalogSlice } : {}) });
    }
    return market;
  };
  const dirty = () => faults.dirty;
  const graphql = new GraphQLEndpoint({ market: getMarket, clock, tokens, keys, executor: opts.executor ?? 'fast', served, dirty });
  const rest = new RestEndpoint(graphql.schema, getMarket, clock, served, dirty);

  const authorizer = (req: IncomingMessage): Authorize => async (ops: readonly DataOperation[]) => {
    const raw = req.headers[TOKEN_HEADER];
    const token = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
    if (token === '') {
      const hint = req.headers.authorization !== undefined || req.headers['api_token'] !== undefined
        ? ` The token was sent in the wrong header: use "${TOKEN_HEADER}".`
        : '';
      throw unauthenticated('TOKEN_MISSING', `Missing access token: send it in the "${TOKEN_HEADER}" header.${hint}`);
    }
    const claims = await tokens.verify(token);
    if (claims.operations) for (const op of ops) if (!claims.operations.includes(op)) throw forbidden(op);
    return claims;
  };

  const openAnswer = (ex: Exchange, fate: FaultDecision | null) => (): AnswerStream => {
    const { res } = ex;
    if (fate?.truncateAt != null) {
      const cutAt = fate.truncateAt;
      const sink = new MemorySink();
      const writer = new ByteWriter(sink);
      return {
        writer,
        end: async () => {
          writer.flush();
          const full = sink.toBuffer();
          const cut = Math.min(full.length - 1, Math.max(1, Math.floor(full.length * cutAt)));
          sendBody(ex, 200, full.subarray(0, cut));
        },
      };
    }
    let gone = false;
    res.once('close', () => {
      gone = true;
    });
    const sink: ByteSink = {
      write(chunk) {
        if (!res.headersSent) res.writeHead(200, BASE_HEADERS);
        ex.bytes += chunk.length;
        return res.write(chunk);
      },
      drain() {
        return new Promise<void>((resolve) => {
          if (gone || res.destroyed) {
            resolve();
            return;
          }
          const done = (): void => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      },
      get closed() {
        return gone || res.destroyed;
      },
    };
    const writer = new ByteWriter(sink);
    return {
      writer,
      end: async () => {
        if (writer.bytesWritten === 0) {
          sendBody(ex, 200, writer.buf.subarray(0, writer.pos));
        } else {
          writer.flush();
          res.end();
        }
      },
    };
  };

  const handleAdmin = async (ex: Exchange): Promise<void> => {
    const { req } = ex;
    if (!isLoopback(req.socket.remoteAddress)) {
      throw new ServiceError(403, 'FORBIDDEN', 'Admin endpoints answer loopback clients only.');
    }
    // localPort is the port this very connection came in on, so it is right for port 0 and for any bind.
    if (!isLoopbackHost(req.headers.host, req.socket.localPort)) {
      throw new ServiceError(403, 'FORBIDDEN', 'Admin endpoints answer requests addressed to 127.0.0.1, localhost or [::1] with this port only.');
    }
    const route = ex.path.slice(ADMIN_PREFIX.length);
    if (route !== 'faults' && route !== 'clock') throw notFound(ex.path);
    if (req.method !== 'POST' && req.method !== 'GET') {
      throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed; use GET or POST.`, { allow: 'GET, POST' });
    }
    if (req.method === 'POST') {
      checkContentType(req);
      const body = await readJson(req, maxBody);
      if (route === 'faults') {
        faults.set(parseFaultPatch(body));
      } else {
        const advance = (body as Record<string, unknown> | null)?.advanceMs;
        if (typeof body !== 'object' || body === null || typeof advance !== 'number' || !Number.isInteger(advance) || advance < 0 || advance > MAX_CLOCK_ADVANCE_MS) {
          throw badRequest('Send {"advanceMs": <non-negative integer>} to move the service clock forward.', { argument: 'advanceMs' });
        }
        clockOffset += advance;
      }
    }
    const out = route === 'faults' ? faults.current : { nowMs: clock(), offsetMs: clockOffset };
    sendBody(ex, 200, JSON.stringify(out));
  };

  const notFound = (path: string): ServiceError =>
    new ServiceError(404, 'NOT_FOUND', { message: `No endpoint at ${path.slice(0, 200)}.`, details: { path: path.slice(0, 200) } });

  const route = async (ex: Exchange): Promise<void> => {
    const { req, path } = ex;
    if (path.startsWith(ADMIN_PREFIX)) {
      if (!opts.admin) throw notFound(path);
      await handleAdmin(ex);
      return;
    }
    const restOp = REST_ROUTES.get(path);
    if (path !== GRAPHQL_PATH && !restOp) throw notFound(path);
    if (req.method !== 'POST') {
      throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed on ${path}; use POST.`, { allow: 'POST' });
    }
    let fate: FaultDecision | null = null;
    if (faults.active) {
      fate = faults.decide();
      if (fate.latencyMs > 0) await sleep(fate.latencyMs);
      if (fate.reset) {
        ex.fault = 'reset';
        req.socket.destroy();
        return;
      }
      if (fate.error) {
        ex.fault = 'error';
        throw new ServiceError(500, 'INTERNAL_SERVER_ERROR', 'Injected fault: internal server error.');
      }
      if (fate.rateLimit) {
        ex.fault = 'rate-limit';
        const after = faults.current.retryAfterSeconds;
        throw new ServiceError(429, 'RATE_LIMITED', { message: `Rate limit exceeded; retry after ${after} s.`, details: { retryAfter: after } }, { 'retry-after': String(after) });
      }
      if (fate.truncateAt !== null) ex.fault = 'truncate';
    }
    const open = openAnswer(ex, fate);
    if (restOp) {
      ex.operation = restOp;
      await authorizer(req)([restOp]);
      checkContentType(req);
      const body = await readJson(req, maxBody);
      await rest.handle(restOp, body, open);
    } else {
      checkContentType(req);
      const body = await readJson(req, maxBody);
      const r = await graphql.handle(body, authorizer(req), open);
      ex.operation = r.operations;
    }
  };

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const path = pathOf(req.url);
    const ex: Exchange = {
      req, res, path, wire: path === GRAPHQL_PATH ? 'graphql' : 'rest', start: performance.now(), bytes: 0, operation: '', fault: '',
      refused: '',
    };
    let reported = false;
    const report = (): void => {
      if (reported) return;
      reported = true;
      const info: ResponseInfo = {
        method: req.method ?? '', path, status: res.statusCode, bytes: ex.bytes,
        ms: performance.now() - ex.start, operation: ex.operation, fault: ex.fault,
      };
      opts.onResponse?.(info);
      if (!quiet) {
        const extra = [info.operation, info.fault && `fault=${info.fault}`, ex.refused && `(${ex.refused})`].filter(Boolean).join(' ');
        log(`${info.method} ${info.path} ${res.writableFinished ? info.status : 'aborted'} ${info.ms.toFixed(1)}ms ${info.bytes}B${extra ? ` ${extra}` : ''}`);
      }
    };
    res.once('finish', report);
    res.once('close', report);
    route(ex).catch((e: unknown) => {
      if (e instanceof ClientGone) {
        res.destroy();
        return;
      }
      if (e instanceof ServiceError) {
        if (errorStyle === 'opaque' && e.status === 400) ex.refused = e.message.slice(0, 200);
        sendError(ex, e, errorStyle);
        return;
      }
      if (!quiet) log(`internal error on ${path}: ${e instanceof Error ? e.message : String(e)}`);
      sendError(ex, internalError(), errorStyle);
    }).catch(() => {
      res.destroy();
    });
  };

  return Object.assign(handler, {
    demoKey: DEMO_API_KEY,
    setFaults: (patch: Partial<FaultConfig>) => faults.set(parseFaultPatch(patch)),
    getFaults: () => faults.current,
    advanceClock: (ms: number) => {
      if (!Number.isFinite(ms) || ms < 0) throw new Error('advanceClock: ms must be a non-negative number');
      clockOffset += ms;
      return clock();
    },
    now: clock,
  });
}
