/** Calls onPainted(paintKey) once what paintKey shows has settled and a frame with all of it has been painted. */
import { useEffect, useRef, type RefObject } from 'react';

/**
 * Painted: `settled()` holds, then a frame in which nothing under `root` changed (a MutationObserver also sees
 * recharts' own follow-up updates), so the frame before it painted all of it.
 */
export function usePainted(
  root: RefObject<HTMLElement | null>,
  paintKey: unknown,
  settled: () => boolean,
  onPainted: ((key: unknown) => void) | undefined,
): void {
  const onPaintedRef = useRef(onPainted);
  const settledRef = useRef(settled);
  useEffect(() => {
    onPaintedRef.current = onPainted;
    settledRef.current = settled;
  });
  useEffect(() => {
    const el = root.current;
    if (!onPaintedRef.current || !el || paintKey === undefined || paintKey === null) return;
    let lastChange = performance.now();
    const observer = new MutationObserver(() => {
      lastChange = performance.now();
    });
    observer.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
    let settledAt: number | null = null;
    let frame = 0;
    const onFrame = () => {
      const isSettled = settledRef.current();
      if (!isSettled || settledAt === null || lastChange >= settledAt) {
        settledAt = isSettled ? performance.now() : null;
        frame = requestAnimationFrame(onFrame);
        return;
      }
      observer.disconnect();
      onPaintedRef.current?.(paintKey);
    };
    frame = requestAnimationFrame(onFrame);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [root, paintKey]);
}
