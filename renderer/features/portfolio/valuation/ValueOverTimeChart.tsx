/**
 * "Value over time": the portfolio's sell-now and list-at-lowest values through the local price history,
 * over 24h / 7d / 30d / all, in the charts' frame (table, PNG / SVG / CSV exports like every chart). It
 * values today's holdings (remaining quantities) at the prices recorded then, says its resolution, and
 * names the items with no history in the range. Read in the history worker in one request.
 */
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { MISSING } from '../../../../shared/money/money';
import { ChartFrame } from '../../../ui/charts/ChartFrame';
import { askColor, axisProps, bidColor, gridColor, tooltipProps } from '../../../ui/charts/theme';
import type { HoldingRow } from '../model/types';
import { useValueOverTime } from './useValueOverTime';
import { VALUE_RANGES, type SeriesSettings } from './value-over-time';

export interface ValueOverTimeChartProps {
  rows: readonly HoldingRow[];
  settings: SeriesSettings;
  nameOf(slug: string): string;
}

function timeLabel(t: number, span: number): string {
  const d = new Date(t);
  const hm = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return span <= 86_400_000 ? hm : d.toLocaleDateString([], { month: 'short', day: 'numeric' });
}

export function ValueOverTimeChart({ rows, settings, nameOf }: ValueOverTimeChartProps) {
  const { range, setRange, data, f, state, provenance, span, subtitle } = useValueOverTime(rows, settings, nameOf);

  return (
    <section className="pf-value-time" aria-label="Value over time" data-testid="portfolio-value-time">
      <div className="segmented" role="radiogroup" aria-label="Value over time range">
        {VALUE_RANGES.map((x) => (
          <button
            key={x.id}
            type="button"
            role="radio"
            aria-checked={range === x.id}
            className="segmented__item"
            onClick={() => setRange(x.id)}
          >
            {x.label}
          </button>
        ))}
      </div>
      <ChartFrame
        id="portfolio-value"
        title="Portfolio value over time"
        subtitle={subtitle}
        fileBase={`portfolio-value-${range}`}
        provenance={provenance}
        data={data}
        state={state}
        height={260}
      >
        <LineChart data={data.rows} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={gridColor} vertical={false} />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(t: number) => timeLabel(t, span)}
            minTickGap={40}
            {...axisProps}
          />
          <YAxis width={70} domain={['auto', 'auto']} tickFormatter={f.moneyTick} {...axisProps} />
          <Tooltip
            {...tooltipProps}
            labelFormatter={(t) => new Date(Number(t)).toLocaleString()}
            formatter={(v, n) => [v === null || v === undefined ? MISSING : f.money(Number(v)), n]}
          />
          <Line
            type="stepAfter"
            dataKey="sellNow"
            name="Sell now"
            stroke={bidColor}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            connectNulls={false}
          />
          <Line
            type="stepAfter"
            dataKey="listLowest"
            name="List at lowest"
            stroke={askColor}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            connectNulls={false}
          />
        </LineChart>
      </ChartFrame>
    </section>
  );
}
