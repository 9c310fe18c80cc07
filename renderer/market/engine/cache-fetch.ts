/**
 * A poll's load run through the views' react-query cache under their key, so every view of the request sees
 * the answer. The load is given no abort signal: react-query cancels a fetch that read its signal once the
 * last view of the key unmounts, and a poll is the engine's (its history, its other consumers), not a view's.
 */
import type { QueryClient } from '@tanstack/react-query';

export async function fetchIntoCache<T>(
  client: QueryClient,
  key: readonly unknown[],
  gcTime: number,
  load: () => Promise<T>,
): Promise<{ data: T; at: number }> {
  const data = await client.fetchQuery<T, Error, T, readonly unknown[]>({
    queryKey: key,
    queryFn: () => load(),
    staleTime: 0,
    gcTime,
    retry: false,
    structuralSharing: false,
  });
  return { data, at: client.getQueryState(key)?.dataUpdatedAt || Date.now() };
}
