/** Desktop notifications in main, with a fake Electron Notification class and a fake window. */
import { describe, expect, it } from 'vitest';
import type { NotifyTarget } from '../../shared/alerts/notify';
import {
  createDesktopNotifier,
  NotifyError,
  revealAndOpen,
  type NotificationLike,
  type NotifyWindowLike,
} from './notify';

type Listener = (...args: unknown[]) => void;

function fakeNotificationClass(supported = true) {
  const made: FakeNotification[] = [];
  class FakeNotification implements NotificationLike {
    readonly listeners = new Map<string, Listener[]>();
    shown = 0;
    closed = 0;
    constructor(readonly options: { title: string; body: string; silent?: boolean }) {
      made.push(this);
    }
    static isSupported(): boolean {
      return supported;
    }
    on(event: string, listener: Listener): this {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    show(): void {
      this.shown++;
    }
    close(): void {
      this.closed++;
      this.emit('close');
    }
    emit(event: string): void {
      for (const l of this.listeners.get(event) ?? []) l({});
    }
  }
  return { FakeNotification, made };
}

const target: NotifyTarget = { game: 730, item: 'AK-47 | Redline (Field-Tested)', alertId: 'a1' };
const request = { title: 'AK-47 | Redline (Field-Tested)', body: 'Best ask $9.80 on Buff163: below $10.00', target };

describe('createDesktopNotifier', () => {
  it('shows a validated notification and reports the click with its target', () => {
    const { FakeNotification, made } = fakeNotificationClass();
    const clicks: NotifyTarget[] = [];
    const notifier = createDesktopNotifier({ Notification: FakeNotification, onClick: (t) => clicks.push(t) });
    expect(notifier.notify(request)).toEqual({ shown: true });
    expect(made).toHaveLength(1);
    expect(made[0]!.options).toEqual({ title: request.title, body: request.body, silent: false });
    expect(made[0]!.shown).toBe(1);
    // Kept referenced until clicked, so the click is not lost to garbage collection.
    expect(notifier.live).toBe(1);
    made[0]!.emit('click');
    expect(clicks).toEqual([target]);
    expect(notifier.live).toBe(0);
  });

  it('lets go of a notification when it is closed, and of the oldest beyond the cap', () => {
    const { FakeNotification, made } = fakeNotificationClass();
    const notifier = createDesktopNotifier({ Notification: FakeNotification, onClick: () => {}, maxLive: 2 });
    notifier.notify(request);
    made[0]!.emit('close');
    expect(notifier.live).toBe(0);
    for (let i = 0; i < 3; i++) notifier.notify(request);
    expect(notifier.live).toBe(2);
    notifier.dispose();
    expect(notifier.live).toBe(0);
    expect(made.slice(2).every((n) => n.closed === 1)).toBe(true);
  });

  it('refuses invalid requests before making anything', () => {
    const { FakeNotification, made } = fakeNotificationClass();
    const notifier = createDesktopNotifier({ Notification: FakeNotification, onClick: () => {} });
    const bad: unknown[] = [
      undefined,
      'text',
      { ...request, title: '' },
      { ...request, title: 'x'.repeat(201) },
      { ...request, body: 'x'.repeat(1001) },
      { ...request, target: { ...target, game: -1 } },
      { ...request, target: { ...target, alertId: '../x' } },
      { ...request, target: { ...target, item: '' } },
    ];
    for (const b of bad) expect(() => notifier.notify(b), JSON.stringify(b)).toThrow(NotifyError);
    expect(made).toHaveLength(0);
  });

  it('answers shown:false with a reason where the system has no notifications', () => {
    const { FakeNotification, made } = fakeNotificationClass(false);
    const notifier = createDesktopNotifier({ Notification: FakeNotification, onClick: () => {} });
    const result = notifier.notify(request);
    expect(result.shown).toBe(false);
    expect(result.reason).toMatch(/does not support/);
    expect(made).toHaveLength(0);
  });
});

function fakeWindow(over: { minimized?: boolean; loading?: boolean; destroyed?: boolean } = {}) {
  const calls: string[] = [];
  const sent: Array<{ channel: string; payload: unknown }> = [];
  let onLoad: (() => void) | null = null;
  const win: NotifyWindowLike = {
    isDestroyed: () => over.destroyed === true,
    isMinimized: () => over.minimized === true,
    restore: () => void calls.push('restore'),
    show: () => void calls.push('show'),
    focus: () => void calls.push('focus'),
    webContents: {
      isLoading: () => over.loading === true,
      once: (_event, listener) => {
        onLoad = listener;
      },
      send: (channel, payload) => void sent.push({ channel, payload }),
    },
  };
  return { win, calls, sent, load: () => onLoad?.() };
}

describe('revealAndOpen', () => {
  it('restores a minimized window, shows and focuses it, then sends the target', () => {
    const w = fakeWindow({ minimized: true });
    revealAndOpen(w.win, 'market-desk:notification-click', target);
    expect(w.calls).toEqual(['restore', 'show', 'focus']);
    expect(w.sent).toEqual([{ channel: 'market-desk:notification-click', payload: target }]);
  });

  it('waits for a loading page before sending', () => {
    const w = fakeWindow({ loading: true });
    revealAndOpen(w.win, 'c', target);
    expect(w.calls).toEqual(['show', 'focus']);
    expect(w.sent).toEqual([]);
    w.load();
    expect(w.sent).toEqual([{ channel: 'c', payload: target }]);
  });

  it('does nothing with a destroyed window', () => {
    const w = fakeWindow({ destroyed: true });
    revealAndOpen(w.win, 'c', target);
    expect(w.calls).toEqual([]);
    expect(w.sent).toEqual([]);
  });
});

describe('IPC notify handler', () => {
  const fromApp = { senderFrame: { url: 'app://market-desk/index.html' } };

  it('validates, checks the sender and answers the notifier result', async () => {
    const { createIpcHandlers } = await import('./ipc');
    const { IPC } = await import('../common/ipc-channels');
    const seen: unknown[] = [];
    const base = {
      connection: {} as never,
      openExternal: async () => undefined,
      files: { saveFile: async () => ({ saved: false }), saveFiles: async () => ({ saved: false }) },
    };
    const handlers = createIpcHandlers({ ...base, notify: (r) => (seen.push(r), { shown: true }) });
    expect(await handlers[IPC.notify](fromApp, request)).toEqual({ shown: true });
    expect(seen).toEqual([request]);
    expect(() => handlers[IPC.notify](fromApp, { ...request, title: '' })).toThrow(/invalid request/);
    expect(() => handlers[IPC.notify]({ senderFrame: { url: 'https://evil.example/' } }, request)).toThrow(
      /did not come from/,
    );
    expect(seen).toHaveLength(1);
    // A host without notifications says so.
    const none = createIpcHandlers(base);
    expect(await none[IPC.notify](fromApp, request)).toMatchObject({ shown: false });
  });
});
