/**
 * The Prices page's model: the selected game's market plan and data, the user's grid and trust preferences,
 * the filter, the open item, the grid's view (useGridView), what the rows' buttons do, and which block the
 * main area shows. GridScreen.tsx lays it out.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useConnection } from '../../platform/connection';
import { isHealthy } from '../../ui/status-view';
import { useMoneyFormat, usePref, useSelectedGame } from '../../lib/preferences';
import { useStableCallback } from '../../lib/useStableCallback';
import { useOpenItem } from '../../item-details/ItemDetails';
import { EMPTY_FILTER, type FilterState } from '../../market/model/filter';
import { GRID_PREFS, removeMarketEverywhere, useFees, useMarketPlan } from '../../market/prefs';
import { useGridData } from '../../market/useGridData';
import { useFollowedHistory } from '../../market/history/useFollowedHistory';
import { marketDiscovery } from '../../market/markets/useMarketDiscovery';
import { TRUST_PREFS } from '../../market/trust-prefs';
import { useRecommendations } from '../../market/recommendations/useRecommendations';
import { confidenceOf } from '../../market/trust/confidence';
import { PRICE_RECOMMENDATION_GAMES, type GameId } from '../../../shared/catalog/games';
import { recSignalsOf } from '../../ui/trust/row-confidence';
import { useAlertList } from '../alerts/hooks';
import { useAnnouncer } from './useAnnouncer';
import { useChangeFlash } from './useChangeFlash';
import { useGridCsvExport } from './useGridCsvExport';
import { useGridView } from './useGridView';
import { useItemParam } from './useItemParam';
import { useRowHandlers } from './useRowHandlers';
import { gridAreaState } from './grid-area-state';

/** The grid's element, for focus after the detail panel closes. */
const GRID_SELECTOR = '[data-testid="price-grid"]';

/**
 * The service's unstable reasons and liquidity, where the recommendations list is loaded already (this
 * page asks for nothing more: enabled false reads what another page or an earlier session loaded).
 */
function useRecSignals(game: GameId) {
  const { recs } = useRecommendations({ game, type: 'general', markets: [] }, { enabled: false });
  return useMemo(
    () => (recs && recs.game === game && PRICE_RECOMMENDATION_GAMES.includes(game) ? recSignalsOf(recs) : null),
    [recs, game],
  );
}

/** The trust choices the grid shows its figures by. */
function useTrustPrefs() {
  const [oldAfterMin] = usePref(TRUST_PREFS.oldAfterMinutes);
  const [dimOld] = usePref(TRUST_PREFS.dimOld);
  const [quotes] = usePref(TRUST_PREFS.quotes);
  const [includeStalled] = usePref(TRUST_PREFS.includeStalled);
  return { oldAfterMs: oldAfterMin * 60_000, dimOld, quotes, includeStalled };
}

export function useGridScreen() {
  const [game] = useSelectedGame();
  const plan = useMarketPlan(game);
  const data = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets }, { offline: true });
  const money = useMoneyFormat();
  const [fees] = useFees(game);
  const [net] = usePref(GRID_PREFS.net);
  const [sort, setSort] = usePref(GRID_PREFS.sort);
  const [watchAll, setWatchAll] = usePref(GRID_PREFS.watchlist);
  const [detailsInCells] = usePref(GRID_PREFS.detailsInCells);
  const [filter, setFilter] = useState<FilterState>(EMPTY_FILTER);
  const details = useOpenItem(GRID_SELECTOR);
  useItemParam(details.open);
  const [reloadEpoch, setReloadEpoch] = useState(0);
  const [announcement, announce] = useAnnouncer();
  const settingsRef = useRef<HTMLDialogElement>(null);
  const watchNames = useMemo(() => watchAll[String(game)] ?? [], [watchAll, game]);
  const alerts = useAlertList();
  const grid = useGridView({
    game,
    loaded: data.snap,
    plan,
    fees,
    net,
    sort,
    watchNames,
    alerts,
    filter,
    ...useTrustPrefs(),
    judge: confidenceOf,
    recs: useRecSignals(game),
  });
  const { snap, derived, columns, view, watched } = grid;
  useFollowedHistory(game, watchNames, alerts);
  const changes = useChangeFlash(snap, derived);
  const openItem = snap && details.name !== null ? snap.indexOfName(details.name) : -1;
  const handlers = useRowHandlers({
    game,
    snap,
    columns,
    watched,
    setSort,
    setWatchAll,
    openDetails: details.open,
    announce,
  });
  const refetch = data.refetch;
  const refresh = useCallback(() => {
    setReloadEpoch((e) => e + 1);
    void refetch();
  }, [refetch]);
  const csv = useGridCsvExport({ game, snap, derived, columns, view, net, nameOf: plan.nameOf, announce });
  const openSettings = useCallback(() => settingsRef.current?.showModal(), []);
  const markets = useMarketEdits(game, plan, announce);

  const { status } = useConnection();
  const error = data.error;
  const checkingMarkets = plan.discovery.progress.length > 0;
  const { source } = plan.discovery;
  const area = gridAreaState({
    askMarkets: plan.askMarkets.length,
    refusedAsk: plan.refusedAsk.length,
    checkingMarkets,
    ready: Boolean(snap && derived),
    hasSnapshot: Boolean(snap),
    error,
    discoveryPending: source !== null && !marketDiscovery.settled(source, game),
    waiting: !snap && status && status.state !== 'connecting' && !isHealthy(status.state) ? status : null,
  });
  return {
    game,
    plan,
    data,
    money,
    net,
    sort,
    detailsInCells,
    filter,
    setFilter,
    details,
    reloadEpoch,
    announcement,
    announce,
    settingsRef,
    watchNames,
    alerts,
    grid,
    changes,
    openItem: openItem >= 0 ? openItem : null,
    ...handlers,
    refresh,
    ...csv,
    openSettings,
    ...markets,
    status,
    checkingMarkets,
    loadingFirst: !snap && (data.fetching || (!error && plan.askMarkets.length > 0)),
    area,
  };
}

export type GridScreenModel = ReturnType<typeof useGridScreen>;

/** Removing a market the service refused, and asking the service again which of the plan's names it knows. */
function useMarketEdits(
  game: number,
  plan: ReturnType<typeof useMarketPlan>,
  announce: (text: string) => void,
): { removeSlug(slug: string): void; checkAgain(): void } {
  const [, setMarkets] = usePref(GRID_PREFS.markets);
  const [, setChosen] = usePref(GRID_PREFS.chosen);
  const [, setFavourites] = usePref(GRID_PREFS.favourites);
  const removeSlug = useStableCallback((slug: string) => {
    removeMarketEverywhere(slug, { markets: setMarkets, chosen: setChosen, favourites: setFavourites });
    announce(`Removed ${slug} from your markets`);
  });
  const checkAgain = useStableCallback(() => {
    const { source } = plan.discovery;
    if (source === null) return;
    void marketDiscovery.run(source, game, 'minPrices', [...plan.askMarkets, ...plan.refusedAsk]);
    void marketDiscovery.run(source, game, 'maxOrders', [...plan.bidMarkets, ...plan.refusedBid]);
  });
  return { removeSlug, checkAgain };
}
