/**
 * Settings → Exchange rates: whether the host may fetch the ECB's daily euro reference rates (off until the
 * user turns it on: turning it on contacts the rates source), the source's address (read-only when
 * MARKET_DESK_RATES_URL sets it), what the last fetch brought (the newest day, its age, when it was fetched,
 * the error if it failed), the next look, and Refresh now. The host does the fetching and keeping (backend/rates);
 * this section only shows its snapshot and passes the user's choices on.
 */
import { useEffect, useId, useState } from 'react';
import type { RatesSnapshot } from '../../../shared/rates/types';
import { describeError } from '../../platform';
import { useRates, type RatesContextValue } from '../../platform/rates-context';
import { ErrorNotice } from '../../ui/ErrorNotice';

const DAY_MS = 86_400_000;

/** Whole calendar days from a rate day (YYYY-MM-DD, the ECB's date) to `now`'s own date (UTC). */
export function rateDayAgeDays(date: string, now: number): number {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  return Math.max(0, Math.round((today - Date.parse(`${date}T00:00:00Z`)) / DAY_MS));
}

function ageText(days: number): string {
  return days === 0 ? 'today' : days === 1 ? '1 day old' : `${days} days old`;
}

const when = (t: number): string => new Date(t).toLocaleString();

export function ExchangeRatesSection() {
  const rates = useRates();
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="exchange-rates">
      <h2 id={`${id}-h`} className="card__title">
        Exchange rates
      </h2>
      {rates?.snapshot ? (
        <RatesBody rates={rates} snapshot={rates.snapshot} />
      ) : (
        <p className="card__text" data-testid="rates-unavailable">
          {rates ? 'Reading the exchange rates…' : 'This window has no exchange rates.'}
        </p>
      )}
    </section>
  );
}

/** The host's answer pending for one of the section's actions, and the error it gave if it failed. */
type RatesAction = 'switch' | 'url' | 'refresh';

function useRatesActions() {
  const [busy, setBusy] = useState<RatesAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (what: RatesAction, action: () => Promise<unknown>) => {
    setBusy(what);
    setProblem(null);
    try {
      await action();
    } catch (e) {
      setProblem(describeError(e));
    } finally {
      setBusy(null);
    }
  };
  return { busy, problem, run };
}

type RunAction = ReturnType<typeof useRatesActions>['run'];

function RatesBody({ rates, snapshot }: { rates: RatesContextValue; snapshot: RatesSnapshot }) {
  const { settings } = snapshot;
  const { busy, problem, run } = useRatesActions();
  /** The switch as the user just set it, until the host answers (then the snapshot says). */
  const [asked, setAsked] = useState<boolean | null>(null);

  return (
    <>
      <p className="card__text">
        Prices can be shown in another currency with the European Central Bank’s euro reference rates, which it
        publishes around 16:00 CET on each working day. Market Desk keeps every day it fetches on this computer and
        looks once a day after publication.
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={asked ?? settings.enabled}
          disabled={busy !== null}
          data-testid="rates-enabled"
          onChange={(e) => {
            const enabled = e.target.checked;
            setAsked(enabled);
            void run('switch', () => rates.setSettings({ enabled })).finally(() => setAsked(null));
          }}
        />{' '}
        Fetch exchange rates
      </label>
      <p className="field__hint" data-testid="rates-contact">
        Turning this on contacts the rates source at <code>{settings.url}</code> (no key, token or cookie is sent).
      </p>
      <RatesAddress rates={rates} settings={settings} busy={busy !== null} run={run} />
      <LastFetch snapshot={snapshot} />
      {problem ? <ErrorNotice layout="inline" message={problem} testId="rates-problem" /> : null}
      <div className="form__actions">
        <button
          type="button"
          className="btn"
          data-testid="rates-refresh"
          disabled={!settings.enabled || busy !== null}
          onClick={() => void run('refresh', () => rates.refresh())}
        >
          {busy === 'refresh' ? 'Fetching…' : 'Refresh now'}
        </button>
      </div>
    </>
  );
}

/** The rates source's address: read-only when the environment sets it, else editable, or back to the ECB's. */
function RatesAddress({
  rates,
  settings,
  busy,
  run,
}: {
  rates: RatesContextValue;
  settings: RatesSnapshot['settings'];
  busy: boolean;
  run: RunAction;
}) {
  const id = useId();
  const [url, setUrl] = useState(settings.url);
  useEffect(() => setUrl(settings.url), [settings.url]);
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-url`}>
        Rates address
      </label>
      {settings.urlFromEnvironment ? (
        <>
          <input id={`${id}-url`} className="input" value={settings.url} readOnly data-testid="rates-url" />
          <span className="field__hint">Set by MARKET_DESK_RATES_URL: change it there and restart Market Desk.</span>
        </>
      ) : (
        <form
          className="input-group"
          onSubmit={(e) => {
            e.preventDefault();
            void run('url', () => rates.setSettings({ url }));
          }}
        >
          <input
            id={`${id}-url`}
            className="input"
            value={url}
            spellCheck={false}
            data-testid="rates-url"
            onChange={(e) => setUrl(e.target.value)}
          />
          <button type="submit" className="btn" disabled={busy || url === settings.url}>
            Save address
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void run('url', () => rates.setSettings({ url: '' }))}
          >
            Use the ECB’s
          </button>
        </form>
      )}
    </div>
  );
}

/** What the last fetch brought: the newest day and its age, when, the next look, and why it failed if it did. */
function LastFetch({ snapshot }: { snapshot: RatesSnapshot }) {
  const { settings, days, lastFetch, nextRefreshAt, storageError } = snapshot;
  const newest = days[days.length - 1];
  const now = Date.now();
  return (
    <>
      <h3 className="field__label">Last fetch</h3>
      <dl className="usage" data-testid="rates-last-fetch">
        <div className="usage__figure">
          <dt>Newest day</dt>
          <dd data-testid="rates-newest-day">
            {newest ? (
              <>
                <span className="num">{newest.date}</span> ({ageText(rateDayAgeDays(newest.date, now))}; {days.length}{' '}
                day{days.length === 1 ? '' : 's'} kept)
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
        <div className="usage__figure">
          <dt>Fetched</dt>
          <dd data-testid="rates-fetched-at">
            {lastFetch ? `${when(lastFetch.at)}${lastFetch.ok ? '' : ' (failed)'}` : 'Never'}
          </dd>
        </div>
        <div className="usage__figure">
          <dt>Next look</dt>
          <dd data-testid="rates-next">
            {nextRefreshAt === null ? (settings.enabled ? '—' : 'Off') : when(nextRefreshAt)}
          </dd>
        </div>
      </dl>
      {lastFetch && !lastFetch.ok && lastFetch.error ? (
        <ErrorNotice
          layout="inline"
          lead="The last fetch failed:"
          message={
            newest
              ? `${lastFetch.error} The rates of ${newest.date} (${ageText(rateDayAgeDays(newest.date, now))}) are used meanwhile.`
              : lastFetch.error
          }
          testId="rates-error"
        />
      ) : null}
      {storageError ? <ErrorNotice layout="inline" message={storageError} testId="rates-storage-error" /> : null}
    </>
  );
}
