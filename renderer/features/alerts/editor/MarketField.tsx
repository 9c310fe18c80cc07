/** The market the condition watches: any of the user's markets (the best), or one of them. */
import { memo } from 'react';
import { FieldError, fieldProps } from './field-errors';
import type { DraftErrors } from '../model/draft';
import { ANY_MARKET } from '../model/types';
import type { MarketChoice, SetDraftField } from './useAlertDraft';

export const MarketField = memo(function MarketField({
  id,
  market,
  choices,
  errors,
  set,
}: {
  id: string;
  market: string;
  choices: readonly MarketChoice[];
  errors: DraftErrors;
  set: SetDraftField;
}) {
  return (
    <div className="field al-market">
      <label className="field__label" htmlFor={`${id}-market`}>
        Market
      </label>
      <select
        id={`${id}-market`}
        className="input select"
        value={market}
        onChange={(e) => set('market', e.target.value)}
        {...fieldProps(id, errors, 'market')}
      >
        <option value={ANY_MARKET}>Any of my markets (best)</option>
        {choices.map((m) => (
          <option key={m.slug} value={m.slug}>
            {m.label}
          </option>
        ))}
      </select>
      <FieldError id={id} errors={errors} name="market" />
    </div>
  );
});
