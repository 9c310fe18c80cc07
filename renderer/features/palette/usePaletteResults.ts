/**
 * The palette's results for a query: the commands of the current route, theme, game and pages, and the
 * current game's items ranked (rank.ts), recomputed per keystroke only where the query is involved.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useMemo } from 'react';
import { GAMES, gameName } from '../../../shared/catalog/games';
import { usePages } from '../../lib/pages';
import { useAppliedTheme, useSelectedGame } from '../../lib/preferences';
import { useRoute } from '../../lib/route';
import { afterPaint } from '../../lib/after-paint';
import { textOf, useItemNames } from '../../market/item-names';
import { paletteCommands, rankedOptions, type PaletteOption } from './palette-options';
import { prepare } from '../../market/model/rank';

export interface PaletteResults {
  options: PaletteOption[];
  itemTotal: number;
  /** The current game's item names; null until its prices have loaded once. */
  names: readonly string[] | null;
  /** The current game's short name ("CS2"). */
  short: string;
}

export function usePaletteResults(query: string, focusBefore: () => HTMLElement | null): PaletteResults {
  const [route] = useRoute();
  const { pages } = usePages();
  const [game] = useSelectedGame();
  const theme = useAppliedTheme();
  const client = useQueryClient();
  const names = useItemNames(game);
  const short = GAMES.find((g) => g.id === game)?.short ?? gameName(game);

  const commands = useMemo(
    () => paletteCommands({ client, route, theme, game, pages }),
    [client, route, theme, game, pages],
  );
  const prepared = useMemo(() => (names ? prepare(names, textOf(names)) : null), [names]);
  const { options, itemTotal } = useMemo(
    () => rankedOptions(commands, prepared, query, { client, game, focusBefore }),
    [commands, prepared, query, client, game, focusBefore],
  );

  // For the benchmark (bench:grid): results painted after a keystroke, like the grid's 'grid:view-painted'.
  useLayoutEffect(() => {
    afterPaint(() => performance.mark('palette:view-painted', { detail: { options: options.length } }));
  }, [options]);

  return { options, itemTotal, names, short };
}
