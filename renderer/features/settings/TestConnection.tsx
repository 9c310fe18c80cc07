/**
 * "Test connection": one light GraphQL query through the host's gateway (useConnectionCheck), with what came
 * back (count, time, a few items). Proves the whole path works: renderer -> gateway (token) -> service -> renderer.
 */
import { useId } from 'react';
import { gameName } from '../../../shared/catalog/games';
import { MISSING, formatMoney } from '../../../shared/money/money';
import type { ConnectionCheckRow } from '../../api/connection-check';
import { isApiError, type ApiError } from '../../api/errors';
import { Icon } from '../../ui/Icon';
import { useMoneyFormat } from '../../lib/preferences';
import { useConnectionCheck, type CheckResult } from './useConnectionCheck';

const countFormat = new Intl.NumberFormat('en-US');

export function TestConnection() {
  const id = useId();
  const { game, pending, result, error, test } = useConnectionCheck();
  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Test connection
        </h2>
        <button type="button" className="btn btn--small" disabled={pending} onClick={test}>
          {pending ? <Icon name="spinner" /> : null}
          {pending ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      <p className="card__text">
        Asks the service for suggested prices of every {gameName(game)} item and shows the most expensive ones.
      </p>
      <div aria-live="polite" className="test-result">
        {pending ? (
          <div className="skeleton-table" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <span key={i} className="skeleton-row" />
            ))}
          </div>
        ) : null}
        {error ? <CheckError error={error} /> : null}
        {result && !pending ? <CheckReceived result={result} /> : null}
      </div>
    </section>
  );
}

function CheckError({ error }: { error: ApiError }) {
  return (
    <div className="notice" data-tone="error" role="alert" data-testid="test-outcome">
      <Icon name="error" />
      <div className="notice__text">
        <strong>{error.message}</strong>
        {isApiError(error) ? <span>{error.action}</span> : null}
        {isApiError(error) && error.detail ? (
          <span className="notice__detail">Service said: {error.detail}</span>
        ) : null}
      </div>
    </div>
  );
}

/** How many items came back, how fast, and the priciest few. */
function CheckReceived({ result }: { result: CheckResult }) {
  return (
    <div data-testid="test-outcome" data-ok="true">
      <div className="notice" data-tone="ok" role="status">
        <Icon name="ok" />
        <div className="notice__text">
          <strong>
            Received {countFormat.format(result.count)} {gameName(result.game)} items in {countFormat.format(result.ms)}{' '}
            ms
            {result.source === 'demo' ? ' (demo data)' : ''}.
          </strong>
          {result.dropped > 0 ? (
            <span>{countFormat.format(result.dropped)} more had no usable name and were left out.</span>
          ) : null}
        </div>
      </div>
      {result.top.length > 0 ? (
        <SampleTable top={result.top} />
      ) : (
        <p className="card__text">The service has no priced items for this game.</p>
      )}
    </div>
  );
}

function SampleTable({ top }: { top: readonly ConnectionCheckRow[] }) {
  const money = useMoneyFormat();
  return (
    <table className="mini-table" data-testid="sample-table">
      <caption className="visually-hidden">Most expensive items by suggested price</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="num">
            Suggested
          </th>
          <th scope="col" className="num">
            Liquidity
          </th>
        </tr>
      </thead>
      <tbody>
        {top.map((item) => (
          <tr key={item.market_hash_name}>
            <td className="mini-table__name" title={item.market_hash_name}>
              {item.market_hash_name}
            </td>
            <td className="num">{formatMoney(item.suggested_price, money)}</td>
            <td className="num">
              {item.liquidity_score === null ? MISSING : `${(item.liquidity_score / 100).toFixed(0)}%`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
