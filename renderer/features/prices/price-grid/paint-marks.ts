/**
 * Performance marks for the benchmarks (e2e/bench/bench-grid.ts): 'grid:painted' after a new snapshot is
 * painted, 'grid:view-committed' / 'grid:view-painted' for each new view (a filter, a sort).
 */
import { useLayoutEffect, useRef } from 'react';

/** One channel for every afterPaint (a new MessageChannel per call cost ~0.3 ms of each keystroke). */
let afterPaintChannel: { port: MessagePort; queue: Array<() => void> } | null = null;

/** Runs fn after the next paint: the frame's rendering steps run after requestAnimationFrame, then a task. */
function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => {
    if (!afterPaintChannel) {
      const ch = new MessageChannel();
      const queue: Array<() => void> = [];
      ch.port1.onmessage = () => queue.shift()?.();
      afterPaintChannel = { port: ch.port2, queue };
    }
    afterPaintChannel.queue.push(fn);
    afterPaintChannel.port.postMessage(0);
  });
}

export function usePaintMarks(snap: { n: number }, view: Int32Array, columns: unknown): void {
  useLayoutEffect(() => {
    afterPaint(() => performance.mark('grid:painted', { detail: { items: snap.n } }));
  }, [snap]);
  const viewSeq = useRef(0);
  useLayoutEffect(() => {
    const seq = ++viewSeq.current;
    performance.mark('grid:view-committed', { detail: { rows: view.length, seq } });
    afterPaint(() => performance.mark('grid:view-painted', { detail: { rows: view.length, seq } }));
  }, [view, columns]);
}
