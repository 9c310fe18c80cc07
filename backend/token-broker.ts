/**
 * The token broker: turns an API key into short-lived JWTs (spec section 5) and sends API requests with them.
 * It holds one JWT in memory only, refreshes it ahead of expiry with ONE refresh in flight however many requests
 * wait, retries once after an auth failure, retries transient failures (network, 5xx, 429) a bounded number of
 * times, and reports each outcome so the status the user sees stays true. Plain Node module: fetch and the
 * clock are injected; the Electron main process and the web host run it unchanged.
 */
import { setMaxListeners } from 'node:events';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { GRAPHQL_PATH, TOKEN_HEADER, TOKEN_LIFETIME_SECONDS } from '../shared/api/schema';
import { realClock, type Clock } from './clock';
import { backoffDelayMs, parseRetryAfterMs } from './retry-policy';
import { RedirectError, timedFetch, type FetchFn } from './timed-fetch';
import { readCapped } from './read-capped';

export type FailureKind = 'key-rejected' | 'no-access' | 'offline' | 'server-error';
/** message: a specific sentence for the user (a redirect names its target); else the kind's usual words. */
export type Outcome =
  { readonly ok: true } | { readonly ok: false; readonly kind: FailureKind; readonly message?: string };

/** The outcome an UpstreamFailure stands for (a redirect keeps its own words). */
export function failureOutcome(error: UpstreamFailure): Outcome {
  return error instanceof RedirectRefused
    ? { ok: false, kind: error.kind, message: error.message }
    : { ok: false, kind: error.kind };
}

/** A failure the broker has already classified; its message is safe to show (never holds key or token). */
export class UpstreamFailure extends Error {
  override readonly name = 'UpstreamFailure';
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** The service's own HTTP status, when it answered with an error (a 5xx to the token mutation). */
    readonly upstreamStatus: number | null = null,
  ) {
    super(message);
  }
}

/**
 * The service answered a request with a redirect, which is never followed (it would carry the key or the
 * token along). The message names the new location so the user can fix the Base URL; it is safe to show.
 */
export class RedirectRefused extends UpstreamFailure {
  constructor(
    readonly location: string | null,
    message: string,
  ) {
    super('server-error', message);
  }
}

export interface BrokerTarget {
  /** Origin (and optional path prefix) of the service, without the /api/v2 part. */
  readonly baseUrl: string;
  readonly apiKey: string;
}

export interface BrokerOptions {
  readonly target: BrokerTarget;
  readonly fetch?: FetchFn;
  readonly clock?: Clock;
  readonly random?: () => number;
  /** Time allowed until response headers arrive. */
  readonly timeoutMs?: number;
  /** Longest silence allowed between body chunks. */
  readonly bodyIdleTimeoutMs?: number;
  /** Refresh this long before expiry (for short-lived tokens: a tenth of the lifetime plus 1 s). */
  readonly refreshMarginMs?: number;
  /** Tries per request for transient failures (network, 5xx, 429), including the first. */
  readonly maxAttempts?: number;
  readonly backoffBaseMs?: number;
  readonly backoffCapMs?: number;
  /** A Retry-After longer than this is not waited for: the 429 goes back to the caller. */
  readonly maxRetryAfterMs?: number;
  readonly onOutcome?: (outcome: Outcome) => void;
  /** Told of each wait after a 429 before it starts (the request meter adds them up). */
  readonly onRateLimitWait?: (waitMs: number, url: string) => void;
}

export interface ForwardRequest {
  /** One of API_PATHS; the gateway has checked it. */
  readonly path: string;
  readonly body: Uint8Array<ArrayBuffer>;
  readonly accept?: string;
  readonly signal?: AbortSignal;
}

interface HeldToken {
  readonly value: string;
  readonly refreshAt: number;
}

const TOKEN_MUTATION =
  'mutation CreateSubscriptionToken($api_key: String) { createSubscriptionToken(api_key: $api_key) }';
const MAX_TOKEN_RESPONSE_BYTES = 64 * 1024;
const MAX_ERROR_BODY_BYTES = 256 * 1024;
const MAX_SHOWN_LOCATION = 300;

const TokenResponseSchema = z.object({
  data: z.object({ createSubscriptionToken: z.string().nullable().optional() }).nullable().optional(),
  errors: z.array(z.unknown()).optional(),
});
/** Header-safe printable ASCII: a JWT is base64url segments and dots. */
const TokenValueSchema = z
  .string()
  .min(1)
  .max(16 * 1024)
  .regex(/^[\x21-\x7e]+$/);

