/** The alert pages' shared cells: an item that opens in Prices, a firing's time, a game's short name. */
import { GAMES, gameName } from '../../../shared/catalog/games';
import { openAlertTarget } from './AlertsWatcher';

export function timeText(at: number): string {
  const d = new Date(at);
  const today = new Date();
  const sameDay = d.toDateString() === today.toDateString();
  return sameDay ? d.toLocaleTimeString() : d.toLocaleString();
}

export function shortGame(game: number): string {
  return GAMES.find((g) => g.id === game)?.short ?? gameName(game);
}

export function ItemLink({ game, item }: { game: number; item: string }) {
  return (
    <button
      type="button"
      className="al-item"
      aria-label={`Open ${item} in Prices`}
      title={`Open ${item} in Prices (${gameName(game)})`}
      onClick={() => openAlertTarget({ game, item })}
    >
      <span className="al-item__name">{item}</span>
      <span className="al-game">{shortGame(game)}</span>
    </button>
  );
}
