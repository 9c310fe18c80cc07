/**
 * A rule run over the recorded price history (market/scanner/backtest.ts) in its worker: a range within
 * the history kept, progress and Cancel, then the net return per day (chart) and the routes' figures
 * (table), with the settings used and the limits the history cannot apply. The Scanner page renders it
 * for the rule being edited.
 */
import { useCallback } from 'react';
import { formatMoney } from '../../../../shared/money/money';
import { useMoneyFormat } from '../../../lib/preferences';
import { ruleProblems, type ScanRule } from '../../../market/scanner/rules';
import { progressText } from './backtest-view';
import { BacktestControls } from './BacktestControls';
import { BacktestResultView } from './BacktestResultView';
import { useBacktestRun } from './useBacktestRun';

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
  const money = useMoneyFormat();
  const { kept, choices, choice, setChoiceId, state, run, cancel } = useBacktestRun(rule, userMarkets);
  const busy = state.kind === 'running' || state.kind === 'cancelling';
  const problems = ruleProblems(rule);
  const fmt = useCallback((v: number) => formatMoney(v, money), [money]);

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
        <BacktestControls
          choices={choices}
          choice={choice}
          setChoiceId={setChoiceId}
          busy={busy}
          cancelling={state.kind === 'cancelling'}
          runDisabled={problems.length > 0}
          run={run}
          cancel={cancel}
        />
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
