/** The Alerts page's desktop notification switch: web asks the browser on the button press; desktop is always on. */
import { useEffect, useState } from 'react';
import type { NotifyPermission } from '../../../shared/alerts/notify';
import { useConnection } from '../../platform/connection';

const PERMISSION_TEXT: Record<NotifyPermission, string> = {
  granted: 'Desktop notifications on',
  default: 'Desktop notifications off',
  denied: 'Notifications blocked by the browser',
  unsupported: 'No desktop notifications in this browser',
};

/** Web: the permission state and the button that asks; desktop: always on (the system may still mute them). */
export function NotificationSwitch() {
  const { api } = useConnection();
  const [permission, setPermission] = useState<NotifyPermission>(() => api.notificationPermission());
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    // The user may change it in the browser's site settings meanwhile.
    const onFocus = () => setPermission(api.notificationPermission());
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [api]);
  const title =
    permission === 'denied'
      ? 'Allow notifications for this page in the browser’s site settings, then come back here.'
      : api.host === 'electron'
        ? 'Shown by the operating system; its notification settings apply.'
        : undefined;
  return (
    <span className="al-notify" data-testid="notify-permission" data-permission={permission} title={title}>
      <span className={`al-dot is-${permission}`} aria-hidden="true" />
      <span>
        {api.host === 'electron' && permission === 'granted'
          ? 'Desktop notifications on (system)'
          : PERMISSION_TEXT[permission]}
      </span>
      {permission === 'default' ? (
        <button
          type="button"
          className="btn btn--small btn--primary"
          disabled={asking}
          onClick={async () => {
            setAsking(true);
            try {
              setPermission(await api.requestNotificationPermission());
            } finally {
              setAsking(false);
            }
          }}
        >
          Enable desktop notifications
        </button>
      ) : null}
    </span>
  );
}
