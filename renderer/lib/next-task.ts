/**
 * Gives the thread back for one task: input, paint and other messages run before the promise resolves.
 * A MessageChannel message rather than setTimeout(0), which Chromium clamps to 4 ms once timers nest
 * (https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers, step 11), so a job cut into
 * many slices does not pay 4 ms between each. Works in the page and in workers.
 *
 * One channel serves every call, both ports held by this module: a fresh channel per call leaves ports that
 * only a listener refers to, and whether such a port survives a garbage collection with its message in
 * flight has differed between engines (WebKit bug 193184, oven-sh/bun#33051); the symptom is a yield that
 * never returns. Where `setImmediate` exists (Node: the unit tests, a Node host) it is the same one-task
 * yield and opens no port that would keep the process alive.
 */
const immediate = (globalThis as { setImmediate?: (run: () => void) => unknown }).setImmediate;
const waiting: Array<() => void> = [];
let channel: MessageChannel | undefined;

export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (immediate) {
      immediate(resolve);
      return;
    }
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => waiting.shift()?.();
    }
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
}
