/**
 * Settings → Price history: on/off, retention, size cap, how long every market stays at every refresh, the
 * storage used, the growth a day and the days that fit (and the choices when that is short of the
 * retention), exports for analysts, and Clear history.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { GAMES } from '../../../shared/catalog/games';
import { GRID_PREFS } from '../../market/prefs';
import { HistoryExport } from '../../ui/history/HistoryExport';
import { DAY } from '../../market/history/chunk-codec';
import './HistorySettings.css';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { usePref, useSelectedGame } from '../../lib/preferences';
import { useStorageStatus } from '../../lib/storage/status';
import { history, useHistoryVersion, useHistoryWriter } from '../../market/history/client';
import {
  DAILY_AFTER_CHOICES,
  FULL_HOURS_CHOICES,
  HISTORY_PREFS,
  RETENTION_CHOICES,
  readLimits,
} from '../../market/history/prefs';
import { daysThatFit, type Usage } from '../../market/history/store';

function mb(bytes: number): string {
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(0)} kB` : `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
}

interface ForecastProps {
  usage: Usage | null;
  capMb: number;
  days: number;
  fullHours: number;
  dailyAfterDays: number;
  setCapMb(v: number): void;
  setDays(v: number): void;
  setFullHours(v: number): void;
  setDailyAfterDays(v: number): void;
}

/** Megabytes a limit needs to keep `days` (rounded up to 10 MB): the inverse of daysThatFit. */
function capFor(
  days: number,
  perDay: number,
  hourly: number | null,
  fullDays: number,
  daily: number | null,
  dailyAfterDays: number,
): number {
  const hourlyRate = hourly !== null && hourly > 0 ? hourly : perDay;
  const dailyRate = daily !== null && daily > 0 ? daily : hourlyRate;
  const hourlyDays = Math.max(0, dailyAfterDays - fullDays);
  const full = Math.min(days, fullDays) * perDay;
  const mid = Math.min(Math.max(0, days - fullDays), hourlyDays) * hourlyRate;
  const rest = Math.max(0, days - fullDays - hourlyDays) * dailyRate;
  return Math.ceil((full + mid + rest) / 1e7) * 10;
}

/**
 * What the limit holds at the current rate: growth a day, about how many days fit, and, when that is
 * short of the days kept, the choices (raise the limit, keep fewer days, fewer hours at full resolution).
 */
