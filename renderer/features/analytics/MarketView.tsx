/**
 * A game's (or a marketplace's) trading at a glance: top items by volume and turnover, movers, price against
 * volume, price and volume distributions, liquidity. Each chart draws the worker's aggregates (bins, top-N, a
 * capped scatter sample) and has a table of exactly what it draws. Speed (bench:analytics, goal: ready within
 * 1 s of the data): the charts mount one turn at a time (a progressive ChartGroup, which marks when the last is
 * painted); data and element trees are memoized on the summary, so a re-render of the screen does not re-render
 * seven charts.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ChartFrame } from '../../ui/charts/ChartFrame';
import { ChartGroup, ExportAllButton } from '../../ui/charts/ChartGroup';
import { useChartFormat } from '../../ui/charts/format';
import type { ChartState, Provenance } from '../../ui/charts/types';
import { marketCharts } from './market-charts';
import type { MarketSummary } from './model/market-summary';
import { labelsFor, marketData, marketFrames } from './model/market-tables';
import { slugify } from './names';

export interface MarketViewProps {
  summary: MarketSummary | null;
  state: ChartState;
  provenance: Provenance;
  /** e.g. "Steam" or "BUFF163": names the volume and price used. */
  sourceName: string;
  steam: boolean;
  onOpenItem(name: string): void;
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

  const charts = useMemo(() => marketCharts({ d, l, f, clickBar }), [d, l, f, clickBar]);

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
        {marketFrames(d, l, steam).map((fr) => (
          <ChartFrame
            key={fr.id}
            id={fr.id}
            title={fr.title}
            subtitle={fr.subtitle}
            fileBase={`${base}-${fr.id}`}
            provenance={provenance}
            data={d[fr.chart]}
            state={st(d[fr.chart].rows.length === 0, fr.what)}
            height={fr.height}
          >
            {charts[fr.chart]}
          </ChartFrame>
        ))}
      </div>
    </ChartGroup>
  );
}
