/** An element's content size, for a first render that is already the real one (a grid's rows before it measures). */
import { useEffect, useRef, useState, type RefObject } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/** `heightLess` is taken off the measured height (room kept for what sits under the element's content). */
export function useElementSize(heightLess = 0): [RefObject<HTMLDivElement | null>, ElementSize | null] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<ElementSize | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => {
      if (e)
        setSize({
          width: Math.round(e.contentRect.width),
          height: Math.max(0, Math.round(e.contentRect.height) - heightLess),
        });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [heightLess]);
  return [ref, size];
}
