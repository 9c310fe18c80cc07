/**
 * A rule run over the recorded price history (market/scanner/backtest.ts) in its worker: a range within
 * the history kept, progress and Cancel, then the net return per day (chart) and the routes' figures
 * (table), with the settings used and the limits the history cannot apply. The Scanner page renders it
 * for the rule being edited.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatMoney } from '../../../../shared/money/money';
import { useMoneyFormat, usePref, useSelectedGame } from '../../../lib/preferences';
import { history, useHistoryVersion } from '../../../market/history/client';
import { GRID_PREFS, useFees } from '../../../market/prefs';
import type { BacktestRequestData } from '../../../market/scanner/backtest-request';
import type { BacktestMessage, BacktestRequest } from '../../../market/scanner/backtest.worker';
import { ruleProblems, type ScanRule } from '../../../market/scanner/rules';
import { unknownFeeMarkets } from '../../../market/scanner/scan';
import { nextState, progressText, rangeChoices, type RunState } from './backtest-view';
import { BacktestResultView } from './BacktestResultView';

type Kept =
  { kind: 'loading' } | { kind: 'ready'; oldest: number | null; at: number } | { kind: 'error'; message: string };

/**
 * `markets` (the user's market list) and `nameOf` come from the page: the panel runs no market plan of its
 * own (a second one would run the plan's discovery checks again beside the page's live poll).
 */
export function BacktestPanel({
  rule,
  markets: userMarkets,
  nameOf,
}: {
  rule: ScanRule;
  markets: readonly string[];
  nameOf: (slug: string) => string;
}) {
  const [game] = useSelectedGame();
  const money = useMoneyFormat();
  const [fees] = useFees(game);
  const [overrides] = usePref(GRID_PREFS.fees);
  const version = useHistoryVersion();
  const [kept, setKept] = useState<Kept>({ kind: 'loading' });
  const [choiceId, setChoiceId] = useState('all');
  const [state, setState] = useState<RunState>({ kind: 'idle' });
  const worker = useRef<Worker | null>(null);
  const busy = state.kind === 'running' || state.kind === 'cancelling';

  useEffect(() => {
    let live = true;
    history
      .usage()
      .then((u) => live && setKept({ kind: 'ready', oldest: u.oldest, at: Date.now() }))
      .catch((e: unknown) => live && setKept({ kind: 'error', message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [version]);

  useEffect(() => () => worker.current?.terminate(), []);

  const choices = useMemo(() => (kept.kind === 'ready' ? rangeChoices(kept.oldest, kept.at) : []), [kept]);
  const choice = choices.find((c) => c.id === choiceId) ?? choices[choices.length - 1] ?? null;
  const problems = ruleProblems(rule);
  const fmt = useCallback((v: number) => formatMoney(v, money), [money]);

  const run = useCallback(() => {
    if (!choice) return;
    const markets = [...new Set([...userMarkets, ...Object.keys(fees)])];
    const unknown = unknownFeeMarkets(markets, overrides, game);
    const req: BacktestRequestData = {
      game,
      rule,
      fees: { ...fees },
      unknownBuy: [...unknown.buy],
      unknownSell: [...unknown.sell],
      from: choice.from,
      to: choice.to,
    };
    const w = (worker.current ??= new Worker(new URL('../../../market/scanner/backtest.worker.ts', import.meta.url), {
      type: 'module',
      name: 'market-desk-backtest',
    }));
    const startedAt = Date.now();
    w.onmessage = (e: MessageEvent<BacktestMessage>) => setState((s) => nextState(s, e.data, Date.now()));
    w.onerror = (e) =>
      setState({ kind: 'error', message: `The backtest stopped: ${e.message || 'the worker failed'}.` });
    setState({ kind: 'running', done: 0, total: 0, startedAt });
    w.postMessage({ type: 'start', req } satisfies BacktestRequest);
  }, [choice, userMarkets, fees, overrides, game, rule]);

  const cancel = useCallback(() => {
    setState((s) => (s.kind === 'running' ? { ...s, kind: 'cancelling' } : s));
    worker.current?.postMessage({ type: 'cancel' } satisfies BacktestRequest);
  }, []);

  return (
    <section className="backtest" data-testid="backtest-panel" aria-label="Backtest">
      <h3>Backtest on the recorded history</h3>
      {kept.kind === 'loading' && <p>Reading what history is kept…</p>}
      {kept.kind === 'error' && (
        <p role="alert" data-testid="backtest-error">
          Could not read the price history: {kept.message}
        </p>
      )}
      {kept.kind === 'ready' && choices.length === 0 && (
        <p data-testid="backtest-empty">
          No price history yet: it is recorded at every refresh of the prices. Come back after a few polls.
        </p>
      )}
      {choices.length > 0 && (
        <div className="backtest__controls">
          <label>
            Range{' '}
            <select
              className="input select input--small"
              data-testid="backtest-range"
              value={choice?.id ?? ''}
              onChange={(e) => setChoiceId(e.target.value)}
              disabled={busy}
            >
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>{' '}
          {busy ? (
            <button
              type="button"
              className="btn btn--small"
              data-testid="backtest-cancel"
              onClick={cancel}
              disabled={state.kind === 'cancelling'}
            >
              Cancel
            </button>
          ) : (
            <button
              type="button"
              className="btn btn--small"
              data-testid="backtest-run"
              onClick={run}
              disabled={problems.length > 0}
            >
              Run backtest
            </button>
          )}
        </div>
      )}
      {problems.length > 0 && (
        <p role="alert" data-testid="backtest-rule-problems">
          {problems.join(' ')}
        </p>
      )}
      {busy && (
        <p data-testid="backtest-progress" aria-live="polite">
          {state.kind === 'cancelling' ? 'Cancelling…' : progressText(state.done, state.total)}
        </p>
      )}
      {state.kind === 'cancelled' && <p data-testid="backtest-cancelled">Cancelled: no result.</p>}
      {state.kind === 'error' && (
        <p role="alert" data-testid="backtest-error">
          {state.message}
        </p>
      )}
      {state.kind === 'done' && <BacktestResultView state={state} fmt={fmt} nameOf={nameOf} />}
    </section>
  );
}
