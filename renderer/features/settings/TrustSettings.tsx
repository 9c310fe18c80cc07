/**
 * Settings' "Trust in prices": when a quote counts as old (the confidence badge, and the grid's dimming
 * when it is on), which quotes the best ask and bid use, and whether stalled markets count. The same
 * preferences as the Prices toolbar's switches (market/trust-prefs.ts).
 */
import { useId } from 'react';
import { usePref } from '../../lib/preferences';
import { OLD_AFTER_CHOICES, TRUST_PREFS, oldAfterLabel, type OldAfterMinutes } from '../../market/trust-prefs';

export function TrustSettings() {
  const id = useId();
  const [oldAfter, setOldAfter, resetOldAfter] = usePref(TRUST_PREFS.oldAfterMinutes);
  const [dimOld, setDimOld, resetDimOld] = usePref(TRUST_PREFS.dimOld);
  const [quotes, setQuotes, resetQuotes] = usePref(TRUST_PREFS.quotes);
  const [includeStalled, setIncludeStalled, resetIncludeStalled] = usePref(TRUST_PREFS.includeStalled);
  return (
    <section className="card" aria-labelledby={`${id}-h`} data-testid="trust-settings">
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Trust in prices
        </h2>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          onClick={() => {
            resetOldAfter();
            resetDimOld();
            resetQuotes();
            resetIncludeStalled();
          }}
        >
          Reset to defaults
        </button>
      </div>
      <div className="form form--grid">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-old`}>
            A quote is old after
          </label>
          <select
            id={`${id}-old`}
            className="input select"
            value={oldAfter}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setOldAfter(Number(e.target.value) as OldAfterMinutes)}
          >
            {OLD_AFTER_CHOICES.map((m) => (
              <option key={m} value={m}>
                {oldAfterLabel(m)} unchanged
              </option>
            ))}
          </select>
        </div>
        <label className="check">
          <input type="checkbox" checked={dimOld} data-testid="dim-old" onChange={(e) => setDimOld(e.target.checked)} />{' '}
          Dim old quotes in the grid
        </label>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-quotes`}>
            Best ask and bid from
          </label>
          <select
            id={`${id}-quotes`}
            className="input select"
            value={quotes}
            onChange={(e) => setQuotes(e.target.value === 'all' ? 'all' : 'trusted')}
          >
            <option value="trusted">Trusted quotes only</option>
            <option value="all">All quotes</option>
          </select>
        </div>
        <label className="check">
          <input type="checkbox" checked={includeStalled} onChange={(e) => setIncludeStalled(e.target.checked)} />{' '}
          Include stalled markets’ quotes
        </label>
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        The service sends no timestamps: a quote’s age is how long Market Desk’s own polls saw it unchanged (kept across
        restarts), and “age unknown yet” until a change is seen. Trusted quotes leave out outliers (far from the item’s
        other markets) and markets whose feed looks stalled.
      </p>
    </section>
  );
}
