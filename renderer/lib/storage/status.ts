/**
 * What the Settings page says about this computer's storage: whether the browser keeps it under disk
 * pressure (persist.ts), and the problems of the databases (price history, alerts, offline copies, portfolio):
 * a write that failed, a database saved by a newer Market Desk, an upgrade waiting for another tab. One
 * small external store, so a problem found in a worker or a background write reaches the page.
 */
import { createStore, useStore } from '../store';

export type Persistence =
  /** Not asked yet. */
  | { state: 'unknown' }
  /** No StorageManager here (old browser, insecure page). */
  | { state: 'unsupported' }
  | { state: 'persisted' }
  /** The browser said no: it may delete the data when the disk is short of space. */
  | { state: 'not-persisted' }
  | { state: 'error'; detail: string };

/** A notice's key: the database and what it is about. */
export type NoticeKey =
  | 'history-open'
  | 'history-write'
  | 'history-migrate'
  | 'alerts-open'
  | 'alerts-check'
  | 'alerts-routes'
  | 'offline-open'
  | 'offline-write'
  | 'portfolio-open'
  | 'portfolio-write';

export interface StorageStatus {
  persistence: Persistence;
  /** Current problems, by key (a fixed problem is removed). */
  notices: Readonly<Partial<Record<NoticeKey, string>>>;
}

const store = createStore<StorageStatus>({ persistence: { state: 'unknown' }, notices: {} });

export function storageStatus(): StorageStatus {
  return store.get();
}

export function setPersistence(p: Persistence): void {
  store.set({ ...store.get(), persistence: p });
}

/** Sets (text) or clears (null) a notice; nothing happens when it is unchanged. */
export function setNotice(key: NoticeKey, text: string | null): void {
  const status = store.get();
  if ((status.notices[key] ?? null) === text) return;
  const notices = { ...status.notices };
  if (text === null) delete notices[key];
  else notices[key] = text;
  store.set({ ...status, notices });
}

export function useStorageStatus(): StorageStatus {
  return useStore(store);
}
