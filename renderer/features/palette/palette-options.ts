/**
 * The palette's options: the commands (actions, pages, games) and the items matching the query, with a
 * "New alert for <the best match>…" and an "Add <the best match> to portfolio…" action, in their groups' fixed order. Pure but for what the options
 * do when run (navigate, write a preference, open the alert editor).
 */
import type { QueryClient } from '@tanstack/react-query';
import { GAMES } from '../../../shared/catalog/games';
import type { PageDescriptor } from '../../lib/pages';
import { APP_PREFERENCES, writePreference, type Theme } from '../../lib/preferences';
import { navigate, type Route } from '../../lib/route';
import { SHORTCUTS } from '../../lib/shortcuts';
import { refreshPrices } from '../../market/engine/MarketEngineProvider';
import { openAlertEditor } from '../../requests/alert-editor';
import { openHoldingEditor } from '../../requests/holding-editor';
import { cachedSnapshot, ITEM_LIMIT } from '../../market/item-names';
import { rankCommands, rankNames, type Prepared } from '../../market/model/rank';

export type Group = 'Actions' | 'Pages' | 'Games' | 'Items';
/** The groups in the order the list shows them. */
const GROUPS: readonly Group[] = ['Actions', 'Pages', 'Games', 'Items'];

export interface PaletteOption {
  key: string;
  group: Group;
  label: string;
  keywords?: string;
  hint?: string;
  /**
   * Runs the option; `alt` is Shift+Enter. Returns true when focus goes elsewhere (another page, a dialog),
   * so the palette does not give it back.
   */
  run: (alt: boolean) => boolean | void;
}

/** The option that makes an alert for the best-matching item (its key). */
const NEW_ALERT_KEY = 'a:new-alert';
/** The option that adds the best-matching item to the portfolio (its key). */
const ADD_HOLDING_KEY = 'a:add-holding';

export interface CommandContext {
  client: QueryClient;
  route: Route;
  theme: Theme;
  game: number;
  pages: readonly PageDescriptor[];
}

/** The actions, a "Go to" per page and a "Switch game" per game. */
export function paletteCommands({ route, theme, game, pages }: CommandContext): PaletteOption[] {
  const go = (r: Route) => () => {
    navigate(r);
    return r !== route;
  };
  const other = theme === 'dark' ? 'light' : 'dark';
  return [
    {
      key: 'a:refresh',
      group: 'Actions',
      label: 'Refresh prices',
      keywords: 'reload update fetch',
      run: () => {
        void refreshPrices();
        if (route !== 'prices') navigate('prices');
        return route !== 'prices';
      },
    },
    {
      key: 'a:theme',
      group: 'Actions',
      label: `Switch to ${other} theme`,
      keywords: 'toggle theme light dark colour color',
      run: () => writePreference(APP_PREFERENCES.theme, other),
    },
    {
      key: 'a:settings',
      group: 'Actions',
      label: 'Open Settings',
      keywords: 'preferences options api key',
      hint: SHORTCUTS.settings.keys,
      run: go('settings'),
    },
    ...pages.map<PaletteOption>((p) => ({
      key: `p:${p.route}`,
      group: 'Pages',
      label: `Go to ${p.label}`,
      keywords: p.keywords,
      hint: p.shortcut.keys,
      run: go(p.route),
    })),
    ...GAMES.map<PaletteOption>((g) => ({
      key: `g:${g.id}`,
      group: 'Games',
      label: `Switch game to ${g.name}`,
      keywords: `${g.short} ${g.key}`,
      hint: g.id === game ? 'current' : undefined,
      run: () => writePreference(APP_PREFERENCES.game, g.id),
    })),
  ];
}

export interface RankedOptions {
  options: PaletteOption[];
  /** How many items match in all (at most ITEM_LIMIT are options). */
  itemTotal: number;
}

export interface ItemContext {
  client: QueryClient;
  game: number;
  /** What had focus before the palette opened: the alert editor gives focus back there. */
  focusBefore: () => HTMLElement | null;
}

/** The commands and items matching the query, grouped in a fixed order; within a group, best first. */
export function rankedOptions(
  commands: readonly PaletteOption[],
  prepared: Prepared | null,
  query: string,
  { client, game, focusBefore }: ItemContext,
): RankedOptions {
  const cmds = rankCommands(commands, query);
  const ranked = prepared ? rankNames(prepared, query, ITEM_LIMIT) : { indexes: [], total: 0 };
  const items = ranked.indexes.map<PaletteOption>((i, k) => {
    const name = prepared?.names[i] ?? '';
    return {
      // By position: a keystroke updates the rows' text in place instead of replacing every row.
      key: `i:${k}`,
      group: 'Items',
      label: name,
      run: (alt) => {
        if (alt) navigate('analytics', { view: 'item', item: name });
        else navigate('prices', { item: name });
        return true;
      },
    };
  });
  // A new alert for the best match, after the matching actions.
  const top = items[0]?.label;
  const alert: PaletteOption[] = top
    ? [
        {
          key: NEW_ALERT_KEY,
          group: 'Actions',
          label: `New alert for ${top}…`,
          run: () => {
            openAlertEditor({
              mode: 'new',
              game,
              item: top,
              snap: cachedSnapshot(client, game, top),
              returnFocus: focusBefore(),
            });
            return true;
          },
        },
      ]
    : [];
  const add: PaletteOption[] = top
    ? [
        {
          key: ADD_HOLDING_KEY,
          group: 'Actions',
          label: `Add ${top} to portfolio…`,
          keywords: 'holding own bought',
          run: () => {
            openHoldingEditor({ mode: 'new', game, name: top, returnFocus: focusBefore() });
            return true;
          },
        },
      ]
    : [];
  const all = [...cmds, ...add, ...alert, ...items].sort((a, b) => GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group));
  return { options: all, itemTotal: ranked.total };
}

/**
 * The option active by default: the first, unless that is the new alert or the add to portfolio (then the
 * first after them: Enter on a typed item name still opens the item).
 */
export function defaultActive(options: readonly PaletteOption[]): number {
  let i = 0;
  while (i < options.length - 1 && (options[i]?.key === NEW_ALERT_KEY || options[i]?.key === ADD_HOLDING_KEY)) i++;
  return i;
}
