/**
 * The item on every market at once: each ask market's lowest price and each bid market's highest buy
 * order on one price axis, a row per market (so every mark is labelled by its market), the cheapest ask
 * and the best bid marked, the spread between them shaded. No Steam analytics needed: it reads the
 * grid's price load (usePriceStrip).
 */
import { ScatterChart } from 'recharts';
import { ChartFrame } from '../../ui/charts/ChartFrame';
import { useChartFormat } from '../../ui/charts/format';
import type { ChartState, Provenance } from '../../ui/charts/types';
import { stripSubtitle } from './model/strip-text';
import { stripChart, TOP_PX } from './strip-chart';
import { usePriceStrip } from './usePriceStrip';

export interface PriceStripProps {
  game: number;
  /** The item; null while none is chosen yet. */
  name: string | null;
  /** What the item view shows instead while it has no item (loading its catalog, or its error). */
  waiting: ChartState;
  fileBase: string;
  provenance: Provenance;
}

/** Px per market row, and below the rows: price axis and legend (the marker labels above: TOP_PX). */
const ROW_PX = 16;
const BOTTOM_PX = 64;

export function PriceStrip({ game, name, waiting, fileBase, provenance }: PriceStripProps) {
  const f = useChartFormat();
  const { plan, strip, plot, table, state, sourced, stale } = usePriceStrip({ game, name, waiting, provenance });
  const drawn = plot ? plot.rows.length : 0;
  return (
    <ChartFrame
      id="strip"
      title="Every market's price"
      subtitle={stripSubtitle(strip, plan.nameOf, f, stale)}
      fileBase={fileBase}
      provenance={sourced}
      data={table}
      state={state}
      height={TOP_PX + Math.max(drawn, 3) * ROW_PX + BOTTOM_PX}
    >
      {plot && strip ? (
        stripChart(plot, strip, plan.nameOf, f)
      ) : (
        // Never drawn: without a plot the state is not ready and the frame shows it instead.
        <ScatterChart />
      )}
    </ChartFrame>
  );
}
