/**
 * Errors of a grid load, as they cross the worker boundary (plain data, zod-checked on arrival) and as
 * the UI shows them (an ApiError from renderer/api, plus the market slugs the service rejected).
 */
import { z } from 'zod';
import { ApiError, errorFromHttp, toApiError, type ApiErrorKind } from '../../api/errors';
import { isAbort } from '../../api/http';

const API_ERROR_KINDS = [
  'unauthenticated', 'forbidden', 'bad-request', 'not-found', 'rate-limited', 'unavailable', 'server', 'network',
  'invalid-response',
] as const satisfies readonly ApiErrorKind[];

export const GridErrorWireSchema = z.object({
  kind: z.enum(API_ERROR_KINDS),
  status: z.number().int().nullable(),
  code: z.string().nullable(),
  detail: z.string(),
  retryAfterSeconds: z.number().nullable(),
  /** Requested market slugs the service named as unknown. */
  rejectedMarkets: z.array(z.string()),
  aborted: z.boolean(),
});
export type GridErrorWire = z.infer<typeof GridErrorWireSchema>;

export class GridLoadError extends ApiError {
  constructor(
    kind: ApiErrorKind,
    status: number | null,
    code: string | null,
    detail: string,
    retryAfterSeconds: number | null,
    readonly rejectedMarkets: readonly string[],
  ) {
    super(kind, status, code, detail, retryAfterSeconds);
  }
}

export function errorToWire(e: unknown, rejectedMarkets: string[] = []): GridErrorWire {
  if (isAbort(e)) {
    return { kind: 'network', status: null, code: null, detail: 'aborted', retryAfterSeconds: null, rejectedMarkets: [], aborted: true };
  }
  const api = toApiError(e);
  return {
    kind: api.kind,
    status: api.status,
    code: api.code,
    detail: api.detail,
    retryAfterSeconds: api.retryAfterSeconds,
    rejectedMarkets,
    aborted: false,
  };
}

export function errorFromWire(w: GridErrorWire): GridLoadError {
  return new GridLoadError(w.kind, w.status, w.code, w.detail, w.retryAfterSeconds, w.rejectedMarkets);
}

/** An HTTP error answer -> wire form, naming rejected market slugs when the body does. */
export function httpErrorToWire(status: number, body: unknown, retryAfter: string | null, requested: readonly string[]): GridErrorWire {
  const api = errorFromHttp(status, body, retryAfter);
  const rejected = api.kind === 'bad-request' || status === 400 ? findRejectedMarkets(body, requested) : [];
  return errorToWire(api, rejected);
}

function record(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/**
 * Which of the requested slugs an error body rejects. Reads the reference service's details
 * ({argument: 'markets', value: '<slug>'} in GraphQL extensions or the REST error object), then falls
 * back to a slug quoted in the message ("Unknown market \"foo\"..."), so another service's wording works
 * as long as it quotes the slug.
 */
export function findRejectedMarkets(body: unknown, requested: readonly string[]): string[] {
  const wanted = new Set(requested);
  const found = new Set<string>();
  const details: Array<Record<string, unknown>> = [];
  const root = record(body);
  if (root) {
    if (Array.isArray(root.errors)) {
      for (const e of root.errors) {
        const er = record(e);
        if (!er) continue;
        details.push({ ...(record(er.extensions) ?? {}), message: er.message });
      }
    }
    const rest = record(root.error);
    if (rest) details.push(rest);
  }
  for (const d of details) {
    const arg = typeof d.argument === 'string' ? d.argument : '';
    const values = Array.isArray(d.value) ? d.value : [d.value];
    if (!arg || /market/i.test(arg)) {
      for (const v of values) if (typeof v === 'string' && wanted.has(v)) found.add(v);
    }
    if (found.size === 0 && typeof d.message === 'string') {
      const msg = d.message;
      const re = /market[\w\s]*?["'`\u201c\u2018]([^"'`\u201d\u2019]{1,100})["'`\u201d\u2019]/gi;
      for (let m = re.exec(msg); m; m = re.exec(msg)) {
        const slug = m[1] ?? '';
        if (wanted.has(slug)) found.add(slug);
      }
    }
  }
  if (found.size === 0 && typeof body === 'string') {
    for (const slug of requested) {
      if (new RegExp(`["'\`]${slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'\`]`).test(body)) found.add(slug);
    }
  }
  return [...found];
}
