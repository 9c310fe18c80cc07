/**
 * Currency: which currency the connected service quotes in (per service), which one prices are shown in,
 * and the user's manual rates. Showing another currency than the service's is an explicit choice that
 * turns the rates source on (the host fetches the ECB's reference rates); nothing is converted before.
 */
import { useId } from 'react';
import { formatMoney } from '../../../shared/money/money';
import { useMoneyFormat } from '../../lib/preferences';
import { currencyName } from '../../market/currency/currencies';
import { ManualRates } from './ManualRates';
import { useCurrencySettings } from './useCurrencySettings';

const ALL_CODES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return ['USD', 'EUR', 'CNY', 'GBP', 'JPY', 'RUB', 'UAH', 'PLN', 'BRL'];
  }
})();

const label = (code: string) => `${code} ${currencyName(code)}`;

type CurrencyModel = ReturnType<typeof useCurrencySettings>;

export function CurrencySettings() {
  const id = useId();
  const m = useCurrencySettings();
  const { view, display, suggested } = m;
  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="currency-settings">
      <h2 id={`${id}-h`} className="card__title">
        Currency
      </h2>
      <CurrencyFields m={m} />
      {m.pending ? <ConfirmRatesSource m={m} pending={m.pending} /> : null}
      {m.problem ? (
        <p className="field__error" role="alert">
          {m.problem}
        </p>
      ) : null}
      {suggested && display.code === null ? (
        <p className="field__hint" data-testid="currency-suggestion">
          Prices used to show “{display.fromSymbol}” in front of {view.service} amounts: that symbol converted nothing.
          Choose {suggested} above to see real {currencyName(suggested)} figures.
        </p>
      ) : null}
      {view.converting && !view.current ? (
        <p className="field__error" role="status" data-testid="currency-no-rate">
          No {view.display} rate yet: prices stay in {view.service} until the rates source answers or you add a manual
          rate.
        </p>
      ) : null}
      <p className="field__hint">
        Prices stay in thousandths of {view.service} everywhere Market Desk keeps them; only what is shown or exported
        converts. A converted figure is the {view.service} value times the rate, rounded half away from zero to the
        currency’s own minor units (none for JPY and KRW, three for KWD). Its tooltip names the rate and its date; a
        rate older than 3 business days (week-ends and TARGET closing days not counted) is marked stale. Fees are
        computed in {view.service}.
      </p>
      <ManualRates service={view.service} rates={m.manualRates} onChange={m.setManualRates} />
    </section>
  );
}

/** The service's currency, the one shown, and a preview of a figure in it. */
function CurrencyFields({ m }: { m: CurrencyModel }) {
  const id = useId();
  const money = useMoneyFormat();
  const { view } = m;
  return (
    <div className="form form--grid">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-service`}>
          {m.serviceName} quotes in
        </label>
        <select
          id={`${id}-service`}
          className="input select"
          value={view.service}
          onChange={(e) => m.setServiceCurrency(e.target.value)}
        >
          {ALL_CODES.map((c) => (
            <option key={c} value={c}>
              {label(c)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-display`}>
          Show prices in
        </label>
        <select
          id={`${id}-display`}
          className="input select"
          value={m.pending ?? view.display}
          onChange={(e) => m.choose(e.target.value)}
        >
          <option value={view.service}>{`${view.service}: as the service quotes (nothing converted)`}</option>
          {m.choices.map((c) => (
            <option key={c} value={c}>
              {`${label(c)}${m.covered(c) ? '' : ' (needs a manual rate)'}`}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <span className="field__label">Preview</span>
        <output className="preview" aria-live="polite" data-testid="currency-preview">
          {formatMoney(1234567, money)}
        </output>
      </div>
    </div>
  );
}

/** Before a first conversion: what turning the rates source on fetches, from where, and the choice. */
function ConfirmRatesSource({ m, pending }: { m: CurrencyModel; pending: string }) {
  return (
    <div className="field" role="group" aria-label="Contact the rates source" data-testid="currency-confirm">
      <p className="card__text">
        Showing prices in {pending} converts them from {m.view.service} with the European Central Bank’s daily reference
        rates: Market Desk will download the ECB’s rate files
        {m.sourceUrl ? ` from ${m.sourceUrl}` : ''} once a day (see Exchange rates). Nothing about you or your key is
        sent.
      </p>
      <div className="form__actions">
        <button type="button" className="btn btn--primary" disabled={m.busy} onClick={() => void m.confirm()}>
          Fetch rates and show {pending}
        </button>
        <button type="button" className="btn btn--ghost" disabled={m.busy} onClick={m.cancelPending}>
          Cancel
        </button>
      </div>
    </div>
  );
}
