/**
 * A backtest's result: the net return per day (recharts), the summary (routes, durations, taken after one
 * and five polls, per day and in total), the routes one by one, the settings used and the limits the
 * history could not apply. Money formatted here, at the edge ("—" where missing).
 */
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dailyReturns, durations, settingsUsed, spanText, type RunState } from './backtest-view';

/** Routes listed one by one (the summary counts them all). */
const ROUTE_ROWS = 200;

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
  const days = useMemo(() => dailyReturns(r), [r]);
  const d = useMemo(() => durations(r.routes), [r]);
  const chart = days.map((x) => ({ day: x.day, afterOne: x.afterOne / 1000, afterFive: x.afterFive / 1000 }));
  if (r.items === 0) return <p data-testid="backtest-empty">No price history for this game in the range chosen.</p>;
  const num = (x: number, digits = 0): string => (Number.isFinite(x) ? x.toFixed(digits) : '—');
  return (
    <div className="backtest__result" data-testid="backtest-result">
      <p>
        {r.items.toLocaleString('en-US')} items, {r.polls.toLocaleString('en-US')} polls from{' '}
        {new Date(r.from).toISOString().slice(0, 16).replace('T', ' ')} to{' '}
        {new Date(r.to).toISOString().slice(0, 16).replace('T', ' ')} UTC ({spanText(r.to - r.from)}), in{' '}
        {(state.ms / 1000).toFixed(1)} s.
      </p>
      <div style={{ width: '100%', height: 220 }} data-testid="backtest-chart">
        <ResponsiveContainer>
          <BarChart data={chart}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis
              width={88}
              tickFormatter={(v: number) => fmt(Math.round(v * 1000))}
              label={{ value: 'Net return per day', angle: -90, position: 'insideLeft', fontSize: 11 }}
            />
            <Tooltip formatter={(v) => fmt(Math.round(Number(v) * 1000))} />
            <Legend />
            <Bar
              dataKey="afterOne"
              name="Net return, taken after one poll"
              fill="var(--accent, #3b82f6)"
              isAnimationActive={false}
            />
            <Bar
              dataKey="afterFive"
              name="Net return, taken after five polls"
              fill="var(--muted, #94a3b8)"
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="table" data-testid="backtest-summary">
        <tbody>
          <tr>
            <th scope="row">Routes that appeared</th>
            <td data-testid="backtest-routes-count">{d.routes}</td>
          </tr>
          <tr>
            <th scope="row">Already there at the start (not counted)</th>
            <td>{r.carriedIn}</td>
          </tr>
          <tr>
            <th scope="row">Lasted (polls): median, longest; gone at the next poll</th>
            <td>
              {num(d.medianPolls, 1)}, {num(d.maxPolls)}; {d.onePoll}
            </td>
          </tr>
          <tr>
            <th scope="row">Lasted (minutes): median, longest</th>
            <td>
              {num(d.medianMinutes, 1)}, {num(d.maxMinutes, 1)}
            </td>
          </tr>
          {(
            [
              ['one', 'after-one', r.afterOne],
              ['five', 'after-five', r.afterFive],
            ] as const
          ).map(([polls, id, taken]) => (
            <tr key={id}>
              <th scope="row">
                Still there {polls} poll{polls === 'one' ? '' : 's'} later: routes, net return total, per day
              </th>
              <td data-testid={`backtest-${id}`}>
                {taken.routes}, {fmt(taken.total)}, {fmt(taken.perDay)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table" data-testid="backtest-routes">
        <thead>
          <tr>
            <th>Item</th>
            <th>Buy on</th>
            <th>Sell on</th>
            <th>Appeared (UTC)</th>
            <th>Polls</th>
            <th>Minutes</th>
            <th>Net profit</th>
            <th>Taken after one poll</th>
            <th>After five</th>
          </tr>
        </thead>
        <tbody>
          {r.routes.slice(0, ROUTE_ROWS).map((x) => (
            <tr key={`${x.name}|${x.buyMarket}|${x.sellMarket}|${x.start}`}>
              <td>{x.name}</td>
              <td>{nameOf(x.buyMarket)}</td>
              <td>{nameOf(x.sellMarket)}</td>
              <td>{new Date(x.start).toISOString().slice(0, 16).replace('T', ' ')}</td>
              <td>{x.polls}</td>
              <td>{x.minutes.toFixed(1)}</td>
              <td>{fmt(x.profit)}</td>
              <td>{fmt(x.profitAfter1)}</td>
              <td>{fmt(x.profitAfter5)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.routes.length > ROUTE_ROWS && (
        <p>
          The first {ROUTE_ROWS} of {r.routes.length.toLocaleString('en-US')} routes are listed; the figures above count
          them all.
        </p>
      )}
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
