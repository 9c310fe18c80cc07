/**
 * The Prices page: the search box, the toolbar, filters, banners, the grid, and the item's detail panel.
 * The model is useGridView; this file wires the page's state (filter, open item) to its parts.
 */
import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { TopBarSlotContext } from '../../ui/topbar-slot';
import { parseRoute, routeHref, useRouteParams } from '../../lib/route';
import { useConnection } from '../../platform/connection';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { isHealthy } from '../../ui/status-view';
import { gameName } from '../../../shared/catalog/games';
import { useMoneyFormat, usePref, useSelectedGame } from '../../lib/preferences';
import { useStableCallback } from '../../lib/useStableCallback';
import { defaultDir } from './grid-columns';
import { ItemDetails, useOpenItem } from '../../item-details/ItemDetails';
import { FilterBar, SearchBox } from '../../ui/FilterBar';
import { GridBanners, RemoveSlugButtons } from './GridBanners';
import { GridNoMatch } from './GridNoMatch';
import { GridSettingsDialog } from './GridSettingsDialog';
import { GridToolbar } from './GridToolbar';
import { EMPTY_FILTER, type FilterState } from '../../market/model/filter';
import { PriceGrid } from './price-grid/PriceGrid';
import { GRID_PREFS, removeMarketEverywhere, useFees, useMarketPlan } from '../../market/prefs';
import { ListFoot, LoadingBlock, WaitingBlock, formatBytes } from '../../ui/StatusParts';
import { Announcement, useAnnouncer } from './useAnnouncer';
import { useChangeFlash } from './useChangeFlash';
import { useGridCsvExport } from './useGridCsvExport';
import { useGridData } from '../../market/useGridData';
import { useGridView } from './useGridView';
import { useFollowedHistory } from '../../market/history/useFollowedHistory';
import { restoredNote } from '../../ui/RestoredBanner';
import { openAlertEditor } from '../../requests/alert-editor';
import { openHoldingEditor } from '../../requests/holding-editor';
import { AllRefusedBlock, RefusedMarketsNote } from './RefusedMarketsNote';
import { marketDiscovery } from '../../market/markets/useMarketDiscovery';
import { useAlertList } from '../alerts/hooks';
import { TRUST_PREFS } from '../../market/trust-prefs';
import { useRecommendations } from '../../market/recommendations/useRecommendations';
import { recSignalsOf } from '../../ui/trust/row-confidence';
import { PRICE_RECOMMENDATION_GAMES } from '../../../shared/catalog/games';
import { confidenceOf } from '../../market/trust/confidence';
import { QuoteControls } from './QuoteControls';

/** The search box goes into the shell's top-bar slot when there is one (more room), else inline. */
function SearchSlot({ children }: { children: ReactNode }) {
  const slot = useContext(TopBarSlotContext);
  return slot ? (
    createPortal(<div className="gs__topsearch">{children}</div>, slot)
  ) : (
    <div className="view__toolbar">{children}</div>
  );
}

/**
 * The filters other than the text: a keystroke in the search box re-renders them only when the text
 * becomes empty or not (their "Clear filters" clears it too).
 */
const OtherFilters = memo(
  FilterBar,
  (a, b) => a.symbol === b.symbol && a.setFilter === b.setFilter && sameExceptText(a.filter, b.filter),
);
function sameExceptText(a: FilterState, b: FilterState): boolean {
  return (Object.keys(a) as Array<keyof FilterState>).every((k) =>
    k === 'text' ? (a.text.trim() === '') === (b.text.trim() === '') : a[k] === b[k],
  );
}

/** The quote choice beside the filters (it reads its own preferences: one element for every render). */
const QUOTE_CONTROLS = <QuoteControls />;

/** The command palette opens an item with #/prices?item=<name>: open it, then drop the parameter. */
function useItemParam(open: (name: string) => void): void {
  const itemParam = useRouteParams().get('item');
  useEffect(() => {
    // Only this page's own parameter: on the way to another page (#/analytics?item=…) the hash changes first.
    if (itemParam === null || parseRoute(window.location.hash) !== 'prices') return;
    open(itemParam);
    window.history.replaceState(null, '', routeHref('prices'));
  }, [itemParam, open]);
}

