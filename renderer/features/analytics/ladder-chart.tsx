/** The lowest-listing and highest-buy-order ladders per window, the spread as a band between them. */
import type { ReactElement } from 'react';
import { Area, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartFormat } from '../../ui/charts/format';
import {
  askColor,
  axisProps,
  bidColor,
  gridColor,
  legendProps,
  seriesColor,
  tooltipProps,
} from '../../ui/charts/theme';
import type { ChartData } from '../../ui/charts/types';
import { withBand } from './model/item-tables';

/** A render function, not a component: the frame's ResponsiveContainer sizes the Recharts element it is given. */
export function ladderChart(o: {
  rows: ChartData['rows'];
  mainSource: string;
  /** The chosen marketplace's ladders, dashed, when one is shown. */
  marketName: string | null;
  f: ChartFormat;
}): ReactElement {
  const { mainSource, marketName, f } = o;
  return (
    <ComposedChart data={withBand(o.rows)} margin={{ left: 8, right: 16 }}>
      <CartesianGrid stroke={gridColor} />
      <XAxis dataKey="window" {...axisProps} />
      <YAxis {...axisProps} tickFormatter={f.moneyTick} domain={['auto', 'auto']} />
      <Tooltip
        {...tooltipProps}
        formatter={(v) =>
          Array.isArray(v)
            ? `${f.money(Number(v[0]))} – ${f.money(Number(v[1]))}`
            : f.money(v === null ? null : Number(v))
        }
      />
      <Legend {...legendProps} />
      <Area
        dataKey="band"
        name={`${mainSource}: spread band`}
        fill={seriesColor(0)}
        fillOpacity={0.15}
        stroke="none"
        isAnimationActive={false}
      />
      <Line
        dataKey="minSell"
        name={`${mainSource}: lowest listing`}
        stroke={askColor}
        strokeWidth={2}
        dot
        isAnimationActive={false}
        connectNulls={false}
      />
      <Line
        dataKey="maxBuy"
        name={`${mainSource}: highest buy order`}
        stroke={bidColor}
        strokeWidth={2}
        dot
        isAnimationActive={false}
        connectNulls={false}
      />
      {marketName ? (
        <Line
          dataKey="mMinSell"
          name={`${marketName}: lowest listing`}
          stroke={askColor}
          strokeDasharray="5 4"
          dot
          isAnimationActive={false}
        />
      ) : null}
      {marketName ? (
        <Line
          dataKey="mMaxBuy"
          name={`${marketName}: highest buy order`}
          stroke={bidColor}
          strokeDasharray="5 4"
          dot
          isAnimationActive={false}
        />
      ) : null}
    </ComposedChart>
  );
}
