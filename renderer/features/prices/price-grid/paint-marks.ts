/**
 * Performance marks for the benchmarks (e2e/bench/bench-grid.ts): 'grid:painted' after a new snapshot is
 * painted, 'grid:view-committed' / 'grid:view-painted' for each new view (a filter, a sort).
 */
import { useLayoutEffect, useRef } from 'react';
import { afterPaint } from '../../../lib/after-paint';

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
