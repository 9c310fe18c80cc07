/**
 * The detail panel's watch star, on a page other than the grid: the game's watchlist (the grid's, a
 * preference) and the toggle of one item's name in it.
 */
import { useCallback, useMemo } from 'react';
import { usePref } from '../lib/preferences';
import { GRID_PREFS } from '../market/prefs';

export function useWatchlist(game: number): {
  watchNames: readonly string[];
  onToggleWatch(index: number, name: string): void;
} {
  const [watchAll, setWatchAll] = usePref(GRID_PREFS.watchlist);
  const watchNames = useMemo(() => watchAll[String(game)] ?? [], [watchAll, game]);
  const onToggleWatch = useCallback(
    (_index: number, name: string) =>
      setWatchAll((prev) => {
        const list = prev[String(game)] ?? [];
        return { ...prev, [String(game)]: list.includes(name) ? list.filter((x) => x !== name) : [...list, name] };
      }),
    [game, setWatchAll],
  );
  return { watchNames, onToggleWatch };
}
