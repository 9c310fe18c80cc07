/**
 * A WAI-ARIA menu button's behaviour: open on click or the arrow keys (at the first or last item), arrow
 * keys and Home/End move among the items, Esc closes and returns focus to the button, Tab closes, and a
 * click anywhere else closes it (focus stays where the user put it).
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

export function useMenuButton(count: number) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (open) items.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = items.current.findIndex((el) => el === document.activeElement);
    const move = (i: number) => {
      e.preventDefault();
      setFocusIndex(((i % count) + count) % count);
      items.current[((i % count) + count) % count]?.focus();
    };
    switch (e.key) {
      case 'ArrowDown':
        return move(current + 1);
      case 'ArrowUp':
        return move(current - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(count - 1);
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
    }
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAt(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(count - 1);
    }
  };

  return {
    open,
    focusIndex,
    wrap,
    button,
    items,
    close,
    toggle: () => (open ? close(false) : openAt(0)),
    onMenuKey,
    onButtonKey,
  };
}
