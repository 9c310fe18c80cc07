/**
 * A backtest's result: the net return per day (recharts), the summary (routes, durations, taken after one
 * and five polls, per day and in total), the routes one by one, the settings used and the limits the
 * history could not apply. Money formatted here, at the edge ("—" where missing).
 */
import { BacktestReturnChart, BacktestRoutes, BacktestSummary } from './BacktestResultParts';
import { settingsUsed, spanText, type RunState } from './backtest-view';

export function BacktestResultView({
  state,
  fmt,
  nameOf,
}: {
  state: Extract<RunState, { kind: 'done' }>;
  fmt: (v: number) => string;
  nameOf: (slug: string) => string;
}) {
  const r = state.result;
  if (r.items === 0) return <p data-testid="backtest-empty">No price history for this game in the range chosen.</p>;
  return (
    <div className="backtest__result" data-testid="backtest-result">
      <p>
        {r.items.toLocaleString('en-US')} items, {r.polls.toLocaleString('en-US')} polls from{' '}
        {new Date(r.from).toISOString().slice(0, 16).replace('T', ' ')} to{' '}
        {new Date(r.to).toISOString().slice(0, 16).replace('T', ' ')} UTC ({spanText(r.to - r.from)}), in{' '}
        {(state.ms / 1000).toFixed(1)} s.
      </p>
      <BacktestReturnChart r={r} fmt={fmt} />
      <BacktestSummary r={r} fmt={fmt} />
      <BacktestRoutes r={r} fmt={fmt} nameOf={nameOf} />
      <h4>Settings used</h4>
      <ul data-testid="backtest-settings">
        {settingsUsed(r.rule, nameOf, fmt).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {r.notApplied.length > 0 && (
        <>
          <h4>Not applied (the history does not record what they need)</h4>
          <ul data-testid="backtest-not-applied">
            {r.notApplied.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
