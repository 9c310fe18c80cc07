/**
 * The Recommendations page: every item's suggested price with its reasons explained, joined with the best
 * live ask and bid across the user's markets (the grid's data, loaded on demand), filters, a deals preset
 * (buy below / sell above the suggestion after the acting market's fee), CSV of the view, and the item's
 * detail panel and analytics. Type and markets filter live in the URL hash (useRecRoute), filters in the
 * page. The models are the use* hooks beside this file; this file wires them to the page's parts.
 */
import { useCallback, useState } from 'react';
import { gameName } from '../../../shared/catalog/games';
import { useConnection } from '../../platform/connection';
import { useMoneyFormat } from '../../lib/preferences';
import { useStableCallback } from '../../lib/useStableCallback';
import { isHealthy } from '../../ui/status-view';
import { useMarketPlan } from '../../market/prefs';
import { restoredNote } from '../../ui/RestoredBanner';
import { ItemDetails } from '../../item-details/ItemDetails';
import { useAlertList } from '../alerts/hooks';
import { ReasonLegend } from './ReasonLegend';
import { RecBanners } from './RecBanners';
import { RecFilters } from './RecFilters';
import { RecFoot } from './RecFoot';
import { RecListArea } from './RecListArea';
import { RecToolbar } from './RecToolbar';
import { useRecCsvExport } from './useRecCsvExport';
import { useRecListModel } from './useRecListModel';
import { useRecLivePrices } from './useRecLivePrices';
import { useRecMessage } from './useRecMessage';
import { useRecRoute } from './useRecRoute';
import { useRecSelection } from './useRecSelection';
import { useRecViewModel } from './useRecViewModel';
import './recommendations.css';

export function RecommendationsScreen() {
  const { game, type, markets, supported, setParams } = useRecRoute();
  // Live prices' market plan (and this service's refused names: market discovery).
  const plan = useMarketPlan(game);
  const { data, refusedFilter, emptyRecs, recs, listShown, noListComing } = useRecListModel(
    game,
    type,
    markets,
    plan.discovery,
  );
  const live = useRecLivePrices({ game, plan, recs, listShown, enabled: listShown || noListComing });
  const { prices, snap, net, join } = live;
  const { filter, setFilter, sort, setSort, view, onDealSort } = useRecViewModel(recs, join, listShown);
  const money = useMoneyFormat();
  // The detail panel counts the open item's alerts.
  const alerts = useAlertList();
  const [reloadEpoch, setReloadEpoch] = useState(0);
  const [message, setMessage] = useRecMessage();
  const { details, openItem, onOpen, onAnalytics, watchNames, onToggleWatch } = useRecSelection({
    game,
    recs,
    snap,
    setMessage,
  });
  const { exporting, exportCsv } = useRecCsvExport({
    game,
    type,
    markets,
    recs,
    join,
    snap,
    netDerived: live.netDerived,
    net,
    nameOf: plan.nameOf,
    view,
    filter,
    updatedAt: data.updatedAt,
    setMessage,
  });
  const { status } = useConnection();

  const refresh = useStableCallback(() => {
    setReloadEpoch((e) => e + 1);
    void data.refetch();
    void prices.refetch();
  });
  const setMarkets = useCallback((m: string[]) => setParams({ markets: m }), [setParams]);
  const announce = useCallback((text: string) => setMessage({ text, tone: 'ok' }), [setMessage]);
  const waiting = !recs && status && status.state !== 'connecting' && !isHealthy(status.state) ? status : null;
  const error = data.error;
  const restored = recs && data.restored ? restoredNote(status, data.fetching, Boolean(error)) : null;

  return (
    <div className="view" data-testid="recommendations-screen">
      <h1 className="visually-hidden" tabIndex={-1} data-page-heading>
        Recommendations: {gameName(game)}
      </h1>
      <RecToolbar
        game={game}
        type={type}
        markets={markets}
        refused={refusedFilter}
        setParams={setParams}
        progress={data.progress}
        updatedAt={recs ? data.updatedAt : 0}
        stale={data.stale}
        restored={restored}
        fetching={data.fetching}
        onRefresh={refresh}
        canExport={Boolean(recs) && view.length > 0}
        exporting={exporting}
        onExport={exportCsv}
      />
      <RecFilters
        filter={filter}
        setFilter={setFilter}
        symbol={money.symbol}
        pricesReady={join !== null}
        onDealSort={onDealSort}
      />
      <RecBanners
        hasList={recs !== null}
        restored={restored}
        updatedAt={data.updatedAt}
        status={status}
        error={error}
        onRetry={refresh}
        markets={markets}
        refused={refusedFilter}
        setMarkets={setMarkets}
        nameOf={plan.nameOf}
        message={message}
      />
      <div className="view__body">
        <div className="view__main">
          <RecListArea
            game={game}
            supported={supported}
            waiting={waiting}
            recs={recs}
            empty={emptyRecs}
            failed={error !== null}
            progress={data.progress}
            view={view}
            join={join}
            snap={snap}
            netDerived={live.netDerived}
            net={net}
            pricesLoading={!join && !prices.error && (prices.fetching || !listShown)}
            sort={sort}
            onSort={setSort}
            money={money}
            nameOf={plan.nameOf}
            openItem={openItem}
            onOpen={onOpen}
            onAnalytics={onAnalytics}
            filter={filter}
            setFilter={setFilter}
          />
          <RecFoot
            recs={recs}
            shown={view.length}
            type={type}
            markets={markets.length}
            pricesLoaded={snap !== null}
            askMarkets={live.askCols.length}
            bidMarkets={live.bidCols.length}
            net={net}
            allRefused={plan.askMarkets.length === 0 && plan.refusedAsk.length > 0}
            checkingMarkets={plan.discovery.progress.length > 0}
            pricesError={prices.error}
          />
          <ReasonLegend />
        </div>
        <ItemDetails
          item={details}
          snap={snap}
          d={live.shownDerived}
          askCols={live.askCols}
          bidCols={live.bidCols}
          nameOf={plan.nameOf}
          watchNames={watchNames}
          alerts={alerts}
          onToggleWatch={onToggleWatch}
          reloadEpoch={reloadEpoch}
          announce={announce}
          trust={live.trust}
        />
      </div>
    </div>
  );
}
