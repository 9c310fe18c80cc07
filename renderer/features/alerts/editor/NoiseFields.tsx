/**
 * "Noise": how far the value must move back before the alert re-arms (hysteresis) and the cool-down between
 * firings, with what that means for the values typed.
 */
import { memo } from 'react';
import type { MoneyFormat } from '../../../../shared/money/money';
import { FieldError, fieldProps } from './field-errors';
import { durationText, rearmText } from '../model/describe';
import { isPercentKind, parseDraft, type Draft, type DraftErrors } from '../model/draft';
import { COOLDOWNS } from '../model/types';
import type { SetDraftField } from './useAlertDraft';

interface NoiseFieldsProps {
  id: string;
  draft: Draft;
  errors: DraftErrors;
  game: number;
  item: string;
  money: MoneyFormat;
  set: SetDraftField;
}

export const NoiseFields = memo(function NoiseFields({ id, draft, errors, game, item, money, set }: NoiseFieldsProps) {
  const unitHint = isPercentKind(draft) ? 'points' : money.symbol || 'amount';
  return (
    <fieldset className="al-box">
      <legend className="field__label">Noise</legend>
      <div className="al-row">
        <div className="field al-grow">
          <label className="field__label" htmlFor={`${id}-hyst`}>
            Re-arm after moving back by
          </label>
          <div className="al-inline">
            <input id={`${id}-hyst`} className="input al-num al-short" inputMode="decimal" autoComplete="off" value={draft.hystValue} onChange={(e) => set('hystValue', e.target.value)} {...fieldProps(id, errors, 'hystValue')} />
            <select className="input select" aria-label="Hysteresis unit" value={draft.hystUnit} onChange={(e) => set('hystUnit', e.target.value === 'amount' ? 'amount' : 'percent')}>
              <option value="percent">% of the threshold</option>
              <option value="amount">{unitHint}</option>
            </select>
          </div>
          <FieldError id={id} errors={errors} name="hystValue" />
        </div>
        <div className="field al-market">
          <label className="field__label" htmlFor={`${id}-cool`}>
            Cool-down
          </label>
          <select id={`${id}-cool`} className="input select" value={draft.cooldownMs} onChange={(e) => set('cooldownMs', Number(e.target.value))}>
            {COOLDOWNS.map((c) => (
              <option key={c} value={c}>
                {c === 0 ? 'None' : durationText(c)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="field__hint">
        {rearmHint(draft, game, item, money)}
        {draft.cooldownMs > 0 ? `, and fires at most once every ${durationText(draft.cooldownMs)}.` : '; no cool-down.'}
      </p>
    </fieldset>
  );
});

/** When the alert as typed re-arms, or that the values must be fixed first. */
function rearmHint(draft: Draft, game: number, item: string, money: MoneyFormat): string {
  const p = parseDraft(draft, { id: 'x', game, item, createdAt: 0, now: 0, markets: [draft.market] });
  return p.alert ? `It re-arms when ${rearmText(p.alert, money)}` : 'Fix the values above to see when it re-arms';
}
