/**
 * Lets a view's reads (a chart, the sparklines, the portfolio's chart) through while a poll is written: they
 * are answered at the write's next pause between two slices, not after all of them. A day's first poll takes
 * tens of seconds of IndexedDB puts (docs/benchmarks.md), and a chart opened meanwhile waited for all of it.
 * A view reads again when the history's version moves after the poll, so seeing part of it is harmless.
 */

export interface BetweenSlices {
  /**
   * Takes `task` when a poll is being written: it runs at the write's next pause, at once if the write is
   * paused, or at its end. False when no poll is being written (the caller queues the task as usual).
   */
  offer(task: () => Promise<void>): boolean;
  /** A poll's write: the tasks offered meanwhile run at its pauses, and those left at its end. */
  during<T>(write: () => Promise<T>): Promise<T>;
  /** The write's pause between two slices: the tasks waiting run, then `hold` (the user's input) is awaited. */
  pause(hold: () => Promise<void>): Promise<void>;
}

export function betweenSlices(): BetweenSlices {
  let writing = false;
  let paused = false;
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
      if (paused) void runWaiting();
      return true;
    },
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
      paused = true;
      try {
        await runWaiting();
        await hold();
        // A task taken while held finishes before the next slice starts.
        await running;
      } finally {
        paused = false;
      }
    },
  };
}
