/**
 * Desktop notifications for the renderer's alerts (IPC `notify`), with Electron's `Notification` class and the
 * window injected so tests run it with fakes. The request is validated again here (shared/alerts).
 * A shown notification is kept referenced until it is clicked or closed: Electron drops the click of a
 * notification object that was garbage-collected. A click brings the window forward (restored, shown,
 * focused) and tells the page which item to open.
 */
import { NotifyRequestSchema, type NotifyResult, type NotifyTarget } from '../../shared/alerts/notify';

/** The part of an Electron Notification used here. */
export interface NotificationLike {
  on(event: 'click' | 'close' | 'failed', listener: (...args: unknown[]) => void): unknown;
  show(): void;
  close(): void;
}

/** The part of Electron's Notification class used here. */
interface NotificationClass {
  new (options: { title: string; body: string; silent?: boolean }): NotificationLike;
  isSupported(): boolean;
}

/** The part of a BrowserWindow a click needs. */
export interface NotifyWindowLike {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  readonly webContents: {
    isLoading(): boolean;
    once(event: 'did-finish-load', listener: () => void): unknown;
    send(channel: string, payload: unknown): void;
  };
}

/** A refusal whose message may reach the page (IPC passes it through). */
export class NotifyError extends Error {
  override readonly name = 'NotifyError';
}

export interface DesktopNotifierDeps {
  Notification: NotificationClass;
  /** Called with the notification's target when the user clicks it. */
  onClick(target: NotifyTarget): void;
  /** Notifications kept referenced at most (the oldest are let go). */
  maxLive?: number;
}

export interface DesktopNotifier {
  notify(request: unknown): NotifyResult;
  /** How many notifications are kept for their click (tests). */
  readonly live: number;
  dispose(): void;
}

export function createDesktopNotifier(deps: DesktopNotifierDeps): DesktopNotifier {
  const maxLive = deps.maxLive ?? 50;
  const live = new Set<NotificationLike>();
  return {
    notify(request) {
      const parsed = NotifyRequestSchema.safeParse(request);
      if (!parsed.success) throw new NotifyError('Refused: invalid notification.');
      const { title, body, target } = parsed.data;
      if (!deps.Notification.isSupported())
        return { shown: false, reason: 'This system does not support desktop notifications.' };
      let n: NotificationLike;
      try {
        n = new deps.Notification({ title, body, silent: false });
      } catch {
        return { shown: false, reason: 'The system refused to show the notification.' };
      }
      const forget = () => void live.delete(n);
      n.on('click', () => {
        forget();
        deps.onClick(target);
      });
      n.on('close', forget);
      n.on('failed', forget);
      live.add(n);
      while (live.size > maxLive) {
        const oldest = live.values().next().value;
        if (oldest === undefined) break;
        live.delete(oldest);
      }
      n.show();
      return { shown: true };
    },
    get live() {
      return live.size;
    },
    dispose() {
      for (const n of live) n.close();
      live.clear();
    },
  };
}

/** Brings the window forward and sends the target to the page (after it has loaded, if it is loading). */
export function revealAndOpen(window: NotifyWindowLike, channel: string, target: NotifyTarget): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
  const send = () => {
    if (!window.isDestroyed()) window.webContents.send(channel, target);
  };
  if (window.webContents.isLoading()) window.webContents.once('did-finish-load', send);
  else send();
}
