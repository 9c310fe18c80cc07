/**
 * A game's (or a marketplace's) trading at a glance: top items by volume and by turnover, movers, price
 * against volume, the distributions of prices and volumes, and liquidity. Every chart draws the worker's
 * aggregates (bins, top-N, a capped scatter sample) and has a table of exactly what it draws.
 *
 * Speed (bench:analytics, goal: ready within 1 s of the data): the charts mount one turn at a time
 * (a progressive ChartGroup, which also marks when the last one is painted); the chart data and the
 * recharts element trees are memoized on the summary, so a re-render of the screen (connection status,
 * route) does not re-render seven charts; item-name ticks and scatter points skip recharts' costliest parts.
 */
import { useCallback, useEffect, useMemo, useRef, type ComponentProps } from 'react';
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
import { ChartFrame } from '../../ui/charts/ChartFrame';
import { ChartGroup, ExportAllButton, useAfterLayout } from '../../ui/charts/ChartGroup';
import { useChartFormat, type ChartFormat } from '../../ui/charts/format';
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
import type { ChartData, ChartState, Provenance } from '../../ui/charts/types';
import type { MarketSummary } from './model/market-summary';
import { slugify } from './names';

type ChartRow = ChartData['rows'][number];

export interface MarketViewProps {
  summary: MarketSummary | null;
  state: ChartState;
  provenance: Provenance;
  /** e.g. "Steam" or "BUFF163": names the volume and price used. */
  sourceName: string;
  steam: boolean;
  onOpenItem(name: string): void;
}

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

interface Labels {
  volume: string;
  price: string;
  latest: string;
}

const labelsFor = (steam: boolean): Labels =>
  steam
    ? { volume: 'Sales in 30 days', price: 'Median sale price, 90 days', latest: 'Latest median sold' }
    : { volume: 'Sell orders in 7 days', price: 'Median sell-order price, 90 days', latest: 'Latest sell order' };

/** Frozen rows: recharts keeps chart data in an immer store, which would walk (and freeze) them otherwise. */
function table(columns: ChartData['columns'], rows: ChartRow[]): ChartData {
  for (const r of rows) Object.freeze(r);
  return Object.freeze({ columns, rows: Object.freeze(rows) as ChartRow[] });
}

interface MarketData {
  topVolume: ChartData;
  topTurnover: ChartData;
  movers: ChartData;
  scatter: ChartData;
  priceBins: ChartData;
  volumeBins: ChartData;
  liquidity: ChartData;
}

function marketData(s: MarketSummary | null, l: Labels, f: ChartFormat): MarketData {
  return {
    topVolume: table(
      [
        { key: 'name', label: 'Item', kind: 'text' },
        { key: 'volume', label: l.volume, kind: 'count' },
        { key: 'price', label: l.price, kind: 'money' },
      ],
      (s?.topByVolume ?? []).map((t) => ({ name: t.name, volume: t.volume, price: t.price })),
    ),
    topTurnover: table(
      [
        { key: 'name', label: 'Item', kind: 'text' },
        { key: 'turnover', label: 'Turnover (volume × price)', kind: 'money' },
        { key: 'volume', label: l.volume, kind: 'count' },
        { key: 'price', label: l.price, kind: 'money' },
      ],
      (s?.topByTurnover ?? []).map((t) => ({ name: t.name, turnover: t.turnover, volume: t.volume, price: t.price })),
    ),
    movers: table(
      [
        { key: 'name', label: 'Item', kind: 'text' },
        { key: 'changePct', label: 'Latest against 90-day median', kind: 'percent' },
        { key: 'latest', label: l.latest, kind: 'money' },
        { key: 'median90', label: l.price, kind: 'money' },
        { key: 'volume', label: l.volume, kind: 'count' },
      ],
      [...(s?.gainers ?? []), ...(s?.losers ?? [])].map((m) => ({
        name: m.name,
        changePct: Math.round(m.changePct * 100) / 100,
        latest: m.latest,
        median90: m.median90,
        volume: m.volume,
      })),
    ),
    scatter: table(
      [
        { key: 'name', label: 'Item', kind: 'text' },
        { key: 'price', label: l.price, kind: 'money' },
        { key: 'volume', label: l.volume, kind: 'count' },
      ],
      (s?.scatter ?? []).map((p) => ({ name: p.name, price: p.price, volume: p.volume })),
    ),
    priceBins: table(
      [
        { key: 'range', label: 'Price range', kind: 'text' },
        { key: 'from', label: 'From', kind: 'money' },
        { key: 'to', label: 'Up to (not incl.)', kind: 'money' },
        { key: 'count', label: 'Items', kind: 'count' },
      ],
      (s?.priceBins ?? []).map((b) => ({
        range: `${f.moneyTick(b.from)}–${f.moneyTick(b.to)}`,
        from: b.from,
        to: b.to,
        count: b.count,
      })),
    ),
    volumeBins: table(
      [
        { key: 'range', label: l.volume, kind: 'text' },
        { key: 'count', label: 'Items', kind: 'count' },
      ],
      (s?.volumeBins ?? []).map((b) => ({
        range: b.to - b.from <= 1 ? String(b.from) : `${b.from}–${b.to - 1}`,
        count: b.count,
      })),
    ),
    liquidity: table(
      [
        { key: 'label', label: 'Class', kind: 'text' },
        { key: 'count', label: 'Items', kind: 'count' },
      ],
      (s?.liquidity ?? []).map((c) => ({ label: c.label, count: c.count })),
    ),
  };
}

