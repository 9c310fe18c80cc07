/**
 * The Prices page: the search box, the toolbar, filters, banners, the grid, and the item's detail panel.
 * The model is useGridScreen (the grid's own view: useGridView); this file lays out its parts.
 */
import { memo } from 'react';
import { gameName } from '../../../shared/catalog/games';
import { ItemDetails } from '../../item-details/ItemDetails';
import { FilterBar, SearchBox } from '../../ui/FilterBar';
import type { FilterState } from '../../market/model/filter';
import { restoredNote } from '../../ui/RestoredBanner';
import { GridArea } from './GridArea';
import { GridBanners } from './GridBanners';
import { GridSettingsDialog } from './GridSettingsDialog';
import { GridToolbar } from './GridToolbar';
import { QuoteControls } from './QuoteControls';
import { RefusedMarketsNote } from './RefusedMarketsNote';
import { SearchSlot } from './SearchSlot';
import { Announcement } from './useAnnouncer';
import { useElementSize } from './useElementSize';
import { useGridScreen } from './useGridScreen';

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

/** Neither depends on the filter: a keystroke in the search box does not render them again. */
const Banners = memo(GridBanners);
const Details = memo(ItemDetails);

/** The quote choice beside the filters (it reads its own preferences: one element for every render). */
const QUOTE_CONTROLS = <QuoteControls />;

export function GridScreen() {
  const m = useGridScreen();
  const { game, plan, data, grid, filter, setFilter, status } = m;
  const snap = grid.snap;
  // The grid's first render takes the area's size less the foot's line.
  const [mainRef, mainSize] = useElementSize(20);
  return (
    <div className="view" data-testid="grid-screen">
      <h1 className="visually-hidden" tabIndex={-1} data-page-heading>
        Prices: {gameName(game)}
      </h1>
      <SearchSlot>
        <SearchBox
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
        watchCount={m.watchNames.length}
        setFilter={setFilter}
        progress={data.progress}
        updatedAt={snap ? data.updatedAt : 0}
        stale={data.stale}
        restored={snap && data.restored ? restoredNote(status, data.fetching, Boolean(data.error)) : null}
        fetching={data.fetching}
        onRefresh={m.refresh}
        canExport={Boolean(snap) && grid.view.length > 0}
        exporting={m.exporting}
        onExport={m.exportCsv}
        onSettings={m.openSettings}
      />
      <OtherFilters filter={filter} setFilter={setFilter} symbol={m.money.symbol} extra={QUOTE_CONTROLS} />
      <Banners
        snap={snap}
        error={data.error}
        restored={data.restored}
        fetching={data.fetching}
        updatedAt={data.updatedAt}
        status={status}
        nameOf={plan.nameOf}
        onRetry={m.refresh}
        onRemoveSlug={m.removeSlug}
        checkingMarkets={m.checkingMarkets}
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
          onOpenMarkets={m.openSettings}
        />
      )}
      <div className="view__body">
        <div className="view__main" ref={mainRef}>
          <GridArea m={m} size={mainSize} />
        </div>
        <Details
          item={m.details}
          snap={snap}
          d={grid.derived}
          askCols={grid.askCols}
          bidCols={grid.bidCols}
          nameOf={plan.nameOf}
          watchNames={m.watchNames}
          alerts={m.alerts}
          onToggleWatch={m.onToggleWatch}
          reloadEpoch={m.reloadEpoch}
          announce={m.announce}
          trust={grid.trust}
        />
      </div>
      <Announcement text={m.announcement} testId="grid-announce" />
      <GridSettingsDialog ref={m.settingsRef} />
    </div>
  );
}
