/**
 * The status bar's word on local data (storage/status.ts notices): a price history poll not saved, an
 * alerts or portfolio database that cannot be opened or written… Shown on every page, since these
 * failures happen in the background; the whole text is in Settings (a click goes there).
 */
import { navigate } from '../lib/route';
import { useStorageStatus, type NoticeKey } from '../lib/storage/status';

const SHORT: Record<NoticeKey, string> = {
  'history-open': 'Price history cannot be opened',
  'history-write': 'Price history not saved',
  'history-migrate': 'Price history not converted',
  'alerts-open': 'Alerts cannot be opened',
  'alerts-check': 'Alerts not checked',
  'alerts-routes': 'Scanner rule alerts not checked',
  'offline-open': 'Offline copies cannot be opened',
  'offline-write': 'Offline copy not saved',
  'portfolio-open': 'Portfolio cannot be opened',
  'portfolio-write': 'Portfolio not saved',
};

export function LocalDataProblems() {
  const { notices } = useStorageStatus();
  const keys = (Object.keys(notices) as NoticeKey[]).filter((k) => notices[k]);
  if (keys.length === 0) return null;
  const first = keys[0] as NoticeKey;
  const label = keys.length === 1 ? SHORT[first] : `${SHORT[first]} (+${keys.length - 1} more)`;
  return (
    <button
      type="button"
      className="statusbar__item statusbar__problem"
      data-tone="error"
      data-testid="status-local-data"
      title={keys.map((k) => notices[k]).join('\n')}
      onClick={() => navigate('settings')}
    >
      <span className="statusbar__dot" aria-hidden="true" />
      <span role="status">{label}: see Settings</span>
    </button>
  );
}
