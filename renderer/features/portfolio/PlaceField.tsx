/** Where an item was bought or sold: one of the user's markets, or the user's own words. */
import { useMemo } from 'react';
import { GRID_PREFS, marketTradesGame } from '../../market/prefs';
import { usePref } from '../../lib/preferences';
import { OTHER_PLACE } from './model/forms';

interface PlaceFieldProps {
  id: string;
  label: string;
  game: number;
  place: string;
  placeText: string;
  error?: string;
  onPlace(slug: string): void;
  onText(text: string): void;
}

export function PlaceField({ id, label, game, place, placeText, error, onPlace, onText }: PlaceFieldProps) {
  const [list] = usePref(GRID_PREFS.markets);
  const markets = useMemo(() => list.filter((m) => marketTradesGame(m.slug, game)), [list, game]);
  // A market no longer in the user's list (removed since) still shows under its slug.
  const missing = place && place !== OTHER_PLACE && !markets.some((m) => m.slug === place);
  return (
    <div className="field pf-grow">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="pf-inline">
        <select id={id} className="input select" value={place} onChange={(e) => onPlace(e.target.value)}>
          <option value="">Not said</option>
          {markets.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.name}
            </option>
          ))}
          {missing ? <option value={place}>{place}</option> : null}
          <option value={OTHER_PLACE}>Other (type it)…</option>
        </select>
        {place === OTHER_PLACE ? (
          <input
            className="input pf-grow"
            aria-label={`${label}: other`}
            placeholder="A friend, a trade, a forum…"
            value={placeText}
            maxLength={200}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
            onChange={(e) => onText(e.target.value)}
          />
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-err`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
