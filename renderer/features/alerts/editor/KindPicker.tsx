/** "When": the kind of condition, as radio buttons. */
import { memo } from 'react';
import type { AlertKind } from '../model/types';
import type { SetDraftField } from './useAlertDraft';

const KIND_LABEL: Record<AlertKind, string> = {
  'ask-below': 'Ask below',
  'bid-above': 'Bid above',
  'spread-above': 'Spread above',
  change: 'Change',
  mark: 'Mark crosses',
};

/** `name`: the radio group's name (unique per dialog). */
export const KindPicker = memo(function KindPicker({
  name,
  kind,
  set,
}: {
  name: string;
  kind: AlertKind;
  set: SetDraftField;
}) {
  return (
    <fieldset className="field field--fieldset">
      <legend className="field__label">When</legend>
      <div className="segmented segmented--form al-kinds">
        {(Object.keys(KIND_LABEL) as AlertKind[]).map((k) => (
          <label key={k} className="segmented__item segmented__item--radio">
            <input type="radio" name={name} value={k} checked={kind === k} onChange={() => set('kind', k)} />
            <span>{KIND_LABEL[k]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
});