export class TokenBroker {
  readonly target: BrokerTarget;
  private readonly fetchFn: FetchFn;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly timeoutMs: number;
  private readonly bodyIdleTimeoutMs: number;
  private readonly refreshMarginMs: number;
  private readonly maxAttempts: number;
  private readonly backoffBaseMs: number;
  private readonly backoffCapMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly onOutcome: (outcome: Outcome) => void;
  private readonly onRateLimitWait: (waitMs: number, url: string) => void;
  private readonly lifetime = new AbortController();

  private token: HeldToken | null = null;
  private refreshing: Promise<string> | null = null;
  /** Set once the service refuses the key: further requests fail fast instead of hammering it. */
  private rejection: UpstreamFailure | null = null;
  /** Number of token mutations sent (observability for tests and diagnostics). */
  mutationCount = 0;

  constructor(options: BrokerOptions) {
    this.target = { baseUrl: options.target.baseUrl.replace(/\/+$/, ''), apiKey: options.target.apiKey };
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.bodyIdleTimeoutMs = options.bodyIdleTimeoutMs ?? 60_000;
    this.refreshMarginMs = options.refreshMarginMs ?? 5 * 60_000;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    this.backoffBaseMs = options.backoffBaseMs ?? 400;
    this.backoffCapMs = options.backoffCapMs ?? 5_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
    this.onOutcome = options.onOutcome ?? (() => undefined);
    this.onRateLimitWait = options.onRateLimitWait ?? (() => undefined);
    // Every in-flight request listens on the broker's lifetime signal; hundreds at once are normal here.
    setMaxListeners(0, this.lifetime.signal);
  }

  /** A valid JWT, from memory or from one shared refresh. Rejects with UpstreamFailure. */
  async getToken(signal?: AbortSignal): Promise<string> {
    if (this.rejection) throw this.rejection;
    const held = this.token;
    if (held && this.clock.now() < held.refreshAt) return held.value;
    if (!this.refreshing) {
      const refresh = this.createToken();
      this.refreshing = refresh;
      // Clear the slot once settled, whatever the result, so a later call can try again.
      refresh.then(
        () => this.clearRefreshing(refresh),
        () => this.clearRefreshing(refresh),
      );
    }
    return abortable(this.refreshing, signal);
  }

  /** A token fresh from the service (a reconnect probe: a held token proves nothing about the service). */
  async renewToken(signal?: AbortSignal): Promise<string> {
    if (this.rejection) throw this.rejection;
    if (!this.refreshing) this.token = null;
    return this.getToken(signal);
  }

  /** Drops the token if it is still the one that failed; a newer one (another request refreshed) stays. */
  invalidate(token: string): void {
    if (this.token?.value === token) this.token = null;
  }

  /** Cancels everything in flight; the broker is not used again. */
  dispose(): void {
    this.lifetime.abort(new Error('connection changed'));
  }

  /**
   * Sends one API request upstream with the token and returns the upstream response, its body unread
   * (the gateway streams it on). Throws UpstreamFailure when there is no response to pass on.
   */
  async send(request: ForwardRequest): Promise<Response> {
    const signal = request.signal ? AbortSignal.any([request.signal, this.lifetime.signal]) : this.lifetime.signal;
    const url = this.target.baseUrl + request.path;
    let authRetried = false;
    let attempt = 0;
    for (;;) {
      attempt += 1;
      let token: string;
      try {
        token = await this.getToken(signal);
      } catch (error) {
        if (error instanceof UpstreamFailure) this.report(failureOutcome(error));
        throw error;
      }
      let response: Response;
      try {
        response = await timedFetch(
          this.fetchFn,
          url,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: request.accept ?? 'application/json',
              [TOKEN_HEADER]: token,
            },
            body: request.body,
          },
          { clock: this.clock, headersTimeoutMs: this.timeoutMs, bodyIdleTimeoutMs: this.bodyIdleTimeoutMs, signal },
        );
      } catch (error) {
        if (signal.aborted) throw error; // the caller left; nothing to report
        if (error instanceof RedirectError) {
          const refused = this.redirectRefused(error, [token]);
          this.report(failureOutcome(refused));
          throw refused;
        }
        if (attempt < this.maxAttempts) {
          await this.clock.sleep(this.backoff(attempt), signal);
          continue;
        }
        return this.fail('offline', 'The market data service cannot be reached.');
      }

