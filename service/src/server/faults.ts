/**
 * Fault injection for client tests: latency, 500s, 429s, truncated bodies, reset connections, tokens that
 * expire early, and dirty data (dirty.ts). Off by default. Per-request decisions come from a seeded PRNG
 * that draws the same number of values for every API request, so a given sequence of requests meets the
 * same faults on every run; dirty data depends on the item only, not on the request sequence.
 */
import { z } from 'zod';
import type { DirtySpec } from './dirty';
import { badInput } from './errors';
import { mulberry32 } from '../../../shared/random/mulberry32';

export interface FaultConfig {
  /** Delay added before every API request is handled, in ms. */
  latencyMs: number;
  /** Share (0..1) of API requests answered 500 INTERNAL_SERVER_ERROR. */
  errorRate: number;
  /** Share (0..1) of API requests answered 429 RATE_LIMITED with a Retry-After header. */
  rateLimitRate: number;
  /** Retry-After value of injected 429s, in seconds. */
  retryAfterSeconds: number;
  /** Share (0..1) of successful bodies cut short (status 200, invalid JSON). */
  truncateRate: number;
  /** Share (0..1) of API requests whose connection is destroyed without any answer. */
  resetRate: number;
  /** When set, tokens older than this many seconds are rejected as expired (401 TOKEN_EXPIRED); 0 rejects all. */
  tokenEarlyExpiry: number | null;
  /**
   * Share (0..1) of items served with data the spec does not allow (nulls, wrong types, unknown enum values,
   * unusable rows; see dirty.ts), on both transports. Which items is a function of `seed` and the item name.
   */
  dirtyDataRate: number;
  /**
   * The first K requests that name markets (counted from when faults were last set) answer 400, as if a
   * market were unknown (fault-gate.ts): a transient refusal of good names.
   */
  badRequestFirst: number;
  /** Every N-th request that names markets answers 400 likewise (0: none). */
  badRequestEvery: number;
  /** Seed of the fault sequence; setting any fault restarts the sequence. */
  seed: number;
}

export const NO_FAULTS: FaultConfig = {
  latencyMs: 0,
  errorRate: 0,
  rateLimitRate: 0,
  retryAfterSeconds: 1,
  truncateRate: 0,
  resetRate: 0,
  tokenEarlyExpiry: null,
  dirtyDataRate: 0,
  badRequestFirst: 0,
  badRequestEvery: 0,
  seed: 1,
};

const rate = z.number().min(0).max(1);
/** Validates a partial fault configuration (admin endpoint, CLI, setFaults). Unknown keys are rejected. */
const FaultPatchSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  errorRate: rate.optional(),
  rateLimitRate: rate.optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
  truncateRate: rate.optional(),
  resetRate: rate.optional(),
  tokenEarlyExpiry: z.number().int().min(0).nullable().optional(),
  dirtyDataRate: rate.optional(),
  badRequestFirst: z.number().int().min(0).max(1_000_000).optional(),
  badRequestEvery: z.number().int().min(0).max(1_000_000).optional(),
  seed: z.number().int().optional(),
});

export function parseFaultPatch(input: unknown): Partial<FaultConfig> {
  const r = FaultPatchSchema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue?.path.join('.') || (issue && 'keys' in issue ? String(issue.keys) : 'faults');
    throw badInput(field, `Invalid fault configuration at ${field}: ${issue?.message ?? 'invalid'}`);
  }
  const out: Partial<FaultConfig> = {};
  for (const [k, v] of Object.entries(r.data)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** What happens to one API request. */
export interface FaultDecision {
  latencyMs: number;
  reset: boolean;
  error: boolean;
  rateLimit: boolean;
  /** When set, the body is cut to this share (0..1, exclusive) of its length. */
  truncateAt: number | null;
}

export class FaultInjector {
  private config: FaultConfig;
  private rng: () => number;

  constructor(initial: Partial<FaultConfig> = {}) {
    this.config = { ...NO_FAULTS, ...initial };
    this.rng = mulberry32(this.config.seed);
  }

  get current(): FaultConfig {
    return { ...this.config };
  }

  /** Requests that named markets since faults were last set. */
  private marketRequests = 0;

  /** Merges a patch and restarts the seeded sequence (and the count of requests naming markets). */
  set(patch: Partial<FaultConfig>): FaultConfig {
    this.config = { ...this.config, ...patch };
    this.rng = mulberry32(this.config.seed);
    this.marketRequests = 0;
    return this.current;
  }

  /** Counts one request that names markets; true when it is to be refused (badRequestFirst / badRequestEvery). */
  refuseMarketRequest(): boolean {
    const { badRequestFirst, badRequestEvery } = this.config;
    if (badRequestFirst === 0 && badRequestEvery === 0) return false;
    const n = ++this.marketRequests;
    return n <= badRequestFirst || (badRequestEvery > 0 && n % badRequestEvery === 0);
  }

  /** The dirty-data fault when on (it draws nothing from the request sequence). */
  get dirty(): DirtySpec | null {
    const c = this.config;
    return c.dirtyDataRate > 0 ? { rate: c.dirtyDataRate, seed: c.seed } : null;
  }

  get active(): boolean {
    const c = this.config;
    return c.latencyMs > 0 || c.errorRate > 0 || c.rateLimitRate > 0 || c.truncateRate > 0 || c.resetRate > 0;
  }

  /** Draws the fate of one API request: always five draws, so sequences do not depend on which faults are on. */
  decide(): FaultDecision {
    const c = this.config;
    const dReset = this.rng();
    const dError = this.rng();
    const dRate = this.rng();
    const dTrunc = this.rng();
    const dCut = this.rng();
    return {
      latencyMs: c.latencyMs,
      reset: dReset < c.resetRate,
      error: dError < c.errorRate,
      rateLimit: dRate < c.rateLimitRate,
      truncateAt: dTrunc < c.truncateRate ? 0.05 + dCut * 0.9 : null,
    };
  }
}
