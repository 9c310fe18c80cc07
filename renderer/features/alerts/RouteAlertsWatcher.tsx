/**
 * Scanner rules that alert, whatever page is shown: while a saved rule has "alert when a route has persisted
 * N polls", the selected game is a need of the market engine (as a price alert's game is, AlertsWatcher),
 * and each of its fresh answers goes to a scanner worker (market/scanner/live.worker.ts, RuleAlertScanner),
 * which keeps each rule's persistence and says which routes fire. Those are recorded in the alerts' history
 * and notified through the price alerts' path (alert-checks.ts recordRouteFirings). Renders nothing.
 */
import { useEffect, useMemo, useRef } from 'react';
import { isGameId, type GameId } from '../../../shared/catalog/games';
import { useConnection } from '../../platform/connection';
import { useMoneyFormat, usePref, useSelectedGame } from '../../lib/preferences';
import { setNotice } from '../../lib/storage/status';
import { errorText } from '../../lib/storage/versioned-db';
import { GRID_PREFS, readFees } from '../../market/prefs';
import { useMarketAnswers } from '../../market/engine/MarketEngineProvider';
import { scanDataOf, type RuleAlertRequest } from '../../market/scanner/live';
import type { LiveScanMessage } from '../../market/scanner/live.worker';
import { SCANNER_RULES } from '../../market/scanner/saved-rules';
import { unknownFeeMarkets } from '../../market/scanner/scan';
import { alertsRuntime } from './alert-checks';
import { useWatchedGame } from './useWatchedGame';

export function RouteAlertsWatcher() {
  const [store] = usePref(SCANNER_RULES);
  const rules = useMemo(() => store.rules.filter((r) => r.alert), [store.rules]);
  const [game] = useSelectedGame();
  return rules.length > 0 && isGameId(game) ? <GameRouteWatcher game={game} rules={rules} /> : null;
}

function GameRouteWatcher({ game, rules }: { game: GameId; rules: RuleAlertRequest['rules'] }) {
  const plan = useWatchedGame(game);
  const { api } = useConnection();
  const money = useMoneyFormat();
  const [overrides] = usePref(GRID_PREFS.fees);
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const latest = useRef({ nameOf: plan.nameOf, money, api });
  latest.current = { nameOf: plan.nameOf, money, api };

  useEffect(() => {
    const w = new Worker(new URL('../../market/scanner/live.worker.ts', import.meta.url), {
      type: 'module',
      name: 'market-desk-rule-alerts',
    });
    w.addEventListener('message', (e: MessageEvent<LiveScanMessage>) => {
      const m = e.data;
      if (m.type === 'error') {
        setNotice(
          'alerts-routes',
          `Scanner rule alerts could not be checked: ${m.message}. The next refresh tries again.`,
        );
        return;
      }
      if (m.type !== 'firings') return;
      setNotice('alerts-routes', null);
      if (m.firings.length === 0) return;
      const { nameOf, money: fmt, api: host } = latest.current;
      alertsRuntime()
        .recordRouteFirings(game, m.firings, { nameOf, money: fmt }, { notify: (request) => host.notify(request) })
        .catch((err: unknown) =>
          setNotice('alerts-routes', `A scanner rule's alert could not be recorded: ${errorText(err)}.`),
        );
    });
    w.addEventListener('error', () =>
      setNotice('alerts-routes', 'Scanner rule alerts could not run (their worker failed).'),
    );
    worker.current = w;
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, [game]);

  useMarketAnswers(game, ({ snap, at }) => {
    if (snap.game !== game || !worker.current) return;
    const unknown = unknownFeeMarkets([...snap.askMarkets, ...snap.bidMarkets], overrides, game);
    const alerts: RuleAlertRequest = {
      data: scanDataOf(snap),
      at,
      rules: [...rules],
      fees: readFees(game),
      unknownFees: { buy: [...unknown.buy], sell: [...unknown.sell] },
    };
    worker.current.postMessage({ id: ++seq.current, alerts });
  });
  return null;
}
