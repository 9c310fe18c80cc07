/**
 * The palette's model: the query, its results, the active option (aria-activedescendant; PaletteList keeps
 * it in sight) and the keyboard: arrows, Home/End and PageUp/PageDown move (wrapping at the ends for the
 * arrows), Enter runs (Shift+Enter: the item in Analytics), Esc closes. Also the notes under the list and the
 * status read out.
 */
import { useId, useState, type ChangeEvent, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { formatCount } from '../../lib/number-format';
import { useStableCallback } from '../../lib/useStableCallback';
import { ITEM_LIMIT } from '../../market/item-names';
import { defaultActive, type PaletteOption } from './palette-options';
import { usePaletteResults } from './usePaletteResults';

/** Options moved over by PageUp/PageDown. */
const PAGE_STEP = 10;

export interface PaletteModelInput {
  /** Closes the palette; `restoreFocus`: give focus back to where it was (false when an option moved it). */
  onClose: (restoreFocus: boolean) => void;
  focusBefore: () => HTMLElement | null;
}

export interface PaletteModel {
  query: string;
  onQueryChange(e: ChangeEvent<HTMLInputElement>): void;
  onKeyDown(e: ReactKeyboardEvent<HTMLInputElement>): void;
  options: PaletteOption[];
  /** The active option's index; -1 when there are none. */
  current: number;
  /** Makes an option active (the pointer over it). Stable. */
  setActive(i: number): void;
  /** Runs an option and closes the palette. Stable. */
  runAt(i: number, alt: boolean): void;
  listId: string;
  optionId(i: number): string;
  /** Under the list: why there are no items, how many there are, or that more match than are shown. */
  itemNote: string | null;
  /** The number of results, read out (empty before anything is typed). */
  status: string;
}

export function usePaletteModel({ onClose, focusBefore }: PaletteModelInput): PaletteModel {
  const baseId = useId();
  const [query, setQuery] = useState('');
  /** The active option's index; null: the default one (see `current`). */
  const [active, setActive] = useState<number | null>(null);
  const { options, itemTotal, names, short } = usePaletteResults(query, focusBefore);

  const current = Math.min(active ?? defaultActive(options), options.length - 1);
  const optionId = (i: number) => `${baseId}-opt-${i}`;

  const runAt = useStableCallback((i: number, alt: boolean) => {
    const o = options[i];
    if (!o) return;
    const moved = o.run(alt) === true;
    onClose(!moved);
  });

  const onKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    let next: number | null = null;
    switch (e.key) {
      case 'ArrowDown':
        next = current >= last ? 0 : current + 1;
        break;
      case 'ArrowUp':
        next = current <= 0 ? last : current - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      case 'PageDown':
        next = Math.min(last, current + PAGE_STEP);
        break;
      case 'PageUp':
        next = Math.max(0, current - PAGE_STEP);
        break;
      case 'Enter':
        e.preventDefault();
        runAt(current, e.shiftKey);
        return;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        onClose(true);
        return;
      default:
        return;
    }
    e.preventDefault();
    if (last >= 0) setActive(next);
  };

  const onQueryChange = (e: ChangeEvent<HTMLInputElement>) => {
    setQuery(e.target.value);
    setActive(null);
  };

  const itemNote = !names
    ? `No ${short} items loaded yet: open Prices to load items.`
    : !query.trim()
      ? `Type to search ${formatCount(names.length)} ${short} items.`
      : itemTotal > ITEM_LIMIT
        ? `Showing ${ITEM_LIMIT} of ${formatCount(itemTotal)} matching items; type more to narrow.`
        : null;
  const status = query.trim()
    ? options.length === 0
      ? 'No results.'
      : `${options.length} result${options.length === 1 ? '' : 's'}${itemTotal > ITEM_LIMIT ? ` (${formatCount(itemTotal)} items match)` : ''}.`
    : '';

  return {
    query,
    onQueryChange,
    onKeyDown,
    options,
    current,
    setActive,
    runAt,
    listId: `${baseId}-list`,
    optionId,
    itemNote,
    status,
  };
}
