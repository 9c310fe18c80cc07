/**
 * Typed REST calls (spec 4.2), only for what the GraphQL forms lack: prices of a game other than CS2 (the
 * aggregated GraphQL forms take no game and answer for 730) and recommendations filtered by `markets`.
 * Everything else is a GraphQL document through urql (client.ts); the grid's whole-catalog REST loads go through
 * its worker (market/worker/engine.ts). Same-origin gateway paths; the request is checked before it is sent:
 *   const rows = await rest('minPrices', { game_id: 570, markets: ['steam', 'buff163'] });
 */
import { z } from 'zod';
import { RECOMMENDATION_TYPES, REST_PATHS } from '../../shared/api/schema';
import type { RowReader, Rows } from '../../shared/api/rows';
import { DEFAULT_GAME_ID } from '../../shared/catalog/games';
import { MaxOrdersRows, MinPricesRows, PriceRecommendationRows } from '../../shared/api/types';
import { restPost, type RequestOptions } from './http';

const gameId = z.number().int().positive();
const otherGame = gameId.refine(
  (g) => g !== DEFAULT_GAME_ID,
  'CS2 prices come through GraphQL (aggregatedMinPrices / aggregatedMaxOrders)',
);
const markets = z.array(z.string().min(1)).min(1);

const REST_ENDPOINTS = {
  maxOrders: {
    path: REST_PATHS.maxOrders,
    request: z.object({ game_id: otherGame, markets }),
    rows: MaxOrdersRows,
  },
  minPrices: {
    path: REST_PATHS.minPrices,
    request: z.object({ game_id: otherGame, markets }),
    rows: MinPricesRows,
  },
  priceRecommendations: {
    path: REST_PATHS.priceRecommendations,
    // Without markets the GraphQL getPriceRecommendations answers the same.
    request: z.object({
      game_id: gameId.default(DEFAULT_GAME_ID),
      type: z.enum(RECOMMENDATION_TYPES).optional(),
      markets,
    }),
    rows: PriceRecommendationRows,
  },
} as const;

export type RestEndpoint = keyof typeof REST_ENDPOINTS;
export type RestRequest<E extends RestEndpoint> = z.input<(typeof REST_ENDPOINTS)[E]['request']>;
type RowOf<E extends RestEndpoint> = (typeof REST_ENDPOINTS)[E]['rows'] extends RowReader<infer R> ? R : never;
/** The rows of an answer, with how many rows were dropped and values unreadable (shared/api/rows.ts). */
export type RestResponse<E extends RestEndpoint> = Rows<RowOf<E>>;

/** One REST call: the body is checked before sending, the answer read row by row after. */
export async function rest<E extends RestEndpoint>(
  endpoint: E,
  body: RestRequest<E>,
  options: RequestOptions = {},
): Promise<RestResponse<E>> {
  const def = REST_ENDPOINTS[endpoint];
  const request: unknown = def.request.parse(body);
  return restPost<RowOf<E>>(def.path, request, def.rows as unknown as RowReader<RowOf<E>>, options);
}
