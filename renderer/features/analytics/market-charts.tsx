/**
 * The market view's recharts element trees, built once per summary (MarketView memoizes them). Item-name ticks
 * and scatter points are drawn plainly, skipping recharts' costliest parts, and each chart's marks come a turn
 * after the chart itself.
 */
import type { ComponentProps, ReactElement } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  type ScatterProps,
  type ScatterShapeProps,
  type YAxisTickContentProps,
} from 'recharts';
import { useAfterLayout } from '../../ui/charts/ChartGroup';
import type { ChartFormat } from '../../ui/charts/format';
import {
  askColor,
  axisProps,
  axisTextColor,
  bidColor,
  gridColor,
  legendProps,
  seriesColor,
  tooltipProps,
} from '../../ui/charts/theme';
import type { ChartData } from '../../ui/charts/types';
import type { Labels, MarketData } from './model/market-tables';

type ChartRow = ChartData['rows'][number];

/** Long item names on a category axis: cut, the whole name in the tooltip and table. */
const short = (name: string) => (name.length > 30 ? `${name.slice(0, 29)}…` : name);

/** dy of a one-line label at each vertical anchor, as recharts' Text places it. */
const TICK_DY = { start: '0.71em', middle: '0.355em', end: '0em' } as const;

/**
 * An item-name tick: one line of <text> as recharts' default draws it, without the default's word wrapping,
 * which measures every word of every name in the DOM (a good part of the view's first render). short()
 * keeps names on one line of the 230 px axis.
 */
function nameTick({ x, y, textAnchor, verticalAnchor, className, payload }: YAxisTickContentProps) {
  return (
    <text
      x={x}
      y={y}
      textAnchor={textAnchor}
      fill={axisTextColor}
      fontSize={11}
      stroke="none"
      className={`recharts-text ${className ?? ''}`}
    >
      <tspan x={x} dy={TICK_DY[verticalAnchor]}>
        {short(String(payload.value))}
      </tspan>
    </text>
  );
}

/**
 * A scatter point as a plain <circle> of the default symbol's size (area 64): 600 of recharts' Symbols
 * (a d3 path each, behind two more components) were the slowest part of the view.
 */
function dot(p: ScatterShapeProps) {
  if (p.cx === undefined || p.cy === undefined) return null;
  const { fill, cursor } = p as ScatterShapeProps & { fill?: string; cursor?: string };
  return (
    <circle
      cx={p.cx}
      cy={p.cy}
      r={Math.sqrt(p.size / Math.PI)}
      fill={fill}
      cursor={cursor}
      className="recharts-symbols"
    />
  );
}

/**
 * Each chart's marks come in a turn after the chart itself (useAfterLayout): recharts lays a chart out twice
 * (again once its legend is measured), and bars, points and ticks keyed by position would be made twice.
 */
const NO_ROWS: readonly ChartRow[] = Object.freeze([]);

function LaidOutBarChart(props: ComponentProps<typeof BarChart>) {
  return <BarChart {...props} data={useAfterLayout(props.data, NO_ROWS)} />;
}

function LaidOutScatter(props: ScatterProps) {
  return <Scatter {...props} data={useAfterLayout(props.data, NO_ROWS)} />;
}

type Charts = Record<keyof MarketData, ReactElement>;

/** What a chart needs besides its rows: the labels, the number formats and the click that opens an item. */
interface ChartInput {
  d: MarketData;
  l: Labels;
  f: ChartFormat;
  clickBar(entry: unknown): void;
}

/** The ranked bars: top items by volume and by turnover, and the movers (a click opens the item). */
function rankCharts({ d, l, f, clickBar }: ChartInput): Pick<Charts, 'topVolume' | 'topTurnover' | 'movers'> {
  return {
    topVolume: (
      <LaidOutBarChart data={d.topVolume.rows} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={gridColor} horizontal={false} />
        <XAxis type="number" {...axisProps} tickFormatter={(v: number) => f.count(v)} />
        <YAxis type="category" dataKey="name" width={230} {...axisProps} tick={nameTick} interval={0} />
        <Tooltip {...tooltipProps} formatter={(v) => f.count(Number(v))} />
        <Legend {...legendProps} />
        <Bar
          dataKey="volume"
          name={l.volume}
          fill={seriesColor(0)}
          onClick={clickBar}
          cursor="pointer"
          isAnimationActive={false}
        />
      </LaidOutBarChart>
    ),
    topTurnover: (
      <LaidOutBarChart data={d.topTurnover.rows} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={gridColor} horizontal={false} />
        <XAxis type="number" {...axisProps} tickFormatter={f.moneyTick} />
        <YAxis type="category" dataKey="name" width={230} {...axisProps} tick={nameTick} interval={0} />
        <Tooltip {...tooltipProps} formatter={(v) => f.money(Number(v))} />
        <Legend {...legendProps} />
        <Bar
          dataKey="turnover"
          name="Turnover"
          fill={seriesColor(1)}
          onClick={clickBar}
          cursor="pointer"
          isAnimationActive={false}
        />
      </LaidOutBarChart>
    ),
    movers: (
      <LaidOutBarChart data={d.movers.rows} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={gridColor} horizontal={false} />
        <XAxis type="number" {...axisProps} tickFormatter={(v: number) => f.percent(v)} />
        <YAxis type="category" dataKey="name" width={230} {...axisProps} tick={nameTick} interval={0} />
        <Tooltip {...tooltipProps} formatter={(v) => f.percent(Number(v))} />
        <Legend {...legendProps} />
        <Bar dataKey="changePct" name="Change" onClick={clickBar} cursor="pointer" isAnimationActive={false}>
          {d.movers.rows.map((r) => (
            <Cell key={String(r.name)} fill={Number(r.changePct) >= 0 ? bidColor : askColor} />
          ))}
        </Bar>
      </LaidOutBarChart>
    ),
  };
}

