/**
 * Time as a dependency: the broker's expiry checks, backoff waits and request timeouts all go through a
 * Clock so tests can drive two hours of token lifetime in microseconds.
 */
import { setTimeout as delay } from 'node:timers/promises';

export interface Clock {
  /** ms since epoch. */
  now(): number;
  /** Resolves after ms; rejects (with the signal's reason) if the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(Math.max(0, ms), undefined, signal ? { signal } : undefined),
};
