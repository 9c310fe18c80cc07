/**
 * The markets filter as sent: the chosen names less those this service refused (for the recommendations'
 * filter or for its prices). A refusal of the filter starts discovery over the chosen names; a success
 * records them as offered.
 */
import { useEffect, useMemo } from 'react';
import { marketDiscovery, type DiscoveryView } from '../../market/markets/useMarketDiscovery';

export function useFilterMarkets(discovery: DiscoveryView, markets: readonly string[]) {
  const refusedRecs = discovery.refused('recommendations');
  const refusedPrices = discovery.refused('minPrices');
  const refusedFilter = useMemo(() => new Set([...refusedRecs, ...refusedPrices]), [refusedRecs, refusedPrices]);
  const requestMarkets = useMemo(() => markets.filter((m) => !refusedFilter.has(m)), [markets, refusedFilter]);
  return { refusedFilter, requestMarkets };
}

export function useFilterFeedback(
  discovery: DiscoveryView,
  requestMarkets: readonly string[],
  refused: boolean,
  loaded: boolean,
): void {
  const { source, game } = discovery;
  const names = requestMarkets.join(',');
  useEffect(() => {
    if (source === null || !names) return;
    if (refused) void marketDiscovery.onRefusal(source, game, 'recommendations', names.split(','));
    else if (loaded) marketDiscovery.recordOffered(source, game, 'recommendations', names.split(','));
  }, [source, game, names, refused, loaded]);
}
