/**
 * The search box, and the filters beyond it: price range, minimum offers, category, wear, StatTrak™,
 * Souvenir. The search box and the number fields serve the recommendations' filters too.
 */
import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { parseMoney, toDecimalString } from '../../shared/money/money';
import { isFiltering, type FilterState, type TriState } from '../market/model/filter';
import { CATEGORIES, CATEGORY_LABEL, WEARS, WEAR_NAME, type Category, type Wear } from '../market/model/search';
import './FilterBar.css';

/** The item search box (the grid's search language, model/search.ts); ArrowDown moves into the list (`list`: its selector). */
export function SearchBox({
  value,
  onChange,
  list,
  className,
  ref,
}: {
  value: string;
  onChange(text: string): void;
  list: string;
  className: string;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <input
      ref={ref}
      type="search"
      role="searchbox"
      aria-label="Search items"
      className={`input ${className}`}
      placeholder="Search items: ak redline ft · st knife fade · -souvenir"
      value={value}
      spellCheck={false}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          document.querySelector<HTMLElement>(list)?.focus();
        }
      }}
    />
  );
}

/**
 * A number field kept as text while typed: text that does not read (`parse` gives null) is flagged and
 * never applied; empty is "any" (null). A value set from outside (cleared, a preset) replaces the text.
 */
export function NumberField({
  label,
  value,
  onChange,
  parse,
  format,
  symbol,
  symbolAfter = false,
  short = false,
  title,
  testId,
}: {
  label: string;
  value: number | null;
  onChange(v: number | null): void;
  parse(text: string): number | null;
  format(v: number): string;
  symbol: string;
  symbolAfter?: boolean;
  short?: boolean;
  title?: string;
  testId?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value === null ? '' : format(value));
  const [bad, setBad] = useState(false);
  // (parse and format are module functions: the effect runs when the value changes.)
  useEffect(() => {
    setText((t) => (value === null ? '' : parse(t) === value ? t : format(value)));
    if (value === null) setBad(false);
  }, [value, parse, format]);
  const sym = symbol ? (
    <span className="fb__sym" aria-hidden="true">
      {symbol}
    </span>
  ) : null;
  return (
    <div className="fb__field">
      <label className="fb__label" htmlFor={id}>
        {label}
      </label>
      <span className="fb__money">
        {symbolAfter ? null : sym}
        <input
          id={id}
          className={`input fb__input${short ? ' fb__input--short' : ''}`}
          inputMode="decimal"
          value={text}
          placeholder="any"
          title={title}
          aria-invalid={bad || undefined}
          data-testid={testId}
          onChange={(e) => {
            const t = e.target.value;
            setText(t);
            if (t.trim() === '') {
              setBad(false);
              onChange(null);
              return;
            }
            const v = parse(t);
            setBad(v === null);
            if (v !== null) onChange(v);
          }}
        />
        {symbolAfter ? sym : null}
      </span>
    </div>
  );
}

export function MoneyInput({
  label,
  value,
  onChange,
  symbol,
}: {
  label: string;
  value: number | null;
  onChange(v: number | null): void;
  symbol: string;
}) {
  return (
    <NumberField
      label={label}
      value={value}
      onChange={onChange}
      parse={parseMoney}
      format={toDecimalString}
      symbol={symbol}
    />
  );
}

function Tri({ label, value, onChange }: { label: string; value: TriState; onChange(v: TriState): void }) {
  const id = useId();
  return (
    <div className="fb__field">
      <label className="fb__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input select fb__select"
        value={value}
        onChange={(e) => onChange(e.target.value as TriState)}
      >
        <option value="any">Any</option>
        <option value="only">Only</option>
        <option value="exclude">Exclude</option>
      </select>
    </div>
  );
}

interface FilterProps {
  filter: FilterState;
  setFilter(f: (prev: FilterState) => FilterState): void;
}

/** The category and wear choices. */
function CategoryAndWear({ filter, setFilter }: FilterProps) {
  const id = useId();
  return (
    <>
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
        <select
          id={`${id}-wear`}
          className="input select fb__select"
          value={filter.wear}
          onChange={(e) => setFilter((f) => ({ ...f, wear: e.target.value as Wear | 'any' }))}
        >
          <option value="any">Any</option>
          {WEARS.map((w) => (
            <option key={w} value={w}>
              {WEAR_NAME[w]} ({w.toUpperCase()})
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** The minimum total offers, as digits typed (cleared with the filter). */
function MinOffers({ filter, setFilter }: FilterProps) {
  const id = useId();
  const [offersText, setOffersText] = useState(filter.minOffers === null ? '' : String(filter.minOffers));
  useEffect(() => {
    if (filter.minOffers === null) setOffersText('');
  }, [filter.minOffers]);
  return (
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
  );
}

/** `extra`: the page's own controls, shown before the confidence switch (the Prices page's quote choice). */
export function FilterBar({
  filter,
  setFilter,
  symbol,
  extra,
}: {
  filter: FilterState;
  setFilter(f: (prev: FilterState) => FilterState): void;
  symbol: string;
  extra?: ReactNode;
}) {
  return (
    <div className="fb" role="group" aria-label="Filters">
      <CategoryAndWear filter={filter} setFilter={setFilter} />
      <Tri label="StatTrak™" value={filter.stattrak} onChange={(v) => setFilter((f) => ({ ...f, stattrak: v }))} />
      <Tri label="Souvenir" value={filter.souvenir} onChange={(v) => setFilter((f) => ({ ...f, souvenir: v }))} />
      <MoneyInput
        label="Min ask"
        symbol={symbol}
        value={filter.minPrice}
        onChange={(v) => setFilter((f) => ({ ...f, minPrice: v }))}
      />
      <MoneyInput
        label="Max ask"
        symbol={symbol}
        value={filter.maxPrice}
        onChange={(v) => setFilter((f) => ({ ...f, maxPrice: v }))}
      />
      <MinOffers filter={filter} setFilter={setFilter} />
      {extra}
      <label
        className="fb__check"
        title="Leave out the rows whose Trust badge is low (old quotes, stalled markets, outliers, unstable or thin prices)"
      >
        <input
          type="checkbox"
          checked={filter.hideLowConfidence}
          data-testid="filter-hide-low-confidence"
          onChange={(e) => {
            const on = e.target.checked;
            setFilter((f) => ({ ...f, hideLowConfidence: on }));
          }}
        />{' '}
        Hide low confidence
      </label>
      <button
        type="button"
        className="btn btn--small btn--ghost fb__clear"
        disabled={!isFiltering(filter)}
        onClick={() =>
          setFilter((f) => ({
            ...f,
            text: '',
            minPrice: null,
            maxPrice: null,
            minOffers: null,
            category: 'any',
            wear: 'any',
            stattrak: 'any',
            souvenir: 'any',
            hideLowConfidence: false,
          }))
        }
      >
        Clear filters
      </button>
    </div>
  );
}
