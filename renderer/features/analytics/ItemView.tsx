/**
 * One item (and up to four more to compare): the main item on every market at once (PriceStrip), sales
 * over the windows, sales pace, listings against buy orders, the minimum-sell ladder against the
 * maximum-buy ladder as nested bands, the current book, and the same item on a chosen marketplace beside
 * Steam's. The API has no history: every chart reads the 24 h / 7 d / 30 d / 90 d windows it has.
 */
import type { ReactElement } from 'react';
import { Area, Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { MarketOrderAnalyticsRow, SteamAnalyticsRow } from '../../../shared/api/types';
import { MISSING } from '../../../shared/money/money';
import { ChartFrame } from '../../ui/charts/ChartFrame';
import { ChartGroup, ExportAllButton } from '../../ui/charts/ChartGroup';
import { useChartFormat } from '../../ui/charts/format';
import {
  askColor,
  axisProps,
  bidColor,
  gridColor,
  legendProps,
  seriesColor,
  tooltipProps,
} from '../../ui/charts/theme';
import type { ChartData, ChartState, Provenance } from '../../ui/charts/types';
import { activity, currentBook, ladder, salesCounts, salesPace, WINDOWS } from './model/item-figures';
import { slugify } from './names';
import { PriceStrip } from './PriceStrip';
import type { CatalogRow } from './worker/protocol';

export interface ItemViewProps {
  game: number;
  /** The items shown (the first is the main one; up to 5). */
  names: string[];
  /** Their rows in the main catalog (Steam, or a marketplace for games without Steam analytics). */
  rows: (CatalogRow | null)[];
  /** The main item's row on the chosen marketplace, beside Steam's (null: none chosen or not listed). */
  marketRow: MarketOrderAnalyticsRow | null;
  marketName: string | null;
  mainSource: string;
  state: ChartState;
  provenance: Provenance;
}

type Row = ChartData['rows'][number];

interface BarSeries {
  key: string;
  name: string;
  fill: string;
  /** Lighter: the chosen marketplace beside the main source, in the same hues. */
  faint?: boolean;
}

/** The item view's bar charts share everything but their data, bars and number formats. */
function barChart(o: {
  rows: Row[];
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

const isSteam = (r: CatalogRow | null): r is SteamAnalyticsRow => r !== null && 'sales' in r;

export function ItemView({ game, names, rows, marketRow, marketName, mainSource, state, provenance }: ItemViewProps) {
  const f = useChartFormat();
  const main = rows[0] ?? null;
  const base = slugify(names[0] ?? 'item');
  // Only once the rows are read: while the catalog loads every row is still null.
  const notFound = state.status === 'ready' ? names.filter((_, i) => rows[i] === null) : [];
  const st = (ok: boolean, what: string): ChartState =>
    state.status !== 'ready' ? state : ok ? state : { status: 'empty', message: what };
  const steamRows = rows.map((r) => (isSteam(r) ? r : null));
  const anySteam = steamRows.some((r) => r !== null);
  const key = (i: number) => `i${i}`;
  const itemSeries: BarSeries[] = names.map((n, i) => ({ key: key(i), name: n, fill: seriesColor(i) }));

  // Sales and pace: one series per compared item, windows on the x axis.
  const perWindow = (
    label: (name: string) => string,
    kind: 'count' | 'number',
    pick: (r: SteamAnalyticsRow, wi: number) => number | null,
  ): ChartData => ({
    columns: [
      { key: 'window', label: 'Window', kind: 'text' },
      ...names.map((n, i) => ({ key: key(i), label: label(n), kind })),
    ],
    rows: WINDOWS.map((w, wi) => {
      const row: Row = { window: w };
      steamRows.forEach((r, i) => (row[key(i)] = r ? pick(r, wi) : null));
      return row;
    }),
  });
  const salesData = perWindow(
    (n) => n,
    'count',
    (r, wi) => salesCounts(r.sales)[wi]?.sales ?? null,
  );
  const paceData = perWindow(
    (n) => `${n}: sales per day`,
    'number',
    (r, wi) => salesPace(r.sales)[wi]?.perDay ?? null,
  );

  // The main item's ladders (Steam or the main marketplace), and the chosen marketplace's beside them.
  const mainLadder = main ? ladder(main.listings, main.buyOrders) : [];
  const otherLadder = marketRow ? ladder(marketRow.listings, marketRow.buyOrders) : [];
  const ladderData: ChartData = {
    columns: [
      { key: 'window', label: 'Window', kind: 'text' },
      { key: 'minSell', label: `${mainSource}: lowest listing`, kind: 'money' },
      { key: 'maxBuy', label: `${mainSource}: highest buy order`, kind: 'money' },
      { key: 'spread', label: `${mainSource}: spread`, kind: 'money' },
      ...(marketRow && marketName
        ? [
            { key: 'mMinSell', label: `${marketName}: lowest listing`, kind: 'money' as const },
            { key: 'mMaxBuy', label: `${marketName}: highest buy order`, kind: 'money' as const },
          ]
        : []),
    ],
    rows: mainLadder.map((p, i) => ({
      window: p.window,
      minSell: p.minSell,
      maxBuy: p.maxBuy,
      spread: p.spread,
      ...(marketRow ? { mMinSell: otherLadder[i]?.minSell ?? null, mMaxBuy: otherLadder[i]?.maxBuy ?? null } : {}),
    })),
  };
  // Recharts draws a band from a [low, high] pair.
  const bandRows = ladderData.rows.map((r) => ({
    ...r,
    band:
      r.minSell !== null && r.maxBuy !== null
        ? [Math.min(Number(r.maxBuy), Number(r.minSell)), Math.max(Number(r.maxBuy), Number(r.minSell))]
        : null,
  }));

  const act = main ? activity(main.listings, main.buyOrders) : [];
  const mAct = marketRow ? activity(marketRow.listings, marketRow.buyOrders) : [];
  const activityData: ChartData = {
    columns: [
      { key: 'window', label: 'Window', kind: 'text' },
      { key: 'listings', label: `${mainSource}: sell orders`, kind: 'count' },
      { key: 'buyOrders', label: `${mainSource}: buy orders`, kind: 'count' },
      ...(marketRow && marketName
        ? [
            { key: 'mListings', label: `${marketName}: sell orders`, kind: 'count' as const },
            { key: 'mBuyOrders', label: `${marketName}: buy orders`, kind: 'count' as const },
          ]
        : []),
    ],
    rows: act.map((a, i) => ({
      window: a.window,
      listings: a.listings,
      buyOrders: a.buyOrders,
      ...(marketRow ? { mListings: mAct[i]?.listings ?? null, mBuyOrders: mAct[i]?.buyOrders ?? null } : {}),
    })),
  };

  const book = main ? currentBook(main.listings, main.buyOrders) : null;
  const mBook = marketRow ? currentBook(marketRow.listings, marketRow.buyOrders) : null;
  const bookData: ChartData = {
    columns: [
      { key: 'what', label: 'Current orders', kind: 'text' },
      { key: 'main', label: mainSource, kind: 'money' },
      ...(mBook && marketName ? [{ key: 'market', label: marketName, kind: 'money' as const }] : []),
    ],
    rows: book
      ? (
          [
            ['Lowest listing', 'minSell'],
            ['Highest listing', 'maxSell'],
            ['Lowest buy order', 'minBuy'],
            ['Highest buy order', 'maxBuy'],
          ] as const
        ).map(([what, k]) => ({ what, main: book[k], ...(mBook ? { market: mBook[k] } : {}) }))
      : [],
  };

  const mainSales = isSteam(main) ? main.sales : null;
  return (
    <ChartGroup name={`${names[0] ?? 'Item'} analytics`}>
      <div className="an__viewbar">
        {notFound.length > 0 ? (
          <p className="an__note an__note--warn">Not in this catalog: {notFound.join(', ')}.</p>
        ) : (
          <span />
        )}
        <ExportAllButton fileBase={`${base}-item`} />
      </div>
      {mainSales ? (
        <dl className="an__stats" aria-label="Sales figures">
          <div>
            <dt>Average daily volume</dt>
            <dd>
              {mainSales.avg_daily_volume === null
                ? MISSING
                : mainSales.avg_daily_volume.toLocaleString('en-US', { maximumFractionDigits: 2 })}
            </dd>
          </div>
          <div>
            <dt>Median price, 90 days</dt>
            <dd>{f.money(mainSales.median_price_90d)}</dd>
          </div>
          <div>
            <dt>Average price, 90 days</dt>
            <dd>{f.money(mainSales.average_price_90d)}</dd>
          </div>
          <div>
            <dt>Latest median sold</dt>
            <dd>{f.money(mainSales.latest_median_price_sold)}</dd>
          </div>
        </dl>
      ) : null}
      <div className="an__grid">
        <div className="an__wide">
          <PriceStrip
            game={game}
            name={names[0] ?? null}
            waiting={state}
            fileBase={`${base}-markets`}
            provenance={provenance}
          />
        </div>
        {anySteam ? (
          <ChartFrame
            id="sales"
            title="Sales"
            subtitle="Number of sales on Steam in each window"
            fileBase={`${base}-sales`}
            provenance={provenance}
            data={salesData}
            state={st(anySteam, 'No Steam sales data for this item.')}
          >
            {barChart({ rows: salesData.rows, x: 'window', series: itemSeries, tip: f.count, tick: f.count })}
          </ChartFrame>
        ) : null}
        {anySteam ? (
          <ChartFrame
            id="pace"
            title="Sales pace"
            subtitle="Sales per day: 24 h against 7 d ÷ 7, 30 d ÷ 30 and 90 d ÷ 90 (rising bars to the left: trading speeds up)"
            fileBase={`${base}-pace`}
            provenance={provenance}
            data={paceData}
            state={st(anySteam, 'No Steam sales data for this item.')}
          >
            {barChart({
              rows: paceData.rows,
              x: 'window',
              series: itemSeries,
              tip: (v) => (v === null ? MISSING : `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })} per day`),
            })}
          </ChartFrame>
        ) : null}
        <ChartFrame
          id="ladder"
          title="Lowest listing against highest buy order"
          subtitle={`Per window; the band between them is the spread${marketName ? `, ${marketName} beside ${mainSource}` : ''}`}
          fileBase={`${base}-ladder`}
          provenance={provenance}
          data={ladderData}
          state={st(main !== null, 'This item is not in the catalog.')}
          height={300}
        >
          <ComposedChart data={bandRows} margin={{ left: 8, right: 16 }}>
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
            {marketRow && marketName ? (
              <Line
                dataKey="mMinSell"
                name={`${marketName}: lowest listing`}
                stroke={askColor}
                strokeDasharray="5 4"
                dot
                isAnimationActive={false}
              />
            ) : null}
            {marketRow && marketName ? (
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
        </ChartFrame>
        <ChartFrame
          id="activity"
          title="Listings against buy orders"
          subtitle="How many were placed in the last 24 h and 7 d"
          fileBase={`${base}-activity`}
          provenance={provenance}
          data={activityData}
          state={st(main !== null, 'This item is not in the catalog.')}
        >
          {barChart({
            rows: activityData.rows,
            x: 'window',
            series: [
              { key: 'listings', name: `${mainSource}: sell orders`, fill: askColor },
              { key: 'buyOrders', name: `${mainSource}: buy orders`, fill: bidColor },
              ...(marketRow && marketName
                ? [
                    { key: 'mListings', name: `${marketName}: sell orders`, fill: askColor, faint: true },
                    { key: 'mBuyOrders', name: `${marketName}: buy orders`, fill: bidColor, faint: true },
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
          state={st(book !== null, 'This item is not in the catalog.')}
        >
          {barChart({
            rows: bookData.rows,
            x: 'what',
            series: [
              { key: 'main', name: mainSource, fill: seriesColor(0) },
              ...(mBook && marketName ? [{ key: 'market', name: marketName, fill: seriesColor(1) }] : []),
            ],
            tip: f.money,
            tick: f.moneyTick,
            everyTick: true,
          })}
        </ChartFrame>
      </div>
    </ChartGroup>
  );
}
