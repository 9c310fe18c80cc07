/** Filters beyond the search box: price range, minimum offers, category, wear, StatTrak™, Souvenir. */
import { useEffect, useId, useState } from 'react';
import { parseMoney, toDecimalString } from '../../../shared/money/money';
import { isFiltering, type FilterState, type TriState } from './model/filter';
import { CATEGORIES, CATEGORY_LABEL, WEARS, WEAR_NAME, type Category, type Wear } from './model/search';

function MoneyInput({ label, value, onChange, symbol }: { label: string; value: number | null; onChange(v: number | null): void; symbol: string }) {
  const [text, setText] = useState(value === null ? '' : toDecimalString(value));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    // Cleared from outside ("Clear filters").
    if (value === null) {
      setText('');
      setBad(false);
    }
  }, [value]);
  return (
    <label className="fb__field">
      <span className="fb__label">{label}</span>
      <span className="fb__money">
        {symbol ? <span className="fb__sym" aria-hidden="true">{symbol}</span> : null}
        <input
          className="input fb__input"
          inputMode="decimal"
          value={text}
          aria-invalid={bad || undefined}
          placeholder="any"
          onChange={(e) => {
            const t = e.target.value;
            setText(t);
            if (t.trim() === '') {
              setBad(false);
              onChange(null);
              return;
            }
            const v = parseMoney(t);
            setBad(v === null);
            if (v !== null) onChange(v);
          }}
        />
      </span>
    </label>
  );
}

function Tri({ label, value, onChange }: { label: string; value: TriState; onChange(v: TriState): void }) {
  return (
    <label className="fb__field">
      <span className="fb__label">{label}</span>
      <select className="input select fb__select" value={value} onChange={(e) => onChange(e.target.value as TriState)}>
        <option value="any">Any</option>
        <option value="only">Only</option>
        <option value="exclude">Exclude</option>
      </select>
    </label>
  );
}

export function FilterBar({ filter, setFilter, symbol }: { filter: FilterState; setFilter(f: (prev: FilterState) => FilterState): void; symbol: string }) {
  const id = useId();
  const [offersText, setOffersText] = useState(filter.minOffers === null ? '' : String(filter.minOffers));
  useEffect(() => {
    if (filter.minOffers === null) setOffersText('');
  }, [filter.minOffers]);
  return (
    <div className="fb" role="group" aria-label="Filters">
      <label className="fb__field">
        <span className="fb__label">Category</span>
        <select
          className="input select fb__select"
          value={filter.category}
          onChange={(e) => setFilter((f) => ({ ...f, category: e.target.value as Category | 'any' }))}
        >
          <option value="any">All items</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABEL[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="fb__field">
        <span className="fb__label">Wear</span>
        <select className="input select fb__select" value={filter.wear} onChange={(e) => setFilter((f) => ({ ...f, wear: e.target.value as Wear | 'any' }))}>
          <option value="any">Any</option>
          {WEARS.map((w) => (
            <option key={w} value={w}>
              {WEAR_NAME[w]} ({w.toUpperCase()})
            </option>
          ))}
        </select>
      </label>
      <Tri label="StatTrak™" value={filter.stattrak} onChange={(v) => setFilter((f) => ({ ...f, stattrak: v }))} />
      <Tri label="Souvenir" value={filter.souvenir} onChange={(v) => setFilter((f) => ({ ...f, souvenir: v }))} />
      <MoneyInput label="Min ask" symbol={symbol} value={filter.minPrice} onChange={(v) => setFilter((f) => ({ ...f, minPrice: v }))} />
      <MoneyInput label="Max ask" symbol={symbol} value={filter.maxPrice} onChange={(v) => setFilter((f) => ({ ...f, maxPrice: v }))} />
      <label className="fb__field">
        <span className="fb__label" id={`${id}-offers`}>
          Min offers
        </span>
        <input
          className="input fb__input fb__input--short"
          inputMode="numeric"
          value={offersText}
          placeholder="any"
          aria-labelledby={`${id}-offers`}
          title="Minimum total offers over the chosen markets"
          onChange={(e) => {
            const t = e.target.value.replace(/[^\d]/g, '');
            setOffersText(t);
            setFilter((f) => ({ ...f, minOffers: t === '' ? null : Number(t) }));
          }}
        />
      </label>
      <button
        type="button"
        className="btn btn--small btn--ghost fb__clear"
        disabled={!isFiltering(filter)}
        onClick={() => setFilter((f) => ({ ...f, text: '', minPrice: null, maxPrice: null, minOffers: null, category: 'any', wear: 'any', stattrak: 'any', souvenir: 'any' }))}
      >
        Clear filters
      </button>
    </div>
  );
}
