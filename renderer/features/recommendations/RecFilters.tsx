/**
 * The list's filters: text (the grid's search), stable only and per-reason hiding, minimum liquidity,
 * a suggested-price range; and the deals preset (buy below / sell above the suggestion by a margin, after
 * the acting market's fee), which starts from stable only and some liquidity and sorts by gain.
 */
import { useId } from 'react';
import { UNSTABLE_REASONS } from '../../../shared/api/schema';
import { MoneyInput, NumberField, SearchBox } from '../../ui/FilterBar';
import type { DealSide } from '../../market/recommendations/join';
import { REASON_BIT, UNKNOWN_REASON_BIT, UNREADABLE_REASONS_BIT } from '../../market/recommendations/rec-columns';
import {
  ALL_REASON_BITS,
  dealsFilter,
  EMPTY_REC_FILTER,
  isRecFiltering,
  type RecFilter,
} from '../../market/recommendations/view';
import { reasonExplained, reasonText } from '../../market/recommendations/reasons';

export interface RecFiltersProps {
  filter: RecFilter;
  setFilter(f: (prev: RecFilter) => RecFilter): void;
  symbol: string;
  /** Live prices are joined (deals can be computed). */
  pricesReady: boolean;
  /** The deals preset was switched on: sort by that side's gain. */
  onDealSort(side: DealSide): void;
}

/** Percent (0..100, two decimals at most; a comma reads as a point), as typed; null when it does not read. */
function parsePercent(text: string): number | null {
  const t = text.trim().replace(',', '.');
  const v = Number(t);
  return /^\d{1,3}(\.\d{1,2})?$/.test(t) && v <= 100 ? v : null;
}

function PercentInput(props: {
  label: string;
  value: number | null;
  onChange(v: number | null): void;
  title: string;
  testId: string;
}) {
  return <NumberField {...props} parse={parsePercent} format={String} symbol="%" symbolAfter short />;
}

const HIDEABLE: Array<{ bit: number; label: string; title: string }> = [
  ...UNSTABLE_REASONS.map((r) => ({ bit: REASON_BIT[r], label: reasonText(r), title: reasonExplained(r) })),
  {
    bit: UNKNOWN_REASON_BIT,
    label: 'Unknown codes',
    title: 'Reasons the service gave that this version does not know.',
  },
  {
    bit: UNREADABLE_REASONS_BIT,
    label: 'Unreadable list',
    title: 'The service sent a reasons list that could not be read: stability unknown.',
  },
];

export function RecFilters({ filter, setFilter, symbol, pricesReady, onDealSort }: RecFiltersProps) {
  const id = useId();
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
      <div className="rf__row" role="group" aria-labelledby={`${id}-hide`}>
        <span id={`${id}-hide`} className="fb__label rf__label">
          Hide items with
        </span>
        {HIDEABLE.map((h) => (
          <button
            key={h.bit}
            type="button"
            className="rc-toggle"
            aria-pressed={(filter.hideReasons & h.bit) !== 0}
            title={`${h.label}: ${h.title}`}
            onClick={() => setFilter((f) => ({ ...f, hideReasons: f.hideReasons ^ h.bit }))}
          >
            {h.label}
          </button>
        ))}
      </div>
      <div className="rf__row rf__deals" role="group" aria-label="Deals">
        <div className="segmented" role="radiogroup" aria-label="Deals preset">
          {(
            [
              [null, 'All items'],
              ['buy', 'Buy deals'],
              ['sell', 'Sell deals'],
            ] as const
          ).map(([side, label]) => (
            <button
              key={label}
              type="button"
              role="radio"
              aria-checked={(deal?.side ?? null) === side}
              className="segmented__item"
              onClick={() => setDeal(side)}
            >
              {label}
            </button>
          ))}
        </div>
        {deal ? (
          <>
            <PercentInput
              label={deal.side === 'buy' ? 'Below suggestion by' : 'Above suggestion by'}
              value={deal.marginBps / 100}
              onChange={(v) =>
                setFilter((f) => (f.deal ? { ...f, deal: { ...f.deal, marginBps: Math.round((v ?? 0) * 100) } } : f))
              }
              title="The least gain, in percent of the suggested price, after the market's fee"
              testId="rec-margin"
            />
            <p className="rf__note">
              {deal.side === 'buy'
                ? 'Best ask on your markets plus that market’s buyer fee, at least this far below the suggested price; sorted by expected gain.'
                : 'Best of the buy orders on your markets minus that market’s seller fee, at least this far above the suggested price; sorted by expected gain.'}{' '}
              {stableOnly
                ? 'Stable items only: switch a reason off above to allow it.'
                : 'Unstable items are included.'}
              {!pricesReady ? ' Live prices are loading…' : ''} Fees are set in Prices → Markets and fees.
            </p>
          </>
        ) : (
          <p className="rf__note">
            Deals: items to buy below or sell above their suggested price after fees, on your markets.
          </p>
        )}
      </div>
    </div>
  );
}
