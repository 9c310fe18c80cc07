/**
 * Picks an item of a loaded catalog (about 30,000 names): a search box with the first matches as an ARIA
 * listbox (every word must match, as in the grid), arrow keys and Enter, no 30,000-option datalist.
 */
import { useId, useMemo, useState } from 'react';

const MAX_SHOWN = 12;

function matchNames(names: readonly string[], text: string, max = MAX_SHOWN): string[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const out: string[] = [];
  for (const n of names) {
    const lower = n.toLowerCase();
    if (words.every((w) => lower.includes(w))) {
      out.push(n);
      if (out.length >= max) break;
    }
  }
  return out;
}

export function ItemPicker({
  names,
  label,
  onPick,
  disabled,
}: {
  names: readonly string[];
  label: string;
  onPick(name: string): void;
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchNames(names, text), [names, text]);
  const pick = (name: string) => {
    onPick(name);
    setText('');
    setActive(0);
  };
  return (
    <div className="an__picker">
      <input
        type="search"
        className="input"
        role="combobox"
        aria-label={label}
        aria-expanded={matches.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={matches.length > 0 ? `${id}-o${active}` : undefined}
        aria-autocomplete="list"
        placeholder={`${label}: type a few words of the name`}
        value={text}
        disabled={disabled}
        spellCheck={false}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(matches.length - 1, a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter' && matches[active]) {
            e.preventDefault();
            pick(matches[active]);
          } else if (e.key === 'Escape') {
            setText('');
          }
        }}
      />
      {matches.length > 0 ? (
        <ul className="an__options" role="listbox" id={`${id}-list`} aria-label={`${label}: matches`}>
          {matches.map((n, i) => (
            <li
              key={n}
              id={`${id}-o${i}`}
              role="option"
              aria-selected={i === active}
              className="an__option"
              onMouseDown={(e) => {
                e.preventDefault();
                pick(n);
              }}
            >
              {n}
            </li>
          ))}
        </ul>
      ) : text.trim() ? (
        <p className="an__nomatch">No item matches “{text.trim().slice(0, 60)}”.</p>
      ) : null}
    </div>
  );
}
