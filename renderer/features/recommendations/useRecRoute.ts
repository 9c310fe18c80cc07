/**
 * Which list the page shows, held in the URL hash so it can be linked and survives a reload:
 * #/recommendations?type=p2p&market=buff163&market=csfloat (no type: general; no market: no filter).
 */
import { useCallback, useMemo } from 'react';
import type { RecommendationType } from '../../../shared/api/schema';
import { PRICE_RECOMMENDATION_GAMES } from '../../../shared/catalog/games';
import { useSelectedGame } from '../../lib/preferences';
import { navigate, useRouteParams } from '../../lib/route';

export interface RecParamChanges {
  type?: RecommendationType;
  markets?: string[];
}

export interface RecRoute {
  game: number;
  type: RecommendationType;
  /** The markets filter, each once, sorted (the list's key does not depend on their order). */
  markets: string[];
  /** The service suggests prices for this game. */
  supported: boolean;
  setParams(changes: RecParamChanges): void;
}

export function useRecRoute(): RecRoute {
  const [game] = useSelectedGame();
  const params = useRouteParams();
  const type: RecommendationType = params.get('type') === 'p2p' ? 'p2p' : 'general';
  const markets = useMemo(() => [...new Set(params.getAll('market'))].sort(), [params]);
  const supported = PRICE_RECOMMENDATION_GAMES.includes(game);
  const setParams = useCallback(
    (changes: RecParamChanges) => {
      const next = new URLSearchParams();
      const t = changes.type ?? type;
      if (t !== 'general') next.set('type', t);
      for (const m of changes.markets ?? markets) next.append('market', m);
      navigate('recommendations', next);
    },
    [type, markets],
  );
  return { game, type, markets, supported, setParams };
}
