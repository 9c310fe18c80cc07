/**
 * urql stays the GraphQL client of the grid; its transport for the grid's documents is the worker.
 *
 * gridWorkerExchange is urql's own subscriptionExchange configured to take the grid's queries (marked
 * with `context.gridColumns`) and forward them to the worker, which POSTs the document, streams and
 * parses the tens-of-MB JSON, validates and shapes it into columns, and posts the columns back with
 * their buffers transferred. The big JSON never reaches the UI thread. Every other operation falls
 * through to the fetchExchange.
 *
 * Results: `data` is { grid: Snapshot }; a failure is a GraphQL error whose extensions.gridError carries
 * the GridErrorWire (HTTP status, code, detail, rejected market slugs), read back by gridErrorOf().
 */
import {
  Client,
  fetchExchange,
  subscriptionExchange,
  type CombinedError,
  type Exchange,
  type ExecutionResult,
  type Operation,
} from '@urql/core';
import { GRAPHQL_PATH } from '../../../../shared/api/schema';
import { errorFromWire, errorToWire, GridErrorWireSchema, GridLoadError } from '../model/errors';
import { networkError } from '../../../api/errors';
import type { GridWorkerClient, LoadProgress, PricesRequest } from '../worker/client';
import { DeriveSchema } from '../worker/protocol';

/** What a grid query puts in its urql context. */
export interface GridOperationContext extends PricesRequest {
  onProgress?: (p: LoadProgress) => void;
}

function gridContext(op: Operation): GridOperationContext | null {
  const c: unknown = op.context.gridColumns;
  if (typeof c !== 'object' || c === null) return null;
  const g = c as Partial<GridOperationContext>;
  if (typeof g.game !== 'number' || !Array.isArray(g.askMarkets) || !Array.isArray(g.bidMarkets)) return null;
  if (g.derive !== undefined && !DeriveSchema.safeParse(g.derive).success) return null;
  return g as GridOperationContext;
}

export function gridWorkerExchange(worker: GridWorkerClient): Exchange {
  return subscriptionExchange({
    isSubscriptionOperation: (op) => op.kind === 'query' && gridContext(op) !== null,
    forwardSubscription(request, operation) {
      const ctx = gridContext(operation);
      return {
        subscribe(sink) {
          const ac = new AbortController();
          if (!ctx || typeof request.query !== 'string') {
            sink.error(new Error('Not a grid operation.'));
            return { unsubscribe() {} };
          }
          worker
            .loadGraphql(
              operation.context.url,
              { query: request.query, variables: request.variables as Record<string, unknown> | undefined, operationName: request.operationName },
              ctx,
              { signal: ac.signal, onProgress: ctx.onProgress },
            )
            .then(
              (snap) => {
                if (ac.signal.aborted) return;
                const result: ExecutionResult = { data: { grid: snap } };
                sink.next(result);
                sink.complete();
              },
              (e: unknown) => {
                if (ac.signal.aborted) return;
                const wire = e instanceof GridLoadError ? { ...errorToWire(e), rejectedMarkets: [...e.rejectedMarkets] } : errorToWire(e);
                sink.next({ errors: [{ message: wire.detail || wire.kind, extensions: { gridError: wire } }] });
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

export function createGridClient(worker: GridWorkerClient): Client {
  return new Client({
    url: GRAPHQL_PATH,
    exchanges: [gridWorkerExchange(worker), fetchExchange],
    preferGetMethod: false,
    requestPolicy: 'network-only',
  });
}

/** The GridLoadError inside a CombinedError from a grid query. */
export function gridErrorOf(error: CombinedError): GridLoadError {
  for (const g of error.graphQLErrors) {
    const parsed = GridErrorWireSchema.safeParse(g.extensions?.gridError);
    if (parsed.success) return errorFromWire(parsed.data);
  }
  const first = error.graphQLErrors[0];
  if (first) return new GridLoadError('bad-request', null, null, first.message, null, []);
  return errorFromWire(errorToWire(networkError(error.networkError ?? error)));
}
