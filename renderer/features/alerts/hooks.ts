/** React access to the alerts runtime, the "seen" mark of the history, and unstable reasons on demand. */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useClient } from 'urql';
import { z } from 'zod';
import { definePreference, usePref } from '../../lib/preferences';
import { useDataSource } from '../../market/providers';
import { alertsRuntime, type AlertsView } from './alert-checks';
import { createUnstableLookup, type UnstableLookup } from './unstable';

export function useAlerts(): AlertsView {
  const runtime = alertsRuntime();
  return useSyncExternalStore(runtime.subscribe, runtime.get, runtime.get);
}

/** The alerts alone (what any page may read: requests/alert-list.ts, published by the runtime). */
export { useAlertList } from '../../requests/alert-list';

export const ALERT_PREFS = {
  /** Firings after this time (ms) are new: the Alerts tab counts them until the page is seen. */
  seenAt: definePreference<number>('alerts.seenAt', z.number().int().min(0), 0),
} as const;

/** Firings that notified (or tried to) since the Alerts page was last seen. */
export function useUnseenCount(): number {
  const { firings } = useAlerts();
  const [seenAt] = usePref(ALERT_PREFS.seenAt);
  return useMemo(() => firings.filter((f) => f.at > seenAt && !f.silenced).length, [firings, seenAt]);
}

function useUnstableLookup(): UnstableLookup | null {
  const queryClient = useQueryClient();
  const client = useClient();
  const { sourceKey } = useDataSource();
  return useMemo(
    () => (sourceKey ? createUnstableLookup({ queryClient, client, source: sourceKey }) : null),
    [queryClient, client, sourceKey],
  );
}

export type ReasonsState = { status: 'loading' } | { status: 'done'; reasons: string[] | null };

/** The unstable reasons of several items (one look-up per item; the game's answer is fetched once). */
export function useUnstableReasons(
  items: ReadonlyArray<{ game: number; item: string }>,
): ReadonlyMap<string, ReasonsState> {
  const lookup = useUnstableLookup();
  const key = items.map((i) => `${i.game}\u0000${i.item}`).join('\u0001');
  const [result, setResult] = useState<ReadonlyMap<string, ReasonsState>>(new Map());
  useEffect(() => {
    if (!lookup || !key) return;
    let live = true;
    const wanted = key.split('\u0001');
    setResult(new Map(wanted.map((k) => [k, { status: 'loading' } as const])));
    void (async () => {
      for (const k of wanted) {
        const [g, item] = k.split('\u0000') as [string, string];
        const reasons = await lookup(Number(g), item);
        if (!live) return;
        setResult((prev) => new Map(prev).set(k, { status: 'done', reasons }));
      }
    })();
    return () => {
      live = false;
    };
  }, [lookup, key]);
  return result;
}

export function reasonsKey(game: number, item: string): string {
  return `${game}\u0000${item}`;
}

/** One item's unstable reasons (the editor's stability note); undefined until its look-up starts. */
export function useItemReasons(game: number, item: string): ReasonsState | undefined {
  const reasons = useUnstableReasons(useMemo(() => (item ? [{ game, item }] : []), [game, item]));
  return reasons.get(reasonsKey(game, item));
}
