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
 * - answers the renderer with no credential in headers or body;
 * - never lets the renderer mint a token: GraphQL bodies are parsed and vetted, not searched as bytes.
 */
import { BREAK, parse, visit, type DocumentNode } from 'graphql';
import { API_PATHS, GRAPHQL_PATH } from '../shared/api/schema';
import { STATUS_TEXT } from '../shared/api/status';
import { RedirectRefused, UpstreamFailure, type FailureKind, type ForwardRequest } from './token-broker';
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
const TOKEN_FIELD = 'createSubscriptionToken';

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
    const raw = await readCapped(request, maxRequestBytes);
    if (raw === null) return jsonError(413, 'TOO_LARGE', 'The request body is too large.');
    // REST bodies are plain arguments, not GraphQL: they go on as sent.
    const vetted = pathname === GRAPHQL_PATH ? vetGraphqlBody(raw) : raw;
    if (vetted instanceof Response) return vetted;
    const body = vetted;
    const acceptHeader = request.headers.get('accept');
    const accept = acceptHeader && ACCEPT_PATTERN.test(acceptHeader) ? acceptHeader : 'application/json';

    let upstream: Response;
    try {
      upstream = await options.forwarder().send({ path: pathname, body, accept, signal: request.signal });
    } catch (error) {
      if (error instanceof UpstreamFailure) {
        // A refused redirect says where the service pointed (the broker has cleaned it of secrets): that
        // is what the user needs to fix the Base URL. Other failures get the usual wording.
        const message = error instanceof RedirectRefused ? error.message : STATUS_TEXT[error.kind].message;
        return jsonError(FAILURE_HTTP_STATUS[error.kind], error.kind.toUpperCase().replace('-', '_'), message);
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

/**
 * The renderer has no business minting tokens: that is the broker's job, with the key it alone holds. A
 * byte search for the field name is beaten by a JSON escape (\u0063reate…), so the body is decoded and the
 * document parsed, and any selection of the field (in an operation or a fragment, aliased or not) is
 * refused. Returns the bytes to forward, or the error to answer with.
 *
 * What goes upstream is the body re-serialised from what was vetted: a body with two "query" keys (or other
 * JSON a second parser might read differently) cannot show us one query and the service another.
 */
function vetGraphqlBody(raw: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> | Response {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    return jsonError(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
  }
  // Batches (a JSON array of requests) are refused outright: the spec defines one operation per request,
  // the reference service rejects arrays, and the app never batches; accepting them would only widen what
  // has to be vetted.
  if (Array.isArray(json)) return jsonError(400, 'BAD_REQUEST', 'Batched GraphQL requests are not supported.');
  if (typeof json !== 'object' || json === null) {
    return jsonError(400, 'BAD_REQUEST', 'The request body must be a JSON object with a "query" string.');
  }
  const query: unknown = (json as Record<string, unknown>).query;
  if (typeof query !== 'string' || query.trim() === '') {
    return jsonError(400, 'BAD_REQUEST', 'The request body must have a non-empty "query" string.');
  }
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    // Syntax errors, and the RangeError of a pathologically deep document: the service would refuse it too.
    return jsonError(400, 'GRAPHQL_PARSE_FAILED', 'The GraphQL query could not be parsed.');
  }
  if (selectsField(document, TOKEN_FIELD)) return jsonError(403, 'FORBIDDEN', 'Tokens are managed by Market Desk itself.');
  return new Uint8Array(Buffer.from(JSON.stringify(json), 'utf8'));
}

/** True when any field selection (the field's name, whatever its alias) anywhere in the document is `name`. */
function selectsField(document: DocumentNode, name: string): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value !== name) return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}

/** A GraphQL-shaped error body, so urql and the REST callers both read it. */
export function jsonError(status: number, code: string, message: string, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extraHeaders },
  });
}
