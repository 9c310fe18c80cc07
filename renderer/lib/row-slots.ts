/**
 * Row elements of a virtualized list (the price grid, the recommendations) are recycled. Each rendered
 * row gets a slot, its React key: an item still in view keeps its slot even when it moves (its row only
 * moves, its cells are not rendered again), and
 * the items coming into view take the slots of those that left (their elements are reused, only text
 * changes). Rows are rendered in slot order, not row order: they are absolutely positioned
 * (aria-rowindex gives the order), and a stable DOM order means scrolling and filtering move no elements.
 */
import { useLayoutEffect, useRef } from 'react';

export interface SlotRow {
  /** Position in the view. */
  index: number;
  item: number;
  /** y of the row's top. */
  start: number;
}

export interface SlottedRow extends SlotRow {
  slot: number;
}

/** Slots for `rows` given the last committed ones (item -> slot); the result is sorted by slot. */
export function assignSlots(previous: ReadonlyMap<number, number>, rows: readonly SlotRow[]): SlottedRow[] {
  const taken: boolean[] = [];
  const out: SlottedRow[] = new Array<SlottedRow>(rows.length);
  const waiting: number[] = [];
  rows.forEach((r, i) => {
    const slot = previous.get(r.item);
    if (slot !== undefined && !taken[slot]) {
      taken[slot] = true;
      out[i] = { ...r, slot };
    } else waiting.push(i);
  });
  let free = 0;
  for (const i of waiting) {
    while (taken[free]) free++;
    taken[free] = true;
    out[i] = { ...(rows[i] as SlotRow), slot: free };
  }
  return out.sort((a, b) => a.slot - b.slot);
}

/** assignSlots against the slots of the last commit (a render React throws away changes nothing). */
export function useRowSlots(rows: readonly SlotRow[]): SlottedRow[] {
  const committed = useRef<ReadonlyMap<number, number>>(new Map());
  const slotted = assignSlots(committed.current, rows);
  useLayoutEffect(() => {
    committed.current = new Map(slotted.map((r) => [r.item, r.slot]));
  });
  return slotted;
}
