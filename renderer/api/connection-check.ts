/**
 * The light query behind Settings' "Test connection": names, suggested prices and liquidity of every item
 * of a game, straight through urql's fetch (a few MB: no worker needed). Read row by row like every answer.
 */
import type { Rows } from '../../shared/api/rows';
import { PriceRecommendation, PriceRecommendationRow } from '../../shared/api/types';
import { graphql, type ResultOf } from './gql';
import { readResponseRows } from './http';

export const ConnectionCheckQuery = graphql(`
  query ConnectionCheck($game_id: Int) {
    getPriceRecommendations(game_id: $game_id) {
      market_hash_name
      suggested_price
      liquidity_score
    }
  }
`);

const PICK = { market_hash_name: true, suggested_price: true, liquidity_score: true } as const;
export const ConnectionCheckRows = {
  strict: PriceRecommendation.pick(PICK),
  lenient: PriceRecommendationRow.pick(PICK),
};
export type ConnectionCheckRow = ReturnType<typeof ConnectionCheckRows.lenient.parse>;

/** The answer's rows; an 'invalid-response' ApiError when it is not a list. */
export function connectionCheckRows(data: ResultOf<typeof ConnectionCheckQuery>): Rows<ConnectionCheckRow> {
  return readResponseRows(ConnectionCheckRows, data.getPriceRecommendations, 'ConnectionCheck.getPriceRecommendations');
}
