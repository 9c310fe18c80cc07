import { CombinedError, Client, fetchExchange, type Operation } from '@urql/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphql } from './gql';
import { graphqlRequestOf, registeredWorkerRoutes, registerWorkerRoute, routedDocument, workerExchange, WORKER_ERROR, type WorkerRoute } from './worker-exchange';

const Catalog = routedDocument<{ summary: number }, { item: string }>()(
  graphql(`
    query Catalog($game_id: Int) {
      getPriceRecommendations(game_id: $game_id) { market_hash_name }
    }
  `),
);

function clientWith(routes: readonly WorkerRoute[]): Client {
  return new Client({ url: '/api/v2/graphql', exchanges: [workerExchange(routes), fetchExchange], preferGetMethod: false });
}

function fetchAnswering(body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('workerExchange', () => {
  it('gives a matched operation to its route, with the task from the context; its data is what run() resolves to', async () => {
    const fetch = fetchAnswering({ data: {} });
    const run = vi.fn(async (_op: Operation, task: unknown) => ({ summary: (task as { n: number }).n * 2 }));
    const route: WorkerRoute = { name: 'catalog', match: (op) => (op.context.catalogTask as unknown) ?? null, run };
    const result = await clientWith([route]).query(Catalog, { game_id: 570, item: 'a' }, { catalogTask: { n: 21 } }).toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ summary: 42 });
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![1]).toEqual({ n: 21 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('lets every other operation through to fetch', async () => {
    const fetch = fetchAnswering({ data: { getPriceRecommendations: [] } });
    const route: WorkerRoute = { name: 'catalog', match: (op) => (op.context.catalogTask as unknown) ?? null, run: vi.fn() };
    const result = await clientWith([route]).query(Catalog, { game_id: 570, item: 'a' }).toPromise();
    expect(result.data).toEqual({ getPriceRecommendations: [] });
    expect(route.run).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an error with toWire() comes out as extensions.workerError; any other error as the networkError itself', async () => {
    fetchAnswering({ data: {} });
    class Wired extends Error {
      toWire() {
        return { why: this.message };
      }
    }
    const plain = new RangeError('plain');
    let next: Error = new Wired('kept');
    const route: WorkerRoute = { name: 'failing', match: () => true, run: async () => Promise.reject(next) };
    const client = clientWith([route]);
    const wired = await client.query(Catalog, { game_id: 1, item: 'a' }).toPromise();
    expect(wired.error).toBeInstanceOf(CombinedError);
    expect(wired.error?.graphQLErrors[0]?.extensions[WORKER_ERROR]).toEqual({ why: 'kept' });
    next = plain;
    const other = await client.query(Catalog, { game_id: 2, item: 'a' }).toPromise();
    expect(other.error?.networkError).toBe(plain);
  });

  it('aborts the run when the operation is torn down', async () => {
    fetchAnswering({ data: {} });
    let signal: AbortSignal | null = null;
    const route: WorkerRoute = {
      name: 'slow',
      match: () => true,
      run: (_op, _task, opts) => {
        signal = opts.signal;
        return new Promise(() => {});
      },
    };
    const sub = clientWith([route]).query(Catalog, { game_id: 1, item: 'a' }).subscribe(() => {});
    await vi.waitFor(() => expect(signal).not.toBeNull());
    expect(signal!.aborted).toBe(false);
    sub.unsubscribe();
    expect(signal!.aborted).toBe(true);
  });

  it('the request a route sends has the document and only the variables it declares', async () => {
    fetchAnswering({ data: {} });
    let sent: unknown = null;
    const route: WorkerRoute = { name: 'catalog', match: () => true, run: async (op) => ((sent = graphqlRequestOf(op)), {}) };
    await clientWith([route]).query(Catalog, { game_id: 570, item: 'AK-47 | Redline (Field-Tested)' }).toPromise();
    expect(sent).toMatchObject({ operationName: 'Catalog', variables: { game_id: 570 } });
    expect((sent as { query: string }).query).toMatch(/^query Catalog\(\$game_id: Int\)/);
    expect((sent as { query: string }).query).not.toContain('__typename');
  });
});

describe('the route registry', () => {
  it('sees routes registered after the client was built, and replaces a route registered again by name', async () => {
    fetchAnswering({ data: {} });
    const client = clientWith(registeredWorkerRoutes());
    const before = registeredWorkerRoutes().length;
    registerWorkerRoute({ name: 'late', match: (op) => (op.context.late ? 1 : null), run: async () => ({ summary: 1 }) });
    registerWorkerRoute({ name: 'late', match: (op) => (op.context.late ? 1 : null), run: async () => ({ summary: 2 }) });
    expect(registeredWorkerRoutes()).toHaveLength(before + 1);
    expect((await client.query(Catalog, { game_id: 1, item: 'a' }, { late: true }).toPromise()).data).toEqual({ summary: 2 });
  });
});
