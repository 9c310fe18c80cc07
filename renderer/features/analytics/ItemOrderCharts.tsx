/**
 * The main item's order charts: the lowest-listing and highest-buy-order ladders, listings against buy orders,
 * and the current book, each with the chosen marketplace beside the main source when one is shown.
 */
import type { MarketOrderAnalyticsRow } from '../../../shared/api/types';
import { ChartFrame } from '../../ui/charts/ChartFrame';
import { useChartFormat } from '../../ui/charts/format';
import { askColor, bidColor, seriesColor } from '../../ui/charts/theme';
import type { ChartState, Provenance } from '../../ui/charts/types';
import { barChart } from './item-bar-chart';
import { ladderChart } from './ladder-chart';
import { activityTable, bookTable, ladderTable } from './model/item-tables';
import type { CatalogRow } from './worker/protocol';

export interface ItemOrderChartsProps {
  /** The main item's row in the main catalog (null: not in it). */
  main: CatalogRow | null;
  marketRow: MarketOrderAnalyticsRow | null;
  marketName: string | null;
  mainSource: string;
  /** File names start with it. */
  base: string;
  provenance: Provenance;
  state: ChartState;
}

export function ItemOrderCharts({
  main,
  marketRow,
  marketName,
  mainSource,
  base,
  provenance,
  state,
}: ItemOrderChartsProps) {
  const f = useChartFormat();
  const st: ChartState =
    state.status === 'ready' && main === null
      ? { status: 'empty', message: 'This item is not in the catalog.' }
      : state;
  const ladderData = ladderTable(main, marketRow, mainSource, marketName);
  const activityData = activityTable(main, marketRow, mainSource, marketName);
  const bookData = bookTable(main, marketRow, mainSource, marketName);
  // The chosen marketplace's series show only when it has a row and a name.
  const shownMarket = marketRow && marketName ? marketName : null;
  return (
    <>
      <ChartFrame
        id="ladder"
        title="Lowest listing against highest buy order"
        subtitle={`Per window; the band between them is the spread${marketName ? `, ${marketName} beside ${mainSource}` : ''}`}
        fileBase={`${base}-ladder`}
        provenance={provenance}
        data={ladderData}
        state={st}
        height={300}
      >
        {ladderChart({ rows: ladderData.rows, mainSource, marketName: shownMarket, f })}
      </ChartFrame>
      <ChartFrame
        id="activity"
        title="Listings against buy orders"
        subtitle="How many were placed in the last 24 h and 7 d"
        fileBase={`${base}-activity`}
        provenance={provenance}
        data={activityData}
        state={st}
      >
        {barChart({
          rows: activityData.rows,
          x: 'window',
          series: [
            { key: 'listings', name: `${mainSource}: sell orders`, fill: askColor },
            { key: 'buyOrders', name: `${mainSource}: buy orders`, fill: bidColor },
            ...(shownMarket
              ? [
                  { key: 'mListings', name: `${shownMarket}: sell orders`, fill: askColor, faint: true },
                  { key: 'mBuyOrders', name: `${shownMarket}: buy orders`, fill: bidColor, faint: true },
                ]
              : []),
          ],
          tip: f.count,
          tick: f.count,
        })}
      </ChartFrame>
      <ChartFrame
        id="book"
        title="The current book"
        subtitle="Lowest and highest listing against lowest and highest buy order, now"
        fileBase={`${base}-book`}
        provenance={provenance}
        data={bookData}
        state={st}
      >
        {barChart({
          rows: bookData.rows,
          x: 'what',
          series: [
            { key: 'main', name: mainSource, fill: seriesColor(0) },
            ...(shownMarket ? [{ key: 'market', name: shownMarket, fill: seriesColor(1) }] : []),
          ],
          tip: f.money,
          tick: f.moneyTick,
          everyTick: true,
        })}
      </ChartFrame>
    </>
  );
}