/** The grid area's size, for the grid's first render before it measures itself. */
function useSize(): [RefObject<HTMLDivElement | null>, { width: number; height: number } | null] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => {
      if (e)
        setSize({ width: Math.round(e.contentRect.width), height: Math.max(0, Math.round(e.contentRect.height) - 20) });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, size];
}

export function GridScreen() {
  const [game] = useSelectedGame();
  const plan = useMarketPlan(game);
  const data = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets }, { offline: true });
  const money = useMoneyFormat();
  const [fees] = useFees(game);
  const [net] = usePref(GRID_PREFS.net);
  const [sort, setSort] = usePref(GRID_PREFS.sort);
  const [watchAll, setWatchAll] = usePref(GRID_PREFS.watchlist);
  const [detailsInCells] = usePref(GRID_PREFS.detailsInCells);
  const [, setMarkets] = usePref(GRID_PREFS.markets);
  const [, setChosen] = usePref(GRID_PREFS.chosen);
  const [, setFavourites] = usePref(GRID_PREFS.favourites);
  const [filter, setFilter] = useState<FilterState>(EMPTY_FILTER);
  const details = useOpenItem('[data-testid="price-grid"]');
  useItemParam(details.open);
  const [reloadEpoch, setReloadEpoch] = useState(0);
  const [announcement, announce] = useAnnouncer();
  const settingsRef = useRef<HTMLDialogElement>(null);
  const [mainRef, mainSize] = useSize();
  const searchRef = useRef<HTMLInputElement>(null);

  const watchNames = useMemo(() => watchAll[String(game)] ?? [], [watchAll, game]);
  const alerts = useAlertList();
  const [oldAfterMin] = usePref(TRUST_PREFS.oldAfterMinutes);
  const [dimOld] = usePref(TRUST_PREFS.dimOld);
  const [quotes] = usePref(TRUST_PREFS.quotes);
  const [includeStalled] = usePref(TRUST_PREFS.includeStalled);
  // The service's unstable reasons and liquidity, where the recommendations list is loaded already (this
  // page asks for nothing more: enabled false reads what another page or an earlier session loaded).
  const { recs } = useRecommendations({ game, type: 'general', markets: [] }, { enabled: false });
  const recSignals = useMemo(
    () => (recs && recs.game === game && PRICE_RECOMMENDATION_GAMES.includes(game) ? recSignalsOf(recs) : null),
    [recs, game],
  );
  const { snap, derived, askCols, bidCols, watched, alerted, columns, view, trust } = useGridView({
    game,
    loaded: data.snap,
    plan,
    fees,
    net,
    sort,
    watchNames,
    alerts,
    filter,
    quotes,
    includeStalled,
    judge: confidenceOf,
    recs: recSignals,
    oldAfterMs: oldAfterMin * 60_000,
    dimOld,
  });
  useFollowedHistory(game, watchNames, alerts);
  const changes = useChangeFlash(snap, derived);
  const openItem = snap && details.name !== null ? snap.indexOfName(details.name) : -1;

  const onSort = useCallback(
    (colId: string) => {
      const col = columns.find((c) => c.id === colId);
      if (!col) return;
      setSort((s) =>
        s.col === colId ? { col: colId, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { col: colId, dir: defaultDir(col) },
      );
    },
    [columns, setSort],
  );
  const onToggleWatch = useCallback(
    (item: number) => {
      const name = snap?.names[item];
      if (name === undefined) return;
      const on = watched[item] === 1;
      setWatchAll((all) => {
        const key = String(game);
        const list = all[key] ?? [];
        return { ...all, [key]: list.includes(name) ? list.filter((n) => n !== name) : [...list, name] };
      });
      announce(on ? `Removed ${name} from the watchlist` : `Added ${name} to the watchlist`);
    },
    [snap, watched, game, setWatchAll, announce],
  );
  const openDetails = details.open;
  const onOpen = useCallback((item: number) => openDetails(snap?.names[item] ?? null), [snap, openDetails]);
  const onAlert = useCallback(
    (item: number) => {
      const name = snap?.names[item];
      if (snap && name) openAlertEditor({ mode: 'new', game: snap.game, item: name, snap });
    },
    [snap],
  );
  const onAddToPortfolio = useCallback(
    (item: number) => {
      const name = snap?.names[item];
      if (snap && name) openHoldingEditor({ mode: 'new', game: snap.game, name });
    },
    [snap],
  );
  const refetch = data.refetch;
  const refresh = useCallback(() => {
    setReloadEpoch((e) => e + 1);
    void refetch();
  }, [refetch]);
  const { exporting, exportCsv } = useGridCsvExport({
    game,
    snap,
    derived,
    columns,
    view,
    net,
    nameOf: plan.nameOf,
    announce,
  });
  const openSettings = useCallback(() => settingsRef.current?.showModal(), []);
  const clearFilters = () => setFilter((f) => ({ ...EMPTY_FILTER, watchlist: f.watchlist }));
  const removeSlug = useStableCallback((slug: string) => {
    removeMarketEverywhere(slug, { markets: setMarkets, chosen: setChosen, favourites: setFavourites });
    announce(`Removed ${slug} from your markets`);
  });

  const { status } = useConnection();
  // No data yet and the connection is down: say so (the banner above has the buttons), not "Loading…".
  const waiting = !snap && status && status.state !== 'connecting' && !isHealthy(status.state) ? status : null;
  const error = data.error;
  const rejected = error?.rejectedMarkets ?? [];
  const checkingMarkets = plan.discovery.progress.length > 0;
  const loadingFirst = !snap && (data.fetching || (!error && plan.askMarkets.length > 0));
  const checkAgain = () => {
    const { source } = plan.discovery;
    if (source === null) return;
    void marketDiscovery.run(source, game, 'minPrices', [...plan.askMarkets, ...plan.refusedAsk]);
    void marketDiscovery.run(source, game, 'maxOrders', [...plan.bidMarkets, ...plan.refusedBid]);
  };

  return (
    <div className="view" data-testid="grid-screen">
      <h1 className="visually-hidden" tabIndex={-1} data-page-heading>
        Prices: {gameName(game)}
      </h1>
      <SearchSlot>
        <SearchBox
          ref={searchRef}
          className="gs__search"
          list='[data-testid="price-grid"]'
          value={filter.text}
          onChange={(text) => setFilter((f) => ({ ...f, text }))}
        />
      </SearchSlot>
      <GridToolbar
        game={game}
        plan={plan}
        watchlist={filter.watchlist}
        watchCount={watchNames.length}
        setFilter={setFilter}
        progress={data.progress}
        updatedAt={snap ? data.updatedAt : 0}
        stale={data.stale}
        restored={snap && data.restored ? restoredNote(status, data.fetching, Boolean(error)) : null}
        fetching={data.fetching}
        onRefresh={refresh}
        canExport={Boolean(snap) && view.length > 0}
        exporting={exporting}
        onExport={exportCsv}
        onSettings={openSettings}
      />
      <OtherFilters filter={filter} setFilter={setFilter} symbol={money.symbol} extra={QUOTE_CONTROLS} />
      <GridBanners
        snap={snap}
        error={error}
        restored={data.restored}
        fetching={data.fetching}
        updatedAt={data.updatedAt}
        status={status}
        nameOf={plan.nameOf}
        onRetry={refresh}
        onRemoveSlug={removeSlug}
        checkingMarkets={checkingMarkets}
      />
      {snap?.trust?.storeProblem ? (
        // Quote ages observed so far stay right until Market Desk closes; the user learns they will not survive it.
        <p className="gs__note" role="status" data-testid="trust-store-problem">
          {snap.trust.storeProblem}
        </p>
      ) : null}
      {plan.askMarkets.length === 0 && plan.refusedAsk.length > 0 ? null : (
        // When every name is refused, the block below says so: no list of them above it too.
        <RefusedMarketsNote
          discovery={plan.discovery}
          refusedAsk={plan.refusedAsk}
          refusedBid={plan.refusedBid}
          nameOf={plan.nameOf}
          onOpenMarkets={openSettings}
        />
      )}

      <div className="view__body">
        <div className="view__main" ref={mainRef}>
          {plan.askMarkets.length === 0 && plan.refusedAsk.length > 0 && !checkingMarkets ? (
            <AllRefusedBlock
              refused={plan.refusedAsk}
              nameOf={plan.nameOf}
              onOpenMarkets={openSettings}
              onCheckAgain={checkAgain}
            />
          ) : plan.askMarkets.length === 0 && !checkingMarkets ? (
            <div className="empty-state" data-testid="grid-empty">
              <p className="empty-state__title">No markets chosen</p>
              <p className="empty-state__text">
                Choose at least one market in “Markets” to see prices for {gameName(game)}.
              </p>
            </div>
          ) : !snap &&
            (checkingMarkets ||
              (error?.kind === 'bad-request' &&
                plan.discovery.source !== null &&
                !marketDiscovery.settled(plan.discovery.source, game))) ? (
            <LoadingBlock
              title="Checking which markets this service offers…"
              text="The service refused a market name. Market Desk asks with smaller lists (each answer cancelled after its first bytes), then loads the prices without the names it refuses."
              store={data.progress}
              busy
              testId="grid-checking-markets"
            />
          ) : !snap && error ? (
            <ErrorNotice
              layout="block"
              lead="Prices could not be loaded"
              message={error.message}
              detail={error.detail}
              action={
                rejected.length
                  ? 'Remove the market the service does not know, then the grid loads again.'
                  : error.action
              }
              onRetry={refresh}
              testId="grid-error"
            >
              <RemoveSlugButtons slugs={rejected} className="btn btn--danger" onRemove={removeSlug} />
            </ErrorNotice>
          ) : waiting ? (
            <WaitingBlock what={`${gameName(game)} prices`} status={waiting} testId="grid-waiting" />
          ) : !snap || !derived ? (
            <LoadingBlock
              title={`Loading ${gameName(game)} prices…`}
              text={`The whole catalog on ${plan.askMarkets.length} market${plan.askMarkets.length === 1 ? '' : 's'} comes in one response; it is read off-screen.`}
              store={data.progress}
              busy={loadingFirst}
              testId="grid-loading"
            />
          ) : (
            <>
              <PriceGrid
                snap={snap}
                d={derived}
                view={view}
                columns={columns}
                sort={sort}
                onSort={onSort}
                watched={watched}
                alerted={alerted}
                onToggleWatch={onToggleWatch}
                onOpen={onOpen}
                onAlert={onAlert}
                onAddToPortfolio={onAddToPortfolio}
                openItem={openItem >= 0 ? openItem : null}
                money={money}
                nameOf={plan.nameOf}
                trust={trust}
                changes={changes}
                detailsInCells={detailsInCells}
                stale={data.stale}
                announce={announce}
                label={`${gameName(game)} prices`}
                initialSize={mainSize}
              />
              {view.length === 0 ? (
                <GridNoMatch
                  filter={filter}
                  watchCount={watchNames.length}
                  onClear={clearFilters}
                  onShowAll={() => setFilter((f) => ({ ...f, watchlist: false }))}
                />
              ) : null}
            </>
          )}
          <ListFoot
            className="gs__foot"
            testIds="grid"
            list={
              snap
                ? {
                    shown: view.length,
                    total: snap.n,
                    droppedRows: snap.notes.skippedItems,
                    invalidValues: snap.notes.invalidValues,
                  }
                : null
            }
          >
            {snap ? (
              <>
                {askCols.length} markets{net ? ' · net of fees' : ''} ·{' '}
                {data.placeholder
                  ? 'loading the new market choice…'
                  : data.restored
                    ? `last data, from ${new Date(data.updatedAt).toLocaleString()}`
                    : `${formatBytes(snap.meta.bytes)} via ${snap.meta.transport === 'graphql' ? 'GraphQL' : 'REST'}${snap.bidsAt ? ` · bids from ${new Date(snap.bidsAt).toLocaleTimeString()}` : ''}`}
              </>
            ) : null}
          </ListFoot>
        </div>
        <ItemDetails
          item={details}
          snap={snap}
          d={derived}
          askCols={askCols}
          bidCols={bidCols}
          nameOf={plan.nameOf}
          watchNames={watchNames}
          alerts={alerts}
          onToggleWatch={onToggleWatch}
          reloadEpoch={reloadEpoch}
          announce={announce}
          trust={trust}
        />
      </div>
      <Announcement text={announcement} testId="grid-announce" />
      <GridSettingsDialog ref={settingsRef} />
    </div>
  );
}
