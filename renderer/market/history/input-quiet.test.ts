import { afterEach, describe, expect, it, vi } from 'vitest';
import { INPUT_QUIET_MS, inputQuiet, MAX_HOLD_MS } from './input-quiet';

afterEach(() => {
  vi.useRealTimers();
});

/** When `wait()` resolves, in fake ms, with `told` called at each of `inputs` (ms from the start). */
async function resolvedAt(inputs: number[]): Promise<number> {
  vi.useFakeTimers({ now: 0 });
  const q = inputQuiet();
  let done = -1;
  if (inputs.some((t) => t <= 0)) q.told();
  void q.wait().then(() => (done = Date.now()));
  for (const t of inputs.filter((t) => t > 0)) {
    await vi.advanceTimersByTimeAsync(t - Date.now());
    q.told();
  }
  await vi.advanceTimersByTimeAsync(2 * MAX_HOLD_MS);
  return done;
}

describe('inputQuiet (a poll write gives way to the user)', () => {
  it('does not wait when the user has not scrolled or typed', async () => {
    expect(await resolvedAt([])).toBe(0);
  });
  it('waits until the user has been still INPUT_QUIET_MS', async () => {
    expect(await resolvedAt([0, 100, 300])).toBe(300 + INPUT_QUIET_MS);
  });
  it('waits no longer than MAX_HOLD_MS under input that never stops', async () => {
    const every200 = Array.from({ length: 100 }, (_, i) => i * 200);
    expect(await resolvedAt(every200)).toBe(MAX_HOLD_MS);
  });
  it('says the user is still before any input and INPUT_QUIET_MS after the last one', async () => {
    vi.useFakeTimers({ now: 0 });
    const q = inputQuiet();
    const seen = [q.still()];
    q.told();
    seen.push(q.still());
    await vi.advanceTimersByTimeAsync(INPUT_QUIET_MS - 1);
    seen.push(q.still());
    await vi.advanceTimersByTimeAsync(1);
    seen.push(q.still());
    expect(seen).toEqual([true, false, false, true]);
  });
});
