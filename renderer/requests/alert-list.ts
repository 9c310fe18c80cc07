/**
 * The user's alerts as any page reads them (the Prices grid's marks, every detail panel's count): the Alerts
 * page's runtime publishes its list here on each change (features/alerts/alert-checks.ts), so a page needs
 * no import of another page to count an item's alerts. A new list only when an alert is added, edited or
 * deleted (a check's new states and firings do not re-render readers).
 */
import { useSyncExternalStore } from 'react';
import { createStore } from '../lib/store';

/** What a count or a mark needs of an alert. */
export interface AlertOnItem {
  game: number;
  item: string;
  enabled: boolean;
}

const list = createStore<readonly AlertOnItem[]>([]);

export function publishAlertList(alerts: readonly AlertOnItem[]): void {
  list.set(alerts);
}

export function alertList(): readonly AlertOnItem[] {
  return list.get();
}

/** All the alerts (any game). */
export function useAlertList(): readonly AlertOnItem[] {
  return useSyncExternalStore(list.subscribe, list.get, list.get);
}
