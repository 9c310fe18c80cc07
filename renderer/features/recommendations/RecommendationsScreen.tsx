/**
 * The Recommendations page: every item's suggested price with its reasons explained, joined with the best
 * live ask and bid across the user's markets (the grid's data, loaded on demand), filters, a deals preset
 * (buy below / sell above the suggestion after the acting market's fee), CSV of the view, and the item's
 * detail panel and analytics. Type and markets filter live in the URL hash
 * (#/recommendations?type=p2p&market=buff163&market=csfloat), filters in the page.
 */
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { RECOMMENDATION_TYPES, type RecommendationType } from '../../../shared/api/schema';
import { gameName, GAMES, PRICE_RECOMMENDATION_GAMES } from '../../../shared/catalog/games';
import { CSV_BOM } from '../../../shared/csv/csv';
import type { MoneyFormat } from '../../../shared/money/money';
import { useConnection } from '../../platform/connection';
import { runWhenIdle } from '../../lib/idle';
import { useMoneyFormat, usePref, useSelectedGame } from '../../lib/preferences';
import { navigate, useRouteParams } from '../../lib/route';
import { isHealthy } from '../../ui/status-view';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { describeError } from '../../platform';
import { DetailPanel } from '../prices/DetailPanel';
import { computeDerived, derivedKey } from '../../market/model/price-arithmetic';
import { GRID_PREFS, useFees, useMarketPlan } from '../../market/prefs';
import { Freshness, ListFoot, LoadProgress, LoadingBlock, WaitingBlock, formatBytes } from '../../market/StatusParts';
import { useGridData } from '../../market/useGridData';
import { recCsvChunks } from './model/csv';
import { joinRecs, type RecJoin } from '../../market/recommendations/join';
import { applyRecFilter, DEFAULT_REC_SORT, EMPTY_REC_FILTER, isRecFiltering, recNarrows, sortedRecs, sortRecs, type RecFilter } from '../../market/recommendations/view';
import type { RecSort } from '../../market/recommendations/rec-sort';
import { emptyRecColumns, recName, recSampleRows, recSearch, shapeRecs, whenRecSearch, type RecColumns } from '../../market/recommendations/rec-columns';
import { RecFilters } from './RecFilters';
import { RecList } from './RecList';
import { RecMarketsFilter } from './RecMarketsFilter';
import { marketDiscovery, type DiscoveryView } from '../../market/markets/useMarketDiscovery';
import { ReasonLegend } from './ReasonLegend';
import { useRecommendations } from './useRecommendations';
import { recommendationsPainted } from '../../market/recommendations/api/load';
import { RestoredBanner, restoredNote } from '../../market/offline/RestoredBanner';
import './recommendations.css';

const TYPE_TEXT: Record<RecommendationType, { label: string; hint: string }> = {
  general: { label: 'General', hint: 'All supported markets except gambling ones' },
  p2p: { label: 'P2P', hint: 'Peer-to-peer markets only' },
};

const defined = (v: number | undefined): v is number => v !== undefined;
const NO_ROWS = new Int32Array(0);

const WARM_KEY = { game: 0, type: 'general', markets: null } as const;
/** The warm-up's steps: rows rendered at each. */
const WARM_ROWS = [4, 12, 24];
const noop = () => {};

/**
 * While the list downloads: the list rendered once more, hidden, over a small made-up sample
 * (recSampleRows), so that the real list's first render runs compiled code: in a page that never drew it,
 * that render otherwise spends a third of its time compiling (V8's tier-up). The worker warms its reading
 * code the same way. Nothing of it is shown or exposed (display: none).
 */
