/**
 * Work for idle time (warming code up, getting a page's next view ready): one step per idle period, so
 * no step delays input or a frame much, and cancellable, so a page that is gone stops its work.
 * Without requestIdleCallback (older engines, tests): short timeouts.
 */
const hasIdle = (): boolean => typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function';

function request(fn: () => void, timeout: number): number {
  return hasIdle()
    ? window.requestIdleCallback(fn, { timeout })
    : (setTimeout(fn, Math.min(timeout, 200)) as unknown as number);
}

function cancel(id: number): void {
  if (hasIdle()) window.cancelIdleCallback(id);
  else clearTimeout(id);
}

/** Runs the steps in order, one per idle period (each at the latest `timeout` ms after the last); returns a cancel. */
export function runWhenIdle(steps: ReadonlyArray<() => void>, timeout = 2000): () => void {
  let next = 0;
  let id = 0;
  let cancelled = false;
  const run = () => {
    if (cancelled) return;
    steps[next++]?.();
    if (next < steps.length) id = request(run, timeout);
  };
  if (steps.length > 0) id = request(run, timeout);
  return () => {
    cancelled = true;
    cancel(id);
  };
}

/**
 * Runs `fn` once in idle time (at the latest after `timeout` ms); without requestIdleCallback after
 * `fallbackMs`. Returns a cancel. Uses the global scope, so it also works where there is no `window`
 * (unit tests in Node: the fallback).
 */
export function whenIdle(fn: () => void, timeout: number, fallbackMs = Math.min(timeout, 200)): () => void {
  const g = globalThis as {
    requestIdleCallback?: typeof requestIdleCallback;
    cancelIdleCallback?: typeof cancelIdleCallback;
  };
  if (typeof g.requestIdleCallback === 'function' && typeof g.cancelIdleCallback === 'function') {
    const id = g.requestIdleCallback(fn, { timeout });
    const cancelIdle = g.cancelIdleCallback;
    return () => cancelIdle(id);
  }
  const id = setTimeout(fn, fallbackMs);
  return () => clearTimeout(id);
}

/**
 * Resolves once the page has had the time to render what just came (idle time, at the latest `timeout` ms
 * on); at once in a hidden page, where nothing is rendered and idle time may be held back.
 */
export function afterRender(timeout = 1000): Promise<void> {
  const doc = (globalThis as { document?: Document }).document;
  if (!doc || doc.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => void whenIdle(resolve, timeout));
}
