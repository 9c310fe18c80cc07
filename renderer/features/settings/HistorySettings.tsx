/**
 * Settings → Price history: on/off, retention, size cap, how long every market stays at every refresh, the
 * storage used, the growth a day and the days that fit (and the choices when that is short of the
 * retention), exports for analysts, and Clear history.
 */
import { useId, useState } from 'react';
import './HistorySettings.css';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useStorageStatus } from '../../lib/storage/status';
import { history, useHistoryWriter } from '../../market/history/client';
import type { Usage } from '../../market/history/store';
import { mb } from './history-forecast';
import { HistoryExportSection } from './HistoryExportSection';
import { HistoryForecast } from './HistoryForecast';
import { HistoryLimitFields } from './HistoryLimitFields';
import { useHistorySettings } from './useHistorySettings';

export function HistorySettings() {
  const id = useId();
  const m = useHistorySettings();
  const { usage, estimate, capMb } = m;
  const writer = useHistoryWriter();
  const { notices } = useStorageStatus();
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
      <HistoryLimitFields m={m} />
      <HistoryForecast
        usage={usage}
        capMb={capMb}
        days={m.days}
        fullHours={m.fullHours}
        dailyAfterDays={m.dailyAfterDays}
        setDailyAfterDays={m.setDailyAfterDays}
        setCapMb={m.setCapMb}
        setDays={m.setDays}
        setFullHours={m.setFullHours}
      />
      <p className="field__hint" data-testid="history-usage" aria-live="polite">
        {usage
          ? `History uses about ${mb(usage.bytes)} of ${capMb} MB (${usage.chunks.toLocaleString('en-US')} chunks${usage.oldest !== null ? `, since ${new Date(usage.oldest).toLocaleString()}` : ''}).`
          : 'Reading the storage used…'}
        {estimate !== null ? ` All of Market Desk’s storage here: ${mb(estimate)}.` : ''} The oldest days are dropped
        first.
      </p>
      {m.enabled ? (
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
      <ClearHistory usage={usage} />
    </section>
  );
}

/** Clear history asks first; it is offered once something is kept. */
function ClearHistory({ usage }: { usage: Usage | null }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
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
  );
}
