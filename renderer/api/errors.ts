/**
 * One error type for everything that goes wrong on the way to the market data service, with a sentence a person
 * understands (`message`) and what to do about it (`action`). The service's documented error bodies: GraphQL
 * {"errors":[{"message": "...", "extensions": {"code": "..."}}]}, REST {"error": {"code": "...", "message": "..."}}.
 * The HTTP status decides the kind (401, 403, 400, 404, 429, 5xx); the code refines it where the status alone does
 * not (a GraphQL error answered with 200). Network text only goes into `detail`, rendered as plain text.
 */
import type { CombinedError } from '@urql/core';
import { z } from 'zod';

export type ApiErrorKind =
  | 'unauthenticated'
  | 'forbidden'
  | 'bad-request'
  | 'not-found'
  | 'rate-limited'
  | 'unavailable'
  | 'server'
  | 'network'
  | 'invalid-response';

const API_ERROR_TEXT: Record<ApiErrorKind, { message: string; action: string }> = {
  unauthenticated: {
    message:
      'The market data service did not accept the credentials: the API key was rejected or its access token expired.',
    action: 'Check your API key in Settings and press Connect again.',
  },
  forbidden: {
    message: 'Your profile has no access to this data.',
    action: 'Check your subscription on the service\u2019s website, or switch to demo data.',
  },
  'bad-request': {
    message: 'The market data service rejected the request as invalid.',
    action: 'Check the selected game and markets; some operations support only some games.',
  },
  'not-found': {
    message: 'The market data service does not offer this operation at the configured address.',
    action: 'Check the Base URL in Settings.',
  },
  'rate-limited': {
    message: 'The market data service is limiting how often Market Desk may ask (too many requests).',
    action: 'Wait a moment; Market Desk retries automatically.',
  },
  unavailable: {
    message: 'The market data service cannot be reached right now.',
    action: 'Check your internet connection and the Base URL; Market Desk retries automatically.',
  },
  server: {
    message: 'The market data service answered with an error.',
    action: 'Try again in a minute; if it persists, check the service\u2019s status page.',
  },
  network: {
    message: 'Market Desk cannot reach the market data service.',
    action: 'Check your internet connection; if you use the web version, check that its host is still running.',
  },
  'invalid-response': {
    message: 'The market data service answered in a form Market Desk does not understand.',
    action: 'Check the Base URL points at an API v2 service.',
  },
};

/**
 * The one error form, from the worker that met the failure to the screen that says it: plain data (no
 * class, no prototype), so a worker's postMessage (structured clone) and urql (a CombinedError's
 * networkError) carry it unchanged, and every screen reads the same fields. (A class would not survive:
 * a structured clone walks no prototype chain and keeps only an Error's name and message; MDN, "The
 * structured clone algorithm".) `message` and `action` are
 * the words, made once where the error is made; it extends Error's shape so it can be thrown and rejected.
 */
export interface ApiError extends Error {
  readonly name: 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  /** The service's error code, if it sent one. */
  readonly code: string | null;
  /** The service's own words (plain text, never markup). */
  readonly detail: string;
  /** Seconds from a Retry-After header (429/503). */
  readonly retryAfterSeconds: number | null;
  /** Requested market slugs the service named as unknown (a price load's 400). */
  readonly rejectedMarkets: readonly string[];
  /** What happened, with the HTTP status. */
  readonly message: string;
  /** What to do about it. */
  readonly action: string;
}

export function apiError(
  kind: ApiErrorKind,
  status: number | null = null,
  code: string | null = null,
  detail = '',
  retryAfterSeconds: number | null = null,
  rejectedMarkets: readonly string[] = [],
): ApiError {
  const base = API_ERROR_TEXT[kind];
  return {
    name: 'ApiError',
    kind,
    status,
    code,
    detail,
    retryAfterSeconds,
    rejectedMarkets: [...rejectedMarkets],
    message: status && kind !== 'network' ? `${base.message} (HTTP ${status})` : base.message,
    action:
      kind === 'rate-limited' && retryAfterSeconds !== null
        ? `Wait ${retryAfterSeconds} s; Market Desk retries automatically.`
        : base.action,
  };
}

const ApiErrorSchema = z.object({
  name: z.literal('ApiError'),
  kind: z.enum(Object.keys(API_ERROR_TEXT) as [ApiErrorKind, ...ApiErrorKind[]]),
  status: z.number().int().nullable(),
  code: z.string().nullable(),
  detail: z.string(),
  retryAfterSeconds: z.number().nullable(),
  rejectedMarkets: z.array(z.string()),
  message: z.string(),
  action: z.string(),
});

/** An ApiError, checked field by field (it may have crossed from a worker). */
export function isApiError(e: unknown): e is ApiError {
  return ApiErrorSchema.safeParse(e).success;
}

/** Worth retrying without the user changing anything. */
export function isTransient(e: ApiError): boolean {
  return e.kind === 'network' || e.kind === 'unavailable' || e.kind === 'server' || e.kind === 'rate-limited';
}

const GraphQLErrorBody = z.object({
  errors: z
    .array(
      z
        .object({
          message: z.string().optional(),
          extensions: z.object({ code: z.string().optional() }).loose().optional(),
        })
        .loose(),
    )
    .min(1),
});
const RestErrorBody = z.object({
  error: z.object({ code: z.string().optional(), message: z.string().optional() }).loose(),
});

