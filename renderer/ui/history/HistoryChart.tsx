/**
 * The detail panel's "History" section: one item's recorded asks and bids over a chosen range, a recharts
 * step chart (best ask, best bid, the markets with the lowest asks now or every market, and the Steam
 * analytics medians recorded when they were loaded), and the same as a table of its changes. Shown in
 * another currency, each point converts at the rate of its own day (market/currency/dated.ts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, MISSING, type MoneyFormat } from '../../../shared/money/money';
import './history.css';
import { askColor, axisProps, bidColor, seriesColor, tooltipProps } from '../charts/theme';
import { history, useHistoryVersion } from '../../market/history/client';
import { DAY, HOUR } from '../../market/history/chunk-codec';
import { resolutionNote } from '../../market/history/resolution-note';
import type { SampledHistory } from '../../market/history/sampling';
import { HistoryExport } from './HistoryExport';
import { BEST_ASK, BEST_BID } from '../../market/history/tiers';
import { STEAM_MEDIAN_KEYS, steamMedianLabel } from '../../market/history/steam';
import { useCurrency } from '../../market/currency/context';
import { datedConverter } from '../../market/currency/dated';

const RANGES = [
  { id: '1h', label: '1h', ms: HOUR },
  { id: '24h', label: '24h', ms: DAY },
  { id: '7d', label: '7d', ms: 7 * DAY },
  { id: '30d', label: '30d', ms: 30 * DAY },
  { id: 'all', label: 'All', ms: Infinity },
] as const;
type RangeId = (typeof RANGES)[number]['id'];

const SLOTS = 240;
const TOP_MARKETS = 3;
/** Rows the table shows at most (the newest changes). */
const TABLE_ROWS = 100;
/** The Steam medians' own look: a colour of their own and a long dash (latest) or dots (90 days). */
const STEAM_STYLE: Record<string, { stroke: string; dash: string }> = {
  [STEAM_MEDIAN_KEYS[0] as string]: { stroke: 'var(--chart-series-2)', dash: '7 3' },
  [STEAM_MEDIAN_KEYS[1] as string]: { stroke: 'var(--chart-series-7)', dash: '2 3' },
};

export interface HistoryChartProps {
  game: number;
  name: string;
  /** The chosen markets (only their series are shown). */
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
  nameOf(slug: string): string;
  money: MoneyFormat;
}

/** A table row's time: to the second, with the date when the range is longer than a day. */
function rowTime(t: number, span: number): string {
  const d = new Date(t);
  const hms = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return span <= DAY ? hms : `${d.toLocaleDateString([], { month: 'short', day: 'numeric' })} ${hms}`;
}

function timeLabel(t: number, span: number): string {
  const d = new Date(t);
  const hm = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return span <= DAY
    ? hm
    : `${d.toLocaleDateString([], { month: 'short', day: 'numeric' })}${span <= 7 * DAY ? ` ${hm}` : ''}`;
}

/** Which resolution the chart shows: every refresh, or daily and/or hourly per market before some time (tiers.ts). */
function ResolutionNote({ h, span }: { h: SampledHistory; span: number }) {
  const { step, text } = resolutionNote(h.resolution, (t) => timeLabel(t, span));
  return (
    <p className="dp__muted hist__res" data-testid="history-resolution" data-resolution-ms={step}>
      {text}
    </p>
  );
}

