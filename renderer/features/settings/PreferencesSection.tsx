/** Display preferences (stored in localStorage via lib/preferences): refresh, decimals, theme; the currency card below. */
import { useId } from 'react';
import { formatMoney } from '../../../shared/money/money';
import {
  APP_PREFERENCES,
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
import { CurrencySettings } from './CurrencySettings';
import { RadioChoices } from './RadioChoices';

const DECIMALS = [2, 3] as const;
const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function PreferencesSection() {
  const id = useId();
  const [, , resetRefresh] = usePref(APP_PREFERENCES.refreshIntervalSeconds);
  const [decimals, setDecimals, resetDecimals] = usePref(APP_PREFERENCES.decimals);
  const [theme, setTheme, resetTheme] = usePref(APP_PREFERENCES.theme);
  const money = useMoneyFormat();

  return (
    <>
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
              resetDecimals();
              resetTheme();
            }}
          >
            Reset to defaults
          </button>
        </div>
        <div className="form form--grid">
          <RefreshField />
          <RadioChoices
            legend="Decimals"
            name={`${id}-decimals`}
            choices={DECIMALS}
            value={decimals}
            label={String}
            onChange={setDecimals}
          />
          <RadioChoices
            legend="Theme"
            name={`${id}-theme`}
            choices={THEME_CHOICES}
            value={theme}
            label={(t) => THEME_LABELS[t]}
            onChange={setTheme}
          />
          <div className="field">
            <span className="field__label">Preview</span>
            <output className="preview" aria-live="polite">
              {formatMoney(1234567, money)}
            </output>
          </div>
        </div>
        <p className="field__hint">
          Prices arrive in thousandths of a currency unit; decimals apply to prices shown as the service quotes them (a
          converted price has its currency’s own decimals: see Currency). System theme follows your computer’s light or
          dark setting; exported charts use the theme you see.
        </p>
      </section>
      <CurrencySettings />
    </>
  );
}

/** How often prices refresh; the choices over a known request limit say so. */
function RefreshField() {
  const id = useId();
  const [refresh, setRefresh] = usePref(APP_PREFERENCES.refreshIntervalSeconds);
  const budget = useRequestBudget();
  return (
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
          {refreshIntervalLabel(refresh)} would spend about {formatCount(budget.asked)} requests a month, over{' '}
          {budget.plan.limitedBy}: Market Desk refreshes less often (see Request limits).
        </span>
      ) : null}
    </div>
  );
}

/** Whether refreshing every `seconds` would spend more than a known limit allows (the refresh choices' warning). */
function overLimit(budget: ReturnType<typeof useRequestBudget>, seconds: number): boolean {
  if (!budget.limitKnown || seconds === 0) return false;
  return budget.advice === null || seconds * 1000 < budget.advice.intervalMs;
}
