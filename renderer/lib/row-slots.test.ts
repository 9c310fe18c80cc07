import { describe, expect, it } from 'vitest';
import { assignSlots, type SlotRow } from './row-slots';

const rows = (items: number[], first = 0): SlotRow[] =>
  items.map((item, i) => ({ index: first + i, item, start: (first + i) * 24 }));
const slots = (out: ReturnType<typeof assignSlots>) => new Map(out.map((r) => [r.item, r.slot]));

describe('assignSlots: recycled row elements', () => {
  it('gives a fresh view slots 0..n-1, in slot order', () => {
    const out = assignSlots(new Map(), rows([7, 3, 9]));
    expect(out.map((r) => [r.slot, r.item, r.index])).toEqual([
      [0, 7, 0],
      [1, 3, 1],
      [2, 9, 2],
    ]);
  });
  it('keeps the slot of an item still in view, even when it moves', () => {
    const before = slots(assignSlots(new Map(), rows([7, 3, 9])));
    const after = assignSlots(before, rows([9, 3]));
    expect(after.map((r) => [r.slot, r.item, r.index])).toEqual([
      [1, 3, 1],
      [2, 9, 0],
    ]);
  });
  it('gives new items the slots of those that left (a scroll reuses the row that scrolled out)', () => {
    const before = slots(assignSlots(new Map(), rows([10, 11, 12])));
    const after = assignSlots(before, rows([11, 12, 13], 1));
    expect(slots(after)).toEqual(
      new Map([
        [11, 1],
        [12, 2],
        [13, 0],
      ]),
    );
    expect(new Set(after.map((r) => r.slot)).size).toBe(3);
  });
});
