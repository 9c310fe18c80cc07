/**
 * The detail panel's "History" section: one item's recorded asks and bids over a chosen range, a recharts
 * step chart (best ask, best bid, the markets with the lowest asks now or every market, and the Steam
 * analytics medians recorded when they were loaded), and the same as a table of its changes. Shown in
 * another currency, each point converts at the rate of its own day (market/currency/dated.ts).
 */
import type { MoneyFormat } from '../../../shared/money/money';
import './history.css';
import { HOUR } from '../../market/history/chunk-codec';
import { resolutionNote } from '../../market/history/resolution-note';
import type { SampledHistory } from '../../market/history/sampling';
import { HistoryExport } from './HistoryExport';
import { HistoryLegend, HistoryPlot } from './HistoryPlot';
import { HistoryTable } from './HistoryTable';
import { RANGES, TOP_MARKETS, timeLabel, type RangeId } from './history-view';
import { useHistoryChart } from './useHistoryChart';

export interface HistoryChartProps {
  game: number;
  name: string;
  /** The chosen markets (only their series are shown). */
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
  nameOf(slug: string): string;
  money: MoneyFormat;
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

function RangePicker({ range, onChange }: { range: RangeId; onChange(range: RangeId): void }) {
  return (
    <div className="segmented hist__ranges" role="radiogroup" aria-label="History range">
      {RANGES.map((r) => (
        <button
          key={r.id}
          type="button"
          role="radio"
          aria-checked={range === r.id}
          className="segmented__item"
          onClick={() => onChange(r.id)}
        >
          {r.label}
        </button>
      ))}
    </div>
  );
}

type HistoryView = ReturnType<typeof useHistoryChart>;

/** What the history holds: its first point and size, its resolution, and the currency note. */
function HistoryNotes({ v, h }: { v: HistoryView; h: SampledHistory }) {
  return (
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
      <ResolutionNote h={h} span={v.span} />
      {v.conv ? (
        <p className="dp__muted" data-testid="history-currency">
          In {v.currency.display}, each point at the rate of its own day (the closest earlier published day).
          {v.chart?.oldest
            ? ` Points before ${v.chart.oldest.date} use the oldest rate kept (${v.chart.oldest.note}).`
            : ''}
        </p>
      ) : null}
    </>
  );
}

function HistoryControls({ v }: { v: HistoryView }) {
  return (
    <div className="hist__controls">
      <HistoryExport selection={v.exportSelection} label="Export this item" testId="history-export-item" />
      <label className="hist__all">
        <input type="checkbox" checked={v.all} onChange={(e) => v.setAll(e.target.checked)} /> Every market (else the{' '}
        {TOP_MARKETS} lowest asks now)
      </label>
      <button
        type="button"
        className="btn btn--small"
        aria-expanded={v.showTable}
        aria-controls="dp-hist-table"
        onClick={v.toggleTable}
      >
        {v.showTable ? 'Hide table' : 'Table'}
      </button>
    </div>
  );
}

function HistoryBody({ v, name }: { v: HistoryView; name: string }) {
  const { h, chart } = v;
  if (v.error)
    return (
      <p className="dp__muted" role="alert">
        The history could not be read: {v.error}
      </p>
    );
  if (h && h.first === null)
    return (
      <p className="dp__muted" data-testid="history-empty">
        No history yet: it builds up while Market Desk refreshes.
      </p>
    );
  if (!chart || !h) return <p className="dp__muted">Reading the history…</p>;
  return (
    <>
      <HistoryNotes v={v} h={h} />
      <HistoryPlot chart={chart} lines={v.lines} span={v.span} fmt={v.fmt} />
      <HistoryLegend lines={v.lines} />
      <HistoryControls v={v} />
      {v.showTable && v.table ? (
        <HistoryTable name={name} table={v.table} span={v.span} conv={v.conv} fmt={v.fmt} />
      ) : null}
    </>
  );
}

export function HistoryChart(props: HistoryChartProps) {
  const v = useHistoryChart(props);
  return (
    <section className="dp__section hist" aria-labelledby="dp-hist" aria-busy={v.loading} data-testid="history-section">
      <div className="hist__head">
        <h3 id="dp-hist" className="dp__h3">
          History
        </h3>
        <RangePicker range={v.range} onChange={v.setRange} />
      </div>
      <HistoryBody v={v} name={props.name} />
    </section>
  );
}
