/**
 * Gives the thread back for one task: input, paint and other messages run before the promise resolves. A
 * MessageChannel message, not setTimeout(0), which Chromium clamps to 4 ms once timers nest
 * (https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers, step 11). One channel for
 * every call, both ports held here: a port only a listener refers to may be collected with its message in
 * flight (WebKit bug 193184, oven-sh/bun#33051), a yield that never returns. Where `setImmediate` exists
 * (Node) it is used instead, and opens no port that would keep the process alive.
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
