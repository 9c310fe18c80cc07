/**
 * One request and its response as the handler's pieces pass them around, and the one way they answer it:
 * a whole JSON (or error) body with the base headers and an exact content-length. Every answer goes
 * through sendBody, so a response that has already started is cut off instead of written twice.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { GRAPHQL_PATH } from '../../../shared/api/schema';
import {
  graphqlErrorBody,
  internalError,
  OPAQUE_MESSAGE,
  opaqueGraphqlErrorBody,
  restErrorBody,
  ServiceError,
  type ErrorStyle,
} from './errors';
import { ClientGone } from './serialize';

const JSON_TYPE = 'application/json; charset=utf-8';
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': JSON_TYPE,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

type Wire = 'graphql' | 'rest';

export interface Exchange {
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

/** A request just arrived: its path (no query), which error body style it gets, its clock started. */
export function openExchange(req: IncomingMessage, res: ServerResponse): Exchange {
  const path = pathOf(req.url);
  return {
    req,
    res,
    path,
    wire: path === GRAPHQL_PATH ? 'graphql' : 'rest',
    start: performance.now(),
    bytes: 0,
    operation: '',
    fault: '',
    refused: '',
  };
}

export function sendBody(
  ex: Exchange,
  status: number,
  body: string | Buffer,
  headers: Readonly<Record<string, string>> = {},
): void {
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

/**
 * Whatever a request's handling threw, as its answer: a client that left gets its socket closed, a
 * ServiceError its own status and body, anything else a plain 500 (logged, never shown to the client).
 */
export function sendFailure(
  ex: Exchange,
  e: unknown,
  style: ErrorStyle,
  logInternal: ((line: string) => void) | null,
): void {
  if (e instanceof ClientGone) {
    ex.res.destroy();
    return;
  }
  if (e instanceof ServiceError) {
    if (style === 'opaque' && e.status === 400) ex.refused = e.message.slice(0, 200);
    sendError(ex, e, style);
    return;
  }
  logInternal?.(`internal error on ${ex.path}: ${e instanceof Error ? e.message : String(e)}`);
  sendError(ex, internalError(), style);
}
