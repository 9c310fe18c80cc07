/**
 * The filters' deals row: the preset (all items, buy deals, sell deals) and, with one on, its margin and
 * what it counts; and the percent box the filters share.
 */
import { NumberField } from '../../ui/FilterBar';
import type { DealSide } from '../../market/recommendations/join';
import type { RecFilter } from '../../market/recommendations/view';

/** Percent (0..100, two decimals at most; a comma reads as a point), as typed; null when it does not read. */
function parsePercent(text: string): number | null {
  const t = text.trim().replace(',', '.');
  const v = Number(t);
  return /^\d{1,3}(\.\d{1,2})?$/.test(t) && v <= 100 ? v : null;
}

export function PercentInput(props: {
  label: string;
  value: number | null;
  onChange(v: number | null): void;
  title: string;
  testId: string;
}) {
  return <NumberField {...props} parse={parsePercent} format={String} symbol="%" symbolAfter short />;
}

export function RecDealsFilter({
  deal,
  setDeal,
  setFilter,
  stableOnly,
  pricesReady,
}: {
  deal: RecFilter['deal'];
  setDeal(side: DealSide | null): void;
  setFilter(f: (prev: RecFilter) => RecFilter): void;
  stableOnly: boolean;
  pricesReady: boolean;
}) {
  return (
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
            {stableOnly ? 'Stable items only: switch a reason off above to allow it.' : 'Unstable items are included.'}
            {!pricesReady ? ' Live prices are loading…' : ''} Fees are set in Prices → Markets and fees.
          </p>
        </>
      ) : (
        <p className="rf__note">
          Deals: items to buy below or sell above their suggested price after fees, on your markets.
        </p>
      )}
    </div>
  );
}