const RecListWarmUp = memo(function RecListWarmUp({ money, nameOf, net }: { money: MoneyFormat; nameOf: (slug: string) => string; net: boolean }) {
  // In idle time (the download's), not in the page's own first render; a few rows, then more, each step
  // a short task (cold code runs slowly: all of it at once would be a long task of its own).
  const [sample, setSample] = useState<{ recs: RecColumns; view: Int32Array } | null>(null);
  useEffect(() => {
    const recs = shapeRecs(recSampleRows(WARM_ROWS.at(-1) ?? 0), WARM_KEY, { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 });
    if (!recs) return;
    const order = sortRecs(recs, null, DEFAULT_REC_SORT);
    return runWhenIdle(WARM_ROWS.map((n) => () => setSample({ recs, view: order.subarray(0, n) })));
  }, []);
  if (!sample) return null;
  return (
    <div hidden>
      <RecList
        recs={sample.recs}
        view={sample.view}
        join={null}
        snap={null}
        netDerived={null}
        net={net}
        pricesLoading
        sort={DEFAULT_REC_SORT}
        onSort={noop}
        money={money}
        nameOf={nameOf}
        openItem={null}
        onOpen={noop}
        onAnalytics={noop}
        dealSide={null}
        label="warm-up"
        warmUp
      />
    </div>
  );
});

/**
 * The markets filter as sent: the chosen names less those this service refused (for the recommendations'
 * filter or for its prices). A refusal of the filter starts discovery over the chosen names; a success
 * records them as offered.
 */
function useFilterMarkets(discovery: DiscoveryView, markets: readonly string[]) {
  const refusedRecs = discovery.refused('recommendations');
  const refusedPrices = discovery.refused('minPrices');
  const refusedFilter = useMemo(() => new Set([...refusedRecs, ...refusedPrices]), [refusedRecs, refusedPrices]);
  const requestMarkets = useMemo(() => markets.filter((m) => !refusedFilter.has(m)), [markets, refusedFilter]);
  return { refusedFilter, requestMarkets };
}

function useFilterFeedback(discovery: DiscoveryView, requestMarkets: readonly string[], refused: boolean, loaded: boolean): void {
  const { source, game } = discovery;
  const names = requestMarkets.join(',');
  useEffect(() => {
    if (source === null || !names) return;
    if (refused) void marketDiscovery.onRefusal(source, game, 'recommendations', names.split(','));
    else if (loaded) marketDiscovery.recordOffered(source, game, 'recommendations', names.split(','));
  }, [source, game, names, refused, loaded]);
}