export function HistoryChart({ game, name, askMarkets, bidMarkets, nameOf, money }: HistoryChartProps) {
  const [range, setRange] = useState<RangeId>('24h');
  const [all, setAll] = useState(false);
  const [showTable, setShowTable] = useState(false);
  const version = useHistoryVersion();
  const [state, setState] = useState<{ key: string; h: SampledHistory | null; error: string | null } | null>(null);
  // By value: the panel passes new arrays at each render.
  // With the recorded bests: where the history is consolidated they keep every refresh's best ask and bid.
  const marketsKey = [
    ...askMarkets.map((s) => `a:${s}`),
    ...bidMarkets.map((s) => `b:${s}`),
    ...STEAM_MEDIAN_KEYS,
    BEST_ASK,
    BEST_BID,
  ].join(',');
  const markets = useMemo(() => marketsKey.split(',').filter(Boolean), [marketsKey]);
  const key = `${game}|${name}|${range}|${marketsKey}`;

  useEffect(() => {
    let live = true;
    const to = Date.now();
    const ms = RANGES.find((r) => r.id === range)?.ms ?? DAY;
    const from = Number.isFinite(ms) ? to - ms : 0;
    history.item(game, name, from, to, SLOTS, markets).then(
      (h) => live && setState({ key, h, error: null }),
      (e: unknown) => live && setState({ key, h: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [game, name, range, markets, key, version]);

  const h = state?.key === key ? state.h : null;
  const currency = useCurrency();
  const conv = useMemo(() => datedConverter(currency, money), [currency, money]);
  const fmt = conv?.format ?? money;
  // This item over the chart's range, its markets (with the bests and the Steam medians).
  const exportSelection = useCallback(() => {
    const to = Date.now();
    const ms = RANGES.find((r) => r.id === range)?.ms ?? DAY;
    const slugs = [...new Set([...askMarkets, ...bidMarkets])];
    return {
      game,
      names: [name],
      markets: [...slugs, '*', 'steam-analytics'],
      from: Number.isFinite(ms) ? to - ms : 0,
      to,
    };
  }, [game, name, range, askMarkets, bidMarkets]);
  const loading = !state || state.key !== key;

  const chart = useMemo(() => {
    if (!h || h.first === null) return null;
    // Markets drawn: every one, or the few with the lowest ask at the end of the range.
    const lastAsk = (s: number) => {
      const v = h.values[s] as Float64Array;
      return v.length ? (v[v.length - 1] as number) : NaN;
    };
    const order = h.series.map((_, i) => i).filter((i) => h.series[i]?.startsWith('a:') && !Number.isNaN(lastAsk(i)));
    order.sort((x, y) => lastAsk(x) - lastAsk(y));
    const prices = h.series.map((_, i) => i).filter((i) => /^[ab]:/.test(h.series[i] as string));
    const shown = all ? prices : order.slice(0, TOP_MARKETS);
    // The Steam medians the item has (in this range or carried into it), always drawn.
    const steam = STEAM_MEDIAN_KEYS.map((k) => h.series.indexOf(k)).filter((i) => i >= 0);
    // In another currency: each point at its own day's rate.
    const at = (v: number, t: number): number | null => (Number.isNaN(v) ? null : conv ? conv.convert(v, t) : v);
    const rows = Array.from(h.times, (t, j) => {
      const row: Record<string, number | null> = { t };
      row.bestAsk = at(h.bestAsk[j] as number, t);
      row.bestBid = at(h.bestBid[j] as number, t);
      for (const s of [...shown, ...steam])
        row[h.series[s] as string] = at((h.values[s] as Float64Array)[j] as number, t);
      return row;
    });
    return {
      oldest: conv?.oldestUsed() ?? null,
      rows,
      shown: shown.map((s) => h.series[s] as string),
      steam: steam.map((s) => h.series[s] as string),
      start: h.start,
      end: h.times[h.times.length - 1] ?? h.first,
    };
  }, [h, all, conv]);

  // The table: the chart's rows where a figure changes (best ask, best bid, Steam medians), newest first.
  const table = useMemo(() => {
    if (!chart) return null;
    const cols = [
      { key: 'bestAsk', label: 'Best ask' },
      { key: 'bestBid', label: 'Best bid' },
      ...chart.steam.map((k) => ({ key: k, label: steamMedianLabel(k) ?? k })),
    ];
    const changes: Array<Record<string, number | null>> = [];
    let prev: Record<string, number | null> | null = null;
    for (const row of chart.rows) {
      if (!prev || cols.some((c) => row[c.key] !== prev![c.key])) changes.push(row);
      prev = row;
    }
    return { cols, rows: changes.reverse().slice(0, TABLE_ROWS), total: changes.length };
  }, [chart]);

  const seriesName = (key: string) => `${nameOf(key.slice(2))} ${key.startsWith('a:') ? 'ask' : 'bid'}`;
  const span = chart ? chart.end - chart.start : DAY;
  // The lines drawn, in this order in the legend (an HTML legend under the plot: it shows each line's dash
  // and wraps without shrinking the plot, even with every market shown).
  const lines: Array<{ key: string; name: string; stroke: string; width: number; dash?: string }> = chart
    ? [
        { key: 'bestAsk', name: 'Best ask', stroke: askColor, width: 2 },
        { key: 'bestBid', name: 'Best bid', stroke: bidColor, width: 2 },
        ...chart.steam.map((k) => ({
          key: k,
          name: steamMedianLabel(k) ?? k,
          stroke: STEAM_STYLE[k]?.stroke ?? seriesColor(1),
          width: 2,
          dash: STEAM_STYLE[k]?.dash,
        })),
        ...chart.shown.map((k, i) => ({
          key: k,
          name: seriesName(k),
          stroke: seriesColor(i + 2),
          width: 1,
          dash: k.startsWith('b:') ? '4 3' : undefined,
        })),
      ]
    : [];

  return (
    <section className="dp__section hist" aria-labelledby="dp-hist" aria-busy={loading} data-testid="history-section">
      <div className="hist__head">
        <h3 id="dp-hist" className="dp__h3">
          History
        </h3>
        <div className="segmented hist__ranges" role="radiogroup" aria-label="History range">
          {RANGES.map((r) => (
            <button
              key={r.id}
              type="button"
              role="radio"
              aria-checked={range === r.id}
              className="segmented__item"
              onClick={() => setRange(r.id)}
            >
              {r.label}
            </button>
          ))}
        </div>
      </div>
      {state?.error && state.key === key ? (
        <p className="dp__muted" role="alert">
          The history could not be read: {state.error}
        </p>
      ) : h && h.first === null ? (
        <p className="dp__muted" data-testid="history-empty">
          No history yet: it builds up while Market Desk refreshes.
        </p>
      ) : chart && h ? (
        <>
          <p
            className="dp__muted hist__meta"
            data-testid="history-meta"
            data-points={h.points}
            data-first={h.first ?? undefined}
          >
            Since {timeLabel(h.first ?? 0, (h.last ?? 0) - (h.first ?? 0) + HOUR)} · {h.points.toLocaleString('en-US')}{' '}
            recorded price point{h.points === 1 ? '' : 's'}
          </p>
          <ResolutionNote h={h} span={span} />
          {conv ? (
            <p className="dp__muted" data-testid="history-currency">
              In {currency.display}, each point at the rate of its own day (the closest earlier published day).
              {chart.oldest
                ? ` Points before ${chart.oldest.date} use the oldest rate kept (${chart.oldest.note}).`
                : ''}
            </p>
          ) : null}
          <div className="hist__chart" data-testid="history-chart">
            <ResponsiveContainer width="100%" height={230}>
              <LineChart data={chart.rows} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
                <XAxis
                  dataKey="t"
                  type="number"
                  scale="time"
                  domain={[chart.start, chart.end]}
                  tickFormatter={(t: number) => timeLabel(t, span)}
                  minTickGap={40}
                  {...axisProps}
                />
                <YAxis
                  width={62}
                  domain={['auto', 'auto']}
                  tickFormatter={(v: number) => formatMoney(v, fmt)}
                  {...axisProps}
                />
                <Tooltip
                  {...tooltipProps}
                  filterNull={false}
                  itemSorter={(item) => lines.findIndex((l) => l.key === item.dataKey)}
                  labelFormatter={(t) => new Date(Number(t)).toLocaleString()}
                  formatter={(v, n) => [v === null || v === undefined ? MISSING : formatMoney(Number(v), fmt), n]}
                />
                {lines.map((l) => (
                  <Line
                    key={l.key}
                    type="stepAfter"
                    dataKey={l.key}
                    name={l.name}
                    stroke={l.stroke}
                    strokeWidth={l.width}
                    strokeDasharray={l.dash}
                    dot={false}
                    isAnimationActive={false}
                    connectNulls={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
          <ul className="hist__legend" aria-label="Lines" data-testid="history-legend">
            {lines.map((l) => (
              <li key={l.key}>
                <svg width="22" height="8" aria-hidden="true">
                  <line x1="1" y1="4" x2="21" y2="4" stroke={l.stroke} strokeWidth={l.width} strokeDasharray={l.dash} />
                </svg>
                {l.name}
              </li>
            ))}
          </ul>
          <div className="hist__controls">
            <HistoryExport selection={exportSelection} label="Export this item" testId="history-export-item" />
            <label className="hist__all">
              <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Every market (else the{' '}
              {TOP_MARKETS} lowest asks now)
            </label>
            <button
              type="button"
              className="btn btn--small"
              aria-expanded={showTable}
              aria-controls="dp-hist-table"
              onClick={() => setShowTable((v) => !v)}
            >
              {showTable ? 'Hide table' : 'Table'}
            </button>
          </div>
          {showTable && table ? (
            <div className="hist__table" id="dp-hist-table">
              <table className="dp__table" data-testid="history-table">
                <caption className="visually-hidden">
                  {name}: changes of the best ask, best bid{table.cols.length > 2 ? ' and Steam medians' : ''}, newest
                  first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    {table.cols.map((c) => (
                      <th key={c.key} scope="col" className="dp__num" data-key={c.key}>
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((r) => (
                    <tr key={r.t} data-t={r.t ?? undefined}>
                      <th scope="row">{rowTime(r.t ?? 0, span)}</th>
                      {table.cols.map((c) => {
                        const v = r[c.key] ?? null;
                        return (
                          <td
                            key={c.key}
                            className="dp__num"
                            data-key={c.key}
                            data-value={v ?? ''}
                            title={conv && v !== null ? conv.conversionAt(r.t ?? 0).note : undefined}
                          >
                            {v === null ? <span className="dp__missing">{MISSING}</span> : formatMoney(v, fmt)}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
              {table.total > table.rows.length ? (
                <p className="dp__muted">
                  The newest {table.rows.length} of {table.total.toLocaleString('en-US')} changes.
                </p>
              ) : null}
            </div>
          ) : null}
        </>
      ) : (
        <p className="dp__muted">Reading the history…</p>
      )}
    </section>
  );
}
