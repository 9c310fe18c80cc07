/**
 * The item field: a combobox over the game's catalog names, ranked by the palette's fuzzy matcher
 * (market/model/rank.ts: typos and trader abbreviations, "ak redl ft"). A name the catalog does not know is
 * allowed and marked, not refused (an item the service has not listed yet, a typo the user means).
 * ARIA combobox pattern: https://www.w3.org/WAI/ARIA/apg/patterns/combobox/ (list autocomplete, manual selection).
 */
import type { Ref } from 'react';
import { useItemPicker } from './useItemPicker';

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
  const { matches, shown, active, unknown, pick, type, close, onKeyDown } = useItemPicker(
    value,
    onChange,
    names,
    known,
  );
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
        onChange={(e) => type(e.target.value)}
        onBlur={close}
        onKeyDown={onKeyDown}
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
