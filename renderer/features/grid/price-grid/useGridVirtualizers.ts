/**
 * The price grid's two virtualizers over one scroll element: rows (below the sticky header) and the
 * columns after the pinned ones. Re-measures when the row height or the columns change (not on mount).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, type RefObject } from 'react';
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
  const rowV = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowH,
    overscan: 2,
    paddingStart: HEADER_H,
    scrollPaddingStart: HEADER_H,
    initialRect: initialSize ?? undefined,
    observeElementRect: observeRectAsync,
    scrollToFn: scrollToLazily,
  });
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
  // Sizes changed (cell details on/off, other markets): drop the cached measurements. Not on mount.
  const measured = useRef({ rowH, scrollCols });
  useLayoutEffect(() => {
    if (measured.current.rowH !== rowH) rowV.measure();
    if (measured.current.scrollCols !== scrollCols) colV.measure();
    measured.current = { rowH, scrollCols };
  }, [rowH, scrollCols, rowV, colV]);
  return { rowV, colV };
}
