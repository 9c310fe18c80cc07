/**
 * The detail panel's "History" section: one item's recorded asks and bids over a chosen range, a recharts
 * step chart (best ask, best bid, and the markets with the lowest asks now, or every market).
 */
import { useEffect, useMemo, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, type MoneyFormat } from '../../../shared/money/money';
import './history.css';
import { askColor, axisProps, bidColor, legendProps, seriesColor, tooltipProps } from '../charts/theme';
import { history, useHistoryVersion } from './client';
import { DAY, HOUR, type SampledHistory } from './model';

export const RANGES = [
  { id: '1h', label: '1h', ms: HOUR },
  { id: '24h', label: '24h', ms: DAY },
  { id: '7d', label: '7d', ms: 7 * DAY },
  { id: '30d', label: '30d', ms: 30 * DAY },
  { id: 'all', label: 'All', ms: Infinity },
] as const;
type RangeId = (typeof RANGES)[number]['id'];

const SLOTS = 240;
const TOP_MARKETS = 3;

export interface HistoryChartProps {
  game: number;
  name: string;
  /** The chosen markets (only their series are shown). */
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
  nameOf(slug: string): string;
  money: MoneyFormat;
}

function timeLabel(t: number, span: number): string {
  const d = new Date(t);
  const hm = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return span <= DAY ? hm : `${d.toLocaleDateString([], { month: 'short', day: 'numeric' })}${span <= 7 * DAY ? ` ${hm}` : ''}`;
}

export function HistoryChart({ game, name, askMarkets, bidMarkets, nameOf, money }: HistoryChartProps) {
  const [range, setRange] = useState<RangeId>('24h');
  const [all, setAll] = useState(false);
  const version = useHistoryVersion();
  const [state, setState] = useState<{ key: string; h: SampledHistory | null; error: string | null } | null>(null);
  // By value: the panel passes new arrays at each render.
  const marketsKey = [...askMarkets.map((s) => `a:${s}`), ...bidMarkets.map((s) => `b:${s}`)].join(',');
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
    const shown = all ? h.series.map((_, i) => i) : order.slice(0, TOP_MARKETS);
    const rows = Array.from(h.times, (t, j) => {
      const row: Record<string, number | null> = { t };
      const ba = h.bestAsk[j] as number;
      const bb = h.bestBid[j] as number;
      row.bestAsk = Number.isNaN(ba) ? null : ba;
      row.bestBid = Number.isNaN(bb) ? null : bb;
      for (const s of shown) {
        const v = (h.values[s] as Float64Array)[j] as number;
        row[h.series[s] as string] = Number.isNaN(v) ? null : v;
      }
      return row;
    });
    return { rows, shown: shown.map((s) => h.series[s] as string), start: h.times.length ? Math.min(h.times[0] as number, h.first) : h.first, end: h.times[h.times.length - 1] ?? h.first };
  }, [h, all]);

  const seriesName = (key: string) => `${nameOf(key.slice(2))} ${key.startsWith('a:') ? 'ask' : 'bid'}`;
  const span = chart ? chart.end - chart.start : DAY;

  return (
    <section className="dp__section hist" aria-labelledby="dp-hist" aria-busy={loading} data-testid="history-section">
      <div className="hist__head">
        <h3 id="dp-hist" className="dp__h3">
          History
        </h3>
        <div className="segmented hist__ranges" role="radiogroup" aria-label="History range">
          {RANGES.map((r) => (
            <button key={r.id} type="button" role="radio" aria-checked={range === r.id} className="segmented__item" onClick={() => setRange(r.id)}>
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
          <p className="dp__muted hist__meta" data-testid="history-meta" data-points={h.points} data-first={h.first ?? undefined}>
            Since {timeLabel(h.first ?? 0, (h.last ?? 0) - (h.first ?? 0) + HOUR)} · {h.points.toLocaleString('en-US')} recorded price point{h.points === 1 ? '' : 's'}
          </p>
          <div className="hist__chart" data-testid="history-chart">
            <ResponsiveContainer width="100%" height={230}>
              <LineChart data={chart.rows} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
                <XAxis dataKey="t" type="number" scale="time" domain={[chart.start, chart.end]} tickFormatter={(t: number) => timeLabel(t, span)} minTickGap={40} {...axisProps} />
                <YAxis width={62} domain={['auto', 'auto']} tickFormatter={(v: number) => formatMoney(v, money)} {...axisProps} />
                <Tooltip
                  {...tooltipProps}
                  labelFormatter={(t) => new Date(Number(t)).toLocaleString()}
                  formatter={(v, n) => [v === null || v === undefined ? '—' : formatMoney(Number(v), money), n]}
                />
                <Legend {...legendProps} />
                <Line type="stepAfter" dataKey="bestAsk" name="Best ask" stroke={askColor} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls={false} />
                <Line type="stepAfter" dataKey="bestBid" name="Best bid" stroke={bidColor} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls={false} />
                {chart.shown.map((k, i) => (
                  <Line
                    key={k}
                    type="stepAfter"
                    dataKey={k}
                    name={seriesName(k)}
                    stroke={seriesColor(i + 2)}
                    strokeWidth={1}
                    strokeDasharray={k.startsWith('b:') ? '4 3' : undefined}
                    dot={false}
                    isAnimationActive={false}
                    connectNulls={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
          <label className="hist__all">
            <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Every market (else the {TOP_MARKETS} lowest asks now)
          </label>
        </>
      ) : (
        <p className="dp__muted">Reading the history…</p>
      )}
    </section>
  );
}
