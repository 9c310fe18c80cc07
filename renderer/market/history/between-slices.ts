/**
 * Lets a view's reads (a chart, the portfolio's chart) through while a poll is written: they
 * are answered at the write's next pause between two slices, once the user is still, not after all of them.
 * A day's first poll takes tens of seconds of IndexedDB puts (docs/benchmarks.md), and a chart opened
 * meanwhile waited for all of it. A view reads again when the history's version moves after the poll, so
 * seeing part of it is harmless; answered while the user scrolls or types, its drawing would compete with them.
 */

export interface BetweenSlices {
  /**
   * Takes `task` when a poll is being written: it runs at the write's next pause once the user is still, or
   * at its end. False when no poll is being written (the caller queues the task as usual).
   */
  offer(task: () => Promise<void>): boolean;
  /** Tasks wait for the write's next pause (a slice under way should end). */
  waiting(): boolean;
  /** A poll's write: the tasks offered meanwhile run at its pauses, and those left at its end. */
  during<T>(write: () => Promise<T>): Promise<T>;
  /** The write's pause between two slices: `hold` (the user's input) is awaited, then the tasks waiting run. */
  pause(hold: () => Promise<void>): Promise<void>;
}

export function betweenSlices(): BetweenSlices {
  let writing = false;
  const waiting: Array<() => Promise<void>> = [];
  // The tasks run one at a time, in the order they came; a failed one does not stop the next.
  let running: Promise<void> = Promise.resolve();
  const runWaiting = (): Promise<void> => {
    for (const task of waiting.splice(0)) running = running.then(task).catch(() => {});
    return running;
  };
  return {
    offer(task) {
      if (!writing) return false;
      waiting.push(task);
      return true;
    },
    waiting: () => waiting.length > 0,
    async during(write) {
      writing = true;
      try {
        return await write();
      } finally {
        writing = false;
        await runWaiting();
      }
    },
    async pause(hold) {
      await hold();
      await runWaiting();
    },
  };
}
