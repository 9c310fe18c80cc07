/**
 * The react-query keys of the market data, in one place: pages that read or refresh another page's data
 * (the palette's item list, the Alerts page's refresh, the alerts' reason look-up) name it from here, so a
 * renamed key cannot leave one of them looking at nothing.
 *
 * Every live-data key is `[name, sourceKey, ...parts]` (useLiveData puts the data source second), so a
 * prefix `[name]` matches every source and game, and `[name, source, game]` one source's one game.
 */
export const QUERY_KEYS = {
  /** A game's price snapshot (useGridData): `[name, source, game, askMarkets, bidMarkets, askLimit, bidLimit]`. */
  prices: 'grid-prices',
  /** A game's recommendation list (useRecommendations): `[name, source, game, type, markets]`. */
  recommendations: 'recommendations',
  /** The Analytics page's item look-ups (useCatalog). */
  analyticsItems: 'analytics-items',
} as const;
