/**
 * The Recommendations page: every item's suggested price with its reasons explained, joined with the best
 * live ask and bid across the user's markets (the grid's data, loaded on demand), filters, a deals preset
 * (buy below / sell above the suggestion after the acting market's fee), CSV of the view, and the item's
 * detail panel and analytics. Type and markets filter live in the URL hash (useRecRoute), filters in the
 * page. The model is useRecPage (composing the use* hooks beside this file); this file lays out its parts.
 */
import { gameName } from '../../../shared/catalog/games';
import { ItemDetails } from '../../item-details/ItemDetails';
import { useAlertList } from '../alerts/hooks';
import { RecBanners } from './RecBanners';
import { RecFilters } from './RecFilters';
import { RecPageMain } from './RecPageMain';
import { RecToolbar } from './RecToolbar';
import { useRecPage } from './useRecPage';
import './recommendations.css';

export function RecommendationsScreen() {
  const page = useRecPage();
  const { game, recs, data, view, live, plan, restored, selection } = page;
  // The detail panel counts the open item's alerts.
  const alerts = useAlertList();
  return (
    <div className="view" data-testid="recommendations-screen">
      <h1 className="visually-hidden" tabIndex={-1} data-page-heading>
        Recommendations: {gameName(game)}
      </h1>
      <RecToolbar
        game={game}
        type={page.type}
        markets={page.markets}
        refused={page.refusedFilter}
        setParams={page.setParams}
        progress={data.progress}
        updatedAt={recs ? data.updatedAt : 0}
        stale={data.stale}
        restored={restored}
        fetching={data.fetching}
        onRefresh={page.refresh}
        canExport={Boolean(recs) && view.length > 0}
        exporting={page.exporting}
        onExport={page.exportCsv}
      />
      <RecFilters
        filter={page.filter}
        setFilter={page.setFilter}
        symbol={page.money.symbol}
        pricesReady={live.join !== null}
        onDealSort={page.onDealSort}
      />
      <RecBanners
        hasList={recs !== null}
        restored={restored}
        updatedAt={data.updatedAt}
        status={page.status}
        error={data.error}
        onRetry={page.refresh}
        markets={page.markets}
        refused={page.refusedFilter}
        setMarkets={page.setMarkets}
        nameOf={plan.nameOf}
        message={page.message}
      />
      <div className="view__body">
        <RecPageMain page={page} />
        <ItemDetails
          item={selection.details}
          snap={live.snap}
          d={live.shownDerived}
          askCols={live.askCols}
          bidCols={live.bidCols}
          nameOf={plan.nameOf}
          watchNames={selection.watchNames}
          alerts={alerts}
          onToggleWatch={selection.onToggleWatch}
          reloadEpoch={page.reloadEpoch}
          announce={page.announce}
          trust={live.trust}
        />
      </div>
    </div>
  );
}
