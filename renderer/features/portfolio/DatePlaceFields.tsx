/** The fields a lot and a sale share: a day with where it happened (one row), and the note. */
import { Field } from './PfDialog';
import { PlaceField } from './PlaceField';

export function DatePlaceRow({
  id,
  dateField,
  dateLabel,
  date,
  dateError,
  placeLabel,
  game,
  place,
  placeText,
  placeError,
  onDate,
  onPlace,
  onText,
}: {
  id: string;
  /** The date field's name, which its element id ends with (the save focuses the first bad field by it). */
  dateField: string;
  dateLabel: string;
  date: string;
  dateError?: string;
  placeLabel: string;
  game: number;
  place: string;
  placeText: string;
  placeError?: string;
  onDate(day: string): void;
  onPlace(slug: string): void;
  onText(text: string): void;
}) {
  return (
    <div className="pf-row">
      <Field id={`${id}-${dateField}`} label={dateLabel} error={dateError}>
        {(p) => <input {...p} type="date" className="input" value={date} onChange={(e) => onDate(e.target.value)} />}
      </Field>
      <PlaceField
        id={`${id}-place`}
        label={placeLabel}
        game={game}
        place={place}
        placeText={placeText}
        error={placeError}
        onPlace={onPlace}
        onText={onText}
      />
    </div>
  );
}

export function NoteField({
  id,
  note,
  error,
  onChange,
}: {
  id: string;
  note: string;
  error?: string;
  onChange(note: string): void;
}) {
  return (
    <Field id={`${id}-note`} label="Note" error={error}>
      {(p) => (
        <textarea {...p} className="input pf-note" rows={2} value={note} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}
