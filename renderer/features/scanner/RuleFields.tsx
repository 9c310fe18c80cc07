/** The rule editor's small parts: a labelled field, a side's markets, and a whole-number reading of a box. */
import { useId, type ReactNode } from 'react';

export function Field({
  label,
  children,
  hint,
  wide,
}: {
  label: string;
  children: ReactNode;
  hint?: string;
  wide?: boolean;
}) {
  return (
    <label className={`sc-field${wide ? ' sc-field--name' : ''}`} title={hint}>
      <span className="sc-field__label">{label}</span>
      {children}
    </label>
  );
}

export function MarketsField({
  label,
  value,
  markets,
  nameOf,
  onChange,
}: {
  label: string;
  value: readonly string[] | null;
  markets: readonly string[];
  nameOf(s: string): string;
  onChange(v: string[] | null): void;
}) {
  const id = useId();
  return (
    <fieldset className="sc-markets">
      <legend>{label}</legend>
      <label>
        <input
          type="checkbox"
          checked={value === null}
          onChange={(e) => onChange(e.target.checked ? null : [...markets])}
        />{' '}
        every market
      </label>
      {value !== null ? (
        <select
          id={id}
          multiple
          aria-label={`${label}: markets`}
          size={Math.min(6, Math.max(2, markets.length))}
          value={[...value]}
          onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}
        >
          {markets.map((s) => (
            <option key={s} value={s}>
              {nameOf(s)}
            </option>
          ))}
        </select>
      ) : null}
    </fieldset>
  );
}

/** A box's whole number (0 at the least), or `fallback` while it is empty or not a number. */
export const intOr = (text: string, fallback: number) => {
  const v = Number(text);
  return text.trim() !== '' && Number.isFinite(v) ? Math.max(0, Math.round(v)) : fallback;
};
