/**
 * The API gateway: the only way the renderer's requests reach the market data service.
 *
 * Written against web-standard Request/Response so one core serves Electron (protocol.handle returns the
 * Response, its body the upstream ReadableStream) and the web host (piped into Node's http response).
 *
 * - forwards only the six API paths, POST only, JSON only;
 * - drops every header the renderer sent (api-token, authorization, cookie…): the broker builds the
 *   upstream request from the body alone and adds `api-token` itself;
 * - streams the upstream body back untouched: no parsing, no re-serialising, no copy of big responses;
 * - answers the renderer with no credential in headers or body.
 */
import { API_PATHS, GRAPHQL_PATH } from '../../shared/api/schema';
import { STATUS_TEXT } from '../../shared/api/status';
import { UpstreamFailure, type FailureKind, type ForwardRequest } from './token-broker';
import { readCapped } from './read-capped';

/** The part of the broker the gateway needs (a TokenBroker in the app, a fake in tests). */
export interface Forwarder {
  send(request: ForwardRequest): Promise<Response>;
}

export interface GatewayOptions {
  /** Asked per request, because the connection (and so the broker) can change at any time. */
  readonly forwarder: () => Forwarder;
  /** Request bodies are queries, not data: small, and buffered so a retry can resend them. */
  readonly maxRequestBytes?: number;
}

export type RequestHandler = (request: Request) => Promise<Response>;

const ALLOWED = new Set(API_PATHS);
const FAILURE_HTTP_STATUS: Record<FailureKind, number> = {
  'key-rejected': 401,
  'no-access': 403,
  offline: 504,
  'server-error': 502,
};
/** Response headers worth passing on; everything else (set-cookie, server, …) stays upstream. */
const PASSED_RESPONSE_HEADERS = ['content-type', 'retry-after'];
const ACCEPT_PATTERN = /^[\w.+*/=;, -]{1,256}$/;

export function isApiPath(pathname: string): boolean {
  return ALLOWED.has(pathname);
}

export function createGateway(options: GatewayOptions): RequestHandler {
  const maxRequestBytes = options.maxRequestBytes ?? 1024 * 1024;
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (!ALLOWED.has(pathname)) return jsonError(404, 'NOT_FOUND', 'No such API endpoint.');
    if (request.method !== 'POST') {
      return jsonError(405, 'METHOD_NOT_ALLOWED', 'The API takes POST only.', { allow: 'POST' });
    }
    const contentType = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType)) {
      return jsonError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The API takes application/json.');
    }
    const body = await readBody(request, maxRequestBytes);
    if (body === null) return jsonError(413, 'TOO_LARGE', 'The request body is too large.');
    // The renderer has no business minting tokens: that is the broker's job, with the key it alone holds.
    if (pathname === GRAPHQL_PATH && Buffer.from(body).includes('createSubscriptionToken')) {
      return jsonError(403, 'FORBIDDEN', 'Tokens are managed by Market Desk itself.');
    }
    const acceptHeader = request.headers.get('accept');
    const accept = acceptHeader && ACCEPT_PATTERN.test(acceptHeader) ? acceptHeader : 'application/json';

    let upstream: Response;
    try {
      upstream = await options.forwarder().send({ path: pathname, body, accept, signal: request.signal });
    } catch (error) {
      if (error instanceof UpstreamFailure) {
        return jsonError(FAILURE_HTTP_STATUS[error.kind], error.kind.toUpperCase().replace('-', '_'), STATUS_TEXT[error.kind].message);
      }
      return jsonError(503, 'UNAVAILABLE', 'The request was cancelled.');
    }
    const headers = new Headers({ 'cache-control': 'no-store' });
    for (const name of PASSED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return new Response(upstream.body, { status: upstream.status, headers });
  };
}

/** Reads at most maxBytes; null when the body is larger. */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) return null;
  return readCapped(request.body, maxBytes);
}

/** A GraphQL-shaped error body, so urql and the REST callers both read it. */
export function jsonError(status: number, code: string, message: string, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extraHeaders },
  });
}
