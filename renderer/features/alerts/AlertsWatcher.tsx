/**
 * Runs the alerts, whatever page is shown: each game with an enabled alert is a need of the market engine
 * (its prices for the user's markets, polled on the app's interval whether the window is visible or not,
 * one request whoever else needs them), and each fresh answer of the game is checked. Also opens the item
 * when a notification is clicked. Renders nothing.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useClient } from 'urql';
import { isGameId } from '../../../shared/catalog/games';
import type { NotifyTarget } from '../../../shared/alerts/notify';
import { useConnection } from '../../platform/connection';
import { APP_PREFERENCES, useMoneyFormat, writePreference } from '../../lib/preferences';
import { navigate } from '../../lib/route';
import { readFees } from '../../market/prefs';
import { readQuoteSettings } from '../../market/trust-prefs';
import { useRequestDemand } from '../../market/request-plan';
import { useMarketAnswers } from '../../market/engine/MarketEngineProvider';
import { useAlerts } from './hooks';
import { useWatchedGame } from './useWatchedGame';
import { RouteAlertsWatcher } from './RouteAlertsWatcher';
import { alertsRuntime } from './alert-checks';
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
  const games = useMemo(
    () => [...new Set(alerts.filter((a) => a.enabled).map((a) => a.game))].sort((a, b) => a - b),
    [alerts],
  );
  useEffect(() => api.onNotificationClick(openAlertTarget), [api]);
  // The request planner counts these games' refreshes too.
  useRequestDemand('alerts', games);
  return (
    <>
      {games.map((g) => (
        <GameWatcher key={g} game={g} />
      ))}
      <RouteAlertsWatcher />
    </>
  );
}

function GameWatcher({ game }: { game: number }) {
  const plan = useWatchedGame(game);
  const { api } = useConnection();
  const queryClient = useQueryClient();
  const client = useClient();
  const money = useMoneyFormat();
  const nameOf = plan.nameOf;
  const pending = useRef<() => void>(() => undefined);
  useEffect(() => () => pending.current(), []);

  useMarketAnswers(game, ({ snap, at, source }) => {
    if (snap.game !== game) return;
    const run = () => {
      const deps = {
        unstable: createUnstableLookup({ queryClient, client, source }),
        notify: (request: Parameters<typeof api.notify>[0]) => api.notify(request),
      };
      alertsRuntime()
        .check({ snap, at, source, fees: readFees(game), nameOf, money, quotes: readQuoteSettings() }, deps)
        .then(
          () => setNotice('alerts-check', null),
          (e: unknown) =>
            setNotice('alerts-check', `Alerts could not be checked: ${errorText(e)}. The next refresh tries again.`),
        );
    };
    // After the views have painted the answer: a check reads a few rows, but the name index is built on first use.
    pending.current();
    pending.current = whenIdle(run, 1000, 100);
  });
  return null;
}
