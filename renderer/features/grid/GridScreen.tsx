/**
 * The Prices page: toolbar (search, view, markets, net of fees, refresh, export), filters, banners, the
 * grid, and the item's detail panel.
 */
import { useCallback, useContext, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { TopBarSlotContext } from '../../app/topbar-slot';
import { parseRoute, routeHref, useRouteParams } from '../../app/route';
import { useConnection } from '../../app/connection';
import { runWhenIdle } from '../../app/idle';
import { EmptyState } from '../../app/EmptyState';
import { ErrorNotice } from '../../app/ErrorNotice';
import { isHealthy } from '../../app/status-view';
import { GAMES, gameName } from '../../../shared/catalog/games';
import { APP_PREFERENCES, useMoneyFormat, usePref, useSelectedGame } from '../../app/preferences';
import { buildColumns, defaultDir, sortItems } from './grid-columns';
import { DetailPanel } from './DetailPanel';
import { FilterBar, SearchBox } from './FilterBar';
import { GridSettingsSections } from './GridSettings';
import { MarketPicker } from './MarketPicker';
import { csvChunks } from './model/csv';
import { computeDerived, derivedKey } from './model/derive';
import { diffSnapshots, type Changes } from './model/diff';
import { sortByValues } from './model/sort';
import { EMPTY_FILTER, applyFilter, isFiltering, narrows, type FilterState } from './model/filter';
import type { Snapshot } from './model/snapshot';
import type { Derived } from './model/derived';
import { PriceGrid } from './price-grid/PriceGrid';
import { GRID_PREFS, removeMarketEverywhere, useFees, useMarketPlan } from './prefs';
import { Freshness, ListFoot, LoadProgress, LoadingBlock, WaitingBlock, formatBytes } from './StatusParts';
import { useGridData } from './useGridData';
import { useHistoryRecorder } from '../history/useHistoryRecorder';
import { RestoredBanner, restoredNote } from '../offline/RestoredBanner';
import { openAlertEditor } from '../alerts/editor-state';

const FLASH_MS = 2600;

function useAnnouncer(): [string, (t: string) => void] {
  const [text, setText] = useState('');
  const timer = useRef<number | undefined>(undefined);
  const announce = useCallback((t: string) => {
    setText(t);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setText(''), 3500);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [text, announce];
}

/** The search box goes into the shell's top-bar slot when there is one (more room), else inline. */
function SearchSlot({ children }: { children: ReactNode }) {
  const slot = useContext(TopBarSlotContext);
  return slot ? createPortal(<div className="gs__topsearch">{children}</div>, slot) : <div className="view__toolbar">{children}</div>;
}

/** Long user text cut for a message (the whole text stays in the search box). */
function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function defined(v: number | undefined): v is number {
  return v !== undefined;
}

export function GridScreen() {
  const [game] = useSelectedGame();
  const plan = useMarketPlan(game);
  const data = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets }, { offline: true });
  const money = useMoneyFormat();
  const [decimals, setDecimals] = usePref(APP_PREFERENCES.decimals);
  const [fees] = useFees();
  const [net, setNet] = usePref(GRID_PREFS.net);
  const [sort, setSort] = usePref(GRID_PREFS.sort);
  const [watchAll, setWatchAll] = usePref(GRID_PREFS.watchlist);
  const [detailsInCells, setDetailsInCells] = usePref(GRID_PREFS.detailsInCells);
  const [, setMarkets] = usePref(GRID_PREFS.markets);
  const [, setChosen] = usePref(GRID_PREFS.chosen);
  const [, setFavourites] = usePref(GRID_PREFS.favourites);
  const [filter, setFilter] = useState<FilterState>(EMPTY_FILTER);
  const [openName, setOpenName] = useState<string | null>(null);
  // The command palette opens an item with #/prices?item=<name>: open it, then drop the parameter.
  const itemParam = useRouteParams().get('item');
  useEffect(() => {
    // Only this page's own parameter: on the way to another page (#/analytics?item=…) the hash changes first.
    if (itemParam === null || parseRoute(window.location.hash) !== 'prices') return;
    setOpenName(itemParam);
    window.history.replaceState(null, '', routeHref('prices'));
  }, [itemParam]);
  const [reloadEpoch, setReloadEpoch] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [announcement, announce] = useAnnouncer();
  const settingsRef = useRef<HTMLDialogElement>(null);
  const mainRef = useRef<HTMLDivElement>(null);
  const [mainSize, setMainSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const el = mainRef.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => {
      if (e) setMainSize({ width: Math.round(e.contentRect.width), height: Math.max(0, Math.round(e.contentRect.height) - 20) });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const searchRef = useRef<HTMLInputElement>(null);

  // A snapshot of another game (placeholder while switching) is never shown under this game's name.
  // Deferred: a new snapshot is rendered in a time-sliced background render, so no long task blocks input.
  const snap: Snapshot | null = useDeferredValue(data.snap && data.snap.game === game ? data.snap : null);
  const watchNames = useMemo(() => watchAll[String(game)] ?? [], [watchAll, game]);
  // Price history: every fresh load (not a placeholder, a stale fallback or a restored snapshot).
  useHistoryRecorder(data.snap && !data.placeholder && !data.stale && !data.restored ? data.snap : null, data.updatedAt);

  const askCols = useMemo(() => (snap ? plan.askMarkets.map((s) => snap.askIndex.get(s)).filter(defined) : []), [snap, plan.askMarkets]);
  const bidCols = useMemo(() => (snap ? plan.bidMarkets.map((s) => snap.bidIndex.get(s)).filter(defined) : []), [snap, plan.bidMarkets]);
  const derived = useMemo(() => {
    if (!snap) return null;
    // The worker computed these for the settings of the request; reuse them when nothing changed since.
    const pre = snap.derived;
    if (pre && pre.key === derivedKey(snap, askCols, bidCols, fees, net)) return pre.data;
    return computeDerived({ snap, askCols, bidCols, fees, net });
  }, [snap, askCols, bidCols, fees, net]);
  const watched = useMemo(() => {
    const u = new Uint8Array(snap?.n ?? 0);
    if (snap) {
      for (const name of watchNames) {
        const i = snap.indexOfName(name);
        if (i >= 0) u[i] = 1;
      }
    }
    return u;
  }, [snap, watchNames]);
  const columns = useMemo(() => buildColumns(snap, plan.askMarkets, plan.nameOf, net), [snap, plan.askMarkets, plan.nameOf, net]);
  const sortCol = columns.find((c) => c.id === sort.col) ?? columns[1];
  const sortWatched = sortCol?.kind === 'watch' ? watched : null;
  const sorted = useMemo(
    () => (snap && derived ? sortItems(sortCol, sort.dir, snap, derived, sortWatched ?? new Uint8Array(snap.n)) : null),
    // sortCol identity changes with columns; its id decides the order.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [snap, derived, sortCol?.id, sort.dir, sortWatched],
  );
  // Typing one more letter only narrows the result: filter the last view instead of the whole catalog.
  const lastView = useRef<{ sorted: Int32Array; derived: Derived; watched: Uint8Array; filter: FilterState; view: Int32Array } | null>(null);
  const view = useMemo(() => {
    if (!sorted || !snap || !derived) return new Int32Array(0);
    const last = lastView.current;
    const base = last && last.sorted === sorted && last.derived === derived && last.watched === watched && narrows(last.filter, filter) ? last.view : sorted;
    const v = applyFilter(base, snap, derived, filter, watched);
    lastView.current = { sorted, derived, watched, filter, view: v };
    return v;
  }, [sorted, snap, derived, filter, watched]);

  // Warm the filter and sort code paths (JIT) in idle time after a snapshot arrives, so the first
  // keystroke or header click is as quick as the later ones. Results are discarded.
  // Stopped when the page goes (its work would only slow the next page's first paint).
  const warmed = useRef<Snapshot | null>(null);
  useEffect(() => {
    if (!snap || !derived || !sorted || warmed.current === snap) return;
    warmed.current = snap;
    const s0 = snap;
    const d0 = derived;
    const order = sorted;
    return runWhenIdle(
      [
        () => {
          for (const text of ['a', 'ak r', 'st ft -x', 'zz']) applyFilter(order, s0, d0, { ...EMPTY_FILTER, text }, undefined);
        },
        () => {
          sortByValues(d0.bestAsk, 'desc', s0.nameRank, s0.byName);
          sortByValues(d0.spreadPct, 'asc', s0.nameRank, s0.byName, 1000);
        },
      ],
      3000,
    );
  }, [snap, derived, sorted]);

  // Flash what changed since the last refresh.
  const prev = useRef<{ snap: Snapshot; d: Derived } | null>(null);
  const [changes, setChanges] = useState<Changes | null>(null);
  const flashTimer = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!snap || !derived) return;
    const p = prev.current;
    prev.current = { snap, d: derived };
    if (!p || p.snap === snap || p.snap.game !== snap.game) return;
    const c = diffSnapshots(p.snap, p.d, snap, derived);
    if (c.count === 0 && !c.rows.some((r) => r !== 0)) return;
    setChanges(c);
    window.clearTimeout(flashTimer.current);
    flashTimer.current = window.setTimeout(() => setChanges(null), FLASH_MS);
  }, [snap, derived]);
  useEffect(() => () => window.clearTimeout(flashTimer.current), []);

  const openItem = snap && openName !== null ? snap.indexOfName(openName) : -1;

  const onSort = useCallback(
    (colId: string) => {
      const col = columns.find((c) => c.id === colId);
      if (!col) return;
      setSort((s) => (s.col === colId ? { col: colId, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { col: colId, dir: defaultDir(col) }));
    },
    [columns, setSort],
  );
  const toggleWatchName = useCallback(
    (name: string) => {
      setWatchAll((all) => {
        const key = String(game);
        const list = all[key] ?? [];
        const next = list.includes(name) ? list.filter((n) => n !== name) : [...list, name];
        return { ...all, [key]: next };
      });
    },
    [game, setWatchAll],
  );
  const onToggleWatch = useCallback(
    (item: number) => {
      const name = snap?.names[item];
      if (name === undefined) return;
      const on = watched[item] === 1;
      toggleWatchName(name);
      announce(on ? `Removed ${name} from the watchlist` : `Added ${name} to the watchlist`);
    },
    [snap, watched, toggleWatchName, announce],
  );
  const onOpen = useCallback((item: number) => setOpenName(snap?.names[item] ?? null), [snap]);
  const onAlert = useCallback(
    (item: number) => {
      const name = snap?.names[item];
      if (snap && name) openAlertEditor({ mode: 'new', game: snap.game, item: name, snap });
    },
    [snap],
  );

  const refresh = useCallback(() => {
    setReloadEpoch((e) => e + 1);
    void data.refetch();
  }, [data]);

  const exportCsv = useCallback(async () => {
    if (!snap || !derived) return;
    setExporting(true);
    try {
      const parts: string[] = ['\uFEFF'];
      const ctx = { snap, d: derived, askCols: columns.flatMap((c) => (c.kind === 'market' && c.k !== undefined ? [c.k] : [])), marketName: plan.nameOf, net };
      for (const chunk of csvChunks(ctx, view, 1500)) {
        parts.push(chunk);
        // Yield between chunks: a 37k-row export never blocks the UI for long.
        await new Promise((r) => setTimeout(r, 0));
      }
      const blob = new Blob(parts, { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
      a.href = url;
      a.download = `market-desk-${GAMES.find((g) => g.id === game)?.key ?? game}-${stamp}.csv`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      announce(`Exported ${view.length.toLocaleString('en-US')} rows as CSV`);
    } finally {
      setExporting(false);
    }
  }, [snap, derived, columns, plan.nameOf, net, view, game, announce]);

  const clearFilters = () => setFilter((f) => ({ ...EMPTY_FILTER, watchlist: f.watchlist }));
  const removeSlug = (slug: string) => {
    removeMarketEverywhere(slug, { markets: setMarkets, chosen: setChosen, favourites: setFavourites });
    announce(`Removed ${slug} from your markets`);
  };

  const { status } = useConnection();
  // No data yet and the connection is down: say so (the banner above has the buttons), not "Loading…".
  const waiting = !snap && status && status.state !== 'connecting' && !isHealthy(status.state) ? status : null;
  const error = data.error;
  const rejected = error?.rejectedMarkets ?? [];
  const loadingFirst = !snap && (data.fetching || (!error && plan.askMarkets.length > 0));

  return (
    <div className="view" data-testid="grid-screen">
      <h1 className="visually-hidden" tabIndex={-1} data-page-heading>
        Prices: {gameName(game)}
      </h1>
      <SearchSlot>
        <SearchBox ref={searchRef} className="gs__search" list='[data-testid="price-grid"]' value={filter.text} onChange={(text) => setFilter((f) => ({ ...f, text }))} />
      </SearchSlot>
      <div className="view__toolbar" role="toolbar" aria-label="Price grid tools">
        <div className="segmented" role="radiogroup" aria-label="View">
          <button type="button" role="radio" aria-checked={!filter.watchlist} className="segmented__item" onClick={() => setFilter((f) => ({ ...f, watchlist: false }))}>
            All items
          </button>
          <button type="button" role="radio" aria-checked={filter.watchlist} className="segmented__item" onClick={() => setFilter((f) => ({ ...f, watchlist: true }))}>
            ★ Watchlist <span className="gs__count">{watchNames.length}</span>
          </button>
        </div>
        <MarketPicker plan={plan} game={game} />
        <label className="gs__switch" title="Asks plus each market's buyer fee, bids minus its seller fee">
          <input type="checkbox" role="switch" checked={net} onChange={(e) => setNet(e.target.checked)} /> Net of fees
        </label>
        <label className="gs__switch" title="Locked price and offers under each price">
          <input type="checkbox" checked={detailsInCells} onChange={(e) => setDetailsInCells(e.target.checked)} /> Details
        </label>
        <div className="segmented" role="radiogroup" aria-label="Decimals">
          {([2, 3] as const).map((n) => (
            <button key={n} type="button" role="radio" aria-checked={decimals === n} className="segmented__item" onClick={() => setDecimals(n)} title={`Show ${n} decimals`}>
              .{'0'.repeat(n)}
            </button>
          ))}
        </div>
        <span className="view__spacer" />
        <LoadProgress store={data.progress} />
        <Freshness updatedAt={snap ? data.updatedAt : 0} stale={data.stale} restored={snap && data.restored ? restoredNote(status, data.fetching, Boolean(error)) : null} />
        <button type="button" className="btn btn--small" onClick={refresh} disabled={data.fetching} aria-label="Refresh prices" title="Refresh prices now">
          ↻ Refresh
        </button>
        <button type="button" className="btn btn--small" onClick={() => void exportCsv()} disabled={!snap || exporting || view.length === 0}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
        <button type="button" className="btn btn--small btn--ghost" onClick={() => settingsRef.current?.showModal()}>
          Markets &amp; fees
        </button>
      </div>
      <FilterBar filter={filter} setFilter={setFilter} symbol={money.symbol} />

      {snap && data.restored ? (
        <RestoredBanner at={data.updatedAt} note={restoredNote(status, data.fetching, Boolean(error))} status={status} what="Prices" className="gs__banner" testId="grid-restored" />
      ) : null}
      {error && snap && !data.restored ? (
        <ErrorNotice
          layout="banner"
          className="gs__banner"
          lead={`Showing the prices from ${new Date(data.updatedAt).toLocaleTimeString()}.`}
          message={`The latest refresh failed: ${error.message}`}
          detail={error.detail}
          action={rejected.length === 0 ? error.action : null}
          onRetry={refresh}
          retryDisabled={data.fetching}
          testId="grid-stale"
        >
          {rejected.map((slug) => (
            <button key={slug} type="button" className="btn btn--small btn--danger" onClick={() => removeSlug(slug)}>
              Remove “{slug}” from my markets
            </button>
          ))}
        </ErrorNotice>
      ) : null}
      {rejected.length > 0 ? (
        <p className="gs__rejected" data-testid="rejected-markets">
          The service does not know the market slug{rejected.length > 1 ? 's' : ''} {rejected.map((s) => `“${s}” (${plan.nameOf(s)})`).join(', ')}. Your
          market list may not match this service.
        </p>
      ) : null}
      {snap && snap.notes.unknownMarkets.length > 0 ? (
        <p className="gs__note" data-testid="grid-notes">
          The response also had data for markets that were not asked for, ignored: {snap.notes.unknownMarkets.slice(0, 8).join(', ')}
          {snap.notes.unknownMarkets.length > 8 ? '…' : ''}.
        </p>
      ) : null}

      <div className="view__body">
        <div className="view__main" ref={mainRef}>
          {plan.askMarkets.length === 0 ? (
            <div className="empty-state" data-testid="grid-empty">
              <p className="empty-state__title">No markets chosen</p>
              <p className="empty-state__text">Choose at least one market in “Markets” to see prices for {gameName(game)}.</p>
            </div>
          ) : !snap && error ? (
            <ErrorNotice
              layout="block"
              lead="Prices could not be loaded"
              message={error.message}
              detail={error.detail}
              action={rejected.length ? 'Remove the market the service does not know, then the grid loads again.' : error.action}
              onRetry={refresh}
              testId="grid-error"
            >
              {rejected.map((slug) => (
                <button key={slug} type="button" className="btn btn--danger" onClick={() => removeSlug(slug)}>
                  Remove “{slug}” from my markets
                </button>
              ))}
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
                onToggleWatch={onToggleWatch}
                onOpen={onOpen}
                onAlert={onAlert}
                openItem={openItem >= 0 ? openItem : null}
                money={money}
                nameOf={plan.nameOf}
                changes={changes}
                detailsInCells={detailsInCells}
                stale={data.stale}
                announce={announce}
                label={`${gameName(game)} prices`}
                initialSize={mainSize}
              />
              {view.length === 0 ? (
                filter.watchlist && watchNames.length === 0 ? (
                  <EmptyState overlay title="Your watchlist is empty" testId="grid-no-match">
                    <p className="empty-state__text">Star items with ☆ (or Space in the grid) to keep them here.</p>
                  </EmptyState>
                ) : (
                  <EmptyState
                    overlay
                    title={
                      <>
                        {filter.text.trim() ? <>No items match “{shorten(filter.text.trim(), 80)}”</> : 'No items match the filters'}
                        {filter.watchlist ? ' in your watchlist' : ''}
                      </>
                    }
                    testId="grid-no-match"
                    actions={
                      <>
                        {isFiltering(filter) ? (
                          <button type="button" className="btn btn--small" onClick={clearFilters}>
                            Clear filters
                          </button>
                        ) : null}
                        {filter.watchlist ? (
                          <button type="button" className="btn btn--small btn--ghost" onClick={() => setFilter((f) => ({ ...f, watchlist: false }))}>
                            Show all items
                          </button>
                        ) : null}
                      </>
                    }
                  />
                )
              ) : null}
            </>
          )}
          <ListFoot
            className="gs__foot"
            testIds="grid"
            list={snap ? { shown: view.length, total: snap.n, droppedRows: snap.notes.skippedItems, invalidValues: snap.notes.invalidValues } : null}
          >
            {snap ? (
              <>
                {askCols.length} markets{net ? ' · net of fees' : ''} · {data.placeholder ? 'loading the new market choice…' : data.restored ? `last data, from ${new Date(data.updatedAt).toLocaleString()}` : `${formatBytes(snap.meta.bytes)} via ${snap.meta.transport === 'graphql' ? 'GraphQL' : 'REST'}`}
              </>
            ) : null}
          </ListFoot>
        </div>
        {snap && derived && openItem >= 0 ? (
          <DetailPanel
            snap={snap}
            d={derived}
            item={openItem}
            askCols={askCols}
            bidCols={bidCols}
            nameOf={plan.nameOf}
            money={money}
            net={net}
            watched={watched[openItem] === 1}
            onToggleWatch={() => onToggleWatch(openItem)}
            onClose={() => {
              setOpenName(null);
              document.querySelector<HTMLElement>('[data-testid="price-grid"]')?.focus();
            }}
            reloadEpoch={reloadEpoch}
            announce={announce}
          />
        ) : null}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="grid-announce">
        {announcement}
      </div>
      {announcement ? (
        <div className="gs__toast" aria-hidden="true">
          {announcement}
        </div>
      ) : null}
      <dialog ref={settingsRef} className="dialog gs__dialog" aria-label="Markets and fees" onClick={(e) => e.target === settingsRef.current && settingsRef.current?.close()}>
        <div className="gs__dialogbody">
          <GridSettingsSections />
          <div className="gs__dialogfoot">
            <button type="button" className="btn" onClick={() => settingsRef.current?.close()}>
              Done
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}
