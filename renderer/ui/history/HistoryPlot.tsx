/**
 * The history's step chart and its legend (an HTML legend under the plot: it shows each line's dash and wraps
 * without shrinking the plot, even with every market shown).
 */
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, MISSING, type MoneyFormat } from '../../../shared/money/money';
import { axisProps, tooltipProps } from '../charts/theme';
import { timeLabel, type HistoryChartData, type HistoryLine } from './history-view';

interface HistoryPlotProps {
  chart: HistoryChartData;
  lines: HistoryLine[];
  span: number;
  fmt: MoneyFormat;
}

export function HistoryPlot({ chart, lines, span, fmt }: HistoryPlotProps) {
  return (
    <div className="hist__chart" data-testid="history-chart">
      <ResponsiveContainer width="100%" height={230}>
        <LineChart data={chart.rows} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={[chart.start, chart.end]}
            tickFormatter={(t: number) => timeLabel(t, span)}
            minTickGap={40}
            {...axisProps}
          />
          <YAxis
            width={62}
            domain={['auto', 'auto']}
            tickFormatter={(v: number) => formatMoney(v, fmt)}
            {...axisProps}
          />
          <Tooltip
            {...tooltipProps}
            filterNull={false}
            itemSorter={(item) => lines.findIndex((l) => l.key === item.dataKey)}
            labelFormatter={(t) => new Date(Number(t)).toLocaleString()}
            formatter={(v, n) => [v === null || v === undefined ? MISSING : formatMoney(Number(v), fmt), n]}
          />
          {lines.map((l) => (
            <Line
              key={l.key}
              type="stepAfter"
              dataKey={l.key}
              name={l.name}
              stroke={l.stroke}
              strokeWidth={l.width}
              strokeDasharray={l.dash}
              dot={false}
              isAnimationActive={false}
              connectNulls={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function HistoryLegend({ lines }: { lines: HistoryLine[] }) {
  return (
    <ul className="hist__legend" aria-label="Lines" data-testid="history-legend">
      {lines.map((l) => (
        <li key={l.key}>
          <svg width="22" height="8" aria-hidden="true">
            <line x1="1" y1="4" x2="21" y2="4" stroke={l.stroke} strokeWidth={l.width} strokeDasharray={l.dash} />
          </svg>
          {l.name}
        </li>
      ))}
    </ul>
  );
}
