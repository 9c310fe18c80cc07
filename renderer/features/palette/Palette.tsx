/**
 * The command palette (Ctrl/Cmd+K): jump to an item, a page, a game, or run an action, by keyboard.
 *
 * A modal <dialog> holding a combobox (the text field) and a listbox of options in groups (Actions,
 * Pages, Games, Items). Focus stays in the field; the active option is aria-activedescendant. Arrows,
 * Home/End and PageUp/PageDown move; Enter runs (Shift+Enter on an item opens it in Analytics); Esc closes
 * and gives focus back to where it was. When the query finds items, the last action is "New alert for
 * <the best match>…" (the alert editor for it on the current game); the active option stays the first
 * other one, so Enter does what it did before, and ↑ or Home reaches the new alert. Items are the names
 * of the current game's loaded price snapshot (the grid's react-query cache, remembered here so they stay available on other pages); ranking is rank.ts.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { GAMES, gameName } from '../../../shared/catalog/games';
import { APP_PREFERENCES, useAppliedTheme, useSelectedGame, writePreference } from '../../lib/preferences';
import { usePages } from '../../lib/pages';
import { navigate, useRoute, type Route } from '../../lib/route';
import { SHORTCUTS, useGlobalKeys } from '../../lib/shortcuts';
import { openAlertEditor } from '../alerts/editor-state';
import type { Snapshot } from '../../market/model/snapshot';
import { formatCount } from '../../lib/number-format';
import { prepare, rankCommands, rankNames, type NameText } from './rank';
import './palette.css';
import { QUERY_KEYS } from '../../market/query-keys';
import { whenIdle } from '../../lib/idle';

/** Items shown at most (the rest are counted). */
export const ITEM_LIMIT = 50;
const PAGE_STEP = 10;

type Group = 'Actions' | 'Pages' | 'Games' | 'Items';
const GROUPS: readonly Group[] = ['Actions', 'Pages', 'Games', 'Items'];

interface Option {
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

// ---- Item names: the last loaded snapshot's names per game, kept past react-query's gcTime --------------

const namesByGame = new Map<number, readonly string[]>();
const nameListeners = new Set<() => void>();
let watching: QueryClient | null = null;

function remember(data: unknown): void {
  const snap = data as Partial<Snapshot> | undefined;
  if (!snap || typeof snap.game !== 'number' || !Array.isArray(snap.names) || snap.names.length === 0) return;
  if (namesByGame.get(snap.game) === snap.names) return;
  namesByGame.set(snap.game, snap.names);
  // The haystack is built once per catalog, in idle time, from the text the grid worker normalized:
  // opening the palette and the first keystroke find it ready (rank.ts).
  const names = snap.names;
  const text = Array.isArray(snap.search) && snap.flags instanceof Uint32Array && snap.byName instanceof Int32Array ? { search: snap.search, flags: snap.flags, byName: snap.byName } : undefined;
  if (text) textOfNames.set(names, text);
  whenIdle(() => {
    if (namesByGame.get(snap.game as number) !== names) return;
    prepare(names, text);
    // Compile the ranking code on a small sample too, so the first keystroke isn't the JIT's.
    const sample = names.slice(0, 400);
    for (const q of ['a', 'ak', 'ak re', 'ak redl ft', 'asiimv']) rankNames(prepare(sample), q, ITEM_LIMIT);
  }, 5000);
  for (const l of nameListeners) l();
}

/** The grid snapshot's text for a list of names (its normalized search text, flags and text order). */
const textOfNames = new WeakMap<readonly string[], NameText>();

function watchGridCache(client: QueryClient): void {
  if (watching === client) return;
  watching = client;
  for (const [, data] of client.getQueriesData({ queryKey: [QUERY_KEYS.prices] })) remember(data);
  client.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.query.queryKey[0] === QUERY_KEYS.prices) remember(e.query.state.data);
  });
}

/** The newest loaded grid snapshot of a game in react-query's cache that lists the item (the editor's "now"). */
function cachedSnapshot(client: QueryClient, game: number, item: string): Snapshot | null {
  let best: Snapshot | null = null;
  let bestAt = -1;
  for (const q of client.getQueryCache().findAll({ queryKey: [QUERY_KEYS.prices] })) {
    const snap = q.state.data as Snapshot | undefined;
    if (!snap || snap.game !== game || typeof snap.indexOfName !== 'function' || q.state.dataUpdatedAt <= bestAt) continue;
    if (snap.indexOfName(item) < 0) continue;
    best = snap;
    bestAt = q.state.dataUpdatedAt;
  }
  return best;
}

/** The option that makes an alert for the best-matching item (its key). */
const NEW_ALERT_KEY = 'a:new-alert';

