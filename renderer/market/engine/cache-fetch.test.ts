/** A poll through the views' cache with a real QueryClient: views come and go while it runs. */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fetchIntoCache } from './cache-fetch';

const KEY = ['prices', 'demo', 730, 'steamcommunity', ''] as const;

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('fetchIntoCache', () => {
  it('finishes and fills the cache when the last view of the key unmounts during the load (a page change)', async () => {
    const client = new QueryClient();
    // The leaving page's view of the key: an observer that reads the cache only, as the engine's views do.
    const view = new QueryObserver(client, { queryKey: KEY, enabled: false });
    const off = view.subscribe(() => undefined);
    const answer = deferred<string>();
    const run = fetchIntoCache(client, KEY, 20_000, () => answer.promise);
    await Promise.resolve();
    off();
    answer.resolve('snapshot');
    await expect(run).resolves.toMatchObject({ data: 'snapshot' });
    expect(client.getQueryData(KEY)).toBe('snapshot');
  });

  it('a failed load rejects with its error and leaves the cache as it was', async () => {
    const client = new QueryClient();
    client.setQueryData(KEY, 'last');
    await expect(
      fetchIntoCache(client, KEY, 20_000, () => Promise.reject(new Error('503 from the service'))),
    ).rejects.toThrow('503 from the service');
    expect(client.getQueryData(KEY)).toBe('last');
  });
});
