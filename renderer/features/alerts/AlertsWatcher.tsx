/**
 * Runs the alerts, whatever page is shown: for each game with an enabled alert, the grid's price query for
 * the user's markets (the same react-query entry the Prices page uses, so no second download while it is
 * open; refreshed on the app's interval, also while the window is hidden), and a check of the game's
 * alerts on each fresh load (not a placeholder, a stale fallback or a restored offline copy). Also opens
 * the item when a notification is clicked. Renders nothing.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useClient } from 'urql';
import { isGameId } from '../../../shared/catalog/games';
import type { NotifyTarget } from '../../../shared/alerts/notify';
import { useConnection } from '../../platform/connection';
import { APP_PREFERENCES, useMoneyFormat, writePreference } from '../../lib/preferences';
import { useDataSource } from '../../market/providers';
import { navigate } from '../../lib/route';
import { readFees, useMarketPlan } from '../../market/prefs';
import { useGridData } from '../../market/useGridData';
import { useRequestDemand, useRequestPlan } from '../../market/request-plan';
import { useAlerts } from './hooks';
import { alertsRuntime } from './runtime';
import { createUnstableLookup } from './unstable';
import { whenIdle } from '../../lib/idle';
import { setNotice } from '../../lib/storage/status';
import { errorText } from '../../lib/storage/versioned-db';

/** A notification was clicked: its game, then the item on the Prices page (its detail panel opens). */
export function openAlertTarget(target: Pick<NotifyTarget, 'game' | 'item'>): void {
  if (isGameId(target.game)) writePreference(APP_PREFERENCES.game, target.game);
  navigate('prices', { item: target.item });
}

export function AlertsWatcher() {
  const { alerts } = useAlerts();
  const { api } = useConnection();
  const games = useMemo(() => [...new Set(alerts.filter((a) => a.enabled).map((a) => a.game))].sort((a, b) => a - b), [alerts]);
  useEffect(() => api.onNotificationClick(openAlertTarget), [api]);
  // The request planner counts these games' refreshes too.
  useRequestDemand('alerts', games);
  return (
    <>
      {games.map((g) => (
        <GameWatcher key={g} game={g} />
      ))}
    </>
  );
}

function GameWatcher({ game }: { game: number }) {
  const plan = useMarketPlan(game);
  // A request limit may leave out games no open page shows (shared/budget/planner): then no load.
  const requests = useRequestPlan();
  const skipped = requests.stretched && requests.feeds.some((f) => f.game === game && f.intervalMs === null);
  const data = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets }, { background: true, enabled: !skipped });
  const { sourceKey } = useDataSource();
  const { api } = useConnection();
  const queryClient = useQueryClient();
  const client = useClient();
  const money = useMoneyFormat();
  const fresh = data.snap && data.snap.game === game && !data.placeholder && !data.stale && !data.restored ? data.snap : null;
  const at = data.updatedAt;
  const nameOf = plan.nameOf;

  useEffect(() => {
    if (!fresh || !sourceKey || !at) return;
    const run = () => {
      const deps = {
        unstable: createUnstableLookup({ queryClient, client, source: sourceKey }),
        notify: (request: Parameters<typeof api.notify>[0]) => api.notify(request),
      };
      alertsRuntime()
        .check({ snap: fresh, at, source: sourceKey, fees: readFees(game), nameOf, money }, deps)
        .then(
          () => setNotice('alerts-check', null),
          (e: unknown) => setNotice('alerts-check', `Alerts could not be checked: ${errorText(e)}. The next refresh tries again.`),
        );
    };
    // After the grid has painted: a check reads a few rows, but the name index is built on first use.
    return whenIdle(run, 1000, 100);
  }, [fresh, at, sourceKey, game, queryClient, client, api, money, nameOf]);
  return null;
}
