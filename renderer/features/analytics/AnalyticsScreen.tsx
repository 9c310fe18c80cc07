/**
 * The Analytics page: a market view (a game on Steam or on one marketplace) and an item view (one item,
 * up to five compared, beside a chosen marketplace). State lives in the URL hash
 * (#/analytics?view=item&source=steam&item=…&item=…&market=buff163) so a reload, a link from the grid or a
 * bookmark lands on the same charts. The game is the app's game switch.
 */
import { gameName, STEAM_ANALYTICS_GAMES } from '../../../shared/catalog/games';
import { marketName } from '../../../shared/catalog/markets';
import { AnalyticsToolbar } from './AnalyticsToolbar';
import { ItemChips } from './ItemChips';
import { ItemView } from './ItemView';
import { MarketView } from './MarketView';
import { MAX_COMPARE, useAnalyticsPage } from './useAnalyticsPage';
import './analytics.css';

export function AnalyticsScreen() {
  const p = useAnalyticsPage();
  const { game, view, requested, source, sourceName, compareMarket, items, shown, set, main } = p;
  return (
    <div className="an" data-testid="analytics-screen">
      <h1 className="visually-hidden" tabIndex={-1} data-page-heading>
        Analytics: {gameName(game)}
      </h1>
      <AnalyticsToolbar
        view={view}
        steamGame={p.steamGame}
        source={source}
        compareMarket={compareMarket}
        all={p.markets.all}
        refused={p.markets.refused}
        offered={p.markets.offered}
        main={main}
        set={set}
      />
      {requested !== 'steam' && p.markets.refused.has(requested) ? (
        <p className="an__note" data-testid="analytics-market-refused">
          This service does not offer order analytics for {marketName(requested)} ({requested})
          {source ? `: showing ${sourceName} instead` : ''}. Other marketplaces are in Source.
        </p>
      ) : null}
      {!p.steamGame && source?.kind === 'market' && requested === 'steam' ? (
        <p className="an__note" data-testid="no-steam-analytics">
          The service has Steam analytics for {STEAM_ANALYTICS_GAMES.map(gameName).join(' and ')} only, not for{' '}
          {gameName(game)}: showing {sourceName}’s order analytics instead. Other marketplaces are in Source.
        </p>
      ) : null}
      {view === 'item' ? (
        <ItemChips
          names={main.catalog?.names ?? []}
          loaded={main.catalog !== null}
          items={items}
          shown={shown}
          max={MAX_COMPARE}
          onItems={(item) => set({ item })}
        />
      ) : null}
      <div className="an__body">
        {view === 'market' ? (
          <MarketView
            summary={main.catalog?.summary ?? null}
            state={p.state}
            provenance={p.provenance}
            sourceName={sourceName}
            steam={source?.kind === 'steam'}
            onOpenItem={(name) => set({ view: 'item', item: [name] })}
          />
        ) : (
          <ItemView
            game={game}
            names={shown}
            rows={p.rows}
            marketRow={p.marketRow}
            marketName={compareMarket ? marketName(compareMarket) : null}
            mainSource={sourceName}
            state={p.state}
            provenance={p.provenance}
          />
        )}
      </div>
    </div>
  );
}
