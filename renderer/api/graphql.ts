/**
 * The urql client and the typed way to run the operations in operations.ts.
 *
 *   const { rows } = await runOperation(client, PriceRecommendationsOp, { game_id: 730 });   // imperative
 *   const { data, error, fetching, refetch } = useOperation(PriceRecommendationsOp, { game_id: 730 });
 *
 * Results are read row by row with the operation's reader (Rows: rows, droppedRows, invalidValues);
 * failures of any kind come out as ApiError.
 */
import { Client, CombinedError, cacheExchange, fetchExchange, type RequestPolicy } from '@urql/core';
import { useCallback, useMemo } from 'react';
import { useQuery } from 'urql';
import { GRAPHQL_PATH } from '../../shared/api/schema';
import { ApiError, errorFromGraphQL, errorFromHttp, isApiError, networkError } from './errors';
import type { Rows } from '../../shared/api/rows';
import type { Operation } from './operations';

export function createGraphQLClient(): Client {
  return new Client({
    // Relative, same origin: the host's gateway adds the access token. The renderer never has it.
    url: GRAPHQL_PATH,
    exchanges: [cacheExchange, fetchExchange],
    // The gateway forwards POST only (urql would otherwise GET short queries).
    preferGetMethod: false,
    requestPolicy: 'cache-first',
    fetchOptions: { credentials: 'same-origin', headers: { accept: 'application/json' } },
  });
}

function responseStatus(response: unknown): number | null {
  if (response && typeof response === 'object' && 'status' in response) {
    const s = (response as { status: unknown }).status;
    if (typeof s === 'number') return s;
  }
  return null;
}

/** urql's CombinedError to an ApiError (HTTP status first, then the GraphQL error code). */
export function fromCombinedError(error: CombinedError): ApiError {
  const status = responseStatus(error.response);
  const gqlErrors = error.graphQLErrors.map((e) => ({
    message: e.message,
    extensions: (e.extensions ?? null) as { code?: unknown } | null,
  }));
  if (status !== null && status >= 400) {
    const first = gqlErrors[0];
    const body = first
      ? { errors: [{ message: first.message, extensions: { code: typeof first.extensions?.code === 'string' ? first.extensions.code : undefined } }] }
      : (error.networkError?.message ?? '');
    return errorFromHttp(status, body);
  }
  if (gqlErrors.length > 0) return errorFromGraphQL(gqlErrors);
  return networkError(error.networkError ?? error);
}

/** Runs an operation once (network-only) and returns its rows. */
export async function runOperation<V extends Record<string, unknown>, R>(
  client: Client,
  op: Operation<V, R>,
  variables: V,
  requestPolicy: RequestPolicy = 'network-only',
): Promise<Rows<R>> {
  const vars = op.variables.parse(variables);
  const result = await client.query(op.document, vars, { requestPolicy }).toPromise();
  if (result.error) throw fromCombinedError(result.error);
  return op.parse(result.data);
}

export interface OperationState<R> {
  data: R | undefined;
  error: ApiError | undefined;
  fetching: boolean;
  /** Refetch from the network. */
  refetch(): void;
}

/** React hook form of runOperation, on urql's cache. `pause` skips the request. */
export function useOperation<V extends Record<string, unknown>, R>(
  op: Operation<V, R>,
  variables: V,
  options: { pause?: boolean; requestPolicy?: RequestPolicy } = {},
): OperationState<Rows<R>> {
  const [result, reexecute] = useQuery({
    query: op.document,
    variables,
    pause: options.pause,
    requestPolicy: options.requestPolicy,
  });
  const parsed = useMemo((): { data?: Rows<R>; error?: ApiError } => {
    if (result.error) return { error: fromCombinedError(result.error) };
    if (result.data === undefined) return {};
    try {
      return { data: op.parse(result.data) };
    } catch (e) {
      return { error: isApiError(e) ? e : undefined };
    }
  }, [op, result.data, result.error]);
  const refetch = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  return { data: parsed.data, error: parsed.error, fetching: result.fetching, refetch };
}
