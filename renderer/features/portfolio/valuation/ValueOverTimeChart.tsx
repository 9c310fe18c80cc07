/**
 * "Value over time": the portfolio's sell-now and list-at-lowest values through the local price history,
 * over 24h / 7d / 30d / all, in the charts' frame (table, PNG / SVG / CSV exports like every chart). It
 * values today's holdings (remaining quantities) at the prices recorded then, says its resolution, and
 * names the items with no history in the range. Read in the history worker in one request.
 */
import { useEffect, useMemo, useState } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { gameName } from '../../../../shared/catalog/games';
import { MISSING } from '../../../../shared/money/money';
import { history, useHistoryVersion } from '../../../market/history/client';
import type { PortfolioSeries } from '../../../market/history/portfolio-series';
import { useConnection } from '../../../platform/connection';
import { ChartFrame } from '../../../ui/charts/ChartFrame';
import { chartFormat } from '../../../ui/charts/format';
import { useMoneyFormat } from '../../../lib/preferences';
import { useCurrency } from '../../../market/currency/context';
import { datedConverter } from '../../../market/currency/dated';
import { askColor, axisProps, bidColor, gridColor, tooltipProps } from '../../../ui/charts/theme';
import type { ChartState, Provenance } from '../../../ui/charts/types';
import type { HoldingRow } from '../model/types';
import {
  convertValueChartData,
  seriesRequest,
  valueChartData,
  VALUE_RANGES,
  type SeriesSettings,
  type ValueRangeId,
} from './value-over-time';

export interface ValueOverTimeChartProps {
  rows: readonly HoldingRow[];
  settings: SeriesSettings;
  nameOf(slug: string): string;
}

function timeLabel(t: number, span: number): string {
  const d = new Date(t);
  const hm = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return span <= 86_400_000 ? hm : d.toLocaleDateString([], { month: 'short', day: 'numeric' });
}

