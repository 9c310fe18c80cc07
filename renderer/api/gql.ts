/**
 * The one way to write a GraphQL document in the renderer: `graphql(`query …`)` gives a TypedDocumentNode
 * whose result and variables are typed from the spec's schema (graphql-env.d.ts, generated from
 * shared/api/schema.ts by `npm run gen:graphql`). Use the documents with urql's useQuery or client.query.
 *
 *   export const SteamSalesQuery = graphql(`query SteamSales($game: Int) { getSteamAnalytics(game_id: $game) { market_hash_name sales { last_24h } } }`);
 *   type Sales = ResultOf<typeof SteamSalesQuery>;
 */
import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

export const graphql = initGraphQLTada<{ introspection: introspection }>();

export type { ResultOf } from 'gql.tada';
