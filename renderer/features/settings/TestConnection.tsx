/**
 * "Test connection": one light GraphQL query (a typed document, urql's useQuery) through the host's
 * gateway, with what came back (count, time, a few items). Proves the whole path works: renderer ->
 * gateway (token) -> service -> renderer.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { gameName } from '../../../shared/catalog/games';
import { MISSING, formatMoney } from '../../../shared/money/money';
import { ConnectionCheckQuery, connectionCheckRows, type ConnectionCheckRow } from '../../api/connection-check';
import { fromCombinedError, isApiError, toApiError, type ApiError } from '../../api/errors';
import { Icon } from '../../ui/Icon';
import { useMoneyFormat, useSelectedGame } from '../../lib/preferences';
import { useDataSource } from '../../market/providers';

interface CheckResult {
  game: number;
  count: number;
  /** Rows the service sent without a usable name (left out). */
  dropped: number;
  ms: number;
  top: ConnectionCheckRow[];
  source: string | null;
}

/** One press of the button: the query runs for it, and only its answer is shown. */
interface Press {
  game: number;
  source: string | null;
  at: number;
}

const SAMPLE_SIZE = 6;
const countFormat = new Intl.NumberFormat('en-US');

export function TestConnection() {
  const [game] = useSelectedGame();
  const { sourceKey } = useDataSource();
  const money = useMoneyFormat();
  const id = useId();

  const [press, setPress] = useState<Press | null>(null);
  // A result from another data source would mislead: a press counts only for the source it was made on.
  const current = press && press.source === sourceKey ? press : null;
  // A fresh context per press: urql runs the query again, from the network.
  const context = useMemo(() => ({ requestPolicy: 'network-only' as const, pressedAt: current?.at }), [current?.at]);
  const [res] = useQuery({
    query: ConnectionCheckQuery,
    variables: { game_id: current?.game ?? game },
    pause: current === null,
    context,
  });

  const [outcome, setOutcome] = useState<{ at: number; result: CheckResult | null; error: ApiError | null } | null>(
    null,
  );
  useEffect(() => {
    if (!current || res.fetching || res.operation?.context.pressedAt !== current.at) return;
    const ms = Math.round(performance.now() - current.at);
    if (res.error) {
      setOutcome({ at: current.at, result: null, error: fromCombinedError(res.error) });
      return;
    }
    if (!res.data) return;
    try {
      const { rows: items, droppedRows } = connectionCheckRows(res.data);
      const top = items
        .filter((i) => i.suggested_price !== null)
        .sort((a, b) => (b.suggested_price ?? 0) - (a.suggested_price ?? 0))
        .slice(0, SAMPLE_SIZE);
      setOutcome({
        at: current.at,
        result: { game: current.game, count: items.length, dropped: droppedRows, ms, top, source: current.source },
        error: null,
      });
    } catch (e) {
      setOutcome({ at: current.at, result: null, error: toApiError(e) });
    }
  }, [res, current]);

  const shown = current && outcome?.at === current.at ? outcome : null;
  const pending = current !== null && shown === null;

  const result = shown?.result ?? null;
  const error = shown?.error ?? null;

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Test connection
        </h2>
        <button
          type="button"
          className="btn btn--small"
          disabled={pending}
          onClick={() => setPress({ game, source: sourceKey, at: performance.now() })}
        >
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
        {error ? (
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
        ) : null}
        {result && !pending ? (
          <div data-testid="test-outcome" data-ok="true">
            <div className="notice" data-tone="ok" role="status">
              <Icon name="ok" />
              <div className="notice__text">
                <strong>
                  Received {countFormat.format(result.count)} {gameName(result.game)} items in{' '}
                  {countFormat.format(result.ms)} ms
                  {result.source === 'demo' ? ' (demo data)' : ''}.
                </strong>
                {result.dropped > 0 ? (
                  <span>{countFormat.format(result.dropped)} more had no usable name and were left out.</span>
                ) : null}
              </div>
            </div>
            {result.top.length > 0 ? (
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
                  {result.top.map((item) => (
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
            ) : (
              <p className="card__text">The service has no priced items for this game.</p>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}