/** Price against volume (a click on a point opens the item), and the distributions of prices, volumes and liquidity. */
function spreadCharts({
  d,
  l,
  f,
  clickBar,
}: ChartInput): Pick<Charts, 'scatter' | 'priceBins' | 'volumeBins' | 'liquidity'> {
  return {
    scatter: (
      <ScatterChart margin={{ left: 8, right: 16, bottom: 8 }}>
        <CartesianGrid stroke={gridColor} />
        <XAxis
          type="number"
          dataKey="price"
          name={l.price}
          scale="log"
          domain={['auto', 'auto']}
          {...axisProps}
          tickFormatter={f.moneyTick}
          label={{
            value: l.price,
            position: 'insideBottom',
            offset: -4,
            fill: 'var(--chart-axis-text)',
            fontSize: 11,
          }}
        />
        <YAxis
          type="number"
          dataKey="volume"
          name={l.volume}
          scale="log"
          domain={['auto', 'auto']}
          {...axisProps}
          tickFormatter={(v: number) => f.count(v)}
          label={{
            value: l.volume,
            angle: -90,
            position: 'insideLeft',
            fill: 'var(--chart-axis-text)',
            fontSize: 11,
          }}
        />
        <Tooltip {...tooltipProps} formatter={(v, n) => (n === l.price ? f.money(Number(v)) : f.count(Number(v)))} />
        {/* On top: at the bottom it would sit on the x axis' label. */}
        <Legend {...legendProps} verticalAlign="top" />
        <LaidOutScatter
          name="Items"
          data={d.scatter.rows}
          fill={seriesColor(2)}
          shape={dot}
          isAnimationActive={false}
          onClick={clickBar}
          cursor="pointer"
        />
      </ScatterChart>
    ),
    priceBins: (
      <LaidOutBarChart data={d.priceBins.rows} margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={gridColor} vertical={false} />
        <XAxis dataKey="range" {...axisProps} interval="preserveStartEnd" />
        <YAxis {...axisProps} tickFormatter={(v: number) => f.count(v)} />
        <Tooltip {...tooltipProps} formatter={(v) => f.count(Number(v))} />
        <Legend {...legendProps} />
        <Bar dataKey="count" name="Items" fill={seriesColor(3)} isAnimationActive={false} />
      </LaidOutBarChart>
    ),
    volumeBins: (
      <LaidOutBarChart data={d.volumeBins.rows} margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={gridColor} vertical={false} />
        <XAxis dataKey="range" {...axisProps} />
        <YAxis {...axisProps} tickFormatter={(v: number) => f.count(v)} />
        <Tooltip {...tooltipProps} formatter={(v) => f.count(Number(v))} />
        <Legend {...legendProps} />
        <Bar dataKey="count" name="Items" fill={seriesColor(4)} isAnimationActive={false} />
      </LaidOutBarChart>
    ),
    liquidity: (
      <LaidOutBarChart data={d.liquidity.rows} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={gridColor} horizontal={false} />
        <XAxis type="number" {...axisProps} tickFormatter={(v: number) => f.count(v)} />
        <YAxis type="category" dataKey="label" width={230} {...axisProps} interval={0} />
        <Tooltip {...tooltipProps} formatter={(v) => f.count(Number(v))} />
        <Legend {...legendProps} />
        <Bar dataKey="count" name="Items" fill={seriesColor(5)} isAnimationActive={false} />
      </LaidOutBarChart>
    ),
  };
}

export function marketCharts(input: ChartInput): Charts {
  return { ...rankCharts(input), ...spreadCharts(input) };
}
