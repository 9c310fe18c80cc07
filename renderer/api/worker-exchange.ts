/**
 * Whole-catalog GraphQL operations run off the UI thread, still through urql.
 *
 * A feature registers a WorkerRoute at import time; the one client (client.ts) puts workerExchange in
 * front of its cache and fetch exchanges. An operation a route matches is handed to the route's run(),
 * which has a Web Worker POST the document, parse the tens-of-MB body and shape it; what run() resolves to
 * is the result's `data` (e.g. the grid's columns), so the raw answer never reaches the UI thread. Every
 * other operation goes on to the cache and fetch. A teardown (unsubscribe) aborts the run.
 *
 * A failure of run() comes out as a CombinedError: an Error with `toWire()` as a GraphQL error whose
 * extensions.workerError is that wire form (the feature revives it with fromCombinedError, client.ts);
 * any other error as the CombinedError's networkError, unchanged.
 */
import { getOperationName, stringifyDocument, subscriptionExchange, type AnyVariables, type Client, type Exchange, type Operation, type OperationContext, type TypedDocumentNode } from '@urql/core';

/** A whole-catalog route: operations it matches are run off the UI thread (a Web Worker fetches, parses and shapes the tens-of-MB body) and their `data` is what run() resolves to (e.g. shaped columns, not the raw GraphQL result). */
export interface WorkerRoute {
  readonly name: string;
  /** The route's task from op.context (e.g. op.context.gridColumns), or null if the operation isn't this route's. */
  match(op: Operation): unknown | null;
  run(op: Operation, task: unknown, opts: { signal: AbortSignal }): Promise<unknown>;
}

/** The key under a GraphQL error's extensions that carries a route error's wire form. */
export const WORKER_ERROR = 'workerError';

const routes: WorkerRoute[] = [];

/** Feature modules call this at import time; the one client is built with every route registered. */
export function registerWorkerRoute(route: WorkerRoute): void {
  // By name, so a module evaluated twice (hot reload) replaces its route instead of adding a second.
  const i = routes.findIndex((r) => r.name === route.name);
  if (i >= 0) routes[i] = route;
  else routes.push(route);
}

/** The registry itself (not a copy): a route registered after the client was built is still seen. */
export function registeredWorkerRoutes(): readonly WorkerRoute[] {
  return routes;
}

function routeOf(list: readonly WorkerRoute[], op: Operation): { route: WorkerRoute; task: unknown } | null {
  if (op.kind !== 'query') return null;
  for (const route of list) {
    const task = route.match(op);
    if (task !== null && task !== undefined) return { route, task };
  }
  return null;
}

function wireOf(e: unknown): unknown {
  if (!(e instanceof Error)) return undefined;
  const toWire = (e as Error & { toWire?: unknown }).toWire;
  return typeof toWire === 'function' ? (toWire as () => unknown).call(e) : undefined;
}

export function workerExchange(list: readonly WorkerRoute[]): Exchange {
  // urql's subscriptionExchange already does the stream plumbing (one result stream per operation, ended
  // by its teardown, errors as results); routes only supply the observable.
  return subscriptionExchange({
    isSubscriptionOperation: (op) => routeOf(list, op) !== null,
    forwardSubscription(_request, op) {
      return {
        subscribe(sink) {
          const ac = new AbortController();
          const found = routeOf(list, op);
          if (!found) {
            sink.error(new Error(`No worker route takes ${op.key}.`));
            return { unsubscribe() {} };
          }
          found.route.run(op, found.task, { signal: ac.signal }).then(
            (data) => {
              if (ac.signal.aborted) return;
              sink.next({ data: data as Record<string, unknown> });
              sink.complete();
            },
            (e: unknown) => {
              if (ac.signal.aborted) return;
              const wire = wireOf(e);
              if (wire === undefined) {
                sink.error(e instanceof Error ? e : new Error(String(e)));
                return;
              }
              sink.next({ errors: [{ message: (e as Error).message, extensions: { [WORKER_ERROR]: wire } }] });
              sink.complete();
            },
          );
          return {
            unsubscribe() {
              ac.abort();
            },
          };
        },
      };
    },
  });
}

/**
 * What a route's worker POSTs for `op`: the document, its name, and the variables the document declares.
 * Variables it does not declare are the route's own (part of the operation's identity, e.g. the item a
 * look-up picks) and are not sent to the service.
 */
export function graphqlRequestOf(op: Operation): { query: string; variables?: Record<string, unknown>; operationName?: string } {
  const declared = new Set<string>();
  for (const def of op.query.definitions) {
    if (def.kind !== 'OperationDefinition') continue;
    for (const v of def.variableDefinitions ?? []) declared.add(v.variable.name.value);
  }
  const all = (op.variables ?? {}) as Record<string, unknown>;
  const variables = Object.fromEntries(Object.entries(all).filter(([k]) => declared.has(k)));
  return { query: stringifyDocument(op.query), variables, operationName: getOperationName(op.query) };
}

/**
 * A route's document typed with what its run() resolves to as `data`; the variables stay the document's,
 * plus `Extra`, the route's own (see graphqlRequestOf).
 *
 *   export const GridPrices = routedDocument<GridData>()(graphql(`query GridPrices(…) { … }`));
 */
export function routedDocument<Data, Extra extends Record<string, unknown> = Record<never, never>>() {
  return <Vars>(doc: TypedDocumentNode<unknown, Vars>): TypedDocumentNode<Data, Vars & Extra> => doc as unknown as TypedDocumentNode<Data, Vars & Extra>;
}

/**
 * One routed operation as a promise: resolves with its `data` (what the route's run() made), rejects with
 * the CombinedError (the feature revives its own error from it) or an AbortError when `signal` aborts.
 * The subscription is ended either way, which aborts a run still going.
 */
export function runRouted<Data, Vars extends AnyVariables>(
  client: Client,
  doc: TypedDocumentNode<Data, Vars>,
  variables: Vars,
  context: Partial<OperationContext>,
  signal?: AbortSignal,
): Promise<Data> {
  return new Promise<Data>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The load was cancelled.', 'AbortError'));
    let settled = false;
    let unsubscribe: (() => void) | null = null;
    const finish = () => {
      settled = true;
      // After the current callback: the subscription may not be assigned yet on a synchronous result.
      queueMicrotask(() => unsubscribe?.());
    };
    const sub = client.query(doc, variables, context).subscribe((result) => {
      if (settled) return;
      if (result.error) {
        finish();
        reject(result.error);
      } else if (result.data !== undefined && result.data !== null) {
        finish();
        resolve(result.data);
      }
    });
    unsubscribe = () => sub.unsubscribe();
    if (settled) queueMicrotask(() => sub.unsubscribe());
    signal?.addEventListener(
      'abort',
      () => {
        if (settled) return;
        settled = true;
        sub.unsubscribe();
        reject(new DOMException('The load was cancelled.', 'AbortError'));
      },
      { once: true },
    );
  });
}
