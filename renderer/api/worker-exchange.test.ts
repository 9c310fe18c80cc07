import { Client, fetchExchange, type Operation } from '@urql/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorFromHttp } from './errors';
import { graphql } from './gql';
import { graphqlRequestOf, runInWorker, workerDocument, workerExchange, type WorkerRun } from './worker-exchange';

const Catalog = workerDocument<{ summary: number }, { item: string }>()(
  graphql(`
    query Catalog($game_id: Int) {
      getPriceRecommendations(game_id: $game_id) {
        market_hash_name
      }
    }
  `),
);

function client(): Client {
  return new Client({ url: '/api/v2/graphql', exchanges: [workerExchange(), fetchExchange], preferGetMethod: false });
}

function fetchAnswering(body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('workerExchange', () => {
  it('gives an operation with a worker run to it; its data is what the run resolves to', async () => {
    const fetch = fetchAnswering({ data: {} });
    const run = vi.fn<WorkerRun>(async (op: Operation) => ({
      summary: (op.variables as { game_id: number }).game_id * 2,
    }));
    const result = await client().query(Catalog, { game_id: 21, item: 'a' }, { worker: run }).toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ summary: 42 });
    expect(run).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lets every other operation through to fetch', async () => {
    const fetch = fetchAnswering({ data: { getPriceRecommendations: [] } });
    const result = await client().query(Catalog, { game_id: 570, item: 'a' }).toPromise();
    expect(result.data).toEqual({ getPriceRecommendations: [] });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a run\u2019s ApiError is the networkError itself; anything else becomes one', async () => {
    fetchAnswering({ data: {} });
    const made = errorFromHttp(
      429,
      { errors: [{ message: 'slow down', extensions: { code: 'RATE_LIMITED' } }] },
      '30',
      ['steam'],
    );
    const failed = await client()
      .query(Catalog, { game_id: 1, item: 'a' }, { worker: async () => Promise.reject(made) })
      .toPromise();
    expect(failed.error?.networkError).toBe(made);
    const other = await client()
      .query(
        Catalog,
        { game_id: 2, item: 'a' },
        { worker: async () => Promise.reject(new TypeError('Failed to fetch')) },
      )
      .toPromise();
    expect(other.error?.networkError).toMatchObject({ name: 'ApiError', kind: 'network', detail: 'Failed to fetch' });
  });

  it('runInWorker rejects with the run\u2019s ApiError unchanged', async () => {
    fetchAnswering({ data: {} });
    const made = errorFromHttp(503, '', '7');
    await expect(
      runInWorker(client(), Catalog, { game_id: 1, item: 'a' }, async () => Promise.reject(made)),
    ).rejects.toBe(made);
    await expect(
      runInWorker(client(), Catalog, { game_id: 1, item: 'b' }, async () => ({ summary: 3 })),
    ).resolves.toEqual({ summary: 3 });
  });

  it('aborts the run when the operation is torn down', async () => {
    fetchAnswering({ data: {} });
    let signal: AbortSignal | null = null;
    const run: WorkerRun = (_op, s) => {
      signal = s;
      return new Promise(() => {});
    };
    const sub = client()
      .query(Catalog, { game_id: 1, item: 'a' }, { worker: run })
      .subscribe(() => {});
    await vi.waitFor(() => expect(signal).not.toBeNull());
    expect(signal!.aborted).toBe(false);
    sub.unsubscribe();
    expect(signal!.aborted).toBe(true);
  });

  it('the request a run sends has the document and only the variables it declares', async () => {
    fetchAnswering({ data: {} });
    let sent: unknown = null;
    const run: WorkerRun = async (op) => ((sent = graphqlRequestOf(op)), {});
    await client()
      .query(Catalog, { game_id: 570, item: 'AK-47 | Redline (Field-Tested)' }, { worker: run })
      .toPromise();
    expect(sent).toMatchObject({ operationName: 'Catalog', variables: { game_id: 570 } });
    expect((sent as { query: string }).query).toMatch(/^query Catalog\(\$game_id: Int\)/);
    expect((sent as { query: string }).query).not.toContain('__typename');
  });
});
