/** Settings → Price history: the fields for what is kept (days, full resolution, hourly, size limit). */
import { useId } from 'react';
import { DAILY_AFTER_CHOICES, FULL_HOURS_CHOICES } from '../../market/history/prefs';
import { CAP_MAX, CAP_MIN, type HistorySettingsModel } from './useHistorySettings';

/** The offered choices with the current value among them, in order. */
function withCurrent(choices: readonly number[], current: number): number[] {
  return [...new Set<number>([...choices, current])].sort((a, b) => a - b);
}

export function HistoryLimitFields({ m }: { m: HistorySettingsModel }) {
  const id = useId();
  return (
    <div className="form form--grid">
      <label className="check">
        <input type="checkbox" checked={m.enabled} onChange={(e) => m.setEnabled(e.target.checked)} /> Record price
        history
      </label>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-days`}>
          Keep
        </label>
        <select
          id={`${id}-days`}
          className="input select"
          value={m.days}
          onChange={(e) => m.setDays(Number(e.target.value))}
        >
          {m.retentionChoices.map((d) => (
            <option key={d} value={d}>
              {d === 1 ? '1 day' : `${d} days`}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-full`}>
          Every market at every refresh for
        </label>
        <select
          id={`${id}-full`}
          className="input select"
          value={m.fullHours}
          onChange={(e) => m.setFullHours(Number(e.target.value))}
        >
          {withCurrent(FULL_HOURS_CHOICES, m.fullHours).map((h) => (
            <option key={h} value={h}>
              {h} hours
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-daily`}>
          Then each market hourly (last, low, high) until
        </label>
        <select
          id={`${id}-daily`}
          className="input select"
          value={m.dailyAfterDays}
          onChange={(e) => m.setDailyAfterDays(Number(e.target.value))}
          data-testid="history-daily-after"
        >
          {withCurrent(DAILY_AFTER_CHOICES, m.dailyAfterDays).map((d) => (
            <option key={d} value={d}>
              {d * 24 <= m.fullHours ? `none (daily after ${m.fullHours} h)` : `${d} days old, then daily`}
            </option>
          ))}
        </select>
        <p className="field__hint" data-testid="history-tiers-hint">
          Daily keeps each market’s price at the end of each day. The best ask and best bid stay at every refresh for
          all the days kept, and so do every market of the items you follow (watchlist, portfolio, alerts).
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-cap`}>
          Size limit (MB)
        </label>
        <input
          id={`${id}-cap`}
          className="input"
          type="number"
          min={CAP_MIN}
          max={CAP_MAX}
          step={10}
          value={m.capText}
          onChange={(e) => m.setCapText(e.target.value)}
          onBlur={m.commitCapText}
        />
      </div>
    </div>
  );
}
