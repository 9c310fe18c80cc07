/**
 * Windowing for a list of fixed-height rows under a sticky header (the price grid, the recommendations):
 * which rows are in sight (plus a few either side), from the scroller's scrollTop and height. O(rows in sight) per change, whatever the
 * list's length: a general virtualizer keeps a measurement object per row, which for 37,000 rows is
 * work on every first paint and every filter that changes the count.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

export interface RowWindow {
  /** First and one past the last row to render. */
  first: number;
  end: number;
  /** Height of all rows. */
  totalHeight: number;
  /** Scrolls just enough to show row r wholly below the header (nothing when it is in sight). */
  scrollToRow(r: number): void;
}

interface Viewport {
  top: number;
  height: number;
}

/**
 * `initialHeight`: the scroller's height when the caller knows it before it mounts (its container's);
 * else the window's height, which covers it (a new list is at the top).
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowH: number,
  headH: number,
  overscan: number,
  initialHeight?: number,
): RowWindow {
  const [vp, setVp] = useState<Viewport>(() => ({
    top: 0,
    height: initialHeight ?? (typeof window === 'undefined' ? 800 : window.innerHeight),
  }));
  const rangeOf = useCallback(
    (v: Viewport, n: number) => {
      // A scrollTop past the end (the list just got shorter) counts as the end.
      const top = Math.max(0, Math.min(v.top, n * rowH + headH - v.height));
      const first = Math.max(0, Math.floor((top - headH) / rowH) - overscan);
      const end = Math.min(n, Math.ceil((top + v.height - headH) / rowH) + overscan);
      return { first, end: Math.max(first, end) };
    },
    [rowH, headH, overscan],
  );

  // Sizes are read where layout is already done (ResizeObserver callbacks, scroll events), never forced
  // in a commit: on the list's first paint a forced layout costs as much as the render itself.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let height = vp.height;
    const show = (next: Viewport) => setVp((v) => (v.top === next.top && v.height === next.height ? v : next));
    // Rendered in the event itself, so the rows coming into sight are there in the same frame.
    const onScroll = () => flushSync(() => show({ top: el.scrollTop, height }));
    el.addEventListener('scroll', onScroll, { passive: true });
    const ro =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            const next = el.clientHeight;
            if (next === height) return;
            // Taller: render the rows now in sight before this frame is painted. Shorter (the first
            // guess is the window's height): the rows rendered still cover it, so the rows beyond it
            // go in a later task, not in the way of this paint.
            const grow = next > height;
            height = next;
            const update = () => show({ top: el.scrollTop, height });
            if (grow) flushSync(update);
            else update();
          })
        : null;
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      ro?.disconnect();
    };
    // The first height is only the starting guess; later ones come from the observer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scroller]);

  const scrollToRow = useCallback(
    (r: number) => {
      const el = scroller.current;
      if (!el) return;
      const top = headH + r * rowH;
      if (top < el.scrollTop + headH) el.scrollTop = top - headH;
      else if (top + rowH > el.scrollTop + el.clientHeight) el.scrollTop = top + rowH - el.clientHeight;
    },
    [scroller, rowH, headH],
  );

  const { first, end } = rangeOf(vp, count);
  return { first, end, totalHeight: count * rowH, scrollToRow };
}
