/**
 * "Test connection": one light GraphQL query through the host's gateway, with what came back (count,
 * time, a few items). Proves the whole path works: renderer -> gateway (token) -> service -> renderer.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useClient } from 'urql';
import { gameName } from '../../../shared/catalog/games';
import { MISSING, formatMoney } from '../../../shared/money/money';
import { isApiError, type ApiError } from '../../api/errors';
import { runOperation } from '../../api/graphql';
import { ConnectionCheckOp, type OperationRow } from '../../api/operations';
import { Icon } from '../../app/Icon';
import { useMoneyFormat, useSelectedGame } from '../../app/preferences';
import { useDataSource } from '../../app/providers';

type Item = OperationRow<typeof ConnectionCheckOp>;

interface CheckResult {
  game: number;
  count: number;
  /** Rows the service sent without a usable name (left out). */
  dropped: number;
  ms: number;
  top: Item[];
  source: string | null;
}

const SAMPLE_SIZE = 6;
const countFormat = new Intl.NumberFormat('en-US');

export function TestConnection() {
  const client = useClient();
  const [game] = useSelectedGame();
  const { sourceKey } = useDataSource();
  const money = useMoneyFormat();
  const id = useId();

  const check = useMutation<CheckResult, ApiError | Error>({
    mutationFn: async () => {
      const started = performance.now();
      const { rows: items, droppedRows } = await runOperation(client, ConnectionCheckOp, { game_id: game });
      const ms = Math.round(performance.now() - started);
      const top = items
        .filter((i) => i.suggested_price !== null)
        .sort((a, b) => (b.suggested_price ?? 0) - (a.suggested_price ?? 0))
        .slice(0, SAMPLE_SIZE);
      return { game, count: items.length, dropped: droppedRows, ms, top, source: sourceKey };
    },
  });

  // A result from another data source would mislead: drop it when the source changes.
  const { reset } = check;
  useEffect(() => {
    reset();
  }, [sourceKey, reset]);

  const result = check.data;
  const error = check.error;

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <div className="card__head">
        <h2 id={`${id}-h`} className="card__title">
          Test connection
        </h2>
        <button
          type="button"
          className="btn btn--small"
          disabled={check.isPending}
          onClick={() => check.mutate()}
        >
          {check.isPending ? <Icon name="spinner" /> : null}
          {check.isPending ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      <p className="card__text">
        Asks the service for suggested prices of every {gameName(game)} item and shows the most expensive ones.
      </p>
      <div aria-live="polite" className="test-result">
        {check.isPending ? (
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
              {isApiError(error) && error.detail ? <span className="notice__detail">Service said: {error.detail}</span> : null}
            </div>
          </div>
        ) : null}
        {result && !check.isPending ? (
          <div data-testid="test-outcome" data-ok="true">
            <div className="notice" data-tone="ok" role="status">
              <Icon name="ok" />
              <div className="notice__text">
                <strong>
                  Received {countFormat.format(result.count)} {gameName(result.game)} items in {countFormat.format(result.ms)} ms
                  {result.source === 'demo' ? ' (demo data)' : ''}.
                </strong>
                {result.dropped > 0 ? <span>{countFormat.format(result.dropped)} more had no usable name and were left out.</span> : null}
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
                      <td className="num">{item.liquidity_score === null ? MISSING : `${(item.liquidity_score / 100).toFixed(0)}%`}</td>
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
