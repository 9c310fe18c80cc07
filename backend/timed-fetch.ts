/**
 * fetch with two timeouts that suit a streaming proxy: one for the response headers, and one for silence
 * between body chunks. A single overall deadline would kill a healthy 50 MB catalog download on a slow
 * link; an idle deadline only kills a stalled one. The body is passed through chunk by chunk, never
 * buffered.
 */
import type { Clock } from './clock';

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

/**
 * The service answered with a redirect. Never followed: fetch would resend the body (the API key) or the
 * api-token header to wherever the Location points.
 */
export class RedirectError extends Error {
  override readonly name = 'RedirectError';
  /**
   * location: the Location header resolved against the request URL; null when absent or hidden (opaqueredirect,
   * Electron net.fetch). status: the 3xx, or 0 when the fetch does not say.
   */
  constructor(
    readonly location: string | null,
    readonly status: number,
  ) {
    super(`redirected (${status}) to ${location ?? 'an unknown location'}`);
  }
}

export interface TimedFetchOptions {
  readonly clock: Clock;
  readonly headersTimeoutMs: number;
  readonly bodyIdleTimeoutMs: number;
  /** Caller's cancellation (renderer went away, broker disposed). */
  readonly signal?: AbortSignal;
}

/** Starts a timer on the injected clock that aborts `target` unless disarmed first. */
function arm(clock: Clock, ms: number, target: AbortController, what: string): () => void {
  const disarm = new AbortController();
  clock.sleep(ms, disarm.signal).then(
    () => target.abort(new TimeoutError(`${what} timed out after ${ms} ms`)),
    () => undefined,
  );
  return () => disarm.abort();
}

export async function timedFetch(
  fetchFn: FetchFn,
  url: string,
  init: RequestInit,
  opts: TimedFetchOptions,
): Promise<Response> {
  const controller = new AbortController();
  const outer = opts.signal;
  const onOuterAbort = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) throw outer.reason ?? new Error('aborted');
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  const detach = (): void => outer?.removeEventListener('abort', onOuterAbort);

  const disarmHeaders = arm(opts.clock, opts.headersTimeoutMs, controller, 'waiting for the response');
  let response: Response;
  try {
    // Forced, whatever the caller passed: every request through here carries a key or a token.
    response = await fetchFn(url, { ...init, redirect: 'manual', signal: controller.signal });
  } catch (error) {
    detach();
    // fetch rejects with a generic AbortError; surface the reason (our TimeoutError or the caller's).
    throw controller.signal.aborted ? (controller.signal.reason ?? error) : error;
  } finally {
    disarmHeaders();
  }
  if (isRedirect(response)) {
    detach();
    await response.body?.cancel().catch(() => undefined);
    throw new RedirectError(redirectTarget(response, url), response.status);
  }
  if (!response.body) {
    detach();
    return response;
  }
  const body = guardBody(response.body, controller, opts, detach);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Node's fetch (undici) hands a manual redirect back as the 3xx itself, Location readable; a browser-style
 * fetch (and the spec) gives an opaqueredirect with status 0 and no headers. Both count. A 304 is not a
 * redirect, and other 3xx count only when they name a Location.
 */
function isRedirect(response: Response): boolean {
  if (response.type === 'opaqueredirect' || response.status === 0) return true;
  if ([301, 302, 303, 307, 308].includes(response.status)) return true;
  return response.status >= 300 && response.status < 400 && response.status !== 304 && response.headers.has('location');
}

function redirectTarget(response: Response, requestUrl: string): string | null {
  const location = response.headers.get('location');
  if (location === null || location === '') return null;
  try {
    return new URL(location, requestUrl).href;
  } catch {
    return location;
  }
}

function guardBody(
  source: ReadableStream<Uint8Array>,
  controller: AbortController,
  opts: TimedFetchOptions,
  done: () => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(out) {
        // The idle timer runs only while we wait on upstream, not while the consumer applies backpressure.
        const disarm = arm(opts.clock, opts.bodyIdleTimeoutMs, controller, 'waiting for response data');
        try {
          const { done: finished, value } = await reader.read();
          disarm();
          if (finished) {
            done();
            out.close();
          } else {
            out.enqueue(value);
          }
        } catch (error) {
          disarm();
          done();
          out.error(controller.signal.aborted ? (controller.signal.reason ?? error) : error);
        }
      },
      async cancel(reason) {
        done();
        await reader.cancel(reason);
      },
    },
    // No read-ahead: each chunk is pulled from upstream only when the consumer asks for it.
    { highWaterMark: 0 },
  );
}
