/** What each alerts watcher (price alerts, scanner rules) asks of the market engine for a game. */
import { useMarketPlan } from '../../market/prefs';
import { useRequestPlan } from '../../market/request-plan';
import { useMarketNeed } from '../../market/engine/MarketEngineProvider';

/** A game's prices for the user's markets as a need of the market engine, polled whatever page is shown; its market plan. */
export function useWatchedGame(game: number): ReturnType<typeof useMarketPlan> {
  const plan = useMarketPlan(game);
  // A request limit may leave out games no open page shows (shared/budget/planner): then no need.
  const requests = useRequestPlan();
  const skipped = requests.stretched && requests.feeds.some((f) => f.game === game && f.intervalMs === null);
  useMarketNeed(
    skipped ? null : { game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets, kinds: ['asks', 'bids'] },
  );
  return plan;
}
