/**
 * The condition's threshold, as its kind needs it: a price (ask below, bid above), a spread and its unit,
 * a change with its window, direction and side, or the mark's line and direction. Its input is the one the
 * dialog focuses first.
 */
import { memo, type RefObject } from 'react';
import type { MoneyFormat } from '../../../../shared/money/money';
import { FieldError, fieldProps } from './field-errors';
import { durationText } from '../model/describe';
import type { Draft, DraftErrors } from '../model/draft';
import { CHANGE_WINDOWS } from '../model/types';
import type { SetDraftField } from './useAlertDraft';

interface ThresholdFieldProps {
  id: string;
  draft: Draft;
  errors: DraftErrors;
  money: MoneyFormat;
  set: SetDraftField;
  inputRef: RefObject<HTMLInputElement | null>;
}

type DecimalField = 'askPrice' | 'bidPrice' | 'spreadValue' | 'changePercent' | 'markPrice';

/** The threshold's number, typed as text (a decimal keypad on touch screens); the dialog focuses it first. */
function DecimalInput({
  inputId,
  name,
  id,
  draft,
  errors,
  set,
  inputRef,
}: Omit<ThresholdFieldProps, 'money'> & { inputId: string; name: DecimalField }) {
  return (
    <input
      id={inputId}
      ref={inputRef}
      className="input al-num"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={draft[name]}
      onChange={(e) => set(name, e.target.value)}
      {...fieldProps(id, errors, name)}
    />
  );
}

type KindProps = Omit<ThresholdFieldProps, 'inputRef'> & { fieldArgs: Omit<ThresholdFieldProps, 'money'> };

/** The mark's line and the direction it crosses. */
function MarkThreshold({ id, draft, errors, money, set, fieldArgs }: KindProps) {
  return (
    <div className="field al-grow">
      <label className="field__label" htmlFor={`${id}-mark`}>
        Mark crosses ({money.symbol || 'price'})
      </label>
      <div className="al-inline">
        <select
          className="input select"
          aria-label="Direction"
          value={draft.markDirection}
          onChange={(e) => set('markDirection', e.target.value === 'above' ? 'above' : 'below')}
        >
          <option value="below">below</option>
          <option value="above">above</option>
        </select>
        <DecimalInput inputId={`${id}-mark`} name="markPrice" {...fieldArgs} />
      </div>
      <p className="field__hint">
        The mark: one robust price per item from the trusted quotes of your markets (stalled markets and outlying quotes
        left out), as on the Prices page.
      </p>
      <FieldError id={id} errors={errors} name="markPrice" />
    </div>
  );
}

/** The spread's size and its unit (money or % of the ask). */
function SpreadThreshold({ id, draft, errors, money, set, fieldArgs }: KindProps) {
  return (
    <div className="field al-grow">
      <label className="field__label" htmlFor={`${id}-spread`}>
        Spread (best bid − best ask) above
      </label>
      <div className="al-inline">
        <DecimalInput inputId={`${id}-spread`} name="spreadValue" {...fieldArgs} />
        <select
          className="input select al-unit"
          aria-label="Spread unit"
          value={draft.spreadUnit}
          onChange={(e) => set('spreadUnit', e.target.value === 'percent' ? 'percent' : 'money')}
        >
          <option value="money">{money.symbol || 'amount'}</option>
          <option value="percent">% of the ask</option>
        </select>
      </div>
      <FieldError id={id} errors={errors} name="spreadValue" />
    </div>
  );
}

/** The change in percent, its window, direction and side. */
function ChangeThreshold({ id, draft, errors, set, fieldArgs }: Omit<KindProps, 'money'>) {
  return (
    <div className="field al-grow">
      <label className="field__label" htmlFor={`${id}-change`}>
        Change of more than (%)
      </label>
      <div className="al-inline">
        <DecimalInput inputId={`${id}-change`} name="changePercent" {...fieldArgs} />
        <select
          className="input select"
          aria-label="Within"
          value={draft.windowMs}
          onChange={(e) => set('windowMs', Number(e.target.value))}
        >
          {CHANGE_WINDOWS.map((w) => (
            <option key={w} value={w}>
              within {durationText(w)}
            </option>
          ))}
        </select>
        <select
          className="input select"
          aria-label="Direction"
          value={draft.direction}
          onChange={(e) => set('direction', e.target.value as Draft['direction'])}
        >
          <option value="either">up or down</option>
          <option value="up">up</option>
          <option value="down">down</option>
        </select>
        <select
          className="input select"
          aria-label="Price"
          value={draft.side}
          onChange={(e) => set('side', e.target.value === 'bid' ? 'bid' : 'ask')}
        >
          <option value="ask">of the ask</option>
          <option value="bid">of the bid</option>
        </select>
      </div>
      <FieldError id={id} errors={errors} name="changePercent" />
    </div>
  );
}

export const ThresholdField = memo(function ThresholdField({
  id,
  draft,
  errors,
  money,
  set,
  inputRef,
}: ThresholdFieldProps) {
  const fieldArgs = { id, draft, errors, set, inputRef };
  if (draft.kind === 'ask-below' || draft.kind === 'bid-above') {
    const name = draft.kind === 'ask-below' ? 'askPrice' : 'bidPrice';
    return (
      <div className="field al-grow">
        <label className="field__label" htmlFor={`${id}-price`}>
          {draft.kind === 'ask-below' ? 'Ask below' : 'Bid above'} ({money.symbol || 'price'})
        </label>
        <DecimalInput inputId={`${id}-price`} name={name} {...fieldArgs} />
        <FieldError id={id} errors={errors} name={name} />
      </div>
    );
  }
  const kindArgs = { id, draft, errors, money, set, fieldArgs };
  if (draft.kind === 'mark') return <MarkThreshold {...kindArgs} />;
  if (draft.kind === 'spread-above') return <SpreadThreshold {...kindArgs} />;
  return <ChangeThreshold {...kindArgs} />;
});
