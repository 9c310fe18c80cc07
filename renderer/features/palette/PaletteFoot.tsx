/** Under the palette's list: the note on the items (none loaded, how many, more than shown) and the keys. */
import { memo } from 'react';

export const PaletteFoot = memo(function PaletteFoot({ itemNote }: { itemNote: string | null }) {
  return (
    <div className="palette__foot">
      {itemNote ? (
        <p className="palette__note" data-testid="palette-note">
          {itemNote}
        </p>
      ) : null}
      <p className="palette__keys" aria-hidden="true">
        <kbd className="kbd">↑↓</kbd> move <kbd className="kbd">Enter</kbd> run <kbd className="kbd">Shift+Enter</kbd>{' '}
        item in Analytics <kbd className="kbd">Esc</kbd> close
      </p>
    </div>
  );
});
