/**
 * The Alerts page (#/alerts, Ctrl+4): every alert (on/off, edit, delete with undo, open the item) with its
 * value at the last check and where it stands (armed, waiting to re-arm, cooling down, no price), the
 * recommendations' unstable reasons of its item, the history of firings, and the desktop notification
 * switch (web: the browser asks on the button press; desktop: always on).
 */
import { refreshIntervalLabel } from '../../lib/preferences';
import { refreshPrices } from '../../market/engine/MarketEngineProvider';
import { AlertList } from './AlertTable';
import { FiringHistory } from './FiringHistory';
import { NotificationSwitch } from './NotificationSwitch';
import { UndoButton } from './UndoNote';
import { useAlertsPage } from './useAlertsPage';
import './alerts.css';

export function AlertsScreen() {
  const page = useAlertsPage();
  const { view, interval, fetching, note, enabledCount } = page;
  return (
    <div className="page al-page" data-testid="alerts-screen">
      <div className="page__head al-head">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          Alerts
        </h1>
        <span className="page__subtitle">
          {view.alerts.length === 0
            ? 'Checked on every price refresh'
            : `${enabledCount} of ${view.alerts.length} on · checked on every price refresh (${refreshIntervalLabel(interval).toLowerCase()})`}
          {view.alerts.length > 0 && !view.checking ? ' in the other Market Desk tab' : ''}
        </span>
        <span className="al-spacer" />
        <NotificationSwitch />
        <button
          type="button"
          className="btn btn--small"
          disabled={fetching || enabledCount === 0}
          title="Load prices now and check every alert"
          onClick={() => void refreshPrices()}
        >
          {fetching ? 'Checking…' : 'Check now'}
        </button>
      </div>

      {view.problem ? (
        <p className="al-problem" role="alert">
          {view.problem}
        </p>
      ) : null}
      {view.invalid > 0 ? (
        <p className="al-problem is-info">
          {view.invalid} saved {view.invalid === 1 ? 'record' : 'records'} could not be read (from another version?) and{' '}
          {view.invalid === 1 ? 'is' : 'are'} left out.
        </p>
      ) : null}
      {note ? (
        <p className="al-problem is-info" role="status">
          {note.text} <UndoButton note={note} onDone={page.clearNote} />
        </p>
      ) : null}

      <AlertList page={page} />
      <FiringHistory page={page} />
    </div>
  );
}
