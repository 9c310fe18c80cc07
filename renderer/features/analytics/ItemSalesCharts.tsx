/** The compared items' Steam sales and sales pace per window: shown only when one of them has Steam analytics. */
import type { SteamAnalyticsRow } from '../../../shared/api/types';
import { MISSING } from '../../../shared/money/money';
import { ChartFrame } from '../../ui/charts/ChartFrame';
import { useChartFormat } from '../../ui/charts/format';
import { seriesColor } from '../../ui/charts/theme';
import type { ChartState, Provenance } from '../../ui/charts/types';
import { barChart, type BarSeries } from './item-bar-chart';
import { itemKey, paceTable, salesTable } from './model/item-tables';

export interface ItemSalesChartsProps {
  names: string[];
  /** Each item's Steam row (null: not on Steam or not in the catalog). */
  steamRows: (SteamAnalyticsRow | null)[];
  /** File names start with it. */
  base: string;
  provenance: Provenance;
  state: ChartState;
}

export function ItemSalesCharts({ names, steamRows, base, provenance, state }: ItemSalesChartsProps) {
  const f = useChartFormat();
  if (!steamRows.some((r) => r !== null)) return null;
  const itemSeries: BarSeries[] = names.map((n, i) => ({ key: itemKey(i), name: n, fill: seriesColor(i) }));
  const salesData = salesTable(names, steamRows);
  const paceData = paceTable(names, steamRows);
  return (
    <>
      <ChartFrame
        id="sales"
        title="Sales"
        subtitle="Number of sales on Steam in each window"
        fileBase={`${base}-sales`}
        provenance={provenance}
        data={salesData}
        state={state}
      >
        {barChart({ rows: salesData.rows, x: 'window', series: itemSeries, tip: f.count, tick: f.count })}
      </ChartFrame>
      <ChartFrame
        id="pace"
        title="Sales pace"
        subtitle="Sales per day: 24 h against 7 d ÷ 7, 30 d ÷ 30 and 90 d ÷ 90 (rising bars to the left: trading speeds up)"
        fileBase={`${base}-pace`}
        provenance={provenance}
        data={paceData}
        state={state}
      >
        {barChart({
          rows: paceData.rows,
          x: 'window',
          series: itemSeries,
          tip: (v) => (v === null ? MISSING : `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })} per day`),
        })}
      </ChartFrame>
    </>
  );
}
