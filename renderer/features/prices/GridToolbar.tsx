/**
 * The Prices page's tools: all items or the watchlist, the market picker, net of fees, details in cells,
 * decimals, load progress and freshness, refresh, CSV export, the Markets & fees dialog. Memoized, with
 * only flags and stable callbacks for props: typing in the search box does not re-render it.
 */
import { memo } from 'react';
import { APP_PREFERENCES, usePref } from '../../lib/preferences';
import type { ProgressStore } from '../../market/offline/useLiveData';
import type { FilterState } from '../../market/model/filter';
import { MarketPicker } from './MarketPicker';
import { GRID_PREFS, type useMarketPlan } from '../../market/prefs';
import { Freshness, LoadProgress } from '../../ui/StatusParts';

export interface GridToolbarProps {
  game: number;
  plan: ReturnType<typeof useMarketPlan>;
  watchlist: boolean;
  watchCount: number;
  setFilter(f: (prev: FilterState) => FilterState): void;
  progress: ProgressStore;
  /** When the prices shown were loaded (0: none shown). */
  updatedAt: number;
  stale: boolean;
  /** The restored banner's note when the prices are an earlier session's copy. */
  restored: string | null;
  fetching: boolean;
  onRefresh(): void;
  canExport: boolean;
  exporting: boolean;
  onExport(): void;
  onSettings(): void;
}

export const GridToolbar = memo(function GridToolbar(p: GridToolbarProps) {
  const [decimals, setDecimals] = usePref(APP_PREFERENCES.decimals);
  const [net, setNet] = usePref(GRID_PREFS.net);
  const [detailsInCells, setDetailsInCells] = usePref(GRID_PREFS.detailsInCells);
  const { setFilter } = p;
  return (
    <div className="view__toolbar" role="toolbar" aria-label="Price grid tools">
      <div className="segmented" role="radiogroup" aria-label="View">
        <button
          type="button"
          role="radio"
          aria-checked={!p.watchlist}
          className="segmented__item"
          onClick={() => setFilter((f) => ({ ...f, watchlist: false }))}
        >
          All items
        </button>
        <button
          type="button"
          role="radio"
          aria-checked={p.watchlist}
          className="segmented__item"
          onClick={() => setFilter((f) => ({ ...f, watchlist: true }))}
        >
          ★ Watchlist <span className="gs__count">{p.watchCount}</span>
        </button>
      </div>
      <MarketPicker plan={p.plan} game={p.game} />
      <label className="gs__switch" title="Asks plus each market's buyer fee, bids minus its seller fee">
        <input type="checkbox" role="switch" checked={net} onChange={(e) => setNet(e.target.checked)} /> Net of fees
      </label>
      <label className="gs__switch" title="Locked price and offers under each price">
        <input type="checkbox" checked={detailsInCells} onChange={(e) => setDetailsInCells(e.target.checked)} /> Details
      </label>
      <div className="segmented" role="radiogroup" aria-label="Decimals">
        {([2, 3] as const).map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={decimals === n}
            className="segmented__item"
            onClick={() => setDecimals(n)}
            title={`Show ${n} decimals`}
          >
            .{'0'.repeat(n)}
          </button>
        ))}
      </div>
      <span className="view__spacer" />
      <LoadProgress store={p.progress} />
      <Freshness updatedAt={p.updatedAt} stale={p.stale} restored={p.restored} />
      <button
        type="button"
        className="btn btn--small"
        onClick={p.onRefresh}
        disabled={p.fetching}
        aria-label="Refresh prices"
        title="Refresh prices now"
      >
        ↻ Refresh
      </button>
      <button type="button" className="btn btn--small" onClick={p.onExport} disabled={!p.canExport || p.exporting}>
        {p.exporting ? 'Exporting…' : 'Export CSV'}
      </button>
      <button type="button" className="btn btn--small btn--ghost" onClick={p.onSettings}>
        Markets &amp; fees
      </button>
    </div>
  );
});
