/**
 * A whole game's analytics (Steam, or one marketplace's order analytics) through the one urql client: the
 * typed document goes to the analytics worker (analytics-route.ts), which fetches and reads the
 * catalog off the UI thread; the UI gets the market summary, the item names, and items on request.
 */
import { useQuery as useReactQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { fromCombinedError, type ApiError } from '../../api/errors';
import { useDataSource } from '../../market/providers';
import { analyticsRun, catalogOf } from './analytics-route';
import type { AnalyticsSource } from './model/market-summary';
import { MarketCatalogQuery, SteamCatalogQuery } from './queries';
import { analyticsWorker } from './worker/client';
import { useValuesRecorder } from '../../market/history/useValuesRecorder';
import type { CatalogRow, LoadedCatalog } from './worker/protocol';
import { QUERY_KEYS } from '../../market/query-keys';

export interface CatalogState {
  catalog: LoadedCatalog | null;
  fetching: boolean;
  error: ApiError | null;
  refetch(): void;
}

function catalogKey(sourceKey: string | null, game: number, source: AnalyticsSource): string {
  return `${sourceKey ?? 'none'}|${game}|${source.kind === 'steam' ? 'steam' : `market:${source.market}`}`;
}

export function useCatalog(game: number, source: AnalyticsSource, pause = false): CatalogState {
  const { sourceKey } = useDataSource();
  const key = catalogKey(sourceKey, game, source);
  const kind = source.kind;
  const context = useMemo(
    () => ({ worker: analyticsRun({ key, kind }), requestPolicy: 'cache-first' as const }),
    [key, kind],
  );
  const steam = source.kind === 'steam';
  const [steamResult, reSteam] = useQuery({
    query: SteamCatalogQuery,
    variables: { game },
    context,
    pause: pause || !steam || sourceKey === null,
  });
  const [marketResult, reMarket] = useQuery({
    query: MarketCatalogQuery,
    variables: { market: source.kind === 'market' ? source.market : '', game },
    context,
    pause: pause || steam || sourceKey === null,
  });
  const result = steam ? steamResult : marketResult;
  const catalog = catalogOf(result.data);
  // A freshly loaded Steam catalog's medians go to the price history (once per load, after idle).
  const fresh = steam && catalog?.key === key ? catalog : null;
  useValuesRecorder(fresh ? `${fresh.key}|${fresh.fetchedAt}` : null, () =>
    fresh ? analyticsWorker().steamMedians(fresh.key, game, fresh.fetchedAt) : null,
  );
  return {
    catalog,
    fetching: result.fetching,
    error: result.error ? fromCombinedError(result.error) : null,
    refetch: () => (steam ? reSteam : reMarket)({ requestPolicy: 'network-only' }),
  };
}

/** Rows of up to five items of a loaded catalog (kept in the worker). */
export function useItems(catalog: LoadedCatalog | null, names: readonly string[]) {
  return useReactQuery<(CatalogRow | null)[], Error>({
    queryKey: [QUERY_KEYS.analyticsItems, catalog?.key ?? null, catalog?.fetchedAt ?? 0, ...names],
    queryFn: () => analyticsWorker().items(catalog!.key, names),
    enabled: catalog !== null && names.length > 0,
    staleTime: Infinity,
  });
}
