/**
 * The Alerts page's model: the alerts and firings from the runtime, the "seen" mark (the tab's count of new
 * firings goes back to zero while the page is open), the unstable reasons of the alerts' items, delete with
 * undo, and the figures the page head shows.
 */
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { APP_PREFERENCES, useMoneyFormat, usePref } from '../../lib/preferences';
import { usePages } from '../../lib/pages';
import { planMarkets, GRID_PREFS } from '../../market/prefs';
import { QUERY_KEYS } from '../../market/query-keys';
import { alertsRuntime } from './alert-checks';
import { ALERT_PREFS, reasonsKey, useAlerts, useUnstableReasons } from './hooks';
import type { Alert } from './model/types';
import type { UndoNote } from './UndoNote';

/** Market names from the user's market list (any game: the names don't depend on it). */
function useNameOf(): (slug: string) => string {
  const [list] = usePref(GRID_PREFS.markets);
  return useMemo(() => planMarkets(list, null, 730).nameOf, [list]);
}

/** Each alerted item once, in the alerts' order. */
function alertedItems(alerts: readonly Alert[]): Array<{ game: number; item: string }> {
  const seen = new Set<string>();
  const out: Array<{ game: number; item: string }> = [];
  for (const a of alerts) {
    const k = reasonsKey(a.game, a.item);
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ game: a.game, item: a.item });
    }
  }
  return out;
}

export function useAlertsPage() {
  const pricesKeys = usePages().pages.find((p) => p.route === 'prices')?.shortcut.keys;
  const view = useAlerts();
  const money = useMoneyFormat();
  const nameOf = useNameOf();
  const [seenAt, setSeenAt] = usePref(ALERT_PREFS.seenAt);
  const [interval] = usePref(APP_PREFERENCES.refreshIntervalSeconds);
  const fetching = useIsFetching({ queryKey: [QUERY_KEYS.prices] }) > 0;
  const [note, setNote] = useState<UndoNote | null>(null);

  const newest = view.firings[0]?.at ?? 0;
  useEffect(() => {
    if (newest > seenAt) setSeenAt(newest);
  }, [newest, seenAt, setSeenAt]);

  const items = useMemo(() => alertedItems(view.alerts), [view.alerts]);
  const reasons = useUnstableReasons(items);

  const remove = async (a: Alert) => {
    const removed = await alertsRuntime()
      .remove(a.id)
      .catch(() => null);
    if (removed)
      setNote({ text: `Deleted the alert on ${a.item}.`, undo: () => void alertsRuntime().restore(removed) });
  };

  return {
    pricesKeys,
    view,
    money,
    nameOf,
    seenAt,
    interval,
    fetching,
    note,
    clearNote: () => setNote(null),
    reasons,
    remove,
    enabledCount: view.alerts.filter((a) => a.enabled).length,
  };
}
