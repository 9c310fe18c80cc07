/** The backtest's range (within the history kept) and its Run / Cancel button. */
import type { RangeChoice } from './backtest-view';

export function BacktestControls({
  choices,
  choice,
  setChoiceId,
  busy,
  cancelling,
  runDisabled,
  run,
  cancel,
}: {
  choices: readonly RangeChoice[];
  choice: RangeChoice | null;
  setChoiceId(id: string): void;
  busy: boolean;
  cancelling: boolean;
  runDisabled: boolean;
  run(): void;
  cancel(): void;
}) {
  return (
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
          disabled={cancelling}
        >
          Cancel
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--small"
          data-testid="backtest-run"
          onClick={run}
          disabled={runDisabled}
        >
          Run backtest
        </button>
      )}
    </div>
  );
}
