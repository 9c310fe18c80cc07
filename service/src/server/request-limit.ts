/**
 * A per-minute request limit, as paid market data plans have: every data request (GraphQL, token mutation
 * included, and REST) spends one of `perMinute` in the clock minute; past it, 429 with Retry-After (seconds to the
 * next minute). Every data answer says where the client stands, in the IETF fields (draft-ietf-httpapi-ratelimit-
 * headers-10: `RateLimit-Policy: "minute";q=N;w=60`, `RateLimit: "minute";r=LEFT;t=SECONDS`) and the older
 * `X-RateLimit-Limit/Remaining/Reset` many services still send. One count for the whole service: the reference
 * stands for one customer's plan.
 */
import { ServiceError } from './errors';

const LIMIT_WINDOW_MS = 60_000;
const POLICY = '"minute"';

export interface LimitVerdict {
  readonly ok: boolean;
  /** Headers for the answer, whatever the verdict. */
  readonly headers: Readonly<Record<string, string>>;
}

export class RequestLimiter {
  private windowStart = Number.NEGATIVE_INFINITY;
  private used = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {
    if (!Number.isInteger(perMinute) || perMinute < 1) throw new Error('requestsPerMinute must be a positive integer');
  }

  /** Spends one request of this minute, if one is left. */
  take(): LimitVerdict {
    const now = this.now();
    const start = Math.floor(now / LIMIT_WINDOW_MS) * LIMIT_WINDOW_MS;
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.used = 0;
    }
    const ok = this.used < this.perMinute;
    if (ok) this.used += 1;
    const left = this.perMinute - this.used;
    // Whole seconds, at least 1: a client told 0 would ask again at once, inside the same window.
    const reset = Math.max(1, Math.ceil((start + LIMIT_WINDOW_MS - now) / 1000));
    const headers: Record<string, string> = {
      'ratelimit-policy': `${POLICY};q=${this.perMinute};w=${LIMIT_WINDOW_MS / 1000}`,
      ratelimit: `${POLICY};r=${left};t=${reset}`,
      'x-ratelimit-limit': String(this.perMinute),
      'x-ratelimit-remaining': String(left),
      'x-ratelimit-reset': String(reset),
    };
    if (!ok) headers['retry-after'] = String(reset);
    return { ok, headers };
  }
}

/** The 429 of a spent minute, with its headers. */
export function limitExceeded(verdict: LimitVerdict, perMinute: number): ServiceError {
  const after = Number(verdict.headers['retry-after'] ?? '60');
  return new ServiceError(
    429,
    'RATE_LIMITED',
    {
      message: `Rate limit exceeded: ${perMinute} requests a minute; retry after ${after} s.`,
      details: { retryAfter: after, limit: perMinute },
    },
    { ...verdict.headers },
  );
}
