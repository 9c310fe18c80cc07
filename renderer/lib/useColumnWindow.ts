/**
 * Windowing for the columns of a wide list after its pinned ones (the price grid, the recommendations):
 * which of them are in sight, from the scroller's scrollLeft and width. Widths differ and are a few dozen:
 * @tanstack/react-virtual, with the DOM hooks of virtualizer-dom.ts (no size read or scroll write on a
 * fresh list), re-measured when the columns change, not on mount.
 */
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { observeRectAsync, scrollToLazily } from './virtualizer-dom';

export interface ColumnWindowInput {
  scrollRef: RefObject<HTMLElement | null>;
  /** The columns after the pinned ones, left to right. */
  columns: readonly { width: number }[];
  /** Width of the pinned columns before them. */
  pinnedWidth: number;
  /** Columns rendered beyond those in sight, either side. */
  overscan: number;
  /** The scroller's size before it mounts, so the first render is already the real one. */
  initialSize: { width: number; height: number } | undefined;
}

export function useColumnWindow({
  scrollRef,
  columns,
  pinnedWidth,
  overscan,
  initialSize,
}: ColumnWindowInput): Virtualizer<HTMLElement, Element> {
  const colV = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => columns[i]?.width ?? 100,
    overscan,
    paddingStart: pinnedWidth,
    scrollPaddingStart: pinnedWidth,
    initialRect: initialSize,
    observeElementRect: observeRectAsync,
    scrollToFn: scrollToLazily,
  });
  // Other columns: drop the cached measurements. Not on mount.
  const measured = useRef(columns);
  useLayoutEffect(() => {
    if (measured.current !== columns) colV.measure();
    measured.current = columns;
  }, [columns, colV]);
  return colV;
}
