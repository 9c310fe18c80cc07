/** Filters beyond the search box: price range, minimum offers, category, wear, StatTrak™, Souvenir. */
import { useEffect, useId, useState } from 'react';
import { parseMoney, toDecimalString } from '../../../shared/money/money';
import { isFiltering, type FilterState, type TriState } from './model/filter';
import { CATEGORIES, CATEGORY_LABEL, WEARS, WEAR_NAME, type Category, type Wear } from './model/search';

export function MoneyInput({ label, value, onChange, symbol }: { label: string; value: number | null; onChange(v: number | null): void; symbol: string }) {
  const id = useId();
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
    <div className="fb__field">
      <label className="fb__label" htmlFor={id}>
        {label}
      </label>
      <span className="fb__money">
        {symbol ? <span className="fb__sym" aria-hidden="true">{symbol}</span> : null}
        <input
          id={id}
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
    </div>
  );
}

function Tri({ label, value, onChange }: { label: string; value: TriState; onChange(v: TriState): void }) {
  const id = useId();
  return (
    <div className="fb__field">
      <label className="fb__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input select fb__select" value={value} onChange={(e) => onChange(e.target.value as TriState)}>
        <option value="any">Any</option>
        <option value="only">Only</option>
        <option value="exclude">Exclude</option>
      </select>
    </div>
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
      <div className="fb__field">
        <label className="fb__label" htmlFor={`${id}-cat`}>
          Category
        </label>
        <select
          id={`${id}-cat`}
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
      </div>
      <div className="fb__field">
        <label className="fb__label" htmlFor={`${id}-wear`}>
          Wear
        </label>
        <select id={`${id}-wear`} className="input select fb__select" value={filter.wear} onChange={(e) => setFilter((f) => ({ ...f, wear: e.target.value as Wear | 'any' }))}>
          <option value="any">Any</option>
          {WEARS.map((w) => (
            <option key={w} value={w}>
              {WEAR_NAME[w]} ({w.toUpperCase()})
            </option>
          ))}
        </select>
      </div>
      <Tri label="StatTrak™" value={filter.stattrak} onChange={(v) => setFilter((f) => ({ ...f, stattrak: v }))} />
      <Tri label="Souvenir" value={filter.souvenir} onChange={(v) => setFilter((f) => ({ ...f, souvenir: v }))} />
      <MoneyInput label="Min ask" symbol={symbol} value={filter.minPrice} onChange={(v) => setFilter((f) => ({ ...f, minPrice: v }))} />
      <MoneyInput label="Max ask" symbol={symbol} value={filter.maxPrice} onChange={(v) => setFilter((f) => ({ ...f, maxPrice: v }))} />
      <div className="fb__field">
        <label className="fb__label" htmlFor={`${id}-offers`}>
          Min offers
        </label>
        <input
          id={`${id}-offers`}
          className="input fb__input fb__input--short"
          inputMode="numeric"
          value={offersText}
          placeholder="any"
          title="Minimum total offers over the chosen markets"
          onChange={(e) => {
            const t = e.target.value.replace(/[^\d]/g, '');
            setOffersText(t);
            setFilter((f) => ({ ...f, minOffers: t === '' ? null : Number(t) }));
          }}
        />
      </div>
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
