/**
 * Settings → Request limits: the plan's limits (unknown until the user enters them), the requests the back
 * end counted for the service in use, what the current settings spend a month, and what Market Desk does
 * about a limit (shared/budget/planner via market/request-plan).
 */
import { useEffect, useId, useState } from 'react';
import { formatCount, formatInterval } from '../../../shared/budget/planner';
import { APP_PREFERENCES, refreshIntervalLabel, usePref, type Preference } from '../../lib/preferences';
import { REQUEST_LIMIT_PREFS, useRequestBudget, useRequestUsage } from '../../market/request-plan';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { refreshForecastText, statedLimitsText } from './request-limits-text';

export function RequestLimitsSection() {
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="request-limits">
      <h2 id={`${id}-h`} className="card__title">
        Request limits
      </h2>
      <p className="card__text">
        Market data plans allow so many requests a minute and a month, and every refresh of a game costs one or two.
        Enter your plan’s limits (empty: unknown) and Market Desk refreshes less often when the current settings would
        spend more.
      </p>
      <div className="form form--grid">
        <LimitField label="Requests per minute" pref={REQUEST_LIMIT_PREFS.perMinute} testId="limit-per-minute" />
        <LimitField label="Requests per month" pref={REQUEST_LIMIT_PREFS.perMonth} testId="limit-per-month" />
      </div>
      <UsageCounts />
      <RequestForecast />
    </section>
  );
}

/** The requests the back end counted for the service in use, and the limits the service stated. */
function UsageCounts() {
  const { usage, error } = useRequestUsage();
  return (
    <>
      <h3 className="field__label">
        Sent to {usage ? (usage.origin === '' ? 'the built-in reference service' : usage.origin) : 'the service'}
      </h3>
      {usage ? (
        <dl className="usage" data-testid="request-usage">
          <Figure label="Last minute" value={usage.lastMinute} testId="usage-minute" />
          <Figure label="Today" value={usage.today} testId="usage-today" />
          <Figure label="Last 30 days" value={usage.last30Days} testId="usage-30d" />
          <Figure
            label="Refused for the limit (429)"
            value={usage.rateLimited30Days}
            testId="usage-429"
            extra={
              usage.rateLimited30Days > 0
                ? ` in 30 days, waited out ${formatInterval(usage.waitedMs30Days)}`
                : ' in 30 days'
            }
          />
        </dl>
      ) : (
        <p className="field__hint">{error ? '' : 'Reading the counts…'}</p>
      )}
      {usage && usage.stated.length > 0 ? (
        <p className="field__hint" data-testid="stated-limits">
          The service says: {statedLimitsText(usage.stated)}.
        </p>
      ) : null}
      {error ? (
        <ErrorNotice
          layout="inline"
          message={`The request counts could not be read: ${error}`}
          testId="request-usage-error"
        />
      ) : null}
      {usage?.problem ? <ErrorNotice layout="inline" message={usage.problem} testId="request-usage-problem" /> : null}
    </>
  );
}

/** What the current settings spend a month, and what Market Desk does about a limit. */
function RequestForecast() {
  const [refresh] = usePref(APP_PREFERENCES.refreshIntervalSeconds);
  const budget = useRequestBudget();
  const { plan } = budget;
  const games = new Set(budget.feeds.map((f) => f.game)).size;
  return (
    <>
      <h3 className="field__label">Forecast</h3>
      <p className="card__text" data-testid="request-forecast">
        {refreshForecastText(refresh, games, budget.asked)}
      </p>
      {plan.sentence ? (
        <p className="card__text" data-tone="warn" role="status" data-testid="request-plan-settings">
          {plan.sentence} That spends about {formatCount(plan.monthlyForecast)} a month.
        </p>
      ) : null}
      {plan.stretched ? (
        <p className="field__hint" data-testid="request-plan-bids">
          {plan.bidsEvery > 1
            ? `Bids (buy orders) are asked for once every ${plan.bidsEvery} refreshes: for TF2, Dota 2 and Rust they are a request of their own. `
            : ''}
          A CS2 refresh is one request with its bids or without, so for CS2 only the interval is stretched.
        </p>
      ) : null}
      {budget.advice && plan.stretched ? (
        <p className="field__hint" data-testid="request-advice">
          {refreshIntervalLabel(budget.advice.intervalMs / 1000)} keeps within your limits as it is (about{' '}
          {formatCount(budget.advice.monthlyForecast)} a month).
        </p>
      ) : null}
    </>
  );
}

function Figure({
  label,
  value,
  testId,
  extra = '',
}: {
  label: string;
  value: number;
  testId: string;
  extra?: string;
}) {
  return (
    <div className="usage__figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <span className="num">{formatCount(value)}</span>
        {extra}
      </dd>
    </div>
  );
}

/** A whole number or empty (unknown); saved when valid, with a clear word when not. */
function LimitField({ label, pref, testId }: { label: string; pref: Preference<number | null>; testId: string }) {
  const id = useId();
  const [value, setValue] = usePref(pref);
  const [text, setText] = useState(value === null ? '' : String(value));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const commit = (raw: string) => {
    const t = raw.trim().replace(/[\s,_]/g, '');
    if (t === '') {
      setProblem(null);
      setValue(null);
      return;
    }
    const n = Number(t);
    if (!/^\d+$/.test(t) || !Number.isSafeInteger(n) || n < 1 || n > 1_000_000_000) {
      setProblem('Enter a whole number of requests, or leave it empty when you don’t know.');
      return;
    }
    setProblem(null);
    setValue(n);
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        inputMode="numeric"
        placeholder="Unknown"
        value={text}
        data-testid={testId}
        aria-invalid={problem !== null}
        onChange={(e) => setText(e.target.value)}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value);
        }}
      />
      {problem ? <span className="field__error">{problem}</span> : null}
    </div>
  );
}
