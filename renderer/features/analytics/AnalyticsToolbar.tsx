/** The Analytics page's toolbar: the view (market or item), the source, the marketplace beside it, the catalog's size, reload. */
import { marketName } from '../../../shared/catalog/markets';
import type { AnalyticsSource } from './model/market-summary';
import type { LoadedCatalog } from './worker/protocol';

export interface AnalyticsToolbarProps {
  view: 'market' | 'item';
  steamGame: boolean;
  source: AnalyticsSource | null;
  compareMarket: string | null;
  /** Every marketplace the page could ask for, those the service refused, and those it offers. */
  all: readonly string[];
  refused: ReadonlySet<string>;
  offered: readonly string[];
  main: { catalog: LoadedCatalog | null; fetching: boolean; refetch(): void };
  set(changes: Record<string, string | string[] | null>): void;
}

export function AnalyticsToolbar(props: AnalyticsToolbarProps) {
  const { view, steamGame, source, compareMarket, all, refused, offered, main, set } = props;
  return (
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
          {all.map((m) => (
            <option key={m} value={m} disabled={refused.has(m)}>
              {marketName(m)} {refused.has(m) ? '(not offered by this service)' : '(listings, buy orders)'}
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
            {offered
              .filter((m) => source?.kind !== 'market' || m !== source.market)
              .map((m) => (
                <option key={m} value={m}>
                  {marketName(m)}
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
  );
}
