/**
 * The Alerts page; its watcher (checks each fresh price load) and editor dialog run on every page, and its
 * tab counts the firings since the page was last seen.
 */
import type { PageDescriptor } from '../../lib/pages';
import { pageShortcut } from '../../lib/shortcuts';
import { AlertEditorHost } from './editor/AlertEditorHost';
import { AlertsScreen } from './AlertsScreen';
import { AlertsWatcher } from './AlertsWatcher';
import { useUnseenCount } from './hooks';

function UnseenBadge({ current }: { current: boolean }) {
  const unseen = useUnseenCount();
  return unseen > 0 && !current ? (
    <span className="nav__badge" data-testid="alerts-unseen">
      {unseen > 99 ? '99+' : unseen}
      <span className="visually-hidden"> new</span>
    </span>
  ) : null;
}

function AlertsBackground() {
  return (
    <>
      <AlertsWatcher />
      <AlertEditorHost />
    </>
  );
}

export const page: PageDescriptor = {
  route: 'alerts',
  label: 'Alerts',
  shortcut: pageShortcut('alerts', 4, 'Alerts'),
  Screen: AlertsScreen,
  what: 'Alerts',
  keywords: 'notifications notify price alert history',
  Badge: UnseenBadge,
  Background: AlertsBackground,
};