export function ValueOverTimeChart({ rows, settings, nameOf }: ValueOverTimeChartProps) {
  const [range, setRange] = useState<ValueRangeId>('7d');
  const version = useHistoryVersion();
  const money = useMoneyFormat();
  const currency = useCurrency();
  // In another currency, each point at the rate of its own day.
  const conv = useMemo(() => datedConverter(currency, money), [currency, money]);
  const f = useMemo(() => chartFormat(conv?.format ?? money), [conv, money]);
  const { status } = useConnection();
  const [result, setResult] = useState<{
    key: string;
    series: PortfolioSeries | null;
    error: string | null;
    at: number;
  } | null>(null);
  const { game, askMarkets, bidMarkets, fees, feeKnown, net } = settings;
  const r = VALUE_RANGES.find((x) => x.id === range) ?? VALUE_RANGES[0];
  // The history changes after every poll, but reading 30 days again each minute would show nothing new at
  // 4-hour steps: a recorded change starts a new read only once a slot's time has passed since the last.
  const slotMs = Number.isFinite(r.ms) ? r.ms / r.slots : 3_600_000;
  const [epoch, setEpoch] = useState(() => Math.floor(Date.now() / slotMs));
  useEffect(() => setEpoch(Math.floor(Date.now() / slotMs)), [slotMs, version]);
  const req = useMemo(
    () => ({ ...seriesRequest(rows, { game, askMarkets, bidMarkets, fees, feeKnown, net }, range, Date.now()), epoch }),
    [rows, game, askMarkets, bidMarkets, fees, feeKnown, net, range, epoch],
  );
  const key = JSON.stringify([req.game, req.items, range, req.asks, req.bids, epoch]);

  useEffect(() => {
    let live = true;
    if (req.items.length === 0) return;
    const t0 = performance.now();
    const { epoch: _e, ...body } = req;
    history.portfolio(body).then(
      (series) => {
        if (!live) return;
        performance.mark('portfolio:value-series', {
          detail: { ms: performance.now() - t0, items: req.items.length, points: series.points },
        });
        setResult({ key, series, error: null, at: req.to });
      },
      (e: unknown) =>
        live && setResult({ key, series: null, error: e instanceof Error ? e.message : String(e), at: req.to }),
    );
    return () => {
      live = false;
    };
  }, [req, key]);

  const current = result?.key === key ? result : null;
  const series = current?.series ?? null;
  const data = useMemo(() => {
    if (!series) return { columns: [], rows: [] };
    const plain = valueChartData(series);
    return conv ? convertValueChartData(plain, conv, currency.service, currency.display) : plain;
  }, [series, conv, currency.service, currency.display]);
  const oldest = conv && data.rows.length ? conv.oldestUsed() : null;
  const state: ChartState =
    req.items.length === 0
      ? { status: 'empty', message: 'No holdings with items left to chart.' }
      : !current
        ? { status: 'loading', message: 'Reading the price history…' }
        : current.error !== null
          ? { status: 'error', message: `The price history could not be read: ${current.error}` }
          : !series || series.times.length === 0
            ? {
                status: 'empty',
                message:
                  'No price history for these items in this range yet: it builds up while Market Desk refreshes prices.',
              }
            : { status: 'ready' };
  const provenance: Provenance = {
    fetchedAt: current?.at ?? Date.now(),
    source:
      status?.state === 'demo' || !status?.baseUrl
        ? 'Demo data (built-in reference service)'
        : `${status.baseUrl.replace(/^https?:\/\//, '').replace(/\/.*$/, '')} (local price history)`,
    game: gameName(game),
    markets: [...new Set([...askMarkets, ...bidMarkets])].map(nameOf),
  };
  const noHistory = series?.noHistory ?? [];
  const span =
    series && series.times.length
      ? (series.times[series.times.length - 1] as number) - (series.first ?? 0)
      : 86_400_000;
  const subtitle = `Today's holdings at the prices recorded then, ${r.resolution}${net ? ', net of fees' : ', before fees'}${
    conv
      ? `; in ${currency.display} at the rate of each point's day${oldest ? ` (before ${oldest.date}: the oldest rate kept)` : ''}`
      : ''
  }${
    noHistory.length
      ? `; ${noHistory.length} item${noHistory.length === 1 ? '' : 's'} without history in this range (left out): ${noHistory.slice(0, 3).join(', ')}${noHistory.length > 3 ? '…' : ''}`
      : ''
  }`;

  return (
    <section className="pf-value-time" aria-label="Value over time" data-testid="portfolio-value-time">
      <div className="segmented" role="radiogroup" aria-label="Value over time range">
        {VALUE_RANGES.map((x) => (
          <button
            key={x.id}
            type="button"
            role="radio"
            aria-checked={range === x.id}
            className="segmented__item"
            onClick={() => setRange(x.id)}
          >
            {x.label}
          </button>
        ))}
      </div>
      <ChartFrame
        id="portfolio-value"
        title="Portfolio value over time"
        subtitle={subtitle}
        fileBase={`portfolio-value-${range}`}
        provenance={provenance}
        data={data}
        state={state}
        height={260}
      >
        <LineChart data={data.rows} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={gridColor} vertical={false} />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(t: number) => timeLabel(t, span)}
            minTickGap={40}
            {...axisProps}
          />
          <YAxis width={70} domain={['auto', 'auto']} tickFormatter={f.moneyTick} {...axisProps} />
          <Tooltip
            {...tooltipProps}
            labelFormatter={(t) => new Date(Number(t)).toLocaleString()}
            formatter={(v, n) => [v === null || v === undefined ? MISSING : f.money(Number(v)), n]}
          />
          <Line
            type="stepAfter"
            dataKey="sellNow"
            name="Sell now"
            stroke={bidColor}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            connectNulls={false}
          />
          <Line
            type="stepAfter"
            dataKey="listLowest"
            name="List at lowest"
            stroke={askColor}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            connectNulls={false}
          />
        </LineChart>
      </ChartFrame>
    </section>
  );
}
