/** The Prices page's main area: the grid with its foot, or the block that says why there is no grid yet. */
import { gameName } from '../../../shared/catalog/games';
import { EMPTY_FILTER } from '../../market/model/filter';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { ListFoot, LoadingBlock, WaitingBlock, formatBytes } from '../../ui/StatusParts';
import { GridNoMatch } from './GridNoMatch';
import { RemoveSlugButtons } from './GridBanners';
import { AllRefusedBlock } from './RefusedMarketsNote';
import { PriceGrid } from './price-grid/PriceGrid';
import type { GridScreenModel } from './useGridScreen';
import type { ElementSize } from './useElementSize';

export function GridArea({ m, size }: { m: GridScreenModel; size: ElementSize | null }) {
  return (
    <>
      <GridOrBlock m={m} size={size} />
      <GridFoot m={m} />
    </>
  );
}

function GridOrBlock({ m, size }: { m: GridScreenModel; size: ElementSize | null }) {
  const { game, plan, data, area } = m;
  const error = data.error;
  switch (area.kind) {
    case 'all-refused':
      return (
        <AllRefusedBlock
          refused={plan.refusedAsk}
          nameOf={plan.nameOf}
          onOpenMarkets={m.openSettings}
          onCheckAgain={m.checkAgain}
        />
      );
    case 'no-markets':
      return (
        <div className="empty-state" data-testid="grid-empty">
          <p className="empty-state__title">No markets chosen</p>
          <p className="empty-state__text">
            Choose at least one market in “Markets” to see prices for {gameName(game)}.
          </p>
        </div>
      );
    case 'checking-markets':
      return (
        <LoadingBlock
          title="Checking which markets this service offers…"
          text="The service refused a market name. Market Desk asks with smaller lists (each answer cancelled after its first bytes), then loads the prices without the names it refuses."
          store={data.progress}
          busy
          testId="grid-checking-markets"
        />
      );
    case 'error': {
      if (!error) return null;
      const rejected = error.rejectedMarkets ?? [];
      return (
        <ErrorNotice
          layout="block"
          lead="Prices could not be loaded"
          message={error.message}
          detail={error.detail}
          action={
            rejected.length ? 'Remove the market the service does not know, then the grid loads again.' : error.action
          }
          onRetry={m.refresh}
          testId="grid-error"
        >
          <RemoveSlugButtons slugs={rejected} className="btn btn--danger" onRemove={m.removeSlug} />
        </ErrorNotice>
      );
    }
    case 'waiting':
      return <WaitingBlock what={`${gameName(game)} prices`} status={area.status} testId="grid-waiting" />;
    case 'loading':
      return (
        <LoadingBlock
          title={`Loading ${gameName(game)} prices…`}
          text={`The whole catalog on ${plan.askMarkets.length} market${plan.askMarkets.length === 1 ? '' : 's'} comes in one response; it is read off-screen.`}
          store={data.progress}
          busy={m.loadingFirst}
          testId="grid-loading"
        />
      );
    case 'grid':
      return <GridWithNoMatch m={m} size={size} />;
  }
}

/** The grid, and under it what to do when the filters match nothing. */
function GridWithNoMatch({ m, size }: { m: GridScreenModel; size: ElementSize | null }) {
  const { game, plan, data, grid } = m;
  if (!grid.snap || !grid.derived) return null;
  return (
    <>
      <PriceGrid
        snap={grid.snap}
        d={grid.derived}
        view={grid.view}
        columns={grid.columns}
        sort={m.sort}
        onSort={m.onSort}
        watched={grid.watched}
        alerted={grid.alerted}
        onToggleWatch={m.onToggleWatch}
        onOpen={m.onOpen}
        onAlert={m.onAlert}
        onAddToPortfolio={m.onAddToPortfolio}
        openItem={m.openItem}
        money={m.money}
        nameOf={plan.nameOf}
        trust={grid.trust}
        changes={m.changes}
        detailsInCells={m.detailsInCells}
        stale={data.stale}
        announce={m.announce}
        label={`${gameName(game)} prices`}
        initialSize={size}
      />
      {grid.view.length === 0 ? (
        <GridNoMatch
          filter={m.filter}
          watchCount={m.watchNames.length}
          onClear={() => m.setFilter((f) => ({ ...EMPTY_FILTER, watchlist: f.watchlist }))}
          onShowAll={() => m.setFilter((f) => ({ ...f, watchlist: false }))}
        />
      ) : null}
    </>
  );
}

/** The count of items shown, the markets and how the data came. */
function GridFoot({ m }: { m: GridScreenModel }) {
  const { snap, view, askCols } = m.grid;
  const { data } = m;
  return (
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
          {askCols.length} markets{m.net ? ' · net of fees' : ''} ·{' '}
          {data.placeholder
            ? 'loading the new market choice…'
            : data.restored
              ? `last data, from ${new Date(data.updatedAt).toLocaleString()}`
              : `${formatBytes(snap.meta.bytes)} via ${snap.meta.transport === 'graphql' ? 'GraphQL' : 'REST'}${snap.bidsAt ? ` · bids from ${new Date(snap.bidsAt).toLocaleTimeString()}` : ''}`}
        </>
      ) : null}
    </ListFoot>
  );
}
