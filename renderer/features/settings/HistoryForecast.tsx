/**
 * What the price history's limit holds at the current rate: growth a day, about how many days fit, and, when
 * that is short of the days kept, the choices (raise the limit, keep fewer days, fewer hours at full resolution).
 */
import type { Usage } from '../../market/history/store';
import { forecastOf, mb, type Forecast, type HistoryLimits } from './history-forecast';

interface ForecastProps extends HistoryLimits {
  usage: Usage | null;
  setCapMb(v: number): void;
  setDays(v: number): void;
  setFullHours(v: number): void;
  setDailyAfterDays(v: number): void;
}

export function HistoryForecast(props: ForecastProps) {
  const { usage, capMb, days, fullHours, dailyAfterDays } = props;
  const f = forecastOf(usage, { capMb, days, fullHours, dailyAfterDays });
  if (!f) {
    return (
      <p className="field__hint" data-testid="history-forecast" data-state="unknown">
        How fast the history grows is known after an hour of refreshes; then this says how many days fit in the limit.
      </p>
    );
  }
  return (
    <div
      data-testid="history-forecast"
      data-state={f.short ? 'short' : 'ok'}
      data-days-fit={Math.floor(f.fit)}
      data-per-day={Math.round(f.perDay)}
    >
      <p className="field__hint">
        At the current rate it grows by about {mb(f.perDay)} a day
        {f.laterGrowth}: about {f.fitText} days fit in your limit of {capMb} MB.
      </p>
      {f.short ? <ShortChoices {...props} f={f} /> : null}
    </div>
  );
}

/** The limit cuts the history short: what the user can do about it. */
function ShortChoices({
  f,
  days,
  setCapMb,
  setDays,
  setDailyAfterDays,
  setFullHours,
}: ForecastProps & { f: Forecast }) {
  const { need, shorter, dailySooner, fitSooner, fewerHours } = f;
  return (
    <div className="hist__warn" role="status" data-testid="history-short">
      <p>
        The limit cuts the history short: you keep {days} days, but only about {f.fitText} fit, so the oldest days are
        dropped sooner. You can:
      </p>
      <div className="hist__actions">
        {need <= 100_000 ? (
          <button type="button" className="btn btn--small" onClick={() => setCapMb(need)} data-testid="history-raise">
            Raise the limit to {need.toLocaleString('en-US')} MB
          </button>
        ) : null}
        <button type="button" className="btn btn--small" onClick={() => setDays(shorter)} data-testid="history-shorten">
          Keep {shorter === 1 ? '1 day' : `${shorter} days`}
        </button>
        {dailySooner !== undefined && fitSooner > f.fit ? (
          <button
            type="button"
            className="btn btn--small"
            onClick={() => setDailyAfterDays(dailySooner)}
            data-testid="history-daily-sooner"
          >
            Daily per market after {dailySooner} days (about{' '}
            {fitSooner >= 10 ? Math.floor(fitSooner) : fitSooner.toFixed(1)} days fit)
          </button>
        ) : null}
        {fewerHours !== undefined ? (
          <button
            type="button"
            className="btn btn--small"
            onClick={() => setFullHours(fewerHours)}
            data-testid="history-fewer"
          >
            Every market at every refresh for {fewerHours} hours only (followed items always)
          </button>
        ) : null}
      </div>
    </div>
  );
}
