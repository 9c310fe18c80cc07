/** Backoff and Retry-After arithmetic for the token broker; pure functions so the bounds are testable. */

/**
 * Exponential backoff with jitter ("equal jitter"): half the step is fixed so waits never collapse to zero,
 * half is random so many clients that failed together don't retry together.
 * attempt is 1 for the first retry.
 */
export function backoffDelayMs(attempt: number, random: () => number, baseMs: number, capMs: number): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (step / 2) * Math.min(1, Math.max(0, random())));
}

/** Retry-After lives with the other limit headers it is read with (shared/budget/limit-headers.ts). */
export { parseRetryAfterMs } from '../shared/budget/limit-headers';