function useItemNames(game: number): readonly string[] | null {
  const client = useQueryClient();
  watchGridCache(client);
  const subscribe = useCallback((l: () => void) => {
    nameListeners.add(l);
    return () => void nameListeners.delete(l);
  }, []);
  return useSyncExternalStore(subscribe, () => namesByGame.get(game) ?? null, () => null);
}

/** Runs fn in the first task after the next frame is painted (rAF, then a message), on one channel. */
let paintedChannel: { port: MessagePort; queue: Array<() => void> } | null = null;
function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => {
    if (!paintedChannel) {
      const ch = new MessageChannel();
      const queue: Array<() => void> = [];
      ch.port1.onmessage = () => queue.shift()?.();
      paintedChannel = { port: ch.port2, queue };
    }
    paintedChannel.queue.push(fn);
    paintedChannel.port.postMessage(0);
  });
}

// ---- The palette ---------------------------------------------------------------------------------------

export function Palette() {
  const [open, setOpen] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  const restore = useRef(false);
  const close = useCallback((restoreFocus: boolean) => {
    restore.current = restoreFocus;
    setOpen(false);
  }, []);
  // Focus goes back once the modal dialog is closed (while it is open, the rest of the page is inert).
  useEffect(() => {
    if (open) return;
    const el = returnFocus.current;
    returnFocus.current = null;
    if (restore.current && el?.isConnected) el.focus();
    restore.current = false;
  }, [open]);

  const onKey = useCallback(
    (e: KeyboardEvent): boolean => {
      if (!SHORTCUTS.palette.matches(e)) return false;
      if (open) close(true);
      else {
        returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setOpen(true);
      }
      return true;
    },
    [open, close],
  );
  useGlobalKeys(onKey);

  const focusBefore = useCallback(() => returnFocus.current, []);
  return open ? <PaletteDialog onClose={close} focusBefore={focusBefore} /> : null;
}

