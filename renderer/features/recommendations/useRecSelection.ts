/**
 * The item the user opened from the list: its detail panel (opened by name, so it stays open across a
 * reload or a new sort; focus back on the list when it closes), the item's analytics page, and the watch
 * star of its panel (the grid's watchlist).
 */
import { useCallback, useMemo } from 'react';
import { navigate } from '../../lib/route';
import type { Snapshot } from '../../market/model/snapshot';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import { recName } from '../../market/recommendations/rec-wire';
import { useOpenItem } from '../../item-details/ItemDetails';
import { useWatchlist } from '../../item-details/useWatchlist';
import type { RecMessage } from './useRecMessage';

export interface RecSelectionArgs {
  game: number;
  recs: RecColumns | null;
  snap: Snapshot | null;
  setMessage(message: RecMessage): void;
}

export function useRecSelection({ game, recs, snap, setMessage }: RecSelectionArgs) {
  const details = useOpenItem('[data-testid="rec-list"]');
  const { name: openName, open } = details;
  const openRec = useMemo(() => (openName && recs ? recs.names.indexOf(openName) : -1), [openName, recs]);
  const { watchNames, onToggleWatch } = useWatchlist(game);

  const onOpen = useCallback(
    (item: number) => {
      const name = recs ? recName(recs, item) : undefined;
      if (!name) return;
      open(name);
      if (snap && snap.indexOfName(name) < 0)
        setMessage({
          text: `${name} has no live prices on your markets; its analytics are still there (A).`,
          tone: 'info',
        });
    },
    [recs, snap, open, setMessage],
  );
  const onAnalytics = useCallback(
    (item: number) => {
      const name = recs ? recName(recs, item) : undefined;
      if (name) navigate('analytics', { view: 'item', item: name });
    },
    [recs],
  );
  return { details, openItem: openRec >= 0 ? openRec : null, onOpen, onAnalytics, watchNames, onToggleWatch };
}
