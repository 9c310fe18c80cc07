/**
 * The Analytics page's model: the view, source, compared marketplace and items from the URL hash, the
 * catalogs they need (refused marketplaces reported, offered ones recorded), the items' rows, the charts'
 * state and provenance, and `set` to change the address.
 */
import { useEffect, useMemo } from 'react';
import type { MarketOrderAnalyticsRow } from '../../../shared/api/types';
import { gameName, STEAM_ANALYTICS_GAMES } from '../../../shared/catalog/games';
import { marketName } from '../../../shared/catalog/markets';
import { marketDiscovery } from '../../market/markets/useMarketDiscovery';
import { useConnection } from '../../platform/connection';
import { useSelectedGame } from '../../lib/preferences';
import { navigate, useRouteParams } from '../../lib/route';
import type { Provenance } from '../../ui/charts/types';
import { chartState, pickSource, safeHost, sourceNameOf } from './model/analytics-page';
import type { AnalyticsSource } from './model/market-summary';
import { useAnalyticsMarkets } from './useAnalyticsMarkets';
import { useCatalog, useItems, type CatalogState } from './useCatalog';

export const MAX_COMPARE = 5;

export function useAnalyticsPage() {
  const [game] = useSelectedGame();
  const params = useRouteParams();
  const { status } = useConnection();
  const steamGame = STEAM_ANALYTICS_GAMES.includes(game);
  const view: 'market' | 'item' = params.get('view') === 'item' || params.has('item') ? 'item' : 'market';
  const requested = params.get('source') ?? 'steam';
  const markets = useAnalyticsMarkets(game, requested);
  const source = pickSource(requested, markets.offered, markets.refused, steamGame);
  const requestedCompare = params.get('market');
  const compareMarket = requestedCompare && !markets.refused.has(requestedCompare) ? requestedCompare : null;
  const items = params.getAll('item').slice(0, MAX_COMPARE);

  const set = (changes: Record<string, string | string[] | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      next.delete(k);
      if (Array.isArray(v)) v.forEach((x) => next.append(k, x));
      else if (v !== null) next.set(k, v);
    }
    navigate('analytics', next);
  };

  const main = useCatalog(game, source ?? { kind: 'market', market: '' }, source === null);
  const other = useCatalog(
    game,
    { kind: 'market', market: compareMarket ?? '' },
    view !== 'item' || !compareMarket || compareMarket === (source?.kind === 'market' ? source.market : ''),
  );
  const mainRefused = useDiscoveryReports(markets.discovery.source, game, source, compareMarket, main, other);
  const shown =
    items.length > 0 ? items : main.catalog?.summary.topByVolume[0] ? [main.catalog.summary.topByVolume[0].name] : [];
  const rows = useItems(view === 'item' ? main.catalog : null, shown);
  const otherRow = useItems(view === 'item' && compareMarket ? other.catalog : null, shown.slice(0, 1));

  const sourceName = sourceNameOf(source);
  const provenance: Provenance = useMemo(
    () => ({
      fetchedAt: main.catalog?.fetchedAt ?? Date.now(),
      source:
        status?.state === 'demo' || !status?.baseUrl
          ? 'Demo data (built-in reference service)'
          : safeHost(status.baseUrl),
      game: gameName(game),
      markets: [sourceName, ...(view === 'item' && compareMarket ? [marketName(compareMarket)] : [])],
    }),
    [main.catalog?.fetchedAt, status?.state, status?.baseUrl, game, sourceName, view, compareMarket],
  );
  const state = chartState({
    game,
    source,
    sourceName,
    checking: markets.checking,
    all: markets.all,
    error: main.error,
    mainRefused,
    loaded: main.catalog !== null,
    readingItems: view === 'item' && (rows.isFetching || !rows.data),
    onRetry: main.refetch,
  });
  return {
    game,
    view,
    requested,
    steamGame,
    markets,
    source,
    sourceName,
    compareMarket,
    items,
    shown,
    set,
    main,
    rows: rows.data ?? shown.map(() => null),
    marketRow: (otherRow.data?.[0] as MarketOrderAnalyticsRow | null | undefined) ?? null,
    provenance,
    state,
  };
}

/**
 * What the catalogs tell: the market discovery, a marketplace the service refused or delivered; bench:analytics,
 * when a catalog reached the UI. Returns the refused main marketplace (null: none).
 */
function useDiscoveryReports(
  sourceKey: string | null,
  game: number,
  source: AnalyticsSource | null,
  compareMarket: string | null,
  main: CatalogState,
  other: CatalogState,
): string | null {
  // A market the service refuses when asked: marked refused (the Source list then leaves it out).
  const mainRefused = main.error?.kind === 'bad-request' && source?.kind === 'market' ? source.market : null;
  const otherRefused = other.error?.kind === 'bad-request' ? compareMarket : null;
  useEffect(() => {
    if (sourceKey === null) return;
    for (const m of [mainRefused, otherRefused])
      if (m) void marketDiscovery.onRefusal(sourceKey, game, 'marketOrderAnalytics', [m]);
  }, [sourceKey, game, mainRefused, otherRefused]);
  const mainOffered = main.catalog && source?.kind === 'market' ? source.market : null;
  useEffect(() => {
    if (sourceKey !== null && mainOffered)
      marketDiscovery.recordOffered(sourceKey, game, 'marketOrderAnalytics', [mainOffered]);
  }, [sourceKey, game, mainOffered]);
  // For bench:analytics: when a catalog reached the UI ('analytics:painted' is MarketView's: its charts
  // mount progressively, so only it knows when the last one is painted).
  const delivered = main.catalog;
  useEffect(() => {
    if (delivered) performance.mark('analytics:data', { detail: { key: delivered.key, ...delivered.timing } });
  }, [delivered]);

  return mainRefused;
}
