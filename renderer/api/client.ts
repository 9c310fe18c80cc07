/**
 * The renderer's one urql client, and how an error out of it becomes the error the caller knows.
 *
 * Use it through urql's React bindings (`useQuery` with a `graphql(...)` document from ./gql.ts), or, where
 * a worker route streams the result, `useClient().query(doc, vars, { <the route's context> })`.
 */
import { Client, cacheExchange, fetchExchange, type CombinedError } from '@urql/core';
import { GRAPHQL_PATH } from '../../shared/api/schema';
import { ApiError, errorFromGraphQL, errorFromHttp, networkError } from './errors';
import { registeredWorkerRoutes, workerExchange, WORKER_ERROR } from './worker-exchange';

export function createAppClient(): Client {
  return new Client({
    // Relative, same origin: the host's gateway adds the access token. The renderer never has it.
    url: GRAPHQL_PATH,
    // Routes first: a whole-catalog operation never reaches the document cache, which would add
    // __typename to its document (a bigger body), walk its tens of MB of result and keep it alive.
    exchanges: [workerExchange(registeredWorkerRoutes()), cacheExchange, fetchExchange],
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

/**
 * urql's CombinedError back to an error the caller knows: a worker route's own error (its wire form in
 * extensions.workerError, turned back by `revive`), an ApiError a route threw, or an ApiError from the
 * HTTP status first, then the GraphQL error code.
 */
export function fromCombinedError(error: CombinedError): ApiError;
export function fromCombinedError<E extends Error>(error: CombinedError, revive: (wire: unknown) => E | null): E | ApiError;
export function fromCombinedError<E extends Error>(error: CombinedError, revive?: (wire: unknown) => E | null): E | ApiError {
  if (revive) {
    for (const g of error.graphQLErrors) {
      const wire: unknown = g.extensions?.[WORKER_ERROR];
      const revived = wire === undefined ? null : revive(wire);
      if (revived) return revived;
    }
  }
  if (error.networkError instanceof ApiError) return error.networkError;
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
