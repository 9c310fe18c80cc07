/**
 * Whole-catalog GraphQL operations run off the UI thread, still through urql. An operation whose context carries
 * `worker` (a WorkerRun) is handed to it instead of the cache and fetch exchanges: a Web Worker POSTs the
 * document, parses the tens-of-MB body and shapes it, and the result's `data` is what the run resolves to, so the
 * raw answer never reaches the UI thread. A teardown aborts the run. A failure is the worker's ApiError, delivered
 * as the CombinedError's networkError unchanged (errors.ts: one plain form from the worker to the screen).
 */
import {
  getOperationName,
  stringifyDocument,
  subscriptionExchange,
  type AnyVariables,
  type Client,
  type Exchange,
  type Operation,
  type OperationContext,
  type RequestPolicy,
  type TypedDocumentNode,
} from '@urql/core';
import { fromCombinedError, toApiError } from './errors';

/** Runs one operation in a worker; resolves to the operation's `data`, rejects with an ApiError (or an AbortError). */
export type WorkerRun = (op: Operation, signal: AbortSignal) => Promise<unknown>;

function workerRunOf(op: Operation): WorkerRun | null {
  const run: unknown = op.context.worker;
  return op.kind === 'query' && typeof run === 'function' ? (run as WorkerRun) : null;
}

export function workerExchange(): Exchange {
  // urql's subscriptionExchange already does the stream plumbing (one result stream per operation, ended
  // by its teardown, errors as results); the run only supplies the promise.
  return subscriptionExchange({
    isSubscriptionOperation: (op) => workerRunOf(op) !== null,
    forwardSubscription(_request, op) {
      return {
        subscribe(sink) {
          const ac = new AbortController();
          const run = workerRunOf(op);
          if (run) {
            run(op, ac.signal).then(
              (data) => {
                if (ac.signal.aborted) return;
                sink.next({ data: data as Record<string, unknown> });
                sink.complete();
              },
              (e: unknown) => {
                if (!ac.signal.aborted) sink.error(toApiError(e));
              },
            );
          }
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
 * What a worker POSTs for `op`: the document, its name, and the variables the document declares.
 * Variables it does not declare are the run's own (part of the operation's identity, e.g. the item a
 * look-up picks) and are not sent to the service.
 */
export function graphqlRequestOf(op: Operation): {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
} {
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
 * A worker document typed with what its run resolves to as `data`; the variables stay the document's,
 * plus `Extra`, the run's own (see graphqlRequestOf).
 *
 *   export const GRID_PRICES = workerDocument<GridData>()(graphql(`query GridPrices(…) { … }`));
 */
export function workerDocument<Data, Extra extends Record<string, unknown> = Record<never, never>>() {
  return <Vars>(doc: TypedDocumentNode<unknown, Vars>): TypedDocumentNode<Data, Vars & Extra> =>
    doc as unknown as TypedDocumentNode<Data, Vars & Extra>;
}

/**
 * One operation run in a worker, as a promise: resolves with its `data` (what the run made), rejects with
 * the run's ApiError unchanged, or an AbortError when `signal` aborts. The subscription is ended either
 * way, which aborts a run still going.
 */
export function runInWorker<Data, Vars extends AnyVariables>(
  client: Client,
  doc: TypedDocumentNode<Data, Vars>,
  variables: Vars,
  run: WorkerRun,
  opts: { signal?: AbortSignal; requestPolicy?: RequestPolicy } = {},
): Promise<Data> {
  const { signal } = opts;
  const context: Partial<OperationContext> = { requestPolicy: opts.requestPolicy ?? 'network-only', worker: run };
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
        reject(fromCombinedError(result.error));
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
