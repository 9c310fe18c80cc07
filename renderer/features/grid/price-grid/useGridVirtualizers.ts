/**
 * The price grid's two windows over one scroll element: rows (below the sticky header; fixed heights, so
 * the shared row window: O(rows in sight) when a filter changes the count, where a general virtualizer
 * rebuilds a measurement per row, 37,000 objects a keystroke) and the columns after the pinned ones
 * (widths differ; a few dozen: @tanstack/react-virtual, re-measured when the columns change, not on mount).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useRowWindow } from '../../../app/useRowWindow';
import type { ColumnLayout } from './column-layout';
import { HEADER_H } from './grid-metrics';
import { observeRectAsync, scrollToLazily } from './virtualizer-dom';

export interface VirtualizerInput {
  scrollRef: RefObject<HTMLDivElement | null>;
  rowCount: number;
  rowH: number;
  layout: ColumnLayout;
  /** The grid's size before it mounts, so the first render is already the real one. */
  initialSize: { width: number; height: number } | null | undefined;
}

export function useGridVirtualizers({ scrollRef, rowCount, rowH, layout, initialSize }: VirtualizerInput) {
  const { scrollCols, pinnedWidth } = layout;
  const rows = useRowWindow(scrollRef, rowCount, rowH, HEADER_H, 2, initialSize?.height);
  const colV = useVirtualizer({
    horizontal: true,
    count: scrollCols.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => scrollCols[i]?.width ?? 100,
    overscan: 0,
    paddingStart: pinnedWidth,
    scrollPaddingStart: pinnedWidth,
    initialRect: initialSize ?? undefined,
    observeElementRect: observeRectAsync,
    scrollToFn: scrollToLazily,
  });
  // Other columns (other markets): drop the cached measurements. Not on mount.
  const measured = useRef(scrollCols);
  useLayoutEffect(() => {
    if (measured.current !== scrollCols) colV.measure();
    measured.current = scrollCols;
  }, [scrollCols, colV]);
  return { rows, colV };
}
