/**
 * The renderer's one urql client. Use it through urql's React bindings (`useQuery` with a `graphql(...)`
 * document from ./gql.ts), or, for a whole catalog read in a worker, `runInWorker(client, doc, vars, run)`
 * (worker-exchange.ts); a failed result's error is `fromCombinedError(result.error)` (errors.ts).
 */
import { Client, cacheExchange, fetchExchange } from '@urql/core';
import { GRAPHQL_PATH } from '../../shared/api/schema';
import { workerExchange } from './worker-exchange';

export function createAppClient(): Client {
  return new Client({
    // Relative, same origin: the host's gateway adds the access token. The renderer never has it.
    url: GRAPHQL_PATH,
    // The worker first: a whole-catalog operation never reaches the document cache, which would add
    // __typename to its document (a bigger body), walk its tens of MB of result and keep it alive.
    exchanges: [workerExchange(), cacheExchange, fetchExchange],
    // The gateway forwards POST only (urql would otherwise GET short queries).
    preferGetMethod: false,
    requestPolicy: 'cache-first',
    fetchOptions: { credentials: 'same-origin', headers: { accept: 'application/json' } },
  });
}
