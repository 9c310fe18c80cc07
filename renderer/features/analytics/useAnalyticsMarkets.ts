import { useEffect, useMemo } from 'react';
import { MARKET_ORDER_ANALYTICS_MARKETS } from '../../../shared/catalog/markets';
import { marketDiscovery, useMarketDiscovery } from '../../market/markets/useMarketDiscovery';

/** A market name from the address that the catalog may not know (another service's own name). */
const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/**
 * The market-order-analytics names: the catalog's candidates (none is published) and one from the address,
 * less the ones this service refused. A name is found refused when it is asked for (the Source list then
 * marks it and another is shown); it is not probed beforehand, since each probe makes the service compute a
 * whole catalog. Refused names are asked again a day later (each probe cancelled after its first bytes).
 */
export function useAnalyticsMarkets(game: number, requested: string) {
  const discovery = useMarketDiscovery(game);
  const { source } = discovery;
  const all = useMemo(
    () =>
      requested !== 'steam' && NAME.test(requested) && !MARKET_ORDER_ANALYTICS_MARKETS.includes(requested)
        ? [...MARKET_ORDER_ANALYTICS_MARKETS, requested]
        : [...MARKET_ORDER_ANALYTICS_MARKETS],
    [requested],
  );
  const refused = discovery.refused('marketOrderAnalytics');
  const offered = useMemo(() => all.filter((m) => !refused.has(m)), [all, refused]);
  const refusedList = [...refused].join(',');
  useEffect(() => {
    if (source === null || !refusedList || !marketDiscovery.due(source, game, 'marketOrderAnalytics')) return;
    void marketDiscovery.run(source, game, 'marketOrderAnalytics', refusedList.split(','));
  }, [source, game, refusedList]);
  return {
    discovery,
    all,
    refused,
    offered,
    checking: discovery.progress.some((p) => p.op === 'marketOrderAnalytics'),
  };
}
