/**
 * The item on every market at once: each ask market's lowest price and each bid market's highest buy
 * order on one price axis, a row per market (so every mark is labelled by its market), the cheapest ask
 * and the best bid marked, the spread between them shaded. No Steam analytics needed: it reads the
 * grid's price load (same query key as the grid with all markets chosen, so a grid load is reused).
 */
import { useMemo } from 'react';
import {
  CartesianGrid,
  DefaultZIndexes,
  Legend,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
  ZIndexLayer,
  usePlotArea,
  useXAxisScale,
  type TooltipContentProps,
} from 'recharts';
import { usePref } from '../../lib/preferences';
import { ChartFrame } from '../../ui/charts/ChartFrame';
import { useChartFormat, type ChartFormat } from '../../ui/charts/format';
import {
  askColor,
  axisProps,
  backgroundColor,
  bidColor,
  gridColor,
  legendProps,
  referenceColor,
  tooltipProps,
} from '../../ui/charts/theme';
import type { ChartState, Provenance } from '../../ui/charts/types';
import { GRID_PREFS, planMarkets, refusalsOf } from '../../market/prefs';
import { useMarketDiscovery } from '../../market/markets/useMarketDiscovery';
import { formatBytes } from '../../ui/StatusParts';
import { useGridData } from '../../market/useGridData';
import { useProgress, type ProgressStore } from '../../market/offline/useLiveData';
import { readItemStrip, stripPlot, stripTable, type ItemStrip, type Quote, type StripPoint } from './model/price-strip';

export interface PriceStripProps {
  game: number;
  /** The item; null while none is chosen yet. */
  name: string | null;
  /** What the item view shows instead while it has no item (loading its catalog, or its error). */
  waiting: ChartState;
  fileBase: string;
  provenance: Provenance;
}

/** Px per market row, and around the rows: marker labels above, price axis and legend below. */
const ROW_PX = 16;
const TOP_PX = 40;
const BOTTOM_PX = 64;

export function PriceStrip({ game, name, waiting, fileBase, provenance }: PriceStripProps) {
  const f = useChartFormat();
  const [list] = usePref(GRID_PREFS.markets);
  // Every market of the user's list that trades the game, not the grid's chosen subset, less the names this
  // service refused (market discovery).
  const discovery = useMarketDiscovery(game);
  const plan = useMemo(() => planMarkets(list, null, game, refusalsOf(discovery)), [list, game, discovery]);
  const data = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets });
  const loadingText = useLoadingText(data.progress);
  const strip = useMemo(() => (data.snap && name !== null ? readItemStrip(data.snap, name) : null), [data.snap, name]);
  const plot = useMemo(() => (strip ? stripPlot(strip) : null), [strip]);
  const table = useMemo(
    () => (strip ? stripTable(strip, plan.nameOf) : { columns: [], rows: [] }),
    [strip, plan.nameOf],
  );

  const drawn = plot ? plot.rows.length : 0;
  const state: ChartState =
    name === null
      ? waiting.status === 'ready'
        ? { status: 'empty', message: 'Pick an item above.' }
        : waiting
      : !data.snap
        ? data.error
          ? {
              status: 'error',
              message: `${data.error.message} ${data.error.detail}`.trim(),
              onRetry: () => void data.refetch(),
            }
          : { status: 'loading', message: loadingText }
        : !strip
          ? { status: 'empty', message: `No market lists ${name} now.` }
          : drawn === 0
            ? { status: 'empty', message: 'No market has a price for this item now.' }
            : { status: 'ready' };

  const sourced: Provenance = useMemo(
    () => ({
      ...provenance,
      fetchedAt: data.updatedAt || provenance.fetchedAt,
      markets: [`${plan.askMarkets.length} with lowest asks`, `${plan.bidMarkets.length} with buy orders`],
    }),
    [provenance, data.updatedAt, plan.askMarkets.length, plan.bidMarkets.length],
  );

  return (
    <ChartFrame
      id="strip"
      title="Every market's price"
      subtitle={subtitle(strip, plan.nameOf, f, data.stale)}
      fileBase={fileBase}
      provenance={sourced}
      data={table}
      state={state}
      height={TOP_PX + Math.max(drawn, 3) * ROW_PX + BOTTOM_PX}
    >
      {plot && strip ? (
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
            tickFormatter={(i: number) => plan.nameOf(plot.rows[i] ?? '')}
            width="auto"
            {...axisProps}
          />
          {/* Marked points are drawn larger (z 1). */}
          <ZAxis type="number" dataKey="z" domain={[0, 1]} range={[44, 150]} />
          <Tooltip
            {...tooltipProps}
            content={(p: TooltipContentProps) => <StripTooltip {...p} f={f} nameOf={plan.nameOf} />}
          />
          {/* In drawing order (recharts sorts by name by default): asks, then bids. */}
          <Legend {...legendProps} itemSorter={null} />
          <SpreadMarks strip={strip} nameOf={plan.nameOf} f={f} />
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
      ) : (
        // Never drawn: without a plot the state is not ready and the frame shows it instead.
        <ScatterChart />
      )}
    </ChartFrame>
  );
}

type Drawn = StripPoint & { z: number };

