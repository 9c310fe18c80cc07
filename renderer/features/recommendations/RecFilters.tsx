/**
 * The list's filters: text (the grid's search), stable only and per-reason hiding, minimum liquidity,
 * a suggested-price range; and the deals preset (buy below / sell above the suggestion by a margin, after
 * the acting market's fee), which starts from stable only and some liquidity and sorts by gain.
 */
import { MoneyInput, SearchBox } from '../../ui/FilterBar';
import type { DealSide } from '../../market/recommendations/join';
import {
  ALL_REASON_BITS,
  dealsFilter,
  EMPTY_REC_FILTER,
  isRecFiltering,
  type RecFilter,
} from '../../market/recommendations/view';
import { PercentInput, RecDealsFilter } from './RecDealsFilter';
import { RecReasonsFilter } from './RecReasonsFilter';

export interface RecFiltersProps {
  filter: RecFilter;
  setFilter(f: (prev: RecFilter) => RecFilter): void;
  symbol: string;
  /** Live prices are joined (deals can be computed). */
  pricesReady: boolean;
  /** The deals preset was switched on: sort by that side's gain. */
  onDealSort(side: DealSide): void;
}

export function RecFilters({ filter, setFilter, symbol, pricesReady, onDealSort }: RecFiltersProps) {
  const stableOnly = (filter.hideReasons & ALL_REASON_BITS) === ALL_REASON_BITS;
  const deal = filter.deal;
  const setDeal = (side: DealSide | null) => {
    if (side === null) setFilter((f) => ({ ...f, deal: null }));
    else {
      setFilter((f) => dealsFilter(side, f));
      onDealSort(side);
    }
  };
  return (
    <div className="fb rf" role="group" aria-label="Filters">
      <div className="rf__row">
        <SearchBox
          className="rf__search"
          list='[data-testid="rec-list"]'
          value={filter.text}
          onChange={(text) => setFilter((f) => ({ ...f, text }))}
        />
        <label className="gs__switch" title="Hide every item with an unstable reason">
          <input
            type="checkbox"
            checked={stableOnly}
            onChange={(e) => setFilter((f) => ({ ...f, hideReasons: e.target.checked ? ALL_REASON_BITS : 0 }))}
          />{' '}
          Stable only
        </label>
        <PercentInput
          label="Min liquidity"
          value={filter.minLiquidity === null ? null : filter.minLiquidity / 100}
          onChange={(v) => setFilter((f) => ({ ...f, minLiquidity: v === null ? null : Math.round(v * 100) }))}
          title="Liquidity score at least this share of 10000"
          testId="rec-min-liquidity"
        />
        <MoneyInput
          label="Min suggested"
          symbol={symbol}
          value={filter.minPrice}
          onChange={(v) => setFilter((f) => ({ ...f, minPrice: v }))}
        />
        <MoneyInput
          label="Max suggested"
          symbol={symbol}
          value={filter.maxPrice}
          onChange={(v) => setFilter((f) => ({ ...f, maxPrice: v }))}
        />
        <button
          type="button"
          className="btn btn--small btn--ghost"
          disabled={!isRecFiltering(filter)}
          onClick={() => setFilter(() => EMPTY_REC_FILTER)}
        >
          Clear filters
        </button>
      </div>
      <RecReasonsFilter hideReasons={filter.hideReasons} setFilter={setFilter} />
      <RecDealsFilter
        deal={deal}
        setDeal={setDeal}
        setFilter={setFilter}
        stableOnly={stableOnly}
        pricesReady={pricesReady}
      />
    </div>
  );
}
