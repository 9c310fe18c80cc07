/** The item view's bar charts: they share everything but their data, bars and number formats. */
import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { axisProps, gridColor, legendProps, tooltipProps } from '../../ui/charts/theme';
import type { ChartData } from '../../ui/charts/types';

export interface BarSeries {
  key: string;
  name: string;
  fill: string;
  /** Lighter: the chosen marketplace beside the main source, in the same hues. */
  faint?: boolean;
}

export function barChart(o: {
  rows: ChartData['rows'];
  x: string;
  series: BarSeries[];
  tip: (v: number | null) => string;
  tick?: (v: number) => string;
  everyTick?: boolean;
}): ReactElement {
  return (
    <BarChart data={o.rows} margin={{ left: 8, right: 16 }}>
      <CartesianGrid stroke={gridColor} vertical={false} />
      <XAxis dataKey={o.x} {...axisProps} interval={o.everyTick ? 0 : undefined} />
      <YAxis {...axisProps} tickFormatter={o.tick} />
      <Tooltip {...tooltipProps} formatter={(v) => o.tip(v === null || v === undefined ? null : Number(v))} />
      <Legend {...legendProps} />
      {o.series.map((b) => (
        <Bar
          key={b.key}
          dataKey={b.key}
          name={b.name}
          fill={b.fill}
          fillOpacity={b.faint ? 0.45 : undefined}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
