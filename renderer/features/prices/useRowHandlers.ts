/** What a grid row's keys and buttons do on the Prices page: sort, star, open, a new alert, add to the portfolio. */
import { useCallback } from 'react';
import type { Snapshot } from '../../market/model/snapshot';
import type { SortState } from '../../market/prefs';
import type { SetPreference } from '../../lib/preferences';
import { openAlertEditor } from '../../requests/alert-editor';
import { openHoldingEditor } from '../../requests/holding-editor';
import { flipDir } from '../../market/model/sort';
import { defaultDir, type GridColumn } from './grid-columns';

export interface RowHandlerInput {
  game: number;
  snap: Snapshot | null;
  columns: readonly GridColumn[];
  watched: Uint8Array;
  setSort: SetPreference<SortState>;
  setWatchAll: SetPreference<Record<string, string[]>>;
  openDetails(name: string | null): void;
  announce(text: string): void;
}

export function useRowHandlers({
  game,
  snap,
  columns,
  watched,
  setSort,
  setWatchAll,
  openDetails,
  announce,
}: RowHandlerInput) {
  const onSort = useCallback(
    (colId: string) => {
      const col = columns.find((c) => c.id === colId);
      if (!col) return;
      setSort((s) => (s.col === colId ? { col: colId, dir: flipDir(s.dir) } : { col: colId, dir: defaultDir(col) }));
    },
    [columns, setSort],
  );
  const onToggleWatch = useCallback(
    (item: number) => {
      const name = snap?.names[item];
      if (name === undefined) return;
      const on = watched[item] === 1;
      setWatchAll((all) => {
        const key = String(game);
        const list = all[key] ?? [];
        return { ...all, [key]: list.includes(name) ? list.filter((n) => n !== name) : [...list, name] };
      });
      announce(on ? `Removed ${name} from the watchlist` : `Added ${name} to the watchlist`);
    },
    [snap, watched, game, setWatchAll, announce],
  );
  const onOpen = useCallback((item: number) => openDetails(snap?.names[item] ?? null), [snap, openDetails]);
  const onAlert = useCallback(
    (item: number) => {
      const name = snap?.names[item];
      if (snap && name) openAlertEditor({ mode: 'new', game: snap.game, item: name, snap });
    },
    [snap],
  );
  const onAddToPortfolio = useCallback(
    (item: number) => {
      const name = snap?.names[item];
      if (snap && name) openHoldingEditor({ mode: 'new', game: snap.game, name });
    },
    [snap],
  );
  return { onSort, onToggleWatch, onOpen, onAlert, onAddToPortfolio };
}
