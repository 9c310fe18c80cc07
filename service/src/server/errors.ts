/**
 * Error classes of the reference service and their two wire shapes:
 * GraphQL `{"errors":[{"message", "locations"?, "path"?, "extensions":{"code", ...}}]}`,
 * REST `{"error":{"code", "message", ...details}}`. The HTTP status carries the class
 * (400/401/403/404/405/413/429/500), the `code` the machine-readable reason. See service/README.md for the table.
 */

/** Machine-readable error codes (GraphQL `extensions.code`, REST `error.code`). */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'BAD_USER_INPUT'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL_SERVER_ERROR';

/** Finer reasons of a 401, in `extensions.reason` / `error.reason`. */
export type AuthReason = 'TOKEN_MISSING' | 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'INVALID_API_KEY';

export interface ErrorLocation {
  line: number;
  column: number;
}

/** One error as it goes on the wire (GraphQL form; REST uses the first one). */
export interface WireError {
  message: string;
  locations?: readonly ErrorLocation[];
  path?: readonly (string | number)[];
  /** Extra machine-readable details, e.g. { argument: 'markets', value: 'foo' } or { reason: 'TOKEN_EXPIRED' }. */
  details?: Readonly<Record<string, string | number | boolean | null | readonly string[]>>;
}

/** An error that ends the request with an HTTP status and a JSON error body. */
export class ServiceError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors: readonly WireError[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: ErrorCode,
    errors: string | WireError | readonly WireError[],
    headers: Record<string, string> = {},
  ) {
    const list: readonly WireError[] =
      typeof errors === 'string'
        ? [{ message: errors }]
        : Array.isArray(errors)
          ? (errors as readonly WireError[])
          : [errors as WireError];
    super(list[0]?.message ?? code);
    this.name = 'ServiceError';
    this.status = status;
    this.code = code;
    this.errors = list;
    this.headers = headers;
  }

  /** The same error, located in a GraphQL document (locations, path). */
  at(where: Pick<WireError, 'locations' | 'path'>): ServiceError {
    return new ServiceError(
      this.status,
      this.code,
      this.errors.map((w) => ({ ...w, ...where })),
      { ...this.headers },
    );
  }
}

export const badRequest = (message: string, details?: WireError['details']): ServiceError =>
  new ServiceError(400, 'BAD_REQUEST', { message, details });

/** An argument / request field with a bad value: names the input. */
export function badInput(argument: string, message: string, value?: unknown): ServiceError {
  const details: Record<string, string | number | boolean | null> = { argument };
  if (value !== undefined) details.value = describeValue(value);
  return new ServiceError(400, 'BAD_USER_INPUT', { message, details });
}

export function unauthenticated(reason: AuthReason, message: string): ServiceError {
  // RFC 9110 wants a challenge on every 401; the scheme names the header the token goes in.
  const challenge = `Api-Token realm="market-data", header="api-token"${reason === 'TOKEN_EXPIRED' || reason === 'TOKEN_INVALID' ? ', error="invalid_token"' : ''}`;
  return new ServiceError(401, 'UNAUTHENTICATED', { message, details: { reason } }, { 'www-authenticate': challenge });
}

export function forbidden(operation: string): ServiceError {
  return new ServiceError(403, 'FORBIDDEN', {
    message: `This API key has no access to ${operation}.`,
    details: { operation },
  });
}

/** No endpoint at this path (the path is echoed, shortened). */
export function notFound(path: string): ServiceError {
  return new ServiceError(404, 'NOT_FOUND', {
    message: `No endpoint at ${path.slice(0, 200)}.`,
    details: { path: path.slice(0, 200) },
  });
}

export function internalError(): ServiceError {
  return new ServiceError(500, 'INTERNAL_SERVER_ERROR', 'Internal server error.');
}

/** A short, safe rendering of a client-sent value for error details (never huge, never an object dump). */
function describeValue(v: unknown): string | number | boolean | null {
  if (v === null) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return v.length > 100 ? `${v.slice(0, 100)}…` : v;
  if (Array.isArray(v)) return `array(${v.length})`;
  return typeof v;
}

/** `{"errors":[...]}` */
export function graphqlErrorBody(e: ServiceError): string {
  return JSON.stringify({
    errors: e.errors.map((w) => {
      const out: Record<string, unknown> = { message: w.message };
      if (w.locations && w.locations.length > 0) out.locations = w.locations;
      if (w.path) out.path = w.path;
      out.extensions = { code: e.code, ...(w.details ?? {}) };
      return out;
    }),
  });
}

/** `{"error":{"code","message",...}}`. REST has one code for every 400: BAD_REQUEST (details name the input). */
export function restErrorBody(e: ServiceError): string {
  const first = e.errors[0] ?? { message: e.code };
  const code = e.status === 400 ? 'BAD_REQUEST' : e.code;
  return JSON.stringify({ error: { code, message: first.message, ...(first.details ?? {}) } });
}

/**
 * How 400 answers read. 'named' (default): the message and details name the refused input, e.g.
 * `unknown market: steam`. 'opaque': every 400 says only "Bad Request" (GraphQL `{"errors":[{"message":
 * "Bad Request"}]}`, REST a text/plain `Bad Request`), as services behind a plain HTTP front do; a client
 * then has to find the refused name itself. Other statuses are unchanged.
 */
export type ErrorStyle = 'named' | 'opaque';
export const ERROR_STYLES: readonly ErrorStyle[] = ['named', 'opaque'];

export const OPAQUE_MESSAGE = 'Bad Request';

export function opaqueGraphqlErrorBody(): string {
  return JSON.stringify({ errors: [{ message: OPAQUE_MESSAGE }] });
}
