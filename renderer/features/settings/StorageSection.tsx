/**
 * Settings → Storage on this computer: whether the browser keeps Market Desk's data when the disk runs
 * short (storage/persist.ts), and what is wrong with the alerts' and offline copies' databases (a newer
 * build's database, an upgrade waiting for another tab, a full disk). Price history says its own in its
 * card (HistorySettings).
 */
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useStorageStatus, type NoticeKey, type Persistence } from '../../lib/storage/status';

const SHOWN_HERE: readonly NoticeKey[] = [
  'alerts-open',
  'alerts-check',
  'alerts-routes',
  'offline-open',
  'offline-write',
  'portfolio-open',
  'portfolio-write',
];

function persistenceText(p: Persistence): string {
  switch (p.state) {
    case 'persisted':
      return 'Kept: the browser will not delete Market Desk’s price history, alerts and offline copies to free disk space.';
    case 'not-persisted':
      return 'Not protected: the browser may delete Market Desk’s price history, alerts and offline copies when the disk is short of space. It decides by itself (how often you use the app, a bookmark…); keep some disk space free.';
    case 'unsupported':
      return 'This browser cannot be asked to keep Market Desk’s data: it may delete price history, alerts and offline copies when the disk is short of space.';
    case 'error':
      return `The browser could not be asked to keep Market Desk’s data (${p.detail}): it may delete it when the disk is short of space.`;
    case 'unknown':
      return 'Asking the browser to keep Market Desk’s data…';
  }
}

export function StorageSection() {
  const { persistence, notices } = useStorageStatus();
  const problems = SHOWN_HERE.flatMap((k) => (notices[k] ? [[k, notices[k]] as const] : []));
  return (
    <section className="card" aria-labelledby="storage-h" data-testid="storage-settings">
      <h2 id="storage-h" className="card__title">
        Storage on this computer
      </h2>
      <p className="card__text" data-testid="storage-persistence" data-state={persistence.state} aria-live="polite">
        {persistenceText(persistence)}
      </p>
      {problems.map(([k, text]) => (
        <ErrorNotice key={k} layout="inline" message={text} testId={`storage-notice-${k}`} />
      ))}
    </section>
  );
}
