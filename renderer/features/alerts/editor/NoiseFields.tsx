/**
 * "Noise": how far the value must move back before the alert re-arms (hysteresis) and the cool-down between
 * firings, how many refreshes in a row the condition must hold, and whether only a trusted quote fires it,
 * with what that means for the values typed.
 */
import { memo } from 'react';
import type { MoneyFormat } from '../../../../shared/money/money';
import { FieldError, fieldProps } from './field-errors';
import { durationText, rearmText } from '../model/describe';
import { isPercentKind, parseDraft, type Draft, type DraftErrors } from '../model/draft';
import { COOLDOWNS, HOLD_POLLS } from '../model/types';
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
            <input
              id={`${id}-hyst`}
              className="input al-num al-short"
              inputMode="decimal"
              autoComplete="off"
              value={draft.hystValue}
              onChange={(e) => set('hystValue', e.target.value)}
              {...fieldProps(id, errors, 'hystValue')}
            />
            <select
              className="input select"
              aria-label="Hysteresis unit"
              value={draft.hystUnit}
              onChange={(e) => set('hystUnit', e.target.value === 'amount' ? 'amount' : 'percent')}
            >
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
          <select
            id={`${id}-cool`}
            className="input select"
            value={draft.cooldownMs}
            onChange={(e) => set('cooldownMs', Number(e.target.value))}
          >
            {COOLDOWNS.map((c) => (
              <option key={c} value={c}>
                {c === 0 ? 'None' : durationText(c)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="al-row">
        <div className="field al-market">
          <label className="field__label" htmlFor={`${id}-hold`}>
            Held over
          </label>
          <select
            id={`${id}-hold`}
            className="input select"
            value={draft.holdPolls}
            onChange={(e) => set('holdPolls', Number(e.target.value))}
          >
            {HOLD_POLLS.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 refresh (fire at once)' : `${n} refreshes in a row`}
              </option>
            ))}
          </select>
        </div>
        <label
          className="check al-grow"
          title="Quotes flagged as outliers, and those of a feed that stalled, are left out: they neither fire the alert nor count as its price."
        >
          <input
            type="checkbox"
            checked={draft.requireTrusted}
            onChange={(e) => set('requireTrusted', e.target.checked)}
          />
          <span>Only a trusted quote fires it</span>
        </label>
      </div>
      <p className="field__hint">
        {rearmHint(draft, game, item, money)}
        {draft.cooldownMs > 0 ? `, and fires at most once every ${durationText(draft.cooldownMs)}` : '; no cool-down'}
        {draft.holdPolls > 1
          ? `; the condition must hold ${draft.holdPolls} refreshes in a row, so a one-refresh blip does not fire it.`
          : '.'}
      </p>
    </fieldset>
  );
});

/** When the alert as typed re-arms, or that the values must be fixed first. */
function rearmHint(draft: Draft, game: number, item: string, money: MoneyFormat): string {
  const p = parseDraft(draft, { id: 'x', game, item, createdAt: 0, now: 0, markets: [draft.market] });
  return p.alert ? `It re-arms when ${rearmText(p.alert, money)}` : 'Fix the values above to see when it re-arms';
}
