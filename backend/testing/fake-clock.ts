/**
 * A Clock for tests. Time moves only when told to, except that with autoAdvanceBelowMs set, any sleep
 * shorter than it (backoff, Retry-After) completes at once and moves time forward by its length, while
 * longer ones (request timeouts) wait for advance().
 */
import type { Clock } from '../clock';

interface Timer {
  readonly at: number;
  readonly resolve: () => void;
}

export class FakeClock implements Clock {
  private t: number;
  private timers: Timer[] = [];
  /** Every sleep requested, in ms (backoff and Retry-After assertions). */
  readonly sleeps: number[] = [];

  constructor(
    start = Date.UTC(2025, 0, 1),
    private readonly autoAdvanceBelowMs = 0,
  ) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (ms < this.autoAdvanceBelowMs) {
      this.t += ms;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const timer: Timer = { at: this.t + ms, resolve };
      this.timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          this.timers = this.timers.filter((x) => x !== timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Moves time forward and fires the timers that are due. */
  advance(ms: number): void {
    this.t += ms;
    const due = this.timers.filter((x) => x.at <= this.t);
    this.timers = this.timers.filter((x) => x.at > this.t);
    for (const timer of due) timer.resolve();
  }

  /** Sleeps requested of at least minMs (i.e. not the request timeouts' disarmed timers). */
  waits(minMs = 0, maxMs = Number.POSITIVE_INFINITY): number[] {
    return this.sleeps.filter((ms) => ms >= minMs && ms <= maxMs);
  }
}
