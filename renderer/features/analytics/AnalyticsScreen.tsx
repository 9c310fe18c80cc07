/**
 * The Analytics page: a market view (a game on Steam or on one marketplace) and an item view (one item,
 * up to five compared, beside a chosen marketplace). State lives in the URL hash
 * (#/analytics?view=item&source=steam&item=…&item=…&market=buff163) so a reload, a link from the grid or a
 * bookmark lands on the same charts. The game is the app's game switch.
 */
import { useEffect, useMemo } from 'react';
import { gameName, STEAM_ANALYTICS_GAMES } from '../../../shared/catalog/games';
import { MARKET_ORDER_ANALYTICS_MARKETS, marketName } from '../../../shared/catalog/markets';
import { marketDiscovery, useMarketDiscovery } from '../../market/markets/useMarketDiscovery';
import { useConnection } from '../../platform/connection';
import { useSelectedGame } from '../../lib/preferences';
import { navigate, useRouteParams } from '../../lib/route';
import { seriesColor } from '../../ui/charts/theme';
import type { ChartState, Provenance } from '../../ui/charts/types';
import { ItemPicker } from './ItemPicker';
import { ItemView } from './ItemView';
import { MarketView } from './MarketView';
import type { AnalyticsSource } from './model/market-summary';
import { useCatalog, useItems } from './useCatalog';
import type { MarketOrderAnalyticsRow } from '../../../shared/api/types';
import './analytics.css';

const MAX_COMPARE = 5;
const marketDisplay = marketName;
/** A market name from the address that the catalog may not know (another service's own name). */
const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/**
 * The market-order-analytics names: the catalog's candidates (none is published) and one from the address,
 * less the ones this service refused. A name is found refused when it is asked for (the Source list then
 * marks it and another is shown); it is not probed beforehand, since each probe makes the service compute a
 * whole catalog. Refused names are asked again a day later (each probe cancelled after its first bytes).
 */
