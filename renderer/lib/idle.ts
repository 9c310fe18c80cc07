/**
 * Work for idle time (warming code up, getting a page's next view ready): one step per idle period, so
 * no step delays input or a frame much, and cancellable, so a page that is gone stops its work.
 * Without requestIdleCallback (older engines, tests): short timeouts.
 */
const hasIdle = (): boolean => typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function';

function request(fn: () => void, timeout: number): number {
  return hasIdle() ? window.requestIdleCallback(fn, { timeout }) : (setTimeout(fn, Math.min(timeout, 200)) as unknown as number);
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
