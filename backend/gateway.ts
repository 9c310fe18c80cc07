/**
 * The API gateway: the only way the renderer's requests reach the market data service, on web-standard
 * Request/Response so one core serves Electron (protocol.handle) and the web host. It forwards the six API paths
 * only (POST, JSON), drops every header the renderer sent, forwards read-only GraphQL queries only (parsed and
 * vetted), streams the upstream body back untouched but size-capped, and never answers with a credential.
 * The rules in full: README.md here.
 */
import { BREAK, Kind, parse, visit, type DocumentNode, type OperationDefinitionNode } from 'graphql';
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
  /** The most an answer may hold (default MAX_RESPONSE_BYTES). */
  readonly maxResponseBytes?: number;
}

/**
 * 128 MiB. The largest answer the app asks for is a whole catalog: the CS2 grid (every published ask and bid
 * market) is 40.9 MB from the reference service, sent without a Content-Length. The cap leaves that room to
 * grow threefold, and stays far below what a page can take in one piece (V8's longest string is 2^29 - 24
 * characters, about 512 MiB on 64-bit), so a broken or hostile service can no longer stream gigabytes into
 * the window.
 */
const MAX_RESPONSE_BYTES = 128 * 1024 * 1024;

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

export function createGateway(options: GatewayOptions): RequestHandler {
  const maxRequestBytes = options.maxRequestBytes ?? 1024 * 1024;
  const maxResponseBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
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
        // The service's own 5xx, as a request that needed no new token passes it on: the page sees one
        // status for one service answer, whichever request happened to mint the token.
        const status = error.upstreamStatus ?? FAILURE_HTTP_STATUS[error.kind];
        return jsonError(status, error.kind.toUpperCase().replace('-', '_'), message);
      }
      return jsonError(503, 'UNAVAILABLE', 'The request was cancelled.');
    }
    const tooLarge = `The service\u2019s answer is larger than ${formatMiB(maxResponseBytes)}, more than Market Desk will read. Ask for fewer items or markets at once.`;
    if (Number(upstream.headers.get('content-length') ?? '0') > maxResponseBytes) {
      await upstream.body?.cancel().catch(() => undefined);
      return jsonError(502, 'RESPONSE_TOO_LARGE', tooLarge);
    }
    const headers = new Headers({ 'cache-control': 'no-store' });
    for (const name of PASSED_RESPONSE_HEADERS) {
      const value = upstream.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const answer = upstream.body ? capStream(upstream.body, maxResponseBytes, tooLarge) : null;
    return new Response(answer, { status: upstream.status, headers });
  };
}

function formatMiB(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
}

/**
 * The stream, chunk for chunk, until more than maxBytes have passed: then it errors with `message` (the
 * status is already sent, so that is the only way left to say it) and the upstream body is cancelled.
 */
function capStream(source: ReadableStream<Uint8Array>, maxBytes: number, message: string): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      size += value.byteLength;
      if (size > maxBytes) {
        controller.error(new Error(message));
        await reader.cancel(message).catch(() => undefined);
        return;
      }
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
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
  const { query, variables, operationName } = json as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') {
    return jsonError(400, 'BAD_REQUEST', 'The request body must have a non-empty "query" string.');
  }
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return jsonError(400, 'BAD_REQUEST', '"variables" must be a JSON object.');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return jsonError(400, 'BAD_REQUEST', '"operationName" must be a string.');
  }
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true });
  } catch {
    // Syntax errors, and the RangeError of a pathologically deep document: the service would refuse it too.
    return jsonError(400, 'GRAPHQL_PARSE_FAILED', 'The GraphQL query could not be parsed.');
  }
  if (selectsField(document, TOKEN_FIELD))
    return jsonError(403, 'FORBIDDEN', 'Tokens are managed by Market Desk itself.');
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  // Any mutation or subscription anywhere in the document, even beside the query that operationName picks:
  // the page only reads, and a service that ignored operationName must not find one to run.
  if (operations.some((op) => op.operation !== 'query')) {
    return jsonError(
      403,
      'FORBIDDEN',
      'Market Desk forwards only queries to the service: no mutations or subscriptions.',
    );
  }
  const chosen = chooseOperation(operations, typeof operationName === 'string' ? operationName : null);
  if (typeof chosen === 'string') return jsonError(400, 'BAD_REQUEST', chosen);
  // Only the three fields a GraphQL-over-HTTP request defines for this: nothing else the page sent goes on.
  const forwarded = {
    query,
    ...(variables !== undefined && variables !== null ? { variables } : {}),
    ...(typeof operationName === 'string' ? { operationName } : {}),
  };
  return new Uint8Array(Buffer.from(JSON.stringify(forwarded), 'utf8'));
}

/**
 * The one operation a request runs, as GraphQL's GetOperation does it: the only one when there is one and no
 * name is given, else the one operationName names; an anonymous operation may only stand alone. Returns the
 * problem otherwise.
 */
function chooseOperation(
  operations: readonly OperationDefinitionNode[],
  operationName: string | null,
): OperationDefinitionNode | string {
  if (operations.length === 0) return 'The GraphQL document has no operation.';
  if (operations.length > 1 && operations.some((op) => !op.name)) {
    return 'An anonymous GraphQL operation must be the only one in its document.';
  }
  if (operationName === null) {
    return operations.length === 1
      ? operations[0]!
      : 'The GraphQL document has several operations: "operationName" must name one.';
  }
  const named = operations.filter((op) => op.name?.value === operationName);
  return named.length === 1 ? named[0]! : `The GraphQL document has no single operation named "${operationName}".`;
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
function jsonError(status: number, code: string, message: string, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extraHeaders },
  });
}
