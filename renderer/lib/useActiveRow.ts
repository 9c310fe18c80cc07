/**
 * The keyboard's active row in a windowed list (routes, recommendations): rowForKey's keys move it, clamped
 * and scrolled into view; it stays inside the list as the list shrinks (a filter, a new answer); any other
 * key goes to `onKey` with the active row, which says whether it used it.
 */
import { useCallback, useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { rowForKey } from './row-keys';

export interface ActiveRowOptions {
  /** The list (its identity: a new list clamps the active row) and its length. */
  list: unknown;
  rows: number;
  scroller: RefObject<HTMLDivElement | null>;
  rowHeight: number;
  scrollToRow: (r: number) => void;
  onKey: (e: KeyboardEvent<HTMLDivElement>, active: number) => boolean;
}

export function useActiveRow({ list, rows, scroller, rowHeight, scrollToRow, onKey }: ActiveRowOptions) {
  const [active, setActive] = useState(0);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, rows - 1))), [list, rows]);
  const moveTo = useCallback(
    (r: number) => {
      const next = Math.max(0, Math.min(rows - 1, r));
      setActive(next);
      scrollToRow(next);
    },
    [scrollToRow, rows],
  );
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || rows === 0) return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / rowHeight) - 1);
    const to = rowForKey(e.key, active, rows, page);
    if (to !== null) moveTo(to);
    else if (!onKey(e, active)) return;
    e.preventDefault();
  };
  return { active, setActive, onKeyDown };
}
