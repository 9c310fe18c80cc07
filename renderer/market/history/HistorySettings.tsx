/** Settings → Price history: on/off, retention, size cap, the storage used, and Clear history. */
import { useEffect, useId, useState } from 'react';
import './history.css';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { usePref } from '../../lib/preferences';
import { useStorageStatus } from '../../lib/storage/status';
import { history, useHistoryVersion, useHistoryWriter } from './client';
import { HISTORY_PREFS, RETENTION_CHOICES, readLimits } from './prefs';
import type { Usage } from './store';

function mb(bytes: number): string {
  return bytes < 1e6 ? `${(bytes / 1e3).toFixed(0)} kB` : `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
}

export function HistorySettings() {
  const id = useId();
  const [enabled, setEnabled] = usePref(HISTORY_PREFS.enabled);
  const [days, setDays] = usePref(HISTORY_PREFS.retentionDays);
  const [capMb, setCapMb] = usePref(HISTORY_PREFS.capMb);
  const [capText, setCapText] = useState(String(capMb));
  const [usage, setUsage] = useState<Usage | null>(null);
  const [estimate, setEstimate] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const version = useHistoryVersion();
  const writer = useHistoryWriter();
  const { notices } = useStorageStatus();

  useEffect(() => {
    let live = true;
    history.usage().then((u) => live && setUsage(u), () => live && setUsage(null));
    void navigator.storage?.estimate?.().then((e) => live && setEstimate(e.usage ?? null));
    return () => {
      live = false;
    };
  }, [version]);

  // A shorter retention or a lower cap applies at once.
  useEffect(() => {
    void history.enforce(readLimits()).catch(() => undefined);
  }, [days, capMb]);

  const choices: readonly number[] = (RETENTION_CHOICES as readonly number[]).includes(days) ? RETENTION_CHOICES : [...RETENTION_CHOICES, days].sort((a, b) => a - b);

  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="history-settings">
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Price history
        </h2>
      </div>
      <p className="field__hint">
        While Market Desk refreshes, it keeps every item’s ask and bid per market when they change, for the games you open, on this
        computer (IndexedDB). The grid’s sparklines and the item panel’s History chart draw it.
      </p>
      <div className="form form--grid">
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Record price history
        </label>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-days`}>
            Keep
          </label>
          <select id={`${id}-days`} className="input select" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {choices.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? '1 day' : `${d} days`}
              </option>
            ))}
          </select>
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
      <p className="field__hint" data-testid="history-usage" aria-live="polite">
        {usage
          ? `History uses about ${mb(usage.bytes)} of ${capMb} MB (${usage.chunks.toLocaleString('en-US')} records${usage.oldest !== null ? `, since ${new Date(usage.oldest).toLocaleString()}` : ''}).`
          : 'Reading the storage used…'}
        {estimate !== null ? ` All of Market Desk’s storage here: ${mb(estimate)}.` : ''} The oldest days are dropped first.
      </p>
      {enabled ? (
        <p className="field__hint" data-testid="history-writer" data-writer={writer ? 'this' : 'other'}>
          {writer
            ? 'This window records the price history.'
            : 'Another Market Desk tab or window records the price history (one at a time); this one shows it, and takes over when that one closes.'}
        </p>
      ) : null}
      {notices['history-open'] ? <ErrorNotice layout="inline" message={notices['history-open']} testId="history-open-problem" /> : null}
      {notices['history-write'] ? <ErrorNotice layout="inline" message={notices['history-write']} testId="history-write-problem" /> : null}
      {notices['history-migrate'] ? <ErrorNotice layout="inline" message={notices['history-migrate']} testId="history-migrate-problem" /> : null}
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
          <button type="button" className="btn btn--small" onClick={() => setConfirming(true)} disabled={!usage || usage.chunks === 0}>
            Clear history…
          </button>
        )}
      </div>
    </section>
  );
}
