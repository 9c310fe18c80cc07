/**
 * Which quotes the best ask and bid (and spreads, deals, the mark) are taken from: trusted ones only (the
 * default: outliers and stalled markets left out) or all; and whether stalled markets' quotes count. Shown
 * in the Prices page's filter row; the same preferences as Settings' "Trust in prices".
 */
import { useId } from 'react';
import { usePref } from '../../lib/preferences';
import { TRUST_PREFS } from '../../market/trust-prefs';

export function QuoteControls() {
  const id = useId();
  const [quotes, setQuotes] = usePref(TRUST_PREFS.quotes);
  const [includeStalled, setIncludeStalled] = usePref(TRUST_PREFS.includeStalled);
  return (
    <>
      <div className="fb__field">
        <label className="fb__label" htmlFor={`${id}-quotes`}>
          Bests from
        </label>
        <select
          id={`${id}-quotes`}
          className="input select fb__select"
          value={quotes}
          data-testid="quotes-choice"
          title="Best ask and best bid from trusted quotes only (outliers and stalled markets left out), or from all quotes"
          onChange={(e) => setQuotes(e.target.value === 'all' ? 'all' : 'trusted')}
        >
          <option value="trusted">Trusted quotes</option>
          <option value="all">All quotes</option>
        </select>
      </div>
      <label
        className="fb__check"
        title="Count the quotes of markets that look stalled (none of their quotes moved while the other markets' did) in the best ask and bid"
      >
        <input
          type="checkbox"
          checked={includeStalled}
          disabled={quotes === 'all'}
          data-testid="include-stalled"
          onChange={(e) => setIncludeStalled(e.target.checked)}
        />{' '}
        Include stalled markets
      </label>
    </>
  );
}