function points(all: readonly StripPoint[], marked: boolean): Drawn[] {
  return all.filter((p) => p.quote.marked === marked).map((p) => ({ ...p, z: marked ? 1 : 0 }));
}

/** "Loading every market's prices… 3.1 MB of 12.0 MB received": only this re-renders as bytes arrive. */
function useLoadingText(store: ProgressStore): string {
  const { progress } = useProgress(store);
  const head = 'Loading every market\u2019s prices\u2026';
  if (!progress || progress.bytes === 0) return head;
  if (progress.phase === 'parse') return `${head} reading ${formatBytes(progress.bytes)}`;
  return `${head} ${formatBytes(progress.bytes)}${progress.total ? ` of ${formatBytes(progress.total)}` : ''} received`;
}

function subtitle(strip: ItemStrip | null, nameOf: (slug: string) => string, f: ChartFormat, stale: boolean): string {
  const about = 'Lowest ask and highest buy order on each market, now';
  if (!strip) return about;
  const missing = [...strip.asks, ...strip.bids].filter((q) => q.price === null).length;
  const parts = [
    `Cheapest ask ${markedText(strip.asks, nameOf, f)}`,
    `best bid ${markedText(strip.bids, nameOf, f)}`,
    `spread ${spreadText(strip.spread, f)}`,
  ];
  return `${parts.join(' · ')}. ${about}${missing ? `; ${missing} without a price are in the table as \u2014` : ''}.${stale ? ' The latest load failed: these are the last prices loaded.' : ''}`;
}

/** "BUFF163 $10.25" (ties: "BUFF163 and 2 more $10.25"); "—" without a price. */
function markedText(quotes: readonly Quote[], nameOf: (slug: string) => string, f: ChartFormat): string {
  const marked = quotes.filter((q) => q.marked);
  const first = marked[0];
  if (!first) return '\u2014';
  return `${nameOf(first.slug)}${marked.length > 1 ? ` and ${marked.length - 1} more` : ''} ${f.money(first.price)}`;
}

/** Cheapest ask minus best bid; a negative one means a buy order pays more than the cheapest ask. */
function spreadText(spread: number | null, f: ChartFormat): string {
  if (spread === null) return '\u2014';
  return spread < 0 ? `${f.money(spread)} (crossed)` : f.money(spread);
}

/** The band between the best bid and the cheapest ask, a line through each, and their labels. */
function SpreadMarks({ strip, nameOf, f }: { strip: ItemStrip; nameOf: (slug: string) => string; f: ChartFormat }) {
  const area = usePlotArea();
  const scale = useXAxisScale();
  if (!area || !scale) return null;
  const ax = strip.cheapest === null ? undefined : scale(strip.cheapest);
  const bx = strip.best === null ? undefined : scale(strip.best);
  const top = area.y;
  const bottom = area.y + area.height;
  const right = area.x + area.width;
  // Labels go right of their line, or left where they would run off the plot (~7 px per character, bold 11 px).
  const place = (px: number, text: string): { x: number; anchor: 'start' | 'end' } => {
    const w = text.length * 7;
    if (px + 4 + w <= right || px - 4 - w < 0)
      return { x: Math.min(px + 4, Math.max(area.x, right - w)), anchor: 'start' };
    return { x: px - 4, anchor: 'end' };
  };
  const labels: { x: number; y: number; text: string; colour: string }[] = [];
  if (ax !== undefined)
    labels.push({ x: ax, y: top - 22, text: `Cheapest ask: ${markedText(strip.asks, nameOf, f)}`, colour: askColor });
  if (bx !== undefined)
    labels.push({ x: bx, y: top - 8, text: `Best bid: ${markedText(strip.bids, nameOf, f)}`, colour: bidColor });
  return (
    <>
      {ax !== undefined && bx !== undefined ? (
        <ZIndexLayer zIndex={DefaultZIndexes.area}>
          <rect
            className="an-strip__band"
            x={Math.min(ax, bx)}
            y={top}
            width={Math.max(1, Math.abs(ax - bx))}
            height={area.height}
            fill={referenceColor}
          />
        </ZIndexLayer>
      ) : null}
      <ZIndexLayer zIndex={DefaultZIndexes.line}>
        {ax !== undefined ? (
          <line x1={ax} x2={ax} y1={top} y2={bottom} stroke={askColor} strokeWidth={1.5} strokeDasharray="4 3" />
        ) : null}
        {bx !== undefined ? (
          <line x1={bx} x2={bx} y1={top} y2={bottom} stroke={bidColor} strokeWidth={1.5} strokeDasharray="4 3" />
        ) : null}
      </ZIndexLayer>
      <ZIndexLayer zIndex={DefaultZIndexes.label}>
        {labels.map((l) => {
          const at = place(l.x, l.text);
          return (
            <text
              key={l.text}
              className="an-strip__label"
              x={at.x}
              y={l.y}
              textAnchor={at.anchor}
              dominantBaseline="middle"
              fill={l.colour}
            >
              {l.text}
            </text>
          );
        })}
        {ax !== undefined && bx !== undefined && strip.spread !== null ? (
          <text className="an-strip__label an-strip__spread" x={(ax + bx) / 2} y={bottom - 6} textAnchor="middle">
            spread {f.money(strip.spread)}
          </text>
        ) : null}
      </ZIndexLayer>
    </>
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