function useAnalyticsMarkets(game: number, requested: string) {
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

export function AnalyticsScreen() {
  const [game] = useSelectedGame();
  const params = useRouteParams();
  const { status } = useConnection();
  const steamGame = STEAM_ANALYTICS_GAMES.includes(game);
  const view = params.get('view') === 'item' || params.has('item') ? 'item' : 'market';
  const requested = params.get('source') ?? 'steam';
  const markets = useAnalyticsMarkets(game, requested);
  const firstOffered = markets.offered[0];
  const requestedRefused = requested !== 'steam' && markets.refused.has(requested);
  const source: AnalyticsSource | null =
    requested !== 'steam' && markets.offered.includes(requested)
      ? { kind: 'market', market: requested }
      : // A marketplace was asked for and refused: another marketplace is closest to what was asked.
        requestedRefused && firstOffered !== undefined
        ? { kind: 'market', market: firstOffered }
        : steamGame
          ? { kind: 'steam' }
          : firstOffered !== undefined
            ? { kind: 'market', market: firstOffered }
            : null;
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
  // A market the service refuses when asked: marked refused (the Source list then leaves it out).
  const mainRefused = main.error?.kind === 'bad-request' && source?.kind === 'market' ? source.market : null;
  const otherRefused = other.error?.kind === 'bad-request' ? compareMarket : null;
  const sourceKey = markets.discovery.source;
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
  const shown =
    items.length > 0 ? items : main.catalog?.summary.topByVolume[0] ? [main.catalog.summary.topByVolume[0].name] : [];
  const rows = useItems(view === 'item' ? main.catalog : null, shown);
  const otherRow = useItems(view === 'item' && compareMarket ? other.catalog : null, shown.slice(0, 1));

  // For bench:analytics: when a catalog reached the UI ('analytics:painted' is MarketView's: its charts
  // mount progressively, so only it knows when the last one is painted).
  const delivered = main.catalog;
  useEffect(() => {
    if (delivered) performance.mark('analytics:data', { detail: { key: delivered.key, ...delivered.timing } });
  }, [delivered]);

  const sourceName =
    source === null ? 'no marketplace' : source.kind === 'steam' ? 'Steam' : marketDisplay(source.market);
  const provenance: Provenance = useMemo(
    () => ({
      fetchedAt: main.catalog?.fetchedAt ?? Date.now(),
      source:
        status?.state === 'demo' || !status?.baseUrl
          ? 'Demo data (built-in reference service)'
          : safeHost(status.baseUrl),
      game: gameName(game),
      markets: [sourceName, ...(view === 'item' && compareMarket ? [marketDisplay(compareMarket)] : [])],
    }),
    [main.catalog?.fetchedAt, status?.state, status?.baseUrl, game, sourceName, view, compareMarket],
  );
  const state: ChartState =
    source === null
      ? markets.checking
        ? { status: 'loading', message: 'Checking which marketplaces this service has order analytics for…' }
        : {
            status: 'error',
            message: `This service offers no marketplace order analytics for ${gameName(game)} (it refused ${markets.all.map(marketDisplay).join(', ')}).`,
          }
      : main.error && mainRefused && markets.checking
        ? { status: 'loading', message: `The service refused ${sourceName}: checking the other marketplaces…` }
        : main.error
          ? { status: 'error', message: `${main.error.message} ${main.error.detail}`.trim(), onRetry: main.refetch }
          : !main.catalog
            ? {
                status: 'loading',
                message: `Loading ${gameName(game)} ${sourceName} analytics: the whole catalog comes in one answer…`,
              }
            : view === 'item' && (rows.isFetching || !rows.data)
              ? { status: 'loading', message: 'Reading the item…' }
              : { status: 'ready' };

  return (
    <div className="an" data-testid="analytics-screen">
      <h1 className="visually-hidden" tabIndex={-1} data-page-heading>
        Analytics: {gameName(game)}
      </h1>
      <div className="an__toolbar" role="toolbar" aria-label="Analytics">
        <div className="segmented" role="radiogroup" aria-label="View">
          {(['market', 'item'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={view === v}
              className="segmented__item"
              onClick={() => set({ view: v, ...(v === 'market' ? { item: null } : {}) })}
            >
              {v === 'market' ? 'Market' : 'Item'}
            </button>
          ))}
        </div>
        <label className="an__field">
          <span>Source</span>
          <select
            className="input"
            value={source === null ? '' : source.kind === 'steam' ? 'steam' : source.market}
            onChange={(e) => set({ source: e.target.value })}
            data-testid="analytics-source"
          >
            {steamGame ? <option value="steam">Steam (sales, listings, buy orders)</option> : null}
            {source === null ? <option value="">No marketplace offered</option> : null}
            {markets.all.map((m) => (
              <option key={m} value={m} disabled={markets.refused.has(m)}>
                {marketDisplay(m)} {markets.refused.has(m) ? '(not offered by this service)' : '(listings, buy orders)'}
              </option>
            ))}
          </select>
        </label>
        {view === 'item' ? (
          <label className="an__field">
            <span>Beside it</span>
            <select
              className="input"
              value={compareMarket ?? ''}
              onChange={(e) => set({ market: e.target.value || null })}
            >
              <option value="">No marketplace</option>
              {markets.offered
                .filter((m) => source?.kind !== 'market' || m !== source.market)
                .map((m) => (
                  <option key={m} value={m}>
                    {marketDisplay(m)}
                  </option>
                ))}
            </select>
          </label>
        ) : null}
        <span className="an__spacer" />
        {main.catalog ? (
          <span className="an__meta" data-testid="analytics-meta">
            {main.catalog.names.length.toLocaleString('en-US')} items · {(main.catalog.bytes / 1e6).toFixed(1)} MB
            {main.catalog.droppedRows ? ` · ${main.catalog.droppedRows} rows dropped (invalid data)` : ''}
            {main.catalog.invalidValues ? ` · ${main.catalog.invalidValues} values unreadable, shown as —` : ''}
          </span>
        ) : null}
        <button
          type="button"
          className="btn btn--small"
          onClick={main.refetch}
          disabled={main.fetching}
          aria-label="Reload analytics"
        >
          ↻ Reload
        </button>
      </div>
      {requestedRefused ? (
        <p className="an__note" data-testid="analytics-market-refused">
          This service does not offer order analytics for {marketDisplay(requested)} ({requested})
          {source ? `: showing ${sourceName} instead` : ''}. Other marketplaces are in Source.
        </p>
      ) : null}
      {!steamGame && source?.kind === 'market' && requested === 'steam' ? (
        <p className="an__note" data-testid="no-steam-analytics">
          The service has Steam analytics for {STEAM_ANALYTICS_GAMES.map(gameName).join(' and ')} only, not for{' '}
          {gameName(game)}: showing {sourceName}’s order analytics instead. Other marketplaces are in Source.
        </p>
      ) : null}
      {view === 'item' ? (
        <div className="an__items">
          <ItemPicker
            names={main.catalog?.names ?? []}
            label={items.length === 0 ? 'Item' : 'Add an item to compare'}
            disabled={!main.catalog || items.length >= MAX_COMPARE}
            onPick={(name) => set({ item: items.includes(name) ? items : [...items, name].slice(0, MAX_COMPARE) })}
          />
          <ul className="an__chips" aria-label="Items shown">
            {shown.map((n, i) => (
              <li key={n} className="an__chip">
                <span className="an__swatch" style={{ background: seriesColor(i) }} aria-hidden="true" />
                {n}
                {items.includes(n) ? (
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    aria-label={`Remove ${n}`}
                    onClick={() => set({ item: items.filter((x) => x !== n) })}
                  >
                    ×
                  </button>
                ) : (
                  <span className="an__hint">(most traded; pick another above)</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="an__body">
        {view === 'market' ? (
          <MarketView
            summary={main.catalog?.summary ?? null}
            state={state}
            provenance={provenance}
            sourceName={sourceName}
            steam={source?.kind === 'steam'}
            onOpenItem={(name) => set({ view: 'item', item: [name] })}
          />
        ) : (
          <ItemView
            game={game}
            names={shown}
            rows={rows.data ?? shown.map(() => null)}
            marketRow={(otherRow.data?.[0] as MarketOrderAnalyticsRow | null | undefined) ?? null}
            marketName={compareMarket ? marketDisplay(compareMarket) : null}
            mainSource={sourceName}
            state={state}
            provenance={provenance}
          />
        )}
      </div>
    </div>
  );
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
