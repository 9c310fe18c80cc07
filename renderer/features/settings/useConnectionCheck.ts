/**
 * The "Test connection" card's model: one press runs one light GraphQL query (a typed document, urql's
 * useQuery) through the host's gateway, timed from the press; only that press's answer is shown.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { ConnectionCheckQuery, connectionCheckRows, type ConnectionCheckRow } from '../../api/connection-check';
import { fromCombinedError, toApiError, type ApiError } from '../../api/errors';
import { useSelectedGame } from '../../lib/preferences';
import { useDataSource } from '../../market/providers';

export interface CheckResult {
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

/** The most expensive items by suggested price (the unpriced left out), the few the card shows. */
export function priciestSample(items: readonly ConnectionCheckRow[]): ConnectionCheckRow[] {
  return items
    .filter((i) => i.suggested_price !== null)
    .sort((a, b) => (b.suggested_price ?? 0) - (a.suggested_price ?? 0))
    .slice(0, SAMPLE_SIZE);
}

export function useConnectionCheck() {
  const [game] = useSelectedGame();
  const { sourceKey } = useDataSource();
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
      const top = priciestSample(items);
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
  return {
    game,
    pending: current !== null && shown === null,
    result: shown?.result ?? null,
    error: shown?.error ?? null,
    test: () => setPress({ game, source: sourceKey, at: performance.now() }),
  };
}
