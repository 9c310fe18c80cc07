/** Settings → Currency → Your own rates: the list of the user's rates and the form that adds one. */
import { useId, useState } from 'react';
import { todayUtc } from '../../market/currency/business-days';
import type { ManualRate } from '../../market/currency/rate-table';
import { addManualRate } from './manual-rates';

interface ManualRatesProps {
  service: string;
  rates: ManualRate[];
  onChange(r: ManualRate[]): void;
}

export function ManualRates({ service, rates, onChange }: ManualRatesProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [base, setBase] = useState(service);
  const [rate, setRate] = useState('');
  const [date, setDate] = useState(todayUtc());
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const added = addManualRate(rates, { code, base, rate, date }, todayUtc());
    if (!added.ok) return setError(added.error);
    setError(null);
    onChange(added.rates);
    setCode('');
    setRate('');
  };
  return (
    <div className="field" data-testid="manual-rates">
      <h3 className="field__label">Your own rates</h3>
      <p className="field__hint">
        For a currency the ECB does not publish (UAH, RUB, KZT…) or to use your own rate instead of the ECB’s from its
        date on.
      </p>
      <ManualRateList rates={rates} onChange={onChange} />
      <div className="form form--grid">
        <label className="field">
          <span className="field__label">Currency</span>
          <input
            id={`${id}-code`}
            className="input"
            value={code}
            maxLength={3}
            onChange={(e) => setCode(e.target.value)}
            placeholder="UAH"
          />
        </label>
        <label className="field">
          <span className="field__label">Per 1</span>
          <select className="input select" value={base} onChange={(e) => setBase(e.target.value)}>
            {[...new Set([service, 'EUR'])].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Rate</span>
          <input
            className="input"
            inputMode="decimal"
            value={rate}
            onChange={(e) => setRate(e.target.value)}
            placeholder="41.50"
          />
        </label>
        <label className="field">
          <span className="field__label">Date of the rate</span>
          <input className="input" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </label>
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn btn--small" onClick={add}>
        Add rate
      </button>
    </div>
  );
}

/** The rates kept, each with its Remove button. */
function ManualRateList({ rates, onChange }: Omit<ManualRatesProps, 'service'>) {
  if (!rates.length) return null;
  return (
    <ul>
      {rates.map((m) => (
        <li key={`${m.code}|${m.date}`}>
          1 {m.base} = {m.rate} {m.code}, {m.date}{' '}
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => onChange(rates.filter((x) => x !== m))}
            aria-label={`Remove the ${m.code} rate of ${m.date}`}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
