/**
 * The item field: a combobox over the game's catalog names, ranked by the palette's fuzzy matcher
 * (market/model/rank.ts: typos and trader abbreviations, "ak redl ft"). A name the catalog does not know is
 * allowed and marked, not refused (an item the service has not listed yet, a typo the user means).
 * ARIA combobox pattern: https://www.w3.org/WAI/ARIA/apg/patterns/combobox/ (list autocomplete, manual selection).
 */
import { useMemo, useState, type Ref } from 'react';
import { prepare, rankNames } from '../../market/model/rank';

const SHOWN = 8;

interface ItemPickerProps {
  id: string;
  value: string;
  onChange(name: string): void;
  /** The game's catalog names; null while they are not loaded. */
  names: readonly string[] | null;
  known: ReadonlySet<string> | null;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function ItemPicker({ id, value, onChange, names, known, error, inputRef }: ItemPickerProps) {
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
  const describedBy = [error ? `${id}-err` : null, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="field pf-grow pf-picker">
      <label className="field__label" htmlFor={id}>
        Item
      </label>
      <input
        ref={inputRef}
        id={id}
        className="input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-activedescendant={shown ? `${id}-o${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        value={value}
        data-testid="pf-item-input"
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
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
        }}
      />
      {shown ? (
        <ul id={`${id}-list`} role="listbox" className="pf-picker__list" aria-label="Matching items">
          {matches.map((m, i) => (
            <li
              key={m}
              id={`${id}-o${i}`}
              role="option"
              aria-selected={i === active}
              className={`pf-picker__option${i === active ? ' is-active' : ''}`}
              // Before the input's blur: the click must land first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(m);
              }}
            >
              {m}
            </li>
          ))}
        </ul>
      ) : null}
      <p id={`${id}-hint`} className="field__hint" data-testid="pf-item-hint">
        {names === null
          ? 'The catalog’s names are not loaded yet (they come with the game’s prices): any name is kept.'
          : unknown
            ? 'Not in the catalog: it is kept and marked, and has no prices.'
            : 'Type to search the catalog (typos and abbreviations such as “ak redl ft” work).'}
      </p>
      {error ? (
        <p id={`${id}-err`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
