/**
 * The price strip's chart: a row per market on one price axis, asks and bids as points (the cheapest ask and
 * the best bid drawn larger, outlined), the spread marks between them, and a tooltip per point.
 */
import type { ReactElement } from 'react';
import {
  CartesianGrid,
  Legend,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
  type TooltipContentProps,
} from 'recharts';
import type { ChartFormat } from '../../ui/charts/format';
import {
  askColor,
  axisProps,
  backgroundColor,
  bidColor,
  gridColor,
  legendProps,
  tooltipProps,
} from '../../ui/charts/theme';
import type { ItemStrip, StripPlot, StripPoint } from './model/price-strip';
import { SpreadMarks } from './SpreadMarks';

/** Px above the rows: the marker labels. */
export const TOP_PX = 40;

type Drawn = StripPoint & { z: number };

function points(all: readonly StripPoint[], marked: boolean): Drawn[] {
  return all.filter((p) => p.quote.marked === marked).map((p) => ({ ...p, z: marked ? 1 : 0 }));
}

/** A render function, not a component: the frame's ResponsiveContainer sizes the Recharts element it is given. */
export function stripChart(
  plot: StripPlot,
  strip: ItemStrip,
  nameOf: (slug: string) => string,
  f: ChartFormat,
): ReactElement {
  return (
    <ScatterChart margin={{ top: TOP_PX, right: 24, left: 8, bottom: 4 }}>
      <CartesianGrid stroke={gridColor} />
      <XAxis
        type="number"
        dataKey="x"
        name="Price"
        domain={plot.domain}
        ticks={plot.ticks}
        tickFormatter={f.moneyTick}
        {...axisProps}
      />
      <YAxis
        type="number"
        dataKey="y"
        name="Market"
        reversed
        domain={[-0.5, plot.rows.length - 0.5]}
        ticks={plot.rows.map((_, i) => i)}
        interval={0}
        tickFormatter={(i: number) => nameOf(plot.rows[i] ?? '')}
        width="auto"
        {...axisProps}
      />
      {/* Marked points are drawn larger (z 1). */}
      <ZAxis type="number" dataKey="z" domain={[0, 1]} range={[44, 150]} />
      <Tooltip {...tooltipProps} content={(p: TooltipContentProps) => <StripTooltip {...p} f={f} nameOf={nameOf} />} />
      {/* In drawing order (recharts sorts by name by default): asks, then bids. */}
      <Legend {...legendProps} itemSorter={null} />
      <SpreadMarks strip={strip} nameOf={nameOf} f={f} />
      <Scatter
        name="Lowest ask on a market"
        data={points(plot.asks, false)}
        fill={askColor}
        shape="circle"
        legendType="circle"
        isAnimationActive={false}
      />
      {/* Bids over the asks, a different shape with a halo: an ask at the same price stays visible. */}
      <Scatter
        name="Highest buy order"
        data={points(plot.bids, false)}
        fill={bidColor}
        stroke={backgroundColor}
        strokeWidth={1}
        shape="diamond"
        legendType="diamond"
        isAnimationActive={false}
      />
      <Scatter
        name="Cheapest ask"
        data={points(plot.asks, true)}
        fill={askColor}
        stroke="var(--text-strong)"
        strokeWidth={1.5}
        shape="circle"
        legendType="circle"
        isAnimationActive={false}
      />
      <Scatter
        name="Best bid"
        data={points(plot.bids, true)}
        fill={bidColor}
        stroke="var(--text-strong)"
        strokeWidth={1.5}
        shape="diamond"
        legendType="diamond"
        isAnimationActive={false}
      />
    </ScatterChart>
  );
}

function StripTooltip({
  active,
  payload,
  f,
  nameOf,
}: TooltipContentProps & { f: ChartFormat; nameOf: (slug: string) => string }) {
  const point = (payload[0]?.payload as Drawn | undefined) ?? null;
  if (!active || !point) return null;
  const q = point.quote;
  const ask = q.side === 'ask';
  const n = q.offers;
  return (
    <div className="an-strip__tip" style={tooltipProps.contentStyle}>
      <p className="an-strip__tip-title">{nameOf(q.slug)}</p>
      <p>
        {ask ? 'Lowest ask' : 'Highest buy order'} <strong>{f.money(q.price)}</strong>
        {q.marked ? <span className="an-strip__tip-mark">{ask ? ' · cheapest ask' : ' · best bid'}</span> : null}
      </p>
      <p>
        {f.count(n)} {ask ? (n === 1 ? 'offer' : 'offers') : n === 1 ? 'buy order' : 'buy orders'}
      </p>
      {ask && q.locked !== null && q.locked !== q.price ? <p>Trade-locked from {f.money(q.locked)}</p> : null}
    </div>
  );
}
