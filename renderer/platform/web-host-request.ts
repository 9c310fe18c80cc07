/** Same-origin JSON calls to the web host's control endpoints (/app/*), each answer turned into JSON or a PlatformError. */
import { z } from 'zod';
import { PlatformError, describeError } from './errors';

export const FROM = 'the Market Desk web host';

export const HostErrorBody = z.object({ error: z.object({ code: z.string().optional(), message: z.string() }) });

export type HostRequest = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

/** A request to the host at `base`: undefined for an empty answer, the parsed JSON otherwise. */
export function createHostRequest(doFetch: typeof fetch, base: string): HostRequest {
  return async function request(method, path, body) {
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        credentials: 'same-origin',
        cache: 'no-store',
        headers:
          method === 'POST'
            ? { 'content-type': 'application/json', accept: 'application/json' }
            : { accept: 'application/json' },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
    } catch (e) {
      throw new PlatformError(
        'unreachable',
        'Market Desk cannot reach its web host. Is it still running?',
        describeError(e),
      );
    }
    const text = await res.text().catch(() => '');
    let json: unknown = undefined;
    if (text.trim()) {
      try {
        json = JSON.parse(text);
      } catch {
        if (res.ok)
          throw new PlatformError(
            'invalid-data',
            `Market Desk could not read the answer from ${FROM}.`,
            `${path}: not JSON`,
          );
      }
    }
    if (!res.ok) {
      const err = HostErrorBody.safeParse(json);
      const message = err.success ? err.data.error.message : `The web host answered ${path} with HTTP ${res.status}.`;
      throw new PlatformError(
        'refused',
        message,
        `${method} ${path}: HTTP ${res.status}${err.success && err.data.error.code ? ` ${err.data.error.code}` : ''}`,
      );
    }
    return json;
  };
}
