/** The item field's model: the catalog names ranked for what is typed, the open list, its active option and keys. */
import { useMemo, useState, type KeyboardEvent } from 'react';
import { prepare, rankNames } from '../../market/model/rank';

const SHOWN = 8;

export function useItemPicker(
  value: string,
  onChange: (name: string) => void,
  names: readonly string[] | null,
  known: ReadonlySet<string> | null,
) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => {
    if (!names || !open || !value.trim()) return [];
    const p = prepare(names);
    return rankNames(p, value, SHOWN).indexes.map((i) => p.names[i] ?? '');
  }, [names, value, open]);
  const shown = open && matches.length > 0 && !(matches.length === 1 && matches[0] === value);
  const trimmed = value.trim();
  const unknown = trimmed !== '' && known !== null && !known.has(trimmed);
  const pick = (name: string) => {
    onChange(name);
    setOpen(false);
  };
  const type = (text: string) => {
    onChange(text);
    setOpen(true);
    setActive(0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!shown) {
      if (e.key === 'ArrowDown' && value.trim()) {
        setOpen(true);
        e.preventDefault();
      }
      return;
    }
    if (e.key === 'ArrowDown') setActive((a) => Math.min(matches.length - 1, a + 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (e.key === 'Enter') pick(matches[active] ?? value);
    else if (e.key === 'Escape') setOpen(false);
    else return;
    // Handled here: Enter picks instead of saving, Escape closes the list, not the dialog.
    e.preventDefault();
    e.stopPropagation();
  };
  return { matches, shown, active, unknown, pick, type, close: () => setOpen(false), onKeyDown };
}
