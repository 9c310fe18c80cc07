/**
 * One of the item's whole-game look-ups (price recommendation, Steam analytics): a typed GraphQL document on
 * the app's urql client. The API answers them for a whole game, so the data worker fetches each once per game
 * and data source and picks this item (market/worker/client.ts itemLookupRun).
 */
import { useMemo } from 'react';
import { useQuery, type TypedDocumentNode } from 'urql';
import { useDataSource } from '../market/providers';
import type { ItemLookup, ItemVars } from '../market/api/documents';
import { fromCombinedError, type ApiError } from '../api/errors';
import { itemLookupRun } from '../market/worker/client';

export interface Lookup<Row> {
  status: 'loading' | 'unsupported' | 'ok' | 'not-listed' | 'error';
  row: Row | null;
  /** When the whole-game answer the row is from was fetched (null: no row). */
  fetchedAt: number | null;
  error: ApiError | null;
  retry(): void;
}

export function useItemLookup<Row>(
  doc: TypedDocumentNode<ItemLookup<Row>, { game_id?: number | null } & ItemVars>,
  games: readonly number[],
  game: number,
  name: string,
  reloadEpoch: number,
): Lookup<Row> {
  const { sourceKey } = useDataSource();
  const supported = games.includes(game);
  const context = useMemo(
    () => ({ worker: itemLookupRun({ source: sourceKey ?? '', epoch: reloadEpoch }) }),
    [sourceKey, reloadEpoch],
  );
  const [res, reexecute] = useQuery({
    query: doc,
    variables: { game_id: game, item: name },
    // Wait for the host's first status: the data source is part of what a kept answer is.
    pause: !supported || sourceKey === null,
    context,
  });
  const retry = () => reexecute({ requestPolicy: 'network-only' });
  if (!supported) return { status: 'unsupported', row: null, fetchedAt: null, error: null, retry };
  if (res.fetching || (!res.data && !res.error))
    return { status: 'loading', row: null, fetchedAt: null, error: null, retry };
  if (res.error) return { status: 'error', row: null, fetchedAt: null, error: fromCombinedError(res.error), retry };
  const row = res.data?.row ?? null;
  return {
    status: row ? 'ok' : 'not-listed',
    row,
    fetchedAt: row ? (res.data?.fetchedAt ?? null) : null,
    error: null,
    retry,
  };
}