function HistoryForecast({
  usage,
  capMb,
  days,
  fullHours,
  dailyAfterDays,
  setCapMb,
  setDays,
  setFullHours,
  setDailyAfterDays,
}: ForecastProps) {
  const perDay = usage?.perDay ?? null;
  if (!usage || perDay === null || !(perDay > 0)) {
    return (
      <p className="field__hint" data-testid="history-forecast" data-state="unknown">
        How fast the history grows is known after an hour of refreshes; then this says how many days fit in the limit.
      </p>
    );
  }
  const hourly = usage.hourlyPerDay ?? null;
  const daily = usage.dailyPerDay ?? null;
  const fullDays = fullHours / 24;
  const fit = daysThatFit(capMb * 1e6, perDay, hourly, fullDays, daily, dailyAfterDays);
  // The shortest hourly span offered, and what it would hold (only offered when it holds more).
  const dailySooner = DAILY_AFTER_CHOICES.find((d) => d >= fullDays && d < dailyAfterDays);
  const fitSooner =
    dailySooner === undefined ? fit : daysThatFit(capMb * 1e6, perDay, hourly, fullDays, daily, dailySooner);
  const short = fit < days;
  const fitText = fit >= 10 ? Math.floor(fit).toLocaleString('en-US') : fit.toFixed(1);
  const need = capFor(days, perDay, hourly, fullDays, daily, dailyAfterDays);
  const shorter = Math.max(1, Math.floor(fit));
  const fewer = FULL_HOURS_CHOICES.filter((h) => h < fullHours);
  return (
    <div
      data-testid="history-forecast"
      data-state={short ? 'short' : 'ok'}
      data-days-fit={Math.floor(fit)}
      data-per-day={Math.round(perDay)}
    >
      <p className="field__hint">
        At the current rate it grows by about {mb(perDay)} a day
        {dailyAfterDays > fullDays
          ? `${hourly !== null ? `, and by about ${mb(hourly)} a day once older than ${fullHours} hours (hourly per market)` : `, less once older than ${fullHours} hours (hourly per market: not measured yet, so not counted)`}${daily !== null ? `, ${mb(daily)} once older than ${dailyAfterDays} days (daily per market)` : ''}`
          : daily !== null
            ? `, and by about ${mb(daily)} a day once older than ${fullHours} hours (daily per market)`
            : hourly !== null
              ? `, and by about ${mb(hourly)} a day once older than ${fullHours} hours (daily per market: counted at the hourly rate until a daily day is measured)`
              : `, less once older than ${fullHours} hours (daily per market: not measured yet, so not counted)`}
        : about {fitText} days fit in your limit of {capMb} MB.
      </p>
      {short ? (
        <div className="hist__warn" role="status" data-testid="history-short">
          <p>
            The limit cuts the history short: you keep {days} days, but only about {fitText} fit, so the oldest days are
            dropped sooner. You can:
          </p>
          <div className="hist__actions">
            {need <= 100_000 ? (
              <button
                type="button"
                className="btn btn--small"
                onClick={() => setCapMb(need)}
                data-testid="history-raise"
              >
                Raise the limit to {need.toLocaleString('en-US')} MB
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn--small"
              onClick={() => setDays(shorter)}
              data-testid="history-shorten"
            >
              Keep {shorter === 1 ? '1 day' : `${shorter} days`}
            </button>
            {dailySooner !== undefined && fitSooner > fit ? (
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
            {fewer.length > 0 ? (
              <button
                type="button"
                className="btn btn--small"
                onClick={() => setFullHours(fewer[fewer.length - 1] as number)}
                data-testid="history-fewer"
              >
                Every market at every refresh for {fewer[fewer.length - 1]} hours only (followed items always)
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}

const EXPORT_RANGES = [
  { id: '1d', label: 'Last 24 hours', ms: DAY },
  { id: '7d', label: 'Last 7 days', ms: 7 * DAY },
  { id: '30d', label: 'Last 30 days', ms: 30 * DAY },
  { id: 'all', label: 'Everything kept', ms: Infinity },
] as const;

/** Export for analysts: a game, a range, every item or the watchlist's, every market. */
function HistoryExportSection() {
  const id = useId();
  const [selected] = useSelectedGame();
  const [watchAll] = usePref(GRID_PREFS.watchlist);
  const [game, setGame] = useState<number>(selected);
  const [range, setRange] = useState<(typeof EXPORT_RANGES)[number]['id']>('7d');
  const [items, setItems] = useState<'all' | 'watchlist'>('all');
  const watch = useMemo(() => watchAll[String(game)] ?? [], [watchAll, game]);
  const selection = useCallback(() => {
    const to = Date.now();
    const ms = EXPORT_RANGES.find((r) => r.id === range)?.ms ?? DAY;
    return {
      game,
      names: items === 'watchlist' ? [...watch] : null,
      markets: null,
      from: Number.isFinite(ms) ? to - ms : 0,
      to,
    };
  }, [game, range, items, watch]);
  return (
    <fieldset className="hist__export-set" data-testid="history-export">
      <legend className="field__label">Export for analysts</legend>
      <p className="field__hint">
        One row per change: time, item, market, side (ask or bid), price in thousandths, with the resolution of each row
        and a provenance.json (service, game, refresh interval, resolution of each part).
      </p>
      <div className="form form--grid">
        <label className="field">
          <span className="field__label">Game</span>
          <select
            id={`${id}-g`}
            className="input select"
            value={game}
            onChange={(e) => setGame(Number(e.target.value))}
          >
            {GAMES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Range</span>
          <select className="input select" value={range} onChange={(e) => setRange(e.target.value as typeof range)}>
            {EXPORT_RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Items</span>
          <select className="input select" value={items} onChange={(e) => setItems(e.target.value as typeof items)}>
            <option value="all">Every item</option>
            <option value="watchlist">The watchlist ({watch.length.toLocaleString('en-US')})</option>
          </select>
        </label>
      </div>
      <HistoryExport selection={selection} label="Export history" testId="history-export-settings" />
    </fieldset>
  );
}

export function HistorySettings() {
  const id = useId();
  const [enabled, setEnabled] = usePref(HISTORY_PREFS.enabled);
  const [days, setDays] = usePref(HISTORY_PREFS.retentionDays);
  const [capMb, setCapMb] = usePref(HISTORY_PREFS.capMb);
  const [capText, setCapText] = useState(String(capMb));
  const [fullHours, setFullHours] = usePref(HISTORY_PREFS.fullHours);
  const [dailyAfterDays, setDailyAfterDays] = usePref(HISTORY_PREFS.dailyAfterDays);
  const [usage, setUsage] = useState<Usage | null>(null);
  const [estimate, setEstimate] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const version = useHistoryVersion();
  const writer = useHistoryWriter();
  const { notices } = useStorageStatus();

  useEffect(() => {
    let live = true;
    history.usage().then(
      (u) => live && setUsage(u),
      () => live && setUsage(null),
    );
    void navigator.storage?.estimate?.().then((e) => live && setEstimate(e.usage ?? null));
    return () => {
      live = false;
    };
  }, [version]);

  // A shorter retention or a lower cap applies at once.
  useEffect(() => {
    void history.enforce(readLimits()).catch(() => undefined);
  }, [days, capMb]);
  // And a shorter full-resolution time consolidates what is now older than it.
  useEffect(() => {
    void history.consolidate(undefined, fullHours * 3_600_000, dailyAfterDays * DAY).catch(() => undefined);
  }, [fullHours, dailyAfterDays]);

  const choices: readonly number[] = (RETENTION_CHOICES as readonly number[]).includes(days)
    ? RETENTION_CHOICES
    : [...RETENTION_CHOICES, days].sort((a, b) => a - b);

  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="history-settings">
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Price history
        </h2>
      </div>
      <p className="field__hint">
        While Market Desk refreshes, it keeps every item’s ask and bid per market when they change, for the games you
        open, on this computer (IndexedDB). The grid’s sparklines and the item panel’s History chart draw it.
      </p>
      <div className="form form--grid">
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Record price
          history
        </label>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-days`}>
            Keep
          </label>
          <select
            id={`${id}-days`}
            className="input select"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          >
            {choices.map((d) => (
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
            value={fullHours}
            onChange={(e) => setFullHours(Number(e.target.value))}
          >
            {[...new Set<number>([...FULL_HOURS_CHOICES, fullHours])]
              .sort((a, b) => a - b)
              .map((h) => (
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
            value={dailyAfterDays}
            onChange={(e) => setDailyAfterDays(Number(e.target.value))}
            data-testid="history-daily-after"
          >
            {[...new Set<number>([...DAILY_AFTER_CHOICES, dailyAfterDays])]
              .sort((a, b) => a - b)
              .map((d) => (
                <option key={d} value={d}>
                  {d * 24 <= fullHours ? `none (daily after ${fullHours} h)` : `${d} days old, then daily`}
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
            min={10}
            max={100000}
            step={10}
            value={capText}
            onChange={(e) => setCapText(e.target.value)}
            onBlur={() => {
              const v = Math.round(Number(capText));
              if (Number.isFinite(v) && v >= 10 && v <= 100_000) setCapMb(v);
              else setCapText(String(capMb));
            }}
          />
        </div>
      </div>
      <HistoryForecast
        usage={usage}
        capMb={capMb}
        days={days}
        fullHours={fullHours}
        dailyAfterDays={dailyAfterDays}
        setDailyAfterDays={setDailyAfterDays}
        setCapMb={(v) => {
          setCapMb(v);
          setCapText(String(v));
        }}
        setDays={setDays}
        setFullHours={setFullHours}
      />
      <p className="field__hint" data-testid="history-usage" aria-live="polite">
        {usage
          ? `History uses about ${mb(usage.bytes)} of ${capMb} MB (${usage.chunks.toLocaleString('en-US')} chunks${usage.oldest !== null ? `, since ${new Date(usage.oldest).toLocaleString()}` : ''}).`
          : 'Reading the storage used…'}
        {estimate !== null ? ` All of Market Desk’s storage here: ${mb(estimate)}.` : ''} The oldest days are dropped
        first.
      </p>
      {enabled ? (
        <p className="field__hint" data-testid="history-writer" data-writer={writer ? 'this' : 'other'}>
          {writer
            ? 'This window records the price history.'
            : 'Another Market Desk tab or window records the price history (one at a time); this one shows it, and takes over when that one closes.'}
        </p>
      ) : null}
      {notices['history-open'] ? (
        <ErrorNotice layout="inline" message={notices['history-open']} testId="history-open-problem" />
      ) : null}
      {notices['history-write'] ? (
        <ErrorNotice layout="inline" message={notices['history-write']} testId="history-write-problem" />
      ) : null}
      {notices['history-migrate'] ? (
        <ErrorNotice layout="inline" message={notices['history-migrate']} testId="history-migrate-problem" />
      ) : null}
      <HistoryExportSection />
      <div className="hist__actions">
        {confirming ? (
          <>
            <span>Delete all price history? This cannot be undone.</span>
            <button
              type="button"
              className="btn btn--small btn--danger"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void history.clear().finally(() => {
                  setBusy(false);
                  setConfirming(false);
                });
              }}
            >
              Delete history
            </button>
            <button type="button" className="btn btn--small btn--ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn--small"
            onClick={() => setConfirming(true)}
            disabled={!usage || usage.chunks === 0}
          >
            Clear history…
          </button>
        )}
      </div>
    </section>
  );
}
