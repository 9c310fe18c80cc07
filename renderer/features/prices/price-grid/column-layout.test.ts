import { describe, expect, it } from 'vitest';
import { buildColumns } from '../grid-columns';
import { columnLayout, columnRange } from './column-layout';

describe('columnLayout', () => {
  const columns = buildColumns(null, [], (s) => s, false);
  const layout = columnLayout(columns);
  it('places every column at a fixed x and width; pinned columns are sticky at their x', () => {
    expect(layout.left.slice(0, 3)).toEqual([0, 30, 360]);
    expect(layout.totalWidth).toBe(columns.reduce((s, c) => s + c.width, 0));
    expect(layout.pinnedWidth).toBe(360);
    expect(layout.cellStyles[1]).toEqual({ left: 30, width: 330 });
    expect(layout.cellStyles[2]).toEqual({ width: 120 });
    expect(layout.cellClasses[1]).toBe('pg__cell pg__cell--name pg__pin pg__pin--last');
    // A value cell's text is drawn on the canvas (pg__val: not laid out).
    expect(layout.cellClasses[2]).toBe('pg__cell pg__cell--bestAsk pg__val pg__num');
  });
  it('stands a spacer in for the scroll columns before the first rendered one', () => {
    expect(columnRange(layout, 2, 4).gapStyle).toEqual({ width: 0 });
    expect(columnRange(layout, 4, 6).gapStyle).toEqual({ width: 120 + 150 });
  });
});