/** For bench:analytics: every chart of the view shows this summary, painted (ChartGroup's onPainted). */
const markPainted = () => performance.mark('analytics:painted', { detail: { view: 'market' } });

export function MarketView({ summary, state, provenance, sourceName, steam, onOpenItem }: MarketViewProps) {
  const f = useChartFormat();
  const l = useMemo(() => labelsFor(steam), [steam]);
  const d = useMemo(() => marketData(summary, l, f), [summary, l, f]);
  const base = slugify(`${provenance.game}-${sourceName}`);
  const s = summary;
  const st = (empty: boolean, what: string): ChartState =>
    state.status !== 'ready' ? state : empty ? { status: 'empty', message: `No ${what} in this catalog.` } : state;

  // The screen passes a new callback on every render; the charts keep one handler so they stay memoized.
  const openItem = useRef(onOpenItem);
  useEffect(() => {
    openItem.current = onOpenItem;
  });
  const clickBar = useCallback((entry: unknown) => {
    const name =
      (entry as { name?: unknown; payload?: { name?: unknown } })?.payload?.name ?? (entry as { name?: unknown })?.name;
    if (typeof name === 'string') openItem.current(name);
  }, []);

  const charts = useMemo(
    () => ({
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
    }),
    [d, l, f, clickBar],
  );

  return (
    <ChartGroup name={`${provenance.game} ${sourceName} market`} progressive paintKey={summary} onPainted={markPainted}>
      <div className="an__viewbar">
        <p className="an__note">
          {s
            ? `${s.items.toLocaleString('en-US')} items, ${s.priced.toLocaleString('en-US')} with a volume and a price. `
            : ''}
          Volume: {l.volume.toLowerCase()}; price: {l.price.toLowerCase()}. Click a bar to open the item.
        </p>
        <ExportAllButton fileBase={`${base}-market`} />
      </div>
      <div className="an__grid">
        <ChartFrame
          id="top-volume"
          title="Top items by volume"
          subtitle={l.volume}
          fileBase={`${base}-top-volume`}
          provenance={provenance}
          data={d.topVolume}
          state={st(d.topVolume.rows.length === 0, 'traded items')}
          height={420}
        >
          {charts.topVolume}
        </ChartFrame>
        <ChartFrame
          id="top-turnover"
          title="Top items by turnover"
          subtitle="Volume × price"
          fileBase={`${base}-top-turnover`}
          provenance={provenance}
          data={d.topTurnover}
          state={st(d.topTurnover.rows.length === 0, 'traded items')}
          height={420}
        >
          {charts.topTurnover}
        </ChartFrame>
        <ChartFrame
          id="movers"
          title="Movers"
          subtitle={`${l.latest} against the 90-day median`}
          fileBase={`${base}-movers`}
          provenance={provenance}
          data={d.movers}
          state={st(d.movers.rows.length === 0, 'movers')}
          height={420}
        >
          {charts.movers}
        </ChartFrame>
        <ChartFrame
          id="price-volume"
          title="Price against volume"
          subtitle={
            d.scatter.rows.length === 0
              ? 'Log scales; the most traded items and an even sample of the rest'
              : `Log scales; the ${d.scatter.rows.length.toLocaleString('en-US')} drawn items are the most traded and an even sample of the rest`
          }
          fileBase={`${base}-price-volume`}
          provenance={provenance}
          data={d.scatter}
          state={st(d.scatter.rows.length === 0, 'traded items')}
          height={360}
        >
          {charts.scatter}
        </ChartFrame>
        <ChartFrame
          id="price-distribution"
          title="Price distribution"
          subtitle={`${l.price}, log-spaced bins`}
          fileBase={`${base}-price-distribution`}
          provenance={provenance}
          data={d.priceBins}
          state={st(d.priceBins.rows.length === 0, 'prices')}
        >
          {charts.priceBins}
        </ChartFrame>
        <ChartFrame
          id="volume-distribution"
          title="Volume distribution"
          subtitle={l.volume}
          fileBase={`${base}-volume-distribution`}
          provenance={provenance}
          data={d.volumeBins}
          state={st(d.volumeBins.rows.length === 0, 'volumes')}
        >
          {charts.volumeBins}
        </ChartFrame>
        <ChartFrame
          id="liquidity"
          title="Liquidity overview"
          subtitle={steam ? 'When each item last sold on Steam' : 'Listing and buy-order activity'}
          fileBase={`${base}-liquidity`}
          provenance={provenance}
          data={d.liquidity}
          state={st(d.liquidity.rows.length === 0, 'items')}
        >
          {charts.liquidity}
        </ChartFrame>
      </div>
    </ChartGroup>
  );
}
