/** The Recommendations page's main column: the list (or its state), its foot and the reasons' legend. */
import { ReasonLegend } from './ReasonLegend';
import { RecFoot } from './RecFoot';
import { RecListArea } from './RecListArea';
import type { RecPage } from './useRecPage';

export function RecPageMain({ page }: { page: RecPage }) {
  const { recs, data, view, live, plan, markets } = page;
  const { prices, snap, net, join } = live;
  return (
    <div className="view__main">
      <RecListArea
        game={page.game}
        supported={page.supported}
        waiting={page.waiting}
        recs={recs}
        empty={page.emptyRecs}
        failed={data.error !== null}
        progress={data.progress}
        view={view}
        join={join}
        snap={snap}
        netDerived={live.netDerived}
        net={net}
        pricesLoading={!join && !prices.error && (prices.fetching || !page.listShown)}
        sort={page.sort}
        onSort={page.setSort}
        money={page.money}
        nameOf={plan.nameOf}
        openItem={page.selection.openItem}
        onOpen={page.selection.onOpen}
        onAnalytics={page.selection.onAnalytics}
        filter={page.filter}
        setFilter={page.setFilter}
      />
      <RecFoot
        recs={recs}
        shown={view.length}
        type={page.type}
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
  );
}
