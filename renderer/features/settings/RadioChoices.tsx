/** A form field of a few radio choices shown as a segmented control (Display's decimals and theme). */
export function RadioChoices<T extends string | number>({
  legend,
  name,
  choices,
  value,
  label,
  onChange,
}: {
  legend: string;
  name: string;
  choices: readonly T[];
  value: T;
  label: (choice: T) => string;
  onChange: (choice: T) => void;
}) {
  return (
    <fieldset className="field field--fieldset">
      <legend className="field__label">{legend}</legend>
      <div className="segmented segmented--form">
        {choices.map((c) => (
          <label key={c} className="segmented__item segmented__item--radio">
            <input type="radio" name={name} value={c} checked={value === c} onChange={() => onChange(c)} />
            <span>{label(c)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
