/**
 * The palette's item names: the last loaded grid snapshot's names per game, taken from the grid's
 * react-query cache and kept here past its gcTime, so they stay searchable on other pages. Each catalog's
 * haystack is built in idle time (rank.ts prepare), so opening the palette and the first keystroke find it
 * ready. Also the newest cached snapshot that lists an item (the alert editor's "now").
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { whenIdle } from '../lib/idle';
import { createStore } from '../lib/store';
import type { Snapshot } from './model/snapshot';
import { QUERY_KEYS } from './query-keys';
import { prepare, rankNames, type NameText } from './model/rank';

/** Items shown at most (the rest are counted). */
export const ITEM_LIMIT = 50;

/** Each game's names; a new map on each change, so the views reading it see one. */
const namesByGame = createStore<ReadonlyMap<number, readonly string[]>>(new Map());
let watching: QueryClient | null = null;

/** The grid snapshot's text for a list of names (its normalized search text, flags and text order). */
const textOfNames = new WeakMap<readonly string[], NameText>();

function remember(data: unknown): void {
  const snap = data as Partial<Snapshot> | undefined;
  if (!snap || typeof snap.game !== 'number' || !Array.isArray(snap.names) || snap.names.length === 0) return;
  if (namesByGame.get().get(snap.game) === snap.names) return;
  // The haystack is built once per catalog, in idle time, from the text the grid worker normalized:
  // opening the palette and the first keystroke find it ready (rank.ts).
  const names = snap.names;
  // The search text is read in idle time, not here: a snapshot takes it apart on its first read (worker/client.ts).
  const text =
    snap.flags instanceof Uint32Array && snap.byName instanceof Int32Array
      ? {
          get search(): readonly string[] {
            return Array.isArray(snap.search) ? snap.search : [];
          },
          flags: snap.flags,
          byName: snap.byName,
        }
      : undefined;
  if (text) textOfNames.set(names, text);
  namesByGame.set(new Map(namesByGame.get()).set(snap.game, names));
  whenIdle(() => {
    if (namesByGame.get().get(snap.game as number) !== names) return;
    prepare(names, text);
    // Compile the ranking code on a small sample too, so the first keystroke isn't the JIT's.
    const sample = names.slice(0, 400);
    for (const q of ['a', 'ak', 'ak re', 'ak redl ft', 'asiimv']) rankNames(prepare(sample), q, ITEM_LIMIT);
  }, 5000);
}

/** The grid worker's normalized text of these names, when the snapshot they came from had it. */
export function textOf(names: readonly string[]): NameText | undefined {
  return textOfNames.get(names);
}

function watchGridCache(client: QueryClient): void {
  if (watching === client) return;
  watching = client;
  for (const [, data] of client.getQueriesData({ queryKey: [QUERY_KEYS.prices] })) remember(data);
  client.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && e.query.queryKey[0] === QUERY_KEYS.prices) remember(e.query.state.data);
  });
}

/** The newest loaded grid snapshot of a game in react-query's cache that lists the item (the editor's "now"). */
export function cachedSnapshot(client: QueryClient, game: number, item: string): Snapshot | null {
  let best: Snapshot | null = null;
  let bestAt = -1;
  for (const q of client.getQueryCache().findAll({ queryKey: [QUERY_KEYS.prices] })) {
    const snap = q.state.data as Snapshot | undefined;
    if (!snap || snap.game !== game || typeof snap.indexOfName !== 'function' || q.state.dataUpdatedAt <= bestAt)
      continue;
    if (snap.indexOfName(item) < 0) continue;
    best = snap;
    bestAt = q.state.dataUpdatedAt;
  }
  return best;
}

/** The game's item names (null until a snapshot of it has loaded); starts watching the grid's cache. */
export function useItemNames(game: number): readonly string[] | null {
  const client = useQueryClient();
  watchGridCache(client);
  return useSyncExternalStore(
    namesByGame.subscribe,
    () => namesByGame.get().get(game) ?? null,
    () => null,
  );
}