/** The code and message of either documented error body, if `body` is one. */
export function readErrorBody(body: unknown): { code: string | null; message: string } | null {
  const gql = GraphQLErrorBody.safeParse(body);
  if (gql.success) {
    const first = gql.data.errors[0];
    return { code: first?.extensions?.code ?? null, message: first?.message ?? '' };
  }
  const rest = RestErrorBody.safeParse(body);
  if (rest.success) return { code: rest.data.error.code ?? null, message: rest.data.error.message ?? '' };
  return null;
}

/** Error codes (GraphQL extensions.code or REST error.code) to a kind, for when the status says nothing. */
export function kindFromCode(code: string | null): ApiErrorKind | null {
  if (!code) return null;
  const c = code.toUpperCase().replace(/[^A-Z]/g, '_');
  if (/UNAUTH|INVALID_TOKEN|TOKEN_EXPIRED|INVALID_API_KEY|KEY_REJECTED/.test(c)) return 'unauthenticated';
  if (/FORBIDDEN|NO_ACCESS|PERMISSION|ACCESS_DENIED/.test(c)) return 'forbidden';
  if (/RATE|TOO_MANY/.test(c)) return 'rate-limited';
  if (/BAD_USER_INPUT|BAD_REQUEST|VALIDATION|INVALID|PARSE/.test(c)) return 'bad-request';
  if (/NOT_FOUND/.test(c)) return 'not-found';
  if (/UNAVAILABLE|UNREACHABLE|TIMEOUT|OFFLINE|BAD_GATEWAY/.test(c)) return 'unavailable';
  if (/INTERNAL|SERVER/.test(c)) return 'server';
  return null;
}

export function kindFromStatus(status: number): ApiErrorKind | null {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 400 || status === 422) return 'bad-request';
  if (status === 404 || status === 405) return 'not-found';
  if (status === 429) return 'rate-limited';
  // The app's gateway passes the service's own 5xx on; it answers 502 when the answer was not the API's,
  // 504 when the service can't be reached.
  if (status === 503 || status === 504) return 'unavailable';
  if (status >= 500) return 'server';
  if (status >= 400) return 'bad-request';
  return null;
}

export function parseRetryAfter(value: string | null | undefined): number | null {
  if (!value) return null;
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return Math.ceil(n);
  const at = Date.parse(value);
  if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - Date.now()) / 1000));
  return null;
}

/** Limits server text to something a banner can hold. */
function clip(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 300 ? `${t.slice(0, 297)}\u2026` : t;
}

/**
 * An HTTP answer that is not a success (or a 200 carrying GraphQL errors) to an ApiError.
 * `body` is the parsed JSON if it was JSON, otherwise the raw text.
 */
export function errorFromHttp(
  status: number,
  body: unknown,
  retryAfter?: string | null,
  rejectedMarkets: readonly string[] = [],
): ApiError {
  const read = readErrorBody(body);
  const byCode = kindFromCode(read?.code ?? null);
  // For 5xx the code says more (OFFLINE vs SERVER_ERROR from the gateway); for 4xx the status decides.
  const kind =
    (status >= 500 && (byCode === 'server' || byCode === 'unavailable') ? byCode : null) ??
    (status >= 400 ? kindFromStatus(status) : null) ??
    byCode ??
    'server';
  const detail = read ? read.message : typeof body === 'string' ? body : '';
  return apiError(
    kind,
    status >= 400 ? status : null,
    read?.code ?? null,
    clip(detail),
    parseRetryAfter(retryAfter),
    rejectedMarkets,
  );
}

/** GraphQL errors delivered with a 2xx status. */
export function errorFromGraphQL(
  errors: ReadonlyArray<{ message?: string; extensions?: { code?: unknown } | null }>,
  rejectedMarkets: readonly string[] = [],
): ApiError {
  const first = errors[0];
  const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : null;
  return apiError(kindFromCode(code) ?? 'bad-request', null, code, clip(first?.message ?? ''), null, rejectedMarkets);
}

export function networkError(cause: unknown): ApiError {
  return apiError('network', null, null, clip(cause instanceof Error ? cause.message : String(cause)));
}

export function invalidResponse(detail: string): ApiError {
  return apiError('invalid-response', null, null, clip(detail));
}

/** Anything thrown while fetching data, as an ApiError (non-API errors become 'invalid-response'). */
export function toApiError(e: unknown): ApiError {
  if (isApiError(e)) return e;
  if (e instanceof TypeError) return networkError(e);
  return invalidResponse(e instanceof Error ? e.message : String(e));
}

function responseStatus(response: unknown): number | null {
  if (response && typeof response === 'object' && 'status' in response) {
    const s = (response as { status: unknown }).status;
    if (typeof s === 'number') return s;
  }
  return null;
}

/**
 * The ApiError of a failed urql result: a worker's (worker-exchange.ts) as it was made, else one from the
 * HTTP status first, then the GraphQL error code.
 */
export function fromCombinedError(error: CombinedError): ApiError {
  if (isApiError(error.networkError)) return error.networkError;
  const status = responseStatus(error.response);
  const gqlErrors = error.graphQLErrors.map((e) => ({
    message: e.message,
    extensions: (e.extensions ?? null) as { code?: unknown } | null,
  }));
  if (status !== null && status >= 400) {
    const first = gqlErrors[0];
    const body = first
      ? {
          errors: [
            {
              message: first.message,
              extensions: { code: typeof first.extensions?.code === 'string' ? first.extensions.code : undefined },
            },
          ],
        }
      : (error.networkError?.message ?? '');
    return errorFromHttp(status, body);
  }
  if (gqlErrors.length > 0) return errorFromGraphQL(gqlErrors);
  return networkError(error.networkError ?? error);
}
