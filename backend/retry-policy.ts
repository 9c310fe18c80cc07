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

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 10.2.3). Returns ms to wait, or null when the
 * header is absent or unreadable (the caller then falls back to its own backoff).
 */
export function parseRetryAfterMs(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d{1,9}$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowMs);
}
