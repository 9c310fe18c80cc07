/**
 * The market list (add, remove, rename: a real service's slugs may differ from the built-in catalog)
 * and per-market fees (buyer and seller, default 0 %), both remembered. Shown from the grid's
 * "Markets & fees" button, and exported for the Settings page.
 */
import { memo, useId, useState } from 'react';
import { usePref } from '../../app/preferences';
import { bpsToPercentText, parsePercentToBps } from './model/derive';
import { DEFAULT_MARKET_LIST, GRID_PREFS, SLUG_PATTERN, removeMarketEverywhere, useFees, type MarketEntry } from './prefs';
import './GridSettings.css';

function FeeInput({ label, bps, onCommit }: { label: string; bps: number; onCommit(bps: number): void }) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? bpsToPercentText(bps);
  const parsed = text === null ? bps : parsePercentToBps(text === '' ? '0' : text);
  const commit = () => {
    if (parsed !== null && text !== null) onCommit(parsed);
    if (parsed !== null) setText(null);
  };
  return (
    <span className="gset__fee">
      <input
        className="input gset__feeinput"
        inputMode="decimal"
        aria-label={label}
        aria-invalid={parsed === null || undefined}
        value={shown}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setText(null);
        }}
      />
      <span aria-hidden="true">%</span>
    </span>
  );
}

function NameInput({ entry, onCommit }: { entry: MarketEntry; onCommit(name: string): void }) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text !== null && text.trim()) onCommit(text.trim().slice(0, 80));
    setText(null);
  };
  return (
    <input
      className="input gset__name"
      aria-label={`Display name of ${entry.slug}`}
      value={text ?? entry.name}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setText(null);
      }}
    />
  );
}

/** Memo: it has no props (its state is preferences), so the grid's keystrokes never re-render its ~100 inputs. */
export const GridSettingsSections = memo(function GridSettingsSections() {
  const id = useId();
  const [list, setList, resetList] = usePref(GRID_PREFS.markets);
  const [, setChosen] = usePref(GRID_PREFS.chosen);
  const [, setFavourites] = usePref(GRID_PREFS.favourites);
  const [fees, setFee] = useFees();
  const [, , resetFees] = usePref(GRID_PREFS.fees);
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [ask, setAsk] = useState(true);
  const [bid, setBid] = useState(false);
  const [problem, setProblem] = useState('');

  const update = (s: string, patch: Partial<MarketEntry>) => setList((prev) => prev.map((m) => (m.slug === s ? { ...m, ...patch } : m)));
  const add = () => {
    const sl = slug.trim();
    if (!SLUG_PATTERN.test(sl)) {
      setProblem('A slug is letters, digits, and . _ : - (no spaces), up to 64 characters.');
      return;
    }
    if (list.some((m) => m.slug === sl)) {
      setProblem(`“${sl}” is already in the list.`);
      return;
    }
    if (!ask && !bid) {
      setProblem('Choose at least one: lowest asks or buy orders.');
      return;
    }
    setList((prev) => [...prev, { slug: sl, name: name.trim() || sl, ask, bid }]);
    setSlug('');
    setName('');
    setProblem('');
  };

  return (
    <section className="card gset" aria-labelledby={`${id}-h`}>
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Markets &amp; fees
        </h2>
        <div className="gset__headactions">
          <button type="button" className="btn btn--small btn--ghost" onClick={() => resetFees()}>
            Clear fees
          </button>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => {
              resetList();
              setChosen(null);
            }}
          >
            Restore default markets
          </button>
        </div>
      </div>
      <p className="card__text gset__intro">
        The grid asks the service for these slugs. If your service names a market differently, rename or remove it
        here, or add its slug. Fees: a <em>buyer fee</em> is added to asks, a <em>seller fee</em> is taken from bids, when
        “Net of fees” is on.
      </p>
      <div className="gset__scroll">
        <table className="gset__table">
          <thead>
            <tr>
              <th scope="col">Display name</th>
              <th scope="col">Slug</th>
              <th scope="col" title="Requested from aggregatedMinPrices">
                Asks
              </th>
              <th scope="col" title="Requested from aggregatedMaxOrders">
                Bids
              </th>
              <th scope="col">Buyer fee</th>
              <th scope="col">Seller fee</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((m) => {
              const fee = fees[m.slug] ?? { buyBps: 0, sellBps: 0 };
              return (
                <tr key={m.slug} data-slug={m.slug}>
                  <td>
                    <NameInput entry={m} onCommit={(n) => update(m.slug, { name: n })} />
                  </td>
                  <td>
                    <code>{m.slug}</code>
                  </td>
                  <td>
                    <input type="checkbox" aria-label={`Ask prices from ${m.name}`} checked={m.ask} onChange={(e) => update(m.slug, { ask: e.target.checked })} />
                  </td>
                  <td>
                    <input type="checkbox" aria-label={`Buy orders from ${m.name}`} checked={m.bid} onChange={(e) => update(m.slug, { bid: e.target.checked })} />
                  </td>
                  <td>
                    <FeeInput label={`Buyer fee at ${m.name} in percent`} bps={fee.buyBps} onCommit={(bps) => setFee(m.slug, { ...fee, buyBps: bps })} />
                  </td>
                  <td>
                    <FeeInput label={`Seller fee at ${m.name} in percent`} bps={fee.sellBps} onCommit={(bps) => setFee(m.slug, { ...fee, sellBps: bps })} />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--small btn--ghost"
                      aria-label={`Remove ${m.name} (${m.slug})`}
                      onClick={() => removeMarketEverywhere(m.slug, { markets: setList, chosen: setChosen, favourites: setFavourites })}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <form
        className="gset__add"
        aria-label="Add a market"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label className="field">
          <span className="field__label">Slug</span>
          <input className="input" value={slug} onChange={(e) => setSlug(e.target.value)} placeholder="e.g. newmarket" />
        </label>
        <label className="field">
          <span className="field__label">Display name</span>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="New Market" />
        </label>
        <label className="gset__check">
          <input type="checkbox" checked={ask} onChange={(e) => setAsk(e.target.checked)} /> Asks
        </label>
        <label className="gset__check">
          <input type="checkbox" checked={bid} onChange={(e) => setBid(e.target.checked)} /> Bids
        </label>
        <button type="submit" className="btn btn--small btn--primary">
          Add market
        </button>
        {problem ? (
          <p className="gset__problem" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
      <p className="card__text gset__count">
        {list.filter((m) => m.ask).length} ask markets, {list.filter((m) => m.bid).length} buy-order markets
        {list.length !== DEFAULT_MARKET_LIST.length || list.some((m, i) => m.slug !== DEFAULT_MARKET_LIST[i]?.slug) ? ' (edited)' : ''}.
      </p>
    </section>
  );
});
