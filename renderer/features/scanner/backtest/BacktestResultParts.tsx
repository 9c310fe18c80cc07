/**
 * A backtest result's parts: the net return per day as a chart (recharts), the summary table (routes,
 * durations, taken after one and five polls) and the routes one by one.
 */
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BacktestResult } from '../../../market/scanner/backtest';
import { dailyReturns, durations } from './backtest-view';

/** Routes listed one by one (the summary counts them all). */
const ROUTE_ROWS = 200;

interface PartProps {
  r: BacktestResult;
  fmt: (v: number) => string;
}

const num = (x: number, digits = 0): string => (Number.isFinite(x) ? x.toFixed(digits) : '—');

export function BacktestReturnChart({ r, fmt }: PartProps) {
  const days = useMemo(() => dailyReturns(r), [r]);
  const chart = days.map((x) => ({ day: x.day, afterOne: x.afterOne / 1000, afterFive: x.afterFive / 1000 }));
  return (
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
  );
}

export function BacktestSummary({ r, fmt }: PartProps) {
  const d = useMemo(() => durations(r.routes), [r]);
  return (
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
  );
}

export function BacktestRoutes({ r, fmt, nameOf }: PartProps & { nameOf: (slug: string) => string }) {
  return (
    <>
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
    </>
  );
}