      if (response.status === 401) {
        // The token expired or was revoked mid-flight: get a new one and try once more.
        if (!authRetried) {
          authRetried = true;
          attempt -= 1;
          await discard(response);
          this.invalidate(token);
          continue;
        }
        // A freshly issued token is refused too: the key is fine but the profile lacks access.
        this.report({ ok: false, kind: 'no-access' });
        return this.redacted(response, token);
      }
      if (response.status === 403) {
        this.report({ ok: false, kind: 'no-access' });
        return this.redacted(response, token);
      }
      if (response.status === 429) {
        const wait = parseRetryAfterMs(response.headers.get('retry-after'), this.clock.now()) ?? this.backoff(attempt);
        if (attempt < this.maxAttempts && wait <= this.maxRetryAfterMs) {
          await discard(response);
          this.onRateLimitWait(wait, url);
          await this.clock.sleep(wait, signal);
          continue;
        }
        // Rate limited for longer than we wait: the caller sees the 429 and its Retry-After.
        return this.redacted(response, token);
      }
      if (response.status >= 500) {
        if (attempt < this.maxAttempts) {
          await discard(response);
          await this.clock.sleep(this.backoff(attempt), signal);
          continue;
        }
        this.report({ ok: false, kind: 'server-error' });
        return this.redacted(response, token);
      }
      this.report({ ok: true });
      return response.ok ? response : this.redacted(response, token);
    }
  }

  /**
   * Error bodies are small, so they are read and any echo of the token or key is blanked out (defence in
   * depth: a service that quotes the bad token in its error must not leak it to the renderer). Success
   * bodies are never touched.
   */
  private async redacted(response: Response, token: string): Promise<Response> {
    let text: string;
    try {
      text = await readText(response, MAX_ERROR_BODY_BYTES, 'error response');
    } catch {
      text = JSON.stringify({ errors: [{ message: `The market data service answered ${response.status}.` }] });
    }
    for (const secret of [token, this.target.apiKey]) {
      if (secret) text = text.split(secret).join('[redacted]');
    }
    const headers = new Headers();
    for (const name of ['content-type', 'retry-after']) {
      const value = response.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return new Response(text, { status: response.status, statusText: response.statusText, headers });
  }

  /** The location comes from the service, so it is cleaned of our secrets and shortened before it is shown. */
  private redirectRefused(error: RedirectError, secrets: readonly string[]): RedirectRefused {
    let shown: string | null = null;
    if (error.location !== null) {
      shown = error.location.replace(/\p{Cc}/gu, '');
      for (const secret of [...secrets, this.target.apiKey]) {
        // A URL carries the secret percent-encoded as often as not.
        for (const form of secret ? new Set([secret, encodeURIComponent(secret)]) : [])
          shown = shown.split(form).join('[redacted]');
      }
      if (shown.length > MAX_SHOWN_LOCATION) shown = `${shown.slice(0, MAX_SHOWN_LOCATION)}…`;
    }
    const where =
      shown === null
        ? `answered with a redirect${error.status > 0 ? ` (${error.status})` : ''}`
        : `redirected to ${shown}`;
    return new RedirectRefused(
      shown,
      `The service ${where}; Market Desk does not follow redirects with your key. Check the Base URL.`,
    );
  }

  private fail(kind: FailureKind, message: string): never {
    this.report({ ok: false, kind });
    throw new UpstreamFailure(kind, message);
  }

  private report(outcome: Outcome): void {
    if (this.lifetime.signal.aborted) return; // a replaced broker's late results must not move the status
    this.onOutcome(outcome);
  }

  private clearRefreshing(refresh: Promise<string>): void {
    if (this.refreshing === refresh) this.refreshing = null;
  }

  private backoff(attempt: number): number {
    return backoffDelayMs(attempt, this.random, this.backoffBaseMs, this.backoffCapMs);
  }

  /**
   * The createSubscriptionToken mutation. Never retried blindly: a refusal (4xx, GraphQL error, null) is
   * final and sticky; a 5xx is reported as is; only network failures (and an explicit, short Retry-After)
   * get the bounded retry.
   */
  private async createToken(): Promise<string> {
    const body = JSON.stringify({ query: TOKEN_MUTATION, variables: { api_key: this.target.apiKey } });
    const signal = this.lifetime.signal;
    for (let attempt = 1; ; attempt += 1) {
      const startedAt = this.clock.now();
      let status: number;
      let text: string;
      let retryAfter: string | null;
      try {
        this.mutationCount += 1;
        const response = await timedFetch(
          this.fetchFn,
          this.target.baseUrl + GRAPHQL_PATH,
          { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body },
          // A token answer is tiny: the header timeout bounds the body as well.
          { clock: this.clock, headersTimeoutMs: this.timeoutMs, bodyIdleTimeoutMs: this.timeoutMs, signal },
        );
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        text = await readText(response, MAX_TOKEN_RESPONSE_BYTES, 'token response');
      } catch (error) {
        if (signal.aborted) throw error;
        // Not sticky like a refused key: the Base URL may be fixed, or the redirect may go away.
        if (error instanceof RedirectError) throw this.redirectRefused(error, []);
        if (attempt < this.maxAttempts) {
          await this.clock.sleep(this.backoff(attempt), signal);
          continue;
        }
        throw new UpstreamFailure('offline', 'The market data service cannot be reached.');
      }

      if (status === 429) {
        const wait = parseRetryAfterMs(retryAfter, this.clock.now());
        if (wait !== null && wait <= this.maxRetryAfterMs && attempt < this.maxAttempts) {
          this.onRateLimitWait(wait, this.target.baseUrl + GRAPHQL_PATH);
          await this.clock.sleep(wait, signal);
          continue;
        }
        throw new UpstreamFailure('server-error', 'The market data service is limiting requests.');
      }
      if (status >= 500) {
        throw new UpstreamFailure('server-error', `The market data service answered ${status}.`, status);
      }

      const token = parseTokenResponse(text);
      if (status >= 200 && status < 300 && token !== null) {
        const lifetimeMs = tokenLifetimeMs(token, startedAt);
        // JWT times are whole seconds, so allow one second of rounding on top of the usual margin; never
        // more than half the lifetime, so even a very short-lived token is used at all.
        const margin = Math.min(this.refreshMarginMs, lifetimeMs / 10 + 1000, lifetimeMs / 2);
        this.token = { value: token, refreshAt: startedAt + lifetimeMs - margin };
        return token;
      }
      if (
        status === 400 ||
        status === 401 ||
        status === 403 ||
        (status >= 200 && status < 300 && token === null && isGraphqlAnswer(text))
      ) {
        this.rejection = new UpstreamFailure('key-rejected', 'The service rejected the API key.');
        throw this.rejection;
      }
      // Anything else (404, an HTML page…) means the base URL is not this API.
      throw new UpstreamFailure(
        'server-error',
        `The service at the Base URL did not answer as the API does (${status}).`,
      );
    }
  }
}

