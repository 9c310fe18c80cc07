/**
 * The list's footer: "N of M items", which list it is (type, markets, size and transport), where the
 * live prices beside it stand, and what the service sent that could not be used. Memoized: a keystroke
 * re-renders it only when the count shown changes.
 */
import { memo } from 'react';
import type { RecommendationType } from '../../../shared/api/schema';
import type { ApiError } from '../../api/errors';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import { ListFoot, formatBytes } from '../../ui/StatusParts';

export interface RecFootProps {
  recs: RecColumns | null;
  /** Rows shown (filters applied). */
  shown: number;
  type: RecommendationType;
  markets: number;
  /** Live prices are loaded, and the ask and bid markets they have. */
  pricesLoaded: boolean;
  askMarkets: number;
  bidMarkets: number;
  net: boolean;
  /** None of the user's markets is offered by this service. */
  allRefused: boolean;
  /** Market discovery is checking names. */
  checkingMarkets: boolean;
  pricesError: ApiError | null;
}

export const RecFoot = memo(function RecFoot({
  recs,
  shown,
  type,
  markets,
  pricesLoaded,
  askMarkets,
  bidMarkets,
  net,
  allRefused,
  checkingMarkets,
  pricesError,
}: RecFootProps) {
  return (
    <ListFoot
      className="rs__foot"
      testIds="recs"
      list={recs ? { shown, total: recs.n, droppedRows: recs.droppedRows, invalidValues: recs.invalidValues } : null}
    >
      {recs ? (
        <>
          {type === 'general' ? 'general' : 'P2P'}
          {markets ? ` · based on ${markets} market${markets === 1 ? '' : 's'}` : ''} · {formatBytes(recs.meta.bytes)}{' '}
          via {recs.meta.transport === 'graphql' ? 'GraphQL' : 'REST'}
          {' · '}
          <span data-testid="recs-prices">
            {pricesLoaded
              ? `live prices: ${askMarkets} ask / ${bidMarkets} bid markets${net ? ', net of fees' : ''}`
              : allRefused
                ? 'no live prices: this service offers none of your markets (see Prices)'
                : checkingMarkets
                  ? 'live prices: checking which markets this service offers…'
                  : pricesError
                    ? `live prices failed: ${pricesError.message}`
                    : 'loading live prices…'}
          </span>
        </>
      ) : null}
    </ListFoot>
  );
});
