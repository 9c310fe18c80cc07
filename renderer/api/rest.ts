/**
 * Typed REST calls (spec 4.2): one entry per endpoint with its request schema and row reader.
 *
 *   const rows = await rest('minPrices', { game_id: 730, markets: ['steam', 'buff163'] });
 *   const q = useRest('priceRecommendations', { game_id: 570 });   // react-query
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { z } from 'zod';
import { RECOMMENDATION_TYPES, REST_PATHS } from '../../shared/api/schema';
import type { RowReader, Rows } from '../../shared/api/rows';
import {
  MarketOrderAnalyticsRows,
  MaxOrdersRows,
  MinPricesRows,
  PriceRecommendationRows,
  SteamAnalyticsRows,
} from '../../shared/api/types';
import type { ApiError } from './errors';
import { restPost, type RequestOptions } from './http';

const gameId = z.number().int().positive();
const markets = z.array(z.string().min(1)).min(1);

export const REST_ENDPOINTS = {
  maxOrders: {
    path: REST_PATHS.maxOrders,
    request: z.object({ game_id: gameId, markets }),
    rows: MaxOrdersRows,
  },
  minPrices: {
    path: REST_PATHS.minPrices,
    request: z.object({ game_id: gameId, markets }),
    rows: MinPricesRows,
  },
  steamAnalytics: {
    path: REST_PATHS.steamAnalytics,
    request: z.object({ game_id: gameId.default(730) }),
    rows: SteamAnalyticsRows,
  },
  marketOrderAnalytics: {
    path: REST_PATHS.marketOrderAnalytics,
    request: z.object({ market_name: z.string().min(1), game_id: gameId.default(730) }),
    rows: MarketOrderAnalyticsRows,
  },
  priceRecommendations: {
    path: REST_PATHS.priceRecommendations,
    request: z.object({
      game_id: gameId.default(730),
      type: z.enum(RECOMMENDATION_TYPES).optional(),
      markets: markets.optional(),
    }),
    rows: PriceRecommendationRows,
  },
} as const;

export type RestEndpoint = keyof typeof REST_ENDPOINTS;
export type RestRequest<E extends RestEndpoint> = z.input<(typeof REST_ENDPOINTS)[E]['request']>;
type RowOf<E extends RestEndpoint> = (typeof REST_ENDPOINTS)[E]['rows'] extends { lenient: z.ZodType<infer R> } ? R : never;
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
  return (await restPost<RowOf<E>>(def.path, request, def.rows as unknown as RowReader<RowOf<E>>, options));
}

export function restQueryKey<E extends RestEndpoint>(endpoint: E, body: RestRequest<E>) {
  return ['rest', endpoint, body] as const;
}

/** react-query over `rest`: cached per endpoint and body, cancelled when unused. */
export function useRest<E extends RestEndpoint>(
  endpoint: E,
  body: RestRequest<E>,
  options: { enabled?: boolean; refetchInterval?: number | false; staleTime?: number } = {},
): UseQueryResult<RestResponse<E>, ApiError> {
  return useQuery<RestResponse<E>, ApiError>({
    queryKey: restQueryKey(endpoint, body),
    queryFn: ({ signal }) => rest(endpoint, body, { signal }),
    ...options,
  });
}