/** `focusBefore`: what had focus before the palette opened (a dialog opened from it gives focus back there). */
function PaletteDialog({ onClose, focusBefore }: { onClose: (restoreFocus: boolean) => void; focusBefore: () => HTMLElement | null }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [query, setQuery] = useState('');
  /** The active option's index; null: the default one (see `current`). */
  const [active, setActive] = useState<number | null>(null);
  const [route] = useRoute();
  const { pages } = usePages();
  const [game] = useSelectedGame();
  const theme = useAppliedTheme();
  const client = useQueryClient();
  const names = useItemNames(game);
  const short = GAMES.find((g) => g.id === game)?.short ?? gameName(game);

  useEffect(() => {
    const d = dialogRef.current;
    if (d && !d.open) d.showModal();
    inputRef.current?.focus();
    return () => d?.close();
  }, []);

  const commands = useMemo<Option[]>(() => {
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
          void client.refetchQueries({ queryKey: [QUERY_KEYS.prices], type: 'active' });
          if (route !== 'prices') navigate('prices');
          return route !== 'prices';
        },
      },
      { key: 'a:theme', group: 'Actions', label: `Switch to ${other} theme`, keywords: 'toggle theme light dark colour color', run: () => writePreference(APP_PREFERENCES.theme, other) },
      { key: 'a:settings', group: 'Actions', label: 'Open Settings', keywords: 'preferences options api key', hint: SHORTCUTS.settings.keys, run: go('settings') },
      ...pages.map<Option>((p) => ({
        key: `p:${p.route}`,
        group: 'Pages',
        label: `Go to ${p.label}`,
        keywords: p.keywords,
        hint: p.shortcut.keys,
        run: go(p.route),
      })),
      ...GAMES.map<Option>((g) => ({
        key: `g:${g.id}`,
        group: 'Games',
        label: `Switch game to ${g.name}`,
        keywords: `${g.short} ${g.key}`,
        hint: g.id === game ? 'current' : undefined,
        run: () => writePreference(APP_PREFERENCES.game, g.id),
      })),
    ];
  }, [client, route, theme, game, pages]);

  const prepared = useMemo(() => (names ? prepare(names, textOfNames.get(names)) : null), [names]);
  const { options, itemTotal } = useMemo(() => {
    const cmds = rankCommands(commands, query);
    const t0 = performance.now();
    const ranked = prepared ? rankNames(prepared, query, ITEM_LIMIT) : { indexes: [], total: 0 };
    // For the e2e/bench: how long ranking the items took, per keystroke.
    if (prepared && query) performance.measure('palette:rank', { start: t0 });
    const items = ranked.indexes.map<Option>((i, k) => {
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
    const alert: Option[] = top
      ? [
          {
            key: NEW_ALERT_KEY,
            group: 'Actions',
            label: `New alert for ${top}…`,
            run: () => {
              openAlertEditor({ mode: 'new', game, item: top, snap: cachedSnapshot(client, game, top), returnFocus: focusBefore() });
              return true;
            },
          },
        ]
      : [];
    // Grouped in a fixed order; within a group, best first.
    const all = [...cmds, ...alert, ...items].sort((a, b) => GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group));
    return { options: all, itemTotal: ranked.total };
  }, [commands, prepared, query, client, game, focusBefore]);

  // For the benchmark (bench:grid): results painted after a keystroke, like the grid's 'grid:view-painted'.
  useLayoutEffect(() => {
    afterPaint(() => performance.mark('palette:view-painted', { detail: { options: options.length } }));
  }, [options]);

  // By default the first option, unless that is the new alert (then the one after it: Enter on a typed item
  // name still opens the item).
  const current = Math.min(active ?? (options[0]?.key === NEW_ALERT_KEY && options.length > 1 ? 1 : 0), options.length - 1);
  const optionId = (i: number) => `${baseId}-opt-${i}`;

  useEffect(() => {
    if (current < 0) return;
    document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from baseId
  }, [current, baseId]);

  const runAt = (i: number, alt: boolean) => {
    const o = options[i];
    if (!o) return;
    const moved = o.run(alt) === true;
    onClose(!moved);
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    let next: number | null = null;
    switch (e.key) {
      case 'ArrowDown':
        next = current >= last ? 0 : current + 1;
        break;
      case 'ArrowUp':
        next = current <= 0 ? last : current - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      case 'PageDown':
        next = Math.min(last, current + PAGE_STEP);
        break;
      case 'PageUp':
        next = Math.max(0, current - PAGE_STEP);
        break;
      case 'Enter':
        e.preventDefault();
        runAt(current, e.shiftKey);
        return;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        onClose(true);
        return;
      default:
        return;
    }
    e.preventDefault();
    if (last >= 0) setActive(next);
  };

  const itemNote = !names
    ? `No ${short} items loaded yet: open Prices to load items.`
    : !query.trim()
      ? `Type to search ${formatCount(names.length)} ${short} items.`
      : itemTotal > ITEM_LIMIT
        ? `Showing ${ITEM_LIMIT} of ${formatCount(itemTotal)} matching items; type more to narrow.`
        : null;
  const status = query.trim() ? (options.length === 0 ? 'No results.' : `${options.length} result${options.length === 1 ? '' : 's'}${itemTotal > ITEM_LIMIT ? ` (${formatCount(itemTotal)} items match)` : ''}.`) : '';

  return (
    <dialog
      ref={dialogRef}
      className="dialog palette"
      aria-label="Command palette"
      data-testid="palette"
      onCancel={(e) => {
        e.preventDefault();
        onClose(true);
      }}
      onClick={(e) => {
        if (e.target === dialogRef.current) onClose(true);
      }}
    >
      <div className="palette__box">
        <input
          ref={inputRef}
          className="palette__input"
          type="text"
          role="combobox"
          aria-label="Search items, pages, games and actions"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          placeholder="Search items, pages, games, actions…"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(null);
          }}
          onKeyDown={onKeyDown}
        />
        <div ref={listRef} id={listId} className="palette__list" role="listbox" aria-label="Results">
          {GROUPS.map((group) => {
            const inGroup = options.filter((o) => o.group === group);
            if (inGroup.length === 0) return null;
            const headId = `${baseId}-g-${group}`;
            return (
              <div key={group} role="group" aria-labelledby={headId} className="palette__group">
                <div id={headId} className="palette__grouphead" role="presentation">
                  {group}
                </div>
                {inGroup.map((o) => {
                  const i = options.indexOf(o);
                  const selected = i === current;
                  return (
                    <div
                      key={o.key}
                      id={optionId(i)}
                      role="option"
                      aria-selected={selected}
                      className={`palette__option${selected ? ' palette__option--active' : ''}`}
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseMove={() => {
                        if (!selected) setActive(i);
                      }}
                      onClick={(e) => runAt(i, e.shiftKey)}
                    >
                      <span className="palette__label">{o.label}</span>
                      {o.hint ? <span className="palette__hint">{o.group === 'Games' ? o.hint : <kbd className="kbd">{o.hint}</kbd>}</span> : null}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        <div className="palette__foot">
          {itemNote ? <p className="palette__note" data-testid="palette-note">{itemNote}</p> : null}
          <p className="palette__keys" aria-hidden="true">
            <kbd className="kbd">↑↓</kbd> move <kbd className="kbd">Enter</kbd> run <kbd className="kbd">Shift+Enter</kbd> item in Analytics{' '}
            <kbd className="kbd">Esc</kbd> close
          </p>
        </div>
        <div className="visually-hidden" role="status" aria-live="polite">
          {status}
        </div>
      </div>
    </dialog>
  );
}
