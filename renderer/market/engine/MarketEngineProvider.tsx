/**
 * The engine in React: mounted once at the app's root (shell/App.tsx), inside the data providers (it loads
 * through their react-query and urql clients and follows their data source and the user's interval).
 * Needs are registered by hooks (useMarketNeed; useGridData for the views) and by GameNeeds for
 * background parts; consumers take answers with useMarketAnswers. The desk itself needs the selected game
 * and the games of the watchlist, so the market is watched (and recorded) whatever page is open.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useClient } from 'urql';
import { isGameId } from '../../../shared/catalog/games';
import { APP_PREFERENCES, usePref } from '../../lib/preferences';
import { bidsEveryFor, usePlannedRefreshInterval, useListDemand, useRequestPlan } from '../request-plan';
import { useStableCallback } from '../../lib/useStableCallback';
import { GRID_PREFS, useMarketPlan } from '../prefs';
import { useDataSource } from '../providers';
import type { Snapshot } from '../model/snapshot';
import type { RecRequest } from '../recommendations/api/load';
import { createAppEngine, pricesQueryKey, recsQueryKey, type AppEngine } from './app-engine';
import type { Answer, PriceKind, PriceRequest } from './engine';

const EngineContext = createContext<AppEngine | null>(null);

/** The mounted engine, for the few imperative callers (the palette's and the Alerts page's refresh). */
let mounted: AppEngine | null = null;

/** Polls every needed request now (a poll under way is joined). */
export function refreshPrices(game?: number): Promise<void> {
  return mounted ? mounted.engine.refresh(game) : Promise.resolve();
}

export function useMarketEngine(): AppEngine | null {
  return useContext(EngineContext);
}

export function MarketEngineProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const client = useClient();
  const { sourceKey, retryEpoch } = useDataSource();
  // The user's interval, stretched when a request limit is known (request-plan.ts).
  const interval = usePlannedRefreshInterval();
  // And where a game's bids are a request of their own, bids with every Nth poll only (the plan's N).
  const plan = useRequestPlan();
  const clientRef = useRef(client);
  const intervalRef = useRef(interval);
  const [app] = useState(() =>
    createAppEngine({ queryClient, client: () => clientRef.current, interval: () => intervalRef.current }),
  );
  useEffect(() => {
    clientRef.current = client;
  }, [client]);
  useEffect(() => {
    intervalRef.current = interval;
    app.engine.reschedule();
    app.recs.reschedule();
  }, [app, interval]);
  useEffect(() => app.engine.setBidsEvery((game) => bidsEveryFor(plan, game)), [app, plan]);
  useEffect(() => {
    app.engine.setSource(sourceKey);
    app.recs.setSource(sourceKey);
  }, [app, sourceKey]);
  // The service came back by itself, or the user pressed Retry: what failed is polled now, whatever the
  // interval (at mount nothing has failed yet: no poll).
  useEffect(() => {
    app.engine.retryFailed();
    app.recs.retryFailed();
  }, [app, retryEpoch]);
  // A browser may have held back a hidden tab's timers (docs/background-polling.md): back in view, what is
  // overdue is polled at once. (The desktop window's timers are not throttled: electron/main/window.ts.)
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      app.engine.reschedule();
      app.recs.reschedule();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [app]);
  useEffect(() => {
    mounted = app;
    return () => {
      if (mounted === app) mounted = null;
    };
  }, [app]);
  return (
    <EngineContext.Provider value={app}>
      <DeskNeeds />
      {children}
    </EngineContext.Provider>
  );
}

/**
 * Registers a need while mounted (`need` null: none). A request whose answer the cache lacks is polled at
 * once; else its schedule goes on.
 */
export function useMarketNeed(need: (PriceRequest & { kinds: readonly PriceKind[] }) | null): void {
  const app = useMarketEngine();
  const queryClient = useQueryClient();
  const { sourceKey } = useDataSource();
  const game = need?.game ?? null;
  const ask = need?.askMarkets.join(',') ?? '';
  const bid = need?.bidMarkets.join(',') ?? '';
  const kinds = need?.kinds.join(',') ?? '';
  useEffect(() => {
    if (!app || game === null || !ask) return;
    const req = { game, askMarkets: ask.split(','), bidMarkets: bid ? bid.split(',') : [] };
    const now = queryClient.getQueryData(pricesQueryKey(sourceKey, req)) === undefined;
    return app.engine.need({ ...req, kinds: kinds.split(',') as PriceKind[] }, { now });
  }, [app, queryClient, sourceKey, game, ask, bid, kinds]);
}

/**
 * A recommendations list a view shows, polled by the engine while mounted (`req` null: none); counted in
 * the request plan's forecast (one request a refresh).
 */
export function useRecsNeed(req: RecRequest | null): void {
  const app = useMarketEngine();
  const queryClient = useQueryClient();
  const { sourceKey } = useDataSource();
  const game = req?.game ?? null;
  const type = req?.type ?? null;
  const markets = req?.markets.join(',') ?? '';
  useListDemand(game === null || type === null ? null : `${game}|${type}|${markets}`);
  useEffect(() => {
    if (!app || game === null || type === null) return;
    const r: RecRequest = { game, type, markets: markets ? markets.split(',') : [] };
    const now = queryClient.getQueryData(recsQueryKey(sourceKey, r)) === undefined;
    return app.recs.need({ ...r, kinds: [] }, { now });
  }, [app, queryClient, sourceKey, game, type, markets]);
}

/** Every fresh answer of `game` (a view's consumer: the alerts' check). */
export function useMarketAnswers(game: number, take: (a: Answer<Snapshot>) => void): void {
  const app = useMarketEngine();
  const stable = useStableCallback(take);
  useEffect(() => {
    if (!app) return;
    return app.engine.consume(`game ${game}`, (a) => {
      if (a.request.game === game) stable(a);
    });
  }, [app, game, stable]);
}

const BOTH: readonly PriceKind[] = ['asks', 'bids'];

/** The games a background part needs (the alerts', the portfolio's), each with the user's market plan. */
export function GameNeeds({ games, kinds = BOTH }: { games: readonly number[]; kinds?: readonly PriceKind[] }) {
  return (
    <>
      {games.map((g) => (
        <GameNeed key={g} game={g} kinds={kinds} />
      ))}
    </>
  );
}

function GameNeed({ game, kinds }: { game: number; kinds: readonly PriceKind[] }) {
  const plan = useMarketPlan(game);
  useMarketNeed({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets, kinds });
  return null;
}

/** The desk's own needs: the selected game, and every game with a watchlist. */
function DeskNeeds() {
  const [game] = usePref(APP_PREFERENCES.game);
  const [watchlist] = usePref(GRID_PREFS.watchlist);
  const games = useMemo(() => {
    const set = new Set<number>([game]);
    for (const [g, names] of Object.entries(watchlist)) if (names.length > 0 && isGameId(Number(g))) set.add(Number(g));
    return [...set].sort((a, b) => a - b);
  }, [game, watchlist]);
  return <GameNeeds games={games} />;
}
