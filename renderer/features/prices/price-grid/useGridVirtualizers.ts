/**
 * The price grid's two windows over one scroll element: rows (below the sticky header; fixed heights, so
 * the shared row window: O(rows in sight) when a filter changes the count, where a general virtualizer
 * rebuilds a measurement per row, 37,000 objects a keystroke) and the columns after the pinned ones
 * (the shared column window, lib/useColumnWindow.ts).
 */
import type { RefObject } from 'react';
import { useColumnWindow } from '../../../lib/useColumnWindow';
import { useRowWindow } from '../../../lib/useRowWindow';
import type { ColumnLayout } from './column-layout';
import { HEADER_H } from './grid-metrics';

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
  const colV = useColumnWindow({
    scrollRef,
    columns: scrollCols,
    pinnedWidth,
    overscan: 0,
    initialSize: initialSize ?? undefined,
  });
  return { rows, colV };
}
