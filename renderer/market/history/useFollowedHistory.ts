/**
 * Tells the price history which items the user follows, so all their markets stay at poll resolution
 * (tiers.ts): the grid's watchlist and the alerts' items of the open game. The portfolio adds its held
 * items with followHeldItems().
 */
import { useEffect } from 'react';
import { setNotice } from '../../lib/storage/status';
import { history } from './client';
import type { FollowSource } from './protocol';

function tell(game: number, source: FollowSource, names: readonly string[]): void {
  history.follow(game, source, names).then(
    () => setNotice('history-write', null),
    (e: unknown) =>
      setNotice(
        'history-write',
        `Could not save which items keep their full price history (${source}): ${e instanceof Error ? e.message : String(e)}.`,
      ),
  );
}

export function useFollowedHistory(
  game: number,
  watchNames: readonly string[],
  alerts: ReadonlyArray<{ game: number; item: string }>,
): void {
  const watchKey = [...new Set(watchNames)].sort().join('\u0000');
  const alertKey = [...new Set(alerts.filter((a) => a.game === game).map((a) => a.item))].sort().join('\u0000');
  useEffect(() => tell(game, 'watchlist', watchKey ? watchKey.split('\u0000') : []), [game, watchKey]);
  useEffect(() => tell(game, 'alerts', alertKey ? alertKey.split('\u0000') : []), [game, alertKey]);
}

/** The portfolio's hook: its held items of a game keep every market at poll resolution. */
export function followHeldItems(game: number, names: readonly string[]): Promise<void> {
  return history.follow(game, 'portfolio', names).then(() => undefined);
}