function parseTokenResponse(text: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = TokenResponseSchema.safeParse(json);
  if (!parsed.success) return null;
  const token = TokenValueSchema.safeParse(parsed.data.data?.createSubscriptionToken);
  return token.success ? token.data : null;
}

/** A 200 with `errors` or a null token is GraphQL's way of refusing the key. */
function isGraphqlAnswer(text: string): boolean {
  try {
    return TokenResponseSchema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/**
 * How long the token lives, measured on OUR clock from when we asked for it. exp − iat is used when both
 * are present because it is immune to clock skew between us and the service; exp alone is compared with
 * our clock; without claims the spec's 2 hours apply. Never longer than the spec's 2 hours.
 */
export function tokenLifetimeMs(jwt: string, nowMs: number): number {
  const spec = TOKEN_LIFETIME_SECONDS * 1000;
  let exp: unknown;
  let iat: unknown;
  try {
    ({ exp, iat } = decodeJwt(jwt));
  } catch {
    return spec;
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return spec;
  const ttl = typeof iat === 'number' && exp > iat ? (exp - iat) * 1000 : exp * 1000 - nowMs;
  return ttl > 0 ? Math.min(ttl, spec) : spec;
}

async function readText(response: Response, maxBytes: number, what: string): Promise<string> {
  const bytes = await readCapped(response, maxBytes);
  if (!bytes) throw new Error(`${what} too large`);
  return Buffer.from(bytes).toString('utf8');
}

async function discard(response: Response): Promise<void> {
  try {
    await response.body?.cancel();
  } catch {
    // already closed or errored: nothing to free
  }
}

/** Lets one waiter give up on a shared promise without cancelling it for the others. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
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
