/** The editor's title, the item and its game, and the close button. */
import { memo } from 'react';
import { GAMES, gameName } from '../../../../shared/catalog/games';
import { closeAlertEditor } from '../../../requests/alert-editor';

export const EditorHeader = memo(function EditorHeader({
  titleId,
  title,
  item,
  game,
}: {
  titleId: string;
  title: string;
  item: string;
  game: number;
}) {
  return (
    <header className="al-form__head">
      <div>
        <h2 id={titleId} className="al-form__title">
          {title}
        </h2>
        <p className="al-form__item" title={item}>
          {item} <span className="al-muted">· {GAMES.find((g) => g.id === game)?.short ?? gameName(game)}</span>
        </p>
      </div>
      <button type="button" className="btn btn--small btn--ghost" aria-label="Close" onClick={closeAlertEditor}>
        ✕
      </button>
    </header>
  );
});
