/**
 * Tells the price history which items the portfolio holds (every game), so their markets stay at every
 * poll's resolution however old (market/history tiers), and the value-over-time chart keeps its detail;
 * and tells the market engine to poll the games of held items (each poll recorded), whatever page is open.
 * Mounted on every page (the page descriptor's Background).
 */
import { useEffect, useMemo } from 'react';
import { GAME_IDS } from '../../../shared/catalog/games';
import { setNotice } from '../../lib/storage/status';
import { followHeldItems } from '../../market/history/useFollowedHistory';
import { GameNeeds } from '../../market/engine/MarketEngineProvider';
import { usePortfolio } from './portfolio-state';

export function HeldItemsFollower() {
  const { holdings, ready } = usePortfolio();
  // One text per game, so the history is told again only when the set of names changes.
  const byGame = useMemo(
    () =>
      GAME_IDS.map((game) =>
        [...new Set(holdings.filter((h) => h.game === game).map((h) => h.name))].sort().join('\u0000'),
      ),
    [holdings],
  );
  const key = byGame.join('\u0001');
  useEffect(() => {
    if (!ready) return;
    key.split('\u0001').forEach((names, i) => {
      const game = GAME_IDS[i];
      if (game === undefined) return;
      followHeldItems(game, names ? names.split('\u0000') : []).then(
        () => setNotice('history-write', null),
        (e: unknown) =>
          setNotice(
            'history-write',
            `Could not save which items keep their full price history (portfolio): ${e instanceof Error ? e.message : String(e)}.`,
          ),
      );
    });
  }, [key, ready]);
  const games = useMemo(() => GAME_IDS.filter((_, i) => byGame[i] !== ''), [byGame]);
  return <GameNeeds games={games} />;
}