export function RecommendationsScreen() {
  const [game] = useSelectedGame();
  const params = useRouteParams();
  const type: RecommendationType = params.get('type') === 'p2p' ? 'p2p' : 'general';
  const markets = useMemo(() => [...new Set(params.getAll('market'))].sort(), [params]);
  const supported = PRICE_RECOMMENDATION_GAMES.includes(game);
  const setParams = (changes: { type?: RecommendationType; markets?: string[] }) => {
    const next = new URLSearchParams();
    const t = changes.type ?? type;
    if (t !== 'general') next.set('type', t);
    for (const m of changes.markets ?? markets) next.append('market', m);
    navigate('recommendations', next);
  };

  // Live prices' market plan (and this service's refused names: market discovery).
  const plan = useMarketPlan(game);
  const { refusedFilter, requestMarkets } = useFilterMarkets(plan.discovery, markets);
  const data = useRecommendations({ game, type, markets: requestMarkets });
  // What the list's empty frame shows while the list loads.
  const emptyRecs = useMemo(() => emptyRecColumns({ game, type, markets: markets.length ? markets : null }), [game, type, markets]);
  // A list is on screen (painted once since the page had none): until then the list comes first, and
  // the live prices' load and their join wait (they would share its CPU on the way to its first paint).
  const [listShown, setListShown] = useState(false);
  const current = data.recs && data.recs.game === game ? data.recs : null;
  const deferredRecs = useDeferredValue(current);
  // The first list renders at once (nothing to keep responsive yet; a deferred render would be sliced
  // into many short tasks on its way to the screen); a new list over one shown renders in the background.
  const recs = listShown && deferredRecs ? deferredRecs : current;
  if (!recs && listShown) setListShown(false);
  // No list to wait for (failed, or nothing to load): the prices need not wait either.
  const noListComing = !data.recs && (!data.fetching || data.error !== null);

  // Live prices: the grid's own load (same key, so an open grid's data is reused), on demand.
  const prices = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets }, { enabled: listShown || noListComing });
  const snap = useDeferredValue(prices.snap && prices.snap.game === game ? prices.snap : null);
  const [fees] = useFees(game);
  const [net] = usePref(GRID_PREFS.net);
  const askCols = useMemo(() => (snap ? plan.askMarkets.map((s) => snap.askIndex.get(s)).filter(defined) : []), [snap, plan.askMarkets]);
  const bidCols = useMemo(() => (snap ? plan.bidMarkets.map((s) => snap.bidIndex.get(s)).filter(defined) : []), [snap, plan.bidMarkets]);
  const derive = useCallback(
    (withNet: boolean) => {
      if (!snap) return null;
      const pre = snap.derived;
      if (pre && pre.key === derivedKey(snap, askCols, bidCols, fees, withNet)) return pre.data;
      return computeDerived({ snap, askCols, bidCols, fees, net: withNet });
    },
    [snap, askCols, bidCols, fees],
  );
  // The grid's per-row figures (a pass over the whole catalog when the worker's do not fit) are for the
  // join and the detail panel: not before the list is on screen.
  const shownDerived = useMemo(() => (listShown ? derive(net) : null), [listShown, derive, net]);
  const netDerived = useMemo(() => (net ? shownDerived : listShown ? derive(true) : null), [listShown, derive, net, shownDerived]);
  const join = useMemo(
    () => (listShown && recs && snap && shownDerived && netDerived ? joinRecs({ recs, snap, shown: shownDerived, net: netDerived }) : null),
    [listShown, recs, snap, shownDerived, netDerived],
  );

  const [filter, setFilter] = useState<RecFilter>(EMPTY_REC_FILTER);
  const [sort, setSort] = useState<RecSort>(DEFAULT_REC_SORT);
  const sorted = useMemo(() => (recs ? sortedRecs(recs, join, sort) : null), [recs, join, sort]);
  // Filtered in the keystroke's own render: with the list's search index a keystroke costs about a
  // millisecond, less than a deferred second render would. One more letter only narrows the result:
  // then the last view is filtered instead of the whole list.
  const lastView = useRef<{ sorted: Int32Array; join: RecJoin | null; filter: RecFilter; view: Int32Array } | null>(null);
  const view = useMemo(() => {
    if (!recs || !sorted) return new Int32Array(0);
    const last = lastView.current;
    const base = last && last.sorted === sorted && last.join === join && recNarrows(last.filter, filter) ? last.view : sorted;
    const v = applyRecFilter(base, recs, filter, join);
    lastView.current = { sorted, join, filter, view: v };
    return v;
  }, [recs, sorted, filter, join]);

  // Once the list is on screen and the worker's search text came (it follows the first paint), in idle
  // time: take that text in and warm the filter and sort code (JIT) on it, so the first keystroke or header
  // click costs what the later ones do. Results discarded. (Computing the text here instead would be a
  // long task of its own.)
  useEffect(() => {
    if (!listShown || !recs || !sorted) return;
    const list = recs;
    const order = sorted;
    let stopIdle = () => {};
    const stopWait = whenRecSearch(
      list,
      () =>
        (stopIdle = runWhenIdle([
          () => recSearch(list),
          ...['a', 'ak r', 'st ft -x', 'zz'].map((text) => () => applyRecFilter(order, list, { ...EMPTY_REC_FILTER, text }, null)),
          () => sortRecs(list, null, { key: 'suggested', dir: 'desc' }),
        ])),
      3000,
    );
    return () => {
      stopWait();
      stopIdle();
    };
  }, [listShown, recs, sorted]);

  const money = useMoneyFormat();
  const [reloadEpoch, setReloadEpoch] = useState(0);
  const [openName, setOpenName] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; tone: 'ok' | 'error' | 'info' } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [watchAll, setWatchAll] = usePref(GRID_PREFS.watchlist);
  const { api, status } = useConnection();

  useEffect(() => {
    if (message?.tone !== 'ok') return;
    const t = setTimeout(() => setMessage(null), 8000);
    return () => clearTimeout(t);
  }, [message]);

  // When the list reached the UI, and when it was painted (bench:recommendations times these): the task
  // right after the first frame that drew it ('recs:painted'; the bench times inputs the same way), and
  // the next frame's start ('recs:next-frame', the older, coarser mark). Then the live prices may load and join.
  useEffect(() => {
    if (!recs) return;
    performance.mark('recs:data', { detail: { items: recs.n, bytes: recs.meta.bytes, parseMs: recs.meta.parseMs, shapeMs: recs.meta.shapeMs } });
    let live = true;
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      if (!live) return;
      performance.mark('recs:painted', { detail: { items: recs.n } });
      recommendationsPainted();
      setListShown(true);
    };
    let frame = requestAnimationFrame(() => {
      // This frame draws the list; the message's task runs once it is drawn.
      ch.port2.postMessage(0);
      frame = requestAnimationFrame(() => performance.mark('recs:next-frame', { detail: { items: recs.n } }));
    });
    return () => {
      live = false;
      ch.port1.close();
      cancelAnimationFrame(frame);
    };
  }, [recs]);

  const openGridRow = openName && snap ? snap.indexOfName(openName) : -1;
  const openRec = useMemo(() => (openName && recs ? recs.names.indexOf(openName) : -1), [openName, recs]);
  const watchNames = useMemo(() => watchAll[String(game)] ?? [], [watchAll, game]);

  const onOpen = useCallback(
    (item: number) => {
      const name = recs ? recName(recs, item) : undefined;
      if (!name) return;
      setOpenName(name);
      if (snap && snap.indexOfName(name) < 0) setMessage({ text: `${name} has no live prices on your markets; its analytics are still there (A).`, tone: 'info' });
    },
    [recs, snap],
  );
  const onAnalytics = useCallback(
    (item: number) => {
      const name = recs ? recName(recs, item) : undefined;
      if (name) navigate('analytics', { view: 'item', item: name });
    },
    [recs],
  );

  const refresh = () => {
    setReloadEpoch((e) => e + 1);
    void data.refetch();
    void prices.refetch();
  };

  const exportCsv = async () => {
    if (!recs) return;
    setExporting(true);
    setMessage(null);
    try {
      const parts: string[] = [CSV_BOM];
      for (const chunk of recCsvChunks({ recs, join, snap, netDerived, net, marketName: plan.nameOf }, view, 1500)) {
        parts.push(chunk);
        // Yield between chunks: a 37k-row export never blocks the UI for long.
        await new Promise((r) => setTimeout(r, 0));
      }
      const bytes = new TextEncoder().encode(parts.join(''));
      const stamp = new Date(data.updatedAt || Date.now()).toISOString().slice(0, 16).replace(/[:T]/g, '-');
      const gameKey = GAMES.find((g) => g.id === game)?.key ?? String(game);
      const name = `market-desk-recommendations-${gameKey}-${type}${markets.length ? `-${markets.length}-markets` : ''}${filter.deal ? `-${filter.deal.side}-deals` : ''}-${stamp}.csv`;
      const result = await api.saveFile({ suggestedName: name, mime: 'text/csv', bytes });
      if (!result.saved) setMessage({ text: 'Export cancelled.', tone: 'info' });
      else setMessage({ text: `${result.path ? `Saved to ${result.path}` : `Downloaded ${name}`}: ${view.length.toLocaleString('en-US')} rows.`, tone: 'ok' });
    } catch (e) {
      setMessage({ text: `Could not export: ${describeError(e)}`, tone: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const waiting = !recs && status && status.state !== 'connecting' && !isHealthy(status.state) ? status : null;
  const error = data.error;
  const rejected = error?.rejectedMarkets ?? [];
  useFilterFeedback(plan.discovery, requestMarkets, error?.kind === 'bad-request', Boolean(current) && !data.stale);

  return (
    <div className="view" data-testid="recommendations-screen">
      <h1 className="visually-hidden" tabIndex={-1} data-page-heading>
        Recommendations: {gameName(game)}
      </h1>
      <div className="view__toolbar" role="toolbar" aria-label="Recommendations">
        <div className="segmented" role="radiogroup" aria-label="Type">
          {RECOMMENDATION_TYPES.map((t) => (
            <button key={t} type="button" role="radio" aria-checked={type === t} className="segmented__item" title={TYPE_TEXT[t].hint} onClick={() => setParams({ type: t })}>
              {TYPE_TEXT[t].label}
            </button>
          ))}
        </div>
        <span className="rs__hint">{TYPE_TEXT[type].hint}</span>
        <RecMarketsFilter game={game} value={markets} refused={refusedFilter} onChange={(m) => setParams({ markets: m })} />
        <span className="view__spacer" />
        <LoadProgress store={data.progress} what="recommendations" />
        <Freshness updatedAt={recs ? data.updatedAt : 0} stale={data.stale} restored={recs && data.restored ? restoredNote(status, data.fetching, Boolean(error)) : null} />
        <button type="button" className="btn btn--small" onClick={refresh} disabled={data.fetching} aria-label="Reload recommendations" title="Reload the list and the live prices">
          ↻ Reload
        </button>
        <button type="button" className="btn btn--small" onClick={() => void exportCsv()} disabled={!recs || exporting || view.length === 0} title="The rows shown, in their order, with exact decimals">
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      <RecFilters filter={filter} setFilter={setFilter} symbol={money.symbol} pricesReady={join !== null} onDealSort={(side) => setSort({ key: side === 'buy' ? 'buyGain' : 'sellGain', dir: 'desc' })} />
      {recs && data.restored ? (
        <RestoredBanner at={data.updatedAt} note={restoredNote(status, data.fetching, Boolean(error))} status={status} what="Recommendations" className="rs__banner" testId="recs-restored" />
      ) : null}
      {error && !(recs && data.restored) ? (
        <ErrorNotice
          layout="banner"
          lead={recs ? 'Could not refresh the recommendations; showing the last list.' : 'Could not load the recommendations.'}
          message={error.message}
          detail={error.detail}
          onRetry={refresh}
          testId="recs-error"
        >
          {rejected.length > 0 ? (
            <button type="button" className="btn btn--small" onClick={() => setParams({ markets: markets.filter((m) => !rejected.includes(m)) })}>
              Remove {rejected.join(', ')} from the filter
            </button>
          ) : null}
        </ErrorNotice>
      ) : null}
      {markets.some((m) => refusedFilter.has(m)) ? (
        <p className="rs__message is-info" role="status" data-testid="recs-filter-refused">
          This service does not offer {markets.filter((m) => refusedFilter.has(m)).map(plan.nameOf).join(', ')}: left out of the markets filter.
        </p>
      ) : null}
      {message ? (
        <p className={`rs__message is-${message.tone}`} role="status">
          {message.text}
        </p>
      ) : null}
      <div className="view__body">
        <div className="view__main">
          {!supported ? (
            <EmptyState title={`No recommendations for ${gameName(game)}`}>
              <p className="empty-state__text">The service suggests prices for CS2, TF2, Dota 2 and Rust.</p>
            </EmptyState>
          ) : waiting ? (
            <WaitingBlock what={`${gameName(game)} recommendations`} status={waiting} testId="recs-waiting" />
          ) : !recs ? (
            error ? null : (
              // The list's frame (header, scroller) is laid out while the list loads, so the list's first
              // paint adds only its rows.
              <>
                <RecList
                  recs={emptyRecs}
                  view={NO_ROWS}
                  join={null}
                  snap={null}
                  netDerived={null}
                  net={net}
                  pricesLoading
                  sort={sort}
                  onSort={setSort}
                  money={money}
                  nameOf={plan.nameOf}
                  openItem={null}
                  onOpen={onOpen}
                  onAnalytics={onAnalytics}
                  dealSide={filter.deal?.side ?? null}
                  label={`${gameName(game)} price recommendations`}
                  busy
                />
                <RecListWarmUp money={money} nameOf={plan.nameOf} net={net} />
                <LoadingBlock
                  title={`Loading ${gameName(game)} recommendations…`}
                  text="Every item's suggested price comes in one response; it is read off-screen."
                  store={data.progress}
                  busy
                  overlay
                  what="recommendations"
                  testId="recs-loading"
                />
              </>
            )
          ) : (
            <>
              <RecList
                recs={recs}
                view={view}
                join={join}
                snap={snap}
                netDerived={netDerived}
                net={net}
                pricesLoading={!join && !prices.error && (prices.fetching || !listShown)}
                sort={sort}
                onSort={setSort}
                money={money}
                nameOf={plan.nameOf}
                openItem={openRec >= 0 ? openRec : null}
                onOpen={onOpen}
                onAnalytics={onAnalytics}
                dealSide={filter.deal?.side ?? null}
                label={`${gameName(game)} price recommendations`}
              />
              {view.length === 0 ? (
                <EmptyState
                  overlay
                  title={filter.deal && !join ? 'Deals need live prices: they are loading…' : filter.deal ? 'No deals with these settings' : 'No items match the filters'}
                  testId="recs-no-match"
                  actions={
                    isRecFiltering(filter) ? (
                      <button type="button" className="btn btn--small" onClick={() => setFilter(EMPTY_REC_FILTER)}>
                        Clear filters
                      </button>
                    ) : null
                  }
                >
                  {filter.deal && join ? <p className="empty-state__text">Try a smaller margin, a lower liquidity, or allow some unstable reasons.</p> : null}
                </EmptyState>
              ) : null}
            </>
          )}
          <ListFoot className="rs__foot" testIds="recs" list={recs ? { shown: view.length, total: recs.n, droppedRows: recs.droppedRows, invalidValues: recs.invalidValues } : null}>
            {recs ? (
              <>
                {type === 'general' ? 'general' : 'P2P'}
                {markets.length ? ` · based on ${markets.length} market${markets.length === 1 ? '' : 's'}` : ''} · {formatBytes(recs.meta.bytes)} via {recs.meta.transport === 'graphql' ? 'GraphQL' : 'REST'}
                {' · '}
                <span data-testid="recs-prices">
                  {snap
                    ? `live prices: ${askCols.length} ask / ${bidCols.length} bid markets${net ? ', net of fees' : ''}`
                    : plan.askMarkets.length === 0 && plan.refusedAsk.length > 0
                      ? 'no live prices: this service offers none of your markets (see Prices)'
                      : plan.discovery.progress.length > 0
                        ? 'live prices: checking which markets this service offers…'
                        : prices.error
                          ? `live prices failed: ${prices.error.message}`
                          : 'loading live prices…'}
                </span>
              </>
            ) : null}
          </ListFoot>
          <ReasonLegend />
        </div>
        {openName && snap && shownDerived && openGridRow >= 0 ? (
          <DetailPanel
            snap={snap}
            d={shownDerived}
            item={openGridRow}
            askCols={askCols}
            bidCols={bidCols}
            nameOf={plan.nameOf}
            money={money}
            net={net}
            watched={watchNames.includes(openName)}
            onToggleWatch={() =>
              setWatchAll((prev) => {
                const list = prev[String(game)] ?? [];
                return { ...prev, [String(game)]: list.includes(openName) ? list.filter((x) => x !== openName) : [...list, openName] };
              })
            }
            onClose={() => {
              setOpenName(null);
              document.querySelector<HTMLElement>('[data-testid="rec-list"]')?.focus();
            }}
            reloadEpoch={reloadEpoch}
            announce={(t) => setMessage({ text: t, tone: 'ok' })}
          />
        ) : null}
      </div>
    </div>
  );
}
