/**
 * An in-memory market data service for broker and gateway tests: a fetch function that issues JWT-shaped
 * tokens for known keys, checks `api-token` on API calls and records what it saw. Behaviour per test is
 * changed by replacing `onApi` / `onMutation`.
 */
import { GRAPHQL_PATH, TOKEN_HEADER } from '../../shared/api/schema';
import type { FetchFn } from '../timed-fetch';

export interface SeenRequest {
  readonly url: string;
  readonly path: string;
  readonly headers: Headers;
  readonly body: string;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT-shaped string with the given claims (unsigned: the broker never verifies). */
export function makeJwt(claims: Record<string, unknown>, tag = 'sig'): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.${Buffer.from(tag).toString('base64url')}`;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export class FakeUpstream {
  readonly baseUrl = 'https://api.example.test';
  readonly seen: SeenRequest[] = [];
  readonly validTokens = new Set<string>();
  keys = new Set(['good-key']);
  /** Seconds of service time a token lives (exp - iat). */
  ttlSeconds = 7200;
  /** Service clock in seconds (for iat/exp claims). */
  nowSeconds = () => 1_700_000_000;
  issued = 0;
  /** Replace to fail the mutation. Return null for the default behaviour. */
  onMutation: (req: SeenRequest, apiKey: unknown) => Response | null | Promise<Response | null> = () => null;
  /** Replace to change API answers. Return null for the default behaviour. */
  onApi: (req: SeenRequest, token: string | null) => Response | null | Promise<Response | null> = () => null;

  get mutations(): SeenRequest[] {
    return this.seen.filter((r) => r.path === GRAPHQL_PATH && r.body.includes('createSubscriptionToken'));
  }

  get apiCalls(): SeenRequest[] {
    return this.seen.filter((r) => !(r.path === GRAPHQL_PATH && r.body.includes('createSubscriptionToken')));
  }

  issue(): string {
    this.issued += 1;
    const iat = this.nowSeconds();
    const token = makeJwt({ sub: 'k', iat, exp: iat + this.ttlSeconds }, `t${this.issued}`);
    this.validTokens.add(token);
    return token;
  }

  /**
   * As a real fetch does: an abort before the answer rejects the call, and an abort while the body is being
   * read errors the body's stream with the abort reason (the socket is gone), whenever it happens.
   */
  readonly fetch: FetchFn = async (input, init) => {
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const response = await untilAborted(this.answer(input, init), signal);
    return signal ? abortableBody(response, signal) : response;
  };

  private answer: FetchFn = async (input, init) => {
    const url = new URL(input);
    const body = init.body instanceof Uint8Array ? Buffer.from(init.body).toString('utf8') : String(init.body ?? '');
    const seen: SeenRequest = { url: input, path: url.pathname, headers: new Headers(init.headers), body };
    this.seen.push(seen);
    if (url.pathname === GRAPHQL_PATH && body.includes('createSubscriptionToken')) {
      const parsed = JSON.parse(body) as { variables?: { api_key?: unknown } };
      const apiKey = parsed.variables?.api_key;
      const custom = await this.onMutation(seen, apiKey);
      if (custom) return custom;
      if (typeof apiKey !== 'string' || !this.keys.has(apiKey)) {
        return json(401, { errors: [{ message: 'Invalid API key', extensions: { code: 'UNAUTHENTICATED' } }] });
      }
      return json(200, { data: { createSubscriptionToken: this.issue() } });
    }
    const token = seen.headers.get(TOKEN_HEADER);
    const custom = await this.onApi(seen, token);
    if (custom) return custom;
    if (!token || !this.validTokens.has(token)) return json(401, { errors: [{ message: 'expired' }] });
    return json(200, { data: { ok: true } });
  };
}

/** The promise, or a rejection with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The same response, its body cut off with the abort reason if the signal aborts before it is read to the end. */
function abortableBody(response: Response, signal: AbortSignal): Response {
  const source = response.body;
  if (!source) return response;
  const reader = source.getReader();
  let onAbort: (() => void) | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        controller.error(signal.reason);
        void reader.cancel(signal.reason).catch(() => undefined);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (signal.aborted) return;
        if (done) {
          if (onAbort) signal.removeEventListener('abort', onAbort);
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        if (!signal.aborted) controller.error(error);
      }
    },
    cancel(reason) {
      if (onAbort) signal.removeEventListener('abort', onAbort);
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
