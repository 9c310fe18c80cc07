/**
 * Holds a poll's write between two slices while the user scrolls or types (the page's InputHint), and says
 * when a slice may go on in its transaction (the user still). The browser's IndexedDB work for a slice
 * takes a core for 0.1-0.3 s, and a day's first poll is about 75 batches: on two cores, written under a
 * scroll, it costs the scroll a frame in two (docs/benchmarks.md).
 */

/** The next slice waits until the user has been still this long (ms)... */
export const INPUT_QUIET_MS = 500;
/** ...but no longer than this, so a user who never stops still gets the poll written. */
export const MAX_HOLD_MS = 10_000;

export function inputQuiet(now: () => number = Date.now) {
  let last = -Infinity;
  return {
    /** The page told of an input. */
    told(): void {
      last = now();
    },
    /** The user has been still INPUT_QUIET_MS: a slice under way may go on. */
    still(): boolean {
      return now() - last >= INPUT_QUIET_MS;
    },
    /** Resolves once the user has been still INPUT_QUIET_MS, or after MAX_HOLD_MS. */
    async wait(): Promise<void> {
      const start = now();
      for (;;) {
        const wait = Math.min(last + INPUT_QUIET_MS, start + MAX_HOLD_MS) - now();
        if (wait <= 0) return;
        await new Promise((r) => setTimeout(r, wait));
      }
    },
  };
}
