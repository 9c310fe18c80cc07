/** Display preferences (stored in localStorage via lib/preferences): refresh, currency, decimals, theme. */
import { useId } from 'react';
import { formatMoney } from '../../../shared/money/money';
import {
  APP_PREFERENCES,
  CURRENCY_SYMBOLS,
  REFRESH_INTERVALS,
  THEME_CHOICES,
  refreshIntervalLabel,
  useMoneyFormat,
  usePref,
  type RefreshInterval,
  type ThemeChoice,
} from '../../lib/preferences';
import { formatCount } from '../../../shared/budget/planner';
import { useRequestBudget } from '../../market/request-plan';

const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

const SYMBOL_NAMES: Record<string, string> = {
  $: 'Dollar',
  '€': 'Euro',
  '£': 'Pound',
  '¥': 'Yen',
  '₽': 'Ruble',
  'CN¥': 'Yuan',
  '': 'None',
};

export function PreferencesSection() {
  const id = useId();
  const [refresh, setRefresh, resetRefresh] = usePref(APP_PREFERENCES.refreshIntervalSeconds);
  const [symbol, setSymbol, resetSymbol] = usePref(APP_PREFERENCES.currencySymbol);
  const [decimals, setDecimals, resetDecimals] = usePref(APP_PREFERENCES.decimals);
  const [theme, setTheme, resetTheme] = usePref(APP_PREFERENCES.theme);
  const money = useMoneyFormat();
  const budget = useRequestBudget();
  const symbols: readonly string[] = CURRENCY_SYMBOLS.includes(symbol as (typeof CURRENCY_SYMBOLS)[number])
    ? CURRENCY_SYMBOLS
    : [...CURRENCY_SYMBOLS, symbol];

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Display
        </h2>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          onClick={() => {
            resetRefresh();
            resetSymbol();
            resetDecimals();
            resetTheme();
          }}
        >
          Reset to defaults
        </button>
      </div>
      <div className="form form--grid">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-refresh`}>
            Refresh prices
          </label>
          <select
            id={`${id}-refresh`}
            className="input select"
            value={refresh}
            onChange={(e) => setRefresh(Number(e.target.value) as RefreshInterval)}
          >
            {REFRESH_INTERVALS.map((s) => (
              <option key={s} value={s}>
                {refreshIntervalLabel(s)}
                {overLimit(budget, s) ? ' (over your request limit)' : ''}
              </option>
            ))}
          </select>
          {budget.plan.stretched ? (
            <span className="field__error" role="status" data-testid="refresh-over-limit">
              {refreshIntervalLabel(refresh)} would spend about {formatCount(budget.asked)} requests a month, over {budget.plan.limitedBy}:
              Market Desk refreshes less often (see Request limits).
            </span>
          ) : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-symbol`}>
            Currency symbol
          </label>
          <select id={`${id}-symbol`} className="input select" value={symbol} onChange={(e) => setSymbol(e.target.value)}>
            {symbols.map((s) => (
              <option key={s} value={s}>
                {s ? `${s}  ${SYMBOL_NAMES[s] ?? ''}` : 'None'}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="field field--fieldset">
          <legend className="field__label">Decimals</legend>
          <div className="segmented segmented--form">
            {([2, 3] as const).map((d) => (
              <label key={d} className="segmented__item segmented__item--radio">
                <input
                  type="radio"
                  name={`${id}-decimals`}
                  value={d}
                  checked={decimals === d}
                  onChange={() => setDecimals(d)}
                />
                <span>{d}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="field field--fieldset">
          <legend className="field__label">Theme</legend>
          <div className="segmented segmented--form">
            {THEME_CHOICES.map((t) => (
              <label key={t} className="segmented__item segmented__item--radio">
                <input type="radio" name={`${id}-theme`} value={t} checked={theme === t} onChange={() => setTheme(t)} />
                <span>{THEME_LABELS[t]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <span className="field__label">Preview</span>
          <output className="preview" aria-live="polite">
            {formatMoney(1234567, money)}
          </output>
        </div>
      </div>
      <p className="field__hint">
        Prices arrive in thousandths of a currency unit; the symbol is for display only and converts nothing.
        System theme follows your computer’s light or dark setting; exported charts use the theme you see.
      </p>
    </section>
  );
}

/** Whether refreshing every `seconds` would spend more than a known limit allows (the refresh choices' warning). */
function overLimit(budget: ReturnType<typeof useRequestBudget>, seconds: number): boolean {
  if (!budget.limitKnown || seconds === 0) return false;
  return budget.advice === null || seconds * 1000 < budget.advice.intervalMs;
}
