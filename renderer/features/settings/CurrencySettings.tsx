/**
 * Currency: which currency the connected service quotes in (per service), which one prices are shown in,
 * and the user's manual rates. Showing another currency than the service's is an explicit choice that
 * turns the rates source on (the host fetches the ECB's reference rates); nothing is converted before.
 */
import { useId, useMemo, useState } from 'react';
import { formatMoney } from '../../../shared/money/money';
import { useMoneyFormat, usePref } from '../../lib/preferences';
import { useRates } from '../../platform/rates-context';
import { todayUtc } from '../../market/currency/business-days';
import { useCurrency } from '../../market/currency/context';
import { currencyName, isCurrencyCode, MANUAL_ONLY_SUGGESTIONS } from '../../market/currency/currencies';
import {
  currencyForOldSymbol,
  DISPLAY_CURRENCY,
  MANUAL_RATES,
  SERVICE_CURRENCIES,
  BUILTIN_SERVICE,
} from '../../market/currency/prefs';

const ALL_CODES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return ['USD', 'EUR', 'CNY', 'GBP', 'JPY', 'RUB', 'UAH', 'PLN', 'BRL'];
  }
})();

const label = (code: string) => `${code} ${currencyName(code)}`;

export function CurrencySettings() {
  const id = useId();
  const view = useCurrency();
  const rates = useRates();
  const money = useMoneyFormat();
  const [services, setServices] = usePref(SERVICE_CURRENCIES);
  const [display, setDisplay] = usePref(DISPLAY_CURRENCY);
  const [manual, setManual] = usePref(MANUAL_RATES);
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sourceOn = rates?.snapshot?.settings.enabled ?? false;

  const feedCodes = useMemo(() => {
    const last = view.days[view.days.length - 1];
    return last ? Object.keys(last.perEuro) : [];
  }, [view.days]);
  const choices = useMemo(() => {
    const set = new Set<string>([
      'EUR',
      ...feedCodes,
      ...manual.rates.map((m) => m.code),
      ...MANUAL_ONLY_SUGGESTIONS,
      'USD',
      'CNY',
      'GBP',
      'JPY',
      'PLN',
      'BRL',
    ]);
    set.delete(view.service);
    return [...set].filter(isCurrencyCode).sort();
  }, [feedCodes, manual.rates, view.service]);
  const covered = (code: string) =>
    code === 'EUR' || feedCodes.includes(code) || manual.rates.some((m) => m.code === code);

  const choose = (code: string) => {
    setProblem(null);
    if (code === view.service) {
      setPending(null);
      setDisplay({ v: 1, code: null });
    } else if (sourceOn || !rates) {
      setDisplay({ v: 1, code });
    } else setPending(code);
  };
  const confirm = async () => {
    if (!pending || !rates) return;
    setBusy(true);
    try {
      await rates.setSettings({ enabled: true });
      setDisplay({ v: 1, code: pending });
      setPending(null);
    } catch (e) {
      setProblem(`The rates source could not be turned on: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const suggested = display.fromSymbol ? currencyForOldSymbol(display.fromSymbol) : null;
  const serviceName = view.serviceKey === BUILTIN_SERVICE ? 'the built-in reference service' : view.serviceKey;

  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="currency-settings">
      <h2 id={`${id}-h`} className="card__title">
        Currency
      </h2>
      <div className="form form--grid">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-service`}>
            {serviceName} quotes in
          </label>
          <select
            id={`${id}-service`}
            className="input select"
            value={view.service}
            onChange={(e) =>
              setServices({ v: 1, byService: { ...services.byService, [view.serviceKey]: e.target.value } })
            }
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
            value={pending ?? view.display}
            onChange={(e) => choose(e.target.value)}
          >
            <option value={view.service}>{`${view.service}: as the service quotes (nothing converted)`}</option>
            {choices.map((c) => (
              <option key={c} value={c}>
                {`${label(c)}${covered(c) ? '' : ' (needs a manual rate)'}`}
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
      {pending ? (
        <div className="field" role="group" aria-label="Contact the rates source" data-testid="currency-confirm">
          <p className="card__text">
            Showing prices in {pending} converts them from {view.service} with the European Central Bank’s daily
            reference rates: Market Desk will download the ECB’s rate files
            {rates?.snapshot?.settings.url ? ` from ${rates.snapshot.settings.url}` : ''} once a day (see Exchange
            rates). Nothing about you or your key is sent.
          </p>
          <div className="form__actions">
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void confirm()}>
              Fetch rates and show {pending}
            </button>
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
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
      <ManualRates service={view.service} rates={manual.rates} onChange={(rates) => setManual({ v: 1, rates })} />
    </section>
  );
}

function ManualRates({
  service,
  rates,
  onChange,
}: {
  service: string;
  rates: (typeof MANUAL_RATES.fallback)['rates'];
  onChange(r: (typeof MANUAL_RATES.fallback)['rates']): void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [base, setBase] = useState(service);
  const [rate, setRate] = useState('');
  const [date, setDate] = useState(todayUtc());
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const c = code.trim().toUpperCase();
    const r = Number(rate.replace(',', '.'));
    if (!isCurrencyCode(c)) return setError(`“${code}” is not an ISO 4217 currency code (three letters, e.g. UAH).`);
    if (c === base) return setError('The rate must be per another currency.');
    if (!Number.isFinite(r) || r <= 0) return setError('The rate must be a positive number.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date > todayUtc())
      return setError('The date must be a day up to today (YYYY-MM-DD).');
    setError(null);
    onChange(
      [...rates.filter((m) => !(m.code === c && m.date === date)), { code: c, base, rate: r, date }].slice(-200),
    );
    setCode('');
    setRate('');
  };
  return (
    <div className="field" data-testid="manual-rates">
      <h3 className="field__label">Your own rates</h3>
      <p className="field__hint">
        For a currency the ECB does not publish (UAH, RUB, KZT…) or to use your own rate instead of the ECB’s from its
        date on.
      </p>
      {rates.length ? (
        <ul>
          {rates.map((m) => (
            <li key={`${m.code}|${m.date}`}>
              1 {m.base} = {m.rate} {m.code}, {m.date}{' '}
              <button
                type="button"
                className="btn btn--small btn--ghost"
                onClick={() => onChange(rates.filter((x) => x !== m))}
                aria-label={`Remove the ${m.code} rate of ${m.date}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="form form--grid">
        <label className="field">
          <span className="field__label">Currency</span>
          <input
            id={`${id}-code`}
            className="input"
            value={code}
            maxLength={3}
            onChange={(e) => setCode(e.target.value)}
            placeholder="UAH"
          />
        </label>
        <label className="field">
          <span className="field__label">Per 1</span>
          <select className="input select" value={base} onChange={(e) => setBase(e.target.value)}>
            {[...new Set([service, 'EUR'])].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Rate</span>
          <input
            className="input"
            inputMode="decimal"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            placeholder="41.50"
          />
        </label>
        <label className="field">
          <span className="field__label">Date of the rate</span>
          <input className="input" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn btn--small" onClick={add}>
        Add rate
      </button>
    </div>
  );
}
