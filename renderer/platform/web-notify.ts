/** Desktop notifications in the browser: the Notification API, after the user allows it from a button press. */
import type { DesktopApi } from '../../shared/bridge/desktop-api';
import { NotifyRequestSchema, type NotifyPermission, type NotifyTarget } from '../../shared/alerts/notify';
import { PlatformError, describeError } from './errors';
import { Emitter } from './types';

/** The part of the browser's Notification API the web host uses (injectable for tests). */
export interface BrowserNotifications {
  permission(): NotifyPermission;
  requestPermission(): Promise<NotifyPermission>;
  /** Shows one; `onClick` runs when the user clicks it. Throws when the browser refuses. */
  show(title: string, options: { body: string; tag: string }, onClick: () => void): void;
}

function asPermission(p: unknown): NotifyPermission {
  return p === 'granted' || p === 'denied' || p === 'default' ? p : 'unsupported';
}

/** window.Notification, or 'unsupported' everywhere when the browser has none. */
function browserNotifications(): BrowserNotifications {
  const N = (globalThis as { Notification?: typeof Notification }).Notification;
  return {
    permission: () => (N ? asPermission(N.permission) : 'unsupported'),
    async requestPermission() {
      if (!N) return 'unsupported';
      return asPermission(await N.requestPermission());
    },
    show(title, options, onClick) {
      if (!N) throw new Error('This browser has no notifications.');
      const n = new N(title, options);
      n.onclick = () => {
        globalThis.focus?.();
        n.close();
        onClick();
      };
    },
  };
}

type WebNotify = Pick<
  DesktopApi,
  'notify' | 'onNotificationClick' | 'notificationPermission' | 'requestNotificationPermission'
>;

/** The DesktopApi's notification methods; a click on one focuses the tab and is passed to onNotificationClick. */
export function createWebNotify(notifications: BrowserNotifications = browserNotifications()): WebNotify {
  const clicks = new Emitter<NotifyTarget>();
  return {
    async notify(request) {
      const parsed = NotifyRequestSchema.safeParse(request);
      if (!parsed.success) throw new PlatformError('refused', 'Market Desk could not prepare that notification.');
      const permission = notifications.permission();
      if (permission === 'unsupported') return { shown: false, reason: 'This browser has no desktop notifications.' };
      if (permission === 'denied')
        return { shown: false, reason: 'The browser blocks notifications for this page (see its site settings).' };
      if (permission === 'default')
        return { shown: false, reason: 'Desktop notifications are not enabled yet (Alerts page).' };
      const { title, body, target } = parsed.data;
      try {
        notifications.show(title, { body, tag: `market-desk-alert-${target.alertId}` }, () => clicks.emit(target));
        return { shown: true };
      } catch (e) {
        return { shown: false, reason: `The browser refused the notification: ${describeError(e)}`.slice(0, 300) };
      }
    },
    onNotificationClick: (listener) => clicks.on(listener),
    notificationPermission: () => notifications.permission(),
    requestNotificationPermission: () => notifications.requestPermission(),
  };
}
