/**
 * The recommendations list's GraphQL document, typed against the spec's schema. It runs in the data
 * worker through the app's urql client (load.ts), so its `data` is the columns the worker made of the
 * answer, not the answer. (With a markets filter the list comes by REST instead: the GraphQL form has none.)
 */
import { graphql } from '../../../api/gql';
import { workerDocument } from '../../../api/worker-exchange';
import type { RecColumns } from '../rec-columns';

/** What a recommendations load delivers as `data`. */
export interface RecData {
  recs: RecColumns;
}

/**
 * Every field of a price recommendation: the list and the detail panel's look-up of one item
 * (market/api/documents.ts ITEM_RECOMMENDATION) read the same rows (PriceRecommendationRows), so they ask
 * for them once, here. gql.tada puts the fragment into each document it is passed to.
 */
export const PriceRecommendationFields = graphql(`
  fragment PriceRecommendationFields on PriceRecommendation {
    market_hash_name
    suggested_price
    unstable_reasons
    total_sales
    price_difference
    price_change_percentage
    liquidity_score
  }
`);

export const REC_LIST = workerDocument<RecData>()(
  graphql(
    `
      query RecommendationList($game_id: Int, $type: RecommendationType) {
        getPriceRecommendations(game_id: $game_id, type: $type) {
          ...PriceRecommendationFields
        }
      }
    `,
    [PriceRecommendationFields],
  ),
);
